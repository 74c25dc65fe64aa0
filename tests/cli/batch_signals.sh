# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# batch_signals.sh: a batch run cut short by a signal keeps every complete row and exits 128+signal;
# whatever signal ends it (or running out of fds), the simulated tree is gone from TMPDIR.
. "$(dirname "$0")/../lib.sh"

signum() { python3 -c "import signal; print(int(signal.SIG$1))" 2>/dev/null || kill -l "$1"; }
if ! env --default-signal=INT true 2>/dev/null; then
	skip all "env has no --default-signal (coreutils >= 8.31): background jobs would ignore SIGINT/SIGQUIT"
	exit 0
fi
scr="$TMPD/scratch"

# start NAME ARGS...: pmutop in the background with TMPDIR=$scr/NAME and the default signal actions
start() {
	n=$1
	shift
	mkdir -p "$scr/$n"
	: >"$TMPD/$n.out"
	(ulimit -c 0; TMPDIR="$scr/$n" exec env --default-signal "$PMUTOP" "$@" >"$TMPD/$n.out" 2>"$TMPD/$n.err") &
	pid=$!
}
# wait_lines NAME N: until the output has N lines (10 s)
wait_lines() {
	i=0
	while [ "$(wc -l <"$TMPD/$1.out")" -lt "$2" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
}
tree_gone() {
	left=$(ls -A "$scr/$1")
	if [ -z "$left" ]; then pass "$1_tree_removed"; else fail "$1_tree_removed" "left in TMPDIR: $left"; fi
}

# SIGINT, SIGTERM, SIGHUP: the run stops at a row boundary, status 128+signal
for sig in INT TERM HUP; do
	n=graceful_$sig
	start $n --sim spr-2s -b -x , -d 0.05 -e cycles,instructions
	wait_lines $n 500
	kill -$sig $pid
	wait $pid
	st=$?
	want=$((128 + $(signum $sig)))
	if [ $st -eq $want ]; then pass "${n}_status"; else fail "${n}_status" "exit $st, want $want: $(head -c 300 "$TMPD/$n.err")"; fi
	# complete rows only: the file ends with a newline and every row has the fields of the first
	if [ "$(tail -c 1 "$TMPD/$n.out" | od -An -c | tr -d ' ')" = '\n' ] &&
	   [ "$(grep -v '^#' "$TMPD/$n.out" | awk -F, '{print NF}' | sort -u | wc -l)" -eq 1 ] &&
	   [ "$(grep -vc '^#' "$TMPD/$n.out")" -ge 448 ]; then
		pass "${n}_complete_rows"
	else
		fail "${n}_complete_rows" "last bytes: $(tail -c 80 "$TMPD/$n.out" | od -An -c | tr -s ' ' | tail -n 2)"
	fi
	tree_gone $n
done

# fatal signals: the default action (status 128+signal), after removing the tree
for sig in QUIT USR1 ALRM PIPE SEGV ABRT BUS; do
	n=fatal_$sig
	start $n --sim spr-2s -b -x , -d 0.05 -e cycles
	wait_lines $n 224
	kill -$sig $pid
	wait $pid
	st=$?
	want=$((128 + $(signum $sig)))
	if [ $st -eq $want ]; then pass "${n}_status"; else fail "${n}_status" "exit $st, want $want"; fi
	tree_gone $n
done

# SIGTERM while the tree is still being written (before any row)
n=early_TERM
start $n --sim big-1024 -b -x , -d 0.05 -e cycles
i=0
while ! ls "$scr/$n" | grep -q pmutop-sim && [ $i -lt 500 ]; do sleep 0.01; i=$((i + 1)); done
kill -TERM $pid
wait $pid
st=$?
if [ -s "$TMPD/$n.out" ]; then
	skip "${n}_before_setup" "the machine set up before the signal came"
elif [ $st -eq 143 ]; then
	pass "${n}_status"
else
	fail "${n}_status" "exit $st, want 143"
fi
tree_gone $n

# out of file descriptors: counting fails or degrades, the tree still goes
for lim in 40 200; do
	n=emfile_$lim
	mkdir -p "$scr/$n"
	(ulimit -n $lim; TMPDIR="$scr/$n" "$PMUTOP" --sim spr-2s -b -n 1 -d 0.05 -e cycles,instructions \
		>"$TMPD/$n.out" 2>"$TMPD/$n.err")
	tree_gone $n
done
t_done
