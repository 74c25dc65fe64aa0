#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# exporter_cgroups_live.sh: --export-cgroups without -G on this machine's own cgroup tree (issue 36):
# a busy cgroup at the top level and one three levels down, made here, are exported with CPU-seconds
# counters whose growth over 10 scrapes matches the kernel's cpu.stat usage_usec within 5%; the
# cgroups between hold none of the deep one's time; every series' counters together match the root's
# usage (each cgroup's own time, the rest as "(other)": no time counted twice, none left out); and
# Prometheus itself (when make test-deps unpacked it) scrapes the same and agrees
# (tests/cli/exporter_cgroups_live.py).
. "$(dirname "$0")/../lib.sh"
need_binary
# the cgroup2 mount pmutop counts through: perf's choice, a v1 perf_event mount before it
mnt=$(awk '{ for (i = 1; i < NF; i++) if ($i == "-") { if ($(i + 1) == "cgroup2") { print $5; exit } break } }' /proc/self/mountinfo)
if [ -z "$mnt" ]; then
	skip export_tree "no cgroup2 file system mounted"
	exit 0
fi
if grep -q ' - cgroup .*perf_event' /proc/self/mountinfo; then
	skip export_tree "a cgroup v1 perf_event hierarchy is mounted (no cpu.stat there)"
	exit 0
fi
if [ ! -r "$mnt/cpu.stat" ]; then
	skip export_tree "$mnt has no cpu.stat (kernel before 4.15?)"
	exit 0
fi
top="$mnt/pmutop-cgx-$$"
deep="$mnt/pmutop-cgx-$$-a/b/c"
if ! mkdir "$top" 2>/dev/null || ! mkdir -p "$deep" 2>/dev/null; then
	skip export_tree "cannot make a cgroup under $mnt (not root?)"
	rmdir "$top" 2>/dev/null
	exit 0
fi
python3 "$(dirname "$0")/exporter_cgroups_live.py" "$T_NAME" "$PMUTOP" "$TMPD" "$mnt" "$top" "$deep" \
	"$(command -v prometheus)"
rc=$?
rmdir "$deep" "$mnt/pmutop-cgx-$$-a/b" "$mnt/pmutop-cgx-$$-a" "$top" 2>/dev/null
exit $rc
