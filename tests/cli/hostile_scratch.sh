# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# hostile_scratch.sh: pmutop run as root on hostile inputs (names that climb out of the tree, absolute
# paths, links planted where it writes, huge counts) changes nothing outside its scratch TMPDIR.
# It runs in a private mount namespace with fresh /tmp and /dev/shm, so the before/after snapshots of
# them are exact; the traversal targets are named with a token and must exist nowhere afterwards.
#
# To add a case: add its name to CASES, write its input in case_input (and its arguments in
# case_args when it is not a machine description: @IN@ stands for the input file).
if [ "$(id -u)" != 0 ]; then
	echo "SKIP hostile_scratch:all: needs root (runs pmutop as root on hostile inputs)"
	exit 0
fi
if [ -z "$HOSTILE_NS" ]; then
	if ! unshare -m true 2>/dev/null; then
		echo "SKIP hostile_scratch:all: unshare -m is not available (no private /tmp to compare)"
		exit 0
	fi
	HOSTILE_NS=1 PMUTOP=${PMUTOP:-$(cd "$(dirname "$0")/../.." && pwd)/pmutop} exec unshare -m --propagation private sh "$0"
fi
case $PMUTOP in /tmp/*|/dev/shm/*)
	echo "SKIP hostile_scratch:all: the binary ($PMUTOP) is under /tmp or /dev/shm, which this test replaces"
	exit 0 ;;
esac
mount -t tmpfs -o size=256m pmutop-hostile /tmp && mount -t tmpfs -o size=256m pmutop-hostile /dev/shm || {
	echo "SKIP hostile_scratch:all: cannot mount a private /tmp and /dev/shm"
	exit 0
}
unset XDG_RUNTIME_DIR
. "$(dirname "$0")/../lib.sh"

TOKEN=pwn$$
UP=../../../../../../../../../../../../../../../..
BASE='[machine]
sockets = 1
cores = cpu:2x1
[pmu cpu]
type = 4
kind = core
format.event = config:0-7
event.cycles = event=0x3c'
CASES="section_traversal format_traversal event_traversal caps_traversal scale_traversal bdf_traversal
	bdf_absolute range_traversal core_group_traversal huge_cores wrapping_cores huge_sockets huge_numa
	huge_bar huge_boxes huge_range repeated_key sim_tree_planted_link sim_tree_planted_file"

case_input() {
	case $1 in
	section_traversal) printf '%s\n[pmu %s/tmp/%s-1]\ntype = 9\n' "$BASE" "$UP" "$TOKEN" ;;
	format_traversal) printf '%s\nformat.%s/tmp/%s-2 = config:0\n' "$BASE" "$UP" "$TOKEN" ;;
	event_traversal) printf '%s\nevent.%s/tmp/%s-3 = event=1\n' "$BASE" "$UP" "$TOKEN" ;;
	caps_traversal) printf '%s\ncaps.%s/dev/shm/%s-4 = 1\n' "$BASE" "$UP" "$TOKEN" ;;
	scale_traversal) printf '%s\nevent.%s/tmp/%s-5.scale = 1\n' "$BASE" "$UP" "$TOKEN" ;;
	bdf_traversal) printf '%s\n[discovery]\nbdf = %s/tmp/%s-6\nbar = 0x1000\n' "$BASE" "$UP" "$TOKEN" ;;
	bdf_absolute) printf '%s\n[discovery]\nbdf = /tmp/%s-7\nbar = 0x1000\n' "$BASE" "$TOKEN" ;;
	range_traversal) printf '%s\n[pmu %s/tmp/%s-{0..2}]\ntype = 9\n' "$BASE" "$UP" "$TOKEN" ;;
	core_group_traversal) printf '[machine]\nsockets = 1\ncores = %s/tmp/%s-8:2x1\n' "$UP" "$TOKEN" ;;
	huge_cores) printf '[machine]\nsockets = 64\ncores = cpu:65536x8\n' ;;
	wrapping_cores) printf '[machine]\nsockets = 1\ncores = cpu:536870913x8\n' ;;
	huge_sockets) printf '[machine]\nsockets = 4294967297\ncores = cpu:2x1\n' ;;
	huge_numa) printf '[machine]\nsockets = 1\nnuma_nodes = 1000000\ncores = cpu:2x1\n' ;;
	huge_bar) printf '%s\n[discovery]\nbdf = 0000:00:03.1\nbar = 0x1000\nbar_size = 0x10000000000\n' "$BASE" ;;
	huge_boxes) printf '%s\n[box b{0..4095}]\nbox.type = 1\nbox.ctrl = 0x100\n[box c{0..4095}]\nbox.type = 2\nbox.ctrl = 0x200\n' "$BASE" ;;
	huge_range) printf '%s\n[pmu u{0..2147483647}]\ntype = 20\n' "$BASE" ;;
	repeated_key) printf '%s\n' "$BASE"; i=0; while [ $i -lt 20000 ]; do echo "caps.x = 0123456789abcdef"; i=$((i + 1)); done ;;
	sim_tree_*) echo "spr-2s" ;;
	esac
}

# case_args NAME: the command line (default: the description as --sim, one batch sample)
case_args() {
	case $1 in
	sim_tree_*) echo "--sim spr-2s --sim-tree $scr/tree-$1" ;;
	*) echo "--sim @IN@ -b -n 1 -d 0.05" ;;
	esac
}

# case_plant NAME: what an attacker leaves in the scratch directory before the run
case_plant() {
	case $1 in
	sim_tree_planted_link)
		mkdir -p "$scr/tree-$1" && ln -s "/tmp/$TOKEN-dir" "$scr/tree-$1/sys" ;;
	sim_tree_planted_file)
		mkdir -p "$scr/tree-$1/proc" && ln -s "/tmp/$TOKEN-file" "$scr/tree-$1/proc/cpuinfo" ;;
	esac
}

# snapshot: every path, type, size, mode and content hash under /tmp and /dev/shm except the scratch
# (and this test's own log folder)
snapshot() {
	find /tmp /dev/shm \( -path "$scr" -o -path "$TMPD" \) -prune -o -printf '%p %y %s %m %l\n' | sort
	find /tmp /dev/shm \( -path "$scr" -o -path "$TMPD" \) -prune -o -type f -print | sort | xargs -r md5sum
}

root=/tmp/hostile
scr=$root/scratch
mkdir -p "$root/in" "$scr"
# things a traversal could hit: they must keep their content
echo precious >"/tmp/$TOKEN-file"
mkdir -p "/tmp/$TOKEN-dir"
for c in $CASES; do case_input "$c" >"$root/in/$c.machine"; done

for c in $CASES; do
	case_plant "$c"
	before=$(snapshot)
	args=$(case_args "$c" | sed "s|@IN@|$root/in/$c.machine|g")
	# shellcheck disable=SC2086
	TMPDIR=$scr timeout 60 "$PMUTOP" $args >"$TMPD/$c.out" 2>"$TMPD/$c.err"
	st=$?
	after=$(snapshot)
	if [ "$before" != "$after" ]; then
		fail "$c" "changed outside the scratch dir: $(printf '%s\n' "$before" >"$TMPD/b"; printf '%s\n' "$after" >"$TMPD/a"; diff "$TMPD/b" "$TMPD/a" | head -n 8 | tr '\n' ' ')"
		continue
	fi
	found=$(find / -xdev -name "$TOKEN-[0-9]*" 2>/dev/null; find /tmp /dev/shm -name "$TOKEN-[0-9]*" 2>/dev/null)
	if [ -n "$found" ]; then
		fail "$c" "a traversal target exists: $found"
		continue
	fi
	if ls "$scr" | grep -q '^pmutop-sim\.'; then
		fail "$c" "the simulated tree was left in the scratch dir"
		continue
	fi
	if [ $st -eq 0 ] || [ $st -ge 124 ]; then
		fail "$c" "exit $st (want a refusal): $(head -c 300 "$TMPD/$c.err")"
		continue
	fi
	case $c in
	sim_tree_*) ;;
	*) # the refusal names the file and line
		if ! grep -q "$c.machine:[0-9][0-9]*:" "$TMPD/$c.err"; then
			fail "$c" "no FILE:LINE in: $(head -c 300 "$TMPD/$c.err")"
			continue
		fi ;;
	esac
	pass "$c"
done
[ "$(cat "/tmp/$TOKEN-file")" = precious ] && pass planted_file_intact || fail planted_file_intact "now holds: $(head -c 100 "/tmp/$TOKEN-file" | tr "\n" " ")"
[ -z "$(ls -A "/tmp/$TOKEN-dir")" ] && pass planted_dir_empty || fail planted_dir_empty "now holds: $(ls -A "/tmp/$TOKEN-dir" | tr "\n" " ")"
t_done
