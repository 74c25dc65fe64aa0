# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_cgroups_none.sh: the cgroups view on this machine, live, at 80 columns. Where the cgroup file
# system pmutop counts through (the perf_event controller's v1 mount, else the cgroup2 mount, as perf
# finds it) has no cgroup below its root, as on a bare cloud guest, the view says so once it has
# looked, wrapped at words, instead of "the first look is under way" for ever; where it has some,
# it lists them (after the look that found them) and says neither.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

mnt=$(awk '{ for (i = 7; i <= NF && $i != "-"; i++); if ($(i + 1) == "cgroup" && $(i + 3) ~ /(^|,)perf_event(,|$)/) { print $5; exit } }' /proc/self/mountinfo)
[ -n "$mnt" ] || mnt=$(awk '{ for (i = 7; i <= NF && $i != "-"; i++); if ($(i + 1) == "cgroup2") { print $5; exit } }' /proc/self/mountinfo)
if [ -z "$mnt" ]; then
	skip all "no cgroup file system is mounted here"
	exit 0
fi
kids=$(find "$mnt" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | wc -l)
NONE='no cgroup below the cgroup file system.s root: every process is in the root'
S=cg
tui_run $S 80 24 -d 0.5 -e task-clock
tui_wait $S 'CPU' 10 || fail start "$(tui_dump $S)"
tui_keys $S G
if [ "$kids" = 0 ]; then
	if tui_wait $S "^ $NONE *\$" 5 && tui_wait $S '^ cgroup, which the \(all CPUs\) row shows' 1 &&
	   ! tui_cap $S | grep -q 'first look is under way'; then
		pass no_cgroups_said
	else
		fail no_cgroups_said "$mnt has no cgroup below its root: $(tui_dump $S)"
	fi
else
	# counted from the look after the one that found them: their rows replace the waiting line
	if tui_wait $S '^ [1-9][0-9]* cgroups seen' 5 && tui_wait_not $S 'first look is under way' 5 &&
	   ! tui_cap $S | grep -Eq "$NONE"; then
		pass cgroups_listed
	else
		fail cgroups_listed "$mnt has $kids cgroups below its root: $(tui_dump $S)"
	fi
fi
tui_quit $S >/dev/null
t_done
