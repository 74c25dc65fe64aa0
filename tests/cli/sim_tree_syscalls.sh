#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# sim_tree_syscalls.sh: --sim's tree costs a bounded number of system calls, counted with strace against the
# files (F) and folders (D) the tree holds: writing it at most 3 per file (open, one write per 4 KiB, close)
# and 3 per folder (mkdir, open, close); reading a small file at most one read() when its size says it is all there;
# removing it at most 1 per file and 6 per folder. The tree has thousands of files, so each call
# over these is milliseconds of --list-uncore (issue 18), which opens only the few it needs.
. "$(dirname "$0")/../lib.sh"

need_binary
if ! command -v strace >/dev/null 2>&1; then skip all "strace not installed"; exit 0; fi

# LeakSanitizer cannot run under ptrace: a sanitizer build is traced without it
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
export ASAN_OPTIONS
count() { grep -c -E "^[0-9]+ +($1)\(" "$2"; }
# the program's own start-up, measured (libraries; a sanitizer build's runtime opens more), plus what
# --sim-tree adds before the tree: settings, the machine's description, standard output
strace -f -qq -o "$TMPD/start" "$PMUTOP" --list-machines >/dev/null 2>&1
SLACK=$(($(count 'openat|open|close|write|writev|mkdirat|mkdir' "$TMPD/start") + 67))

# writing: --sim-tree writes the tree and exits
if ! strace -f -qq -o "$TMPD/write" "$PMUTOP" --sim spr-2s --sim-tree "$TMPD/t" >"$TMPD/out" 2>&1; then
	fail write "--sim-tree: $(head -c 300 "$TMPD/out")"
	t_done
	exit
fi
F=$(find "$TMPD/t" -type f | wc -l)
D=$(find "$TMPD/t" -mindepth 1 -type d | wc -l)
W=$(find "$TMPD/t" -type f -printf '%s\n' | awk '{ w += $1 > 4096 ? int(($1 + 4095) / 4096) : 1 } END { print w }')
n=$(count 'openat|open|close|write|writev|mkdirat|mkdir' "$TMPD/write")
max=$((2 * F + W + 3 * D + SLACK))
if [ "$F" -gt 1000 ] && [ "$n" -le "$max" ]; then
	pass write
else
	fail write "$n open/write/close/mkdir calls for $F files ($W writes of 4 KiB) and $D folders (at most $max)"
fi

# reading: every file the tree holds is complete after its first read (--explain loads every PMU and CPU)
strace -f -qq -o "$TMPD/read" "$PMUTOP" --sysfs "$TMPD/t/sys" --explain -e cycles >"$TMPD/out" 2>&1
opened=$(grep -c -E '^[0-9]+ +openat\(.*'"$TMPD"'/t/.*= [0-9]+$' "$TMPD/read")
reads=$(count 'read' "$TMPD/read")
if [ "$opened" -gt 1000 ] && [ "$reads" -le $((opened + SLACK)) ]; then
	pass read
else
	fail read "$reads read() calls for $opened files of the tree opened"
fi

# --list-uncore reads what names the boxes (PMU names and types, the core PMU's caps, the PCI devices):
# no PMU's events, no uncore PMU's formats, and one CPU's topology per NUMA node, not every CPU's
strace -f -qq -o "$TMPD/lu" "$PMUTOP" --sysfs "$TMPD/t/sys" --list-uncore >"$TMPD/out" 2>&1
grep -E '^[0-9]+ +openat\(.*'"$TMPD"'/t/.*= [0-9]+$' "$TMPD/lu" >"$TMPD/lu.open"
nodes=$(find "$TMPD/t/sys/devices/system/node" -maxdepth 1 -name 'node[0-9]*' | wc -l)
extra=$(grep -c -E '/events/|/uncore_[^/]*/format/' "$TMPD/lu.open")
topo=$(grep -c '/topology/' "$TMPD/lu.open")
if grep -q '^socket 1  cha ' "$TMPD/out" && [ "$extra" -eq 0 ] && [ "$topo" -le "$nodes" ]; then
	pass list_uncore_files
else
	fail list_uncore_files "$extra event/format files and $topo topology files ($nodes nodes) opened; $(head -c 200 "$TMPD/out")"
fi

# removing: --sim writes the tree, lists, and removes it; the calls after the first unlink are the removal
# (--list-uncore writes the smaller tree naming needs: its files and folders are counted as it makes them)
strace -f -qq -o "$TMPD/all" "$PMUTOP" --sim spr-2s --list-uncore >"$TMPD/out" 2>&1
sed -n '/unlinkat(/,$p' "$TMPD/all" >"$TMPD/remove"
sed -n '/unlinkat(/q;p' "$TMPD/all" >"$TMPD/make"
F=$(grep -c -E '^[0-9]+ +openat\(.*O_CREAT.*= [0-9]+$' "$TMPD/make")
D=$(grep -c -E '^[0-9]+ +mkdirat\(.*= 0$' "$TMPD/make")
n=$(count 'openat|close|getdents64|lseek|unlinkat' "$TMPD/remove")
if [ "$F" -gt 100 ] && [ "$n" -gt "$F" ] && [ "$n" -le $((F + 6 * D + SLACK)) ]; then
	pass remove
else
	fail remove "$n open/close/getdents/lseek/unlink calls to remove $F files and $D folders (at most $((F + 6 * D + SLACK)))"
fi
t_done
