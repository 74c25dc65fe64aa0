# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_refscreens.sh: whole-screen reference tests. Every view (cores, the column chooser, sockets,
# uncore, events, the event browser, top-down, processes, cgroups, help) of four simulated machines
# at 80x24, 120x40 and 200x50, in colour (capture-pane -e, TERM=tmux-256color, written in one form
# by screen_canon.py) and with NO_COLOR=1
# (plain text), compared byte for byte with tests/tui/ref/MACHINE-WxH-MODE.txt (one file per
# machine, size and mode, each view after a line "=====[ VIEW ]====="). The screen runs on the
# stepped simulated clock with a pause after every refresh (--sim-clock step:1): keys are pressed
# while it stands, and p lets exactly one more refresh through, so the figures are those of the
# same interval on every run whatever the load. Every line is also checked to fit the terminal
# (captured with -J, a line the terminal wrapped comes back whole).
# `make tui-refs` rewrites the references (PMUTOP_REFS_WRITE=1); review their diff in the commit.
# REFS_MACHINES / REFS_SIZES / REFS_MODES narrow a run while working on one screen.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"
REF=$(cd "$(dirname "$0")" && pwd)/ref
CANON=$(cd "$(dirname "$0")" && pwd)/screen_canon.py   # the colour captures in one form
WRITE=${PMUTOP_REFS_WRITE:-}
MACHINES=${REFS_MACHINES:-spr-2s adl-hybrid zen4-1s kvm-nopmu}
SIZES=${REFS_SIZES:-80x24 120x40 200x50}
MODES=${REFS_MODES:-color nocolor}
# the cgroups view counts as many cgroups as descriptors allow: the same limit everywhere
NOFILE=16384
LIMIT=${REFS_TIMEOUT:-30}   # seconds any one state may take to show (a loaded machine is slow)
# what else shapes the captures: tmux draws them, libpfm4 names the browser's events
ENV_LINE="# tmux $(tmux -V | sed 's/^tmux //'), libpfm4 $(dpkg-query -W -f '${Version}' libpfm4 2>/dev/null || echo unknown), TERM tmux-256color, LANG C.UTF-8"

# tmux's own description: one with bce (xterm's) lets curses erase with attributes tmux does not
# keep, and the captured escapes then depend on the order of earlier redraws
if ! infocmp tmux-256color >/dev/null 2>&1; then
	skip all "the terminal description tmux-256color is not installed (ncurses-base or ncurses-term has it)"
	exit 0
fi
if ! (ulimit -n $NOFILE) 2>/dev/null; then
	skip all "the hard limit on open files is below $NOFILE (ulimit -Hn: $(ulimit -Hn)); the cgroups view would count fewer"
	exit 0
fi
mkdir -p "$TMPD/home/.config" "$TMPD/home/.cache" "$TMPD/got"

# wide_lines SESSION WIDTH VIEW: the lines of the pane wider than WIDTH, named by VIEW and number
# (captured with -J: a line the terminal wrapped comes back as one)
wide_lines() {
	tm capture-pane -p -J -t "$1" | python3 -c '
import sys
w, view = int(sys.argv[1]), sys.argv[2]
for n, l in enumerate(sys.stdin.read().split("\n"), 1):
    l = l.rstrip(" ")
    if len(l) > w:
        print("%s line %d is %d characters (wider than %d): %s" % (view, n, len(l), w, l))
' "$2" "$3"
}
# the check itself: a 60-character line in a 40-column pane is found (the pane shows its last 20
# characters alone on a row), a 40-character one is not
tui_shell widecheck 40 10 || { fail wide_check "no shell pane"; exit 1; }
tm send-keys -t widecheck "clear; printf '%060d\\n%040d\\n' 0 0" Enter
if tui_wait widecheck '^0{20}$' 10 && sleep 0.3 && w=$(wide_lines widecheck 40 selftest) &&
   [ "$(echo "$w" | grep -c 'is 60 characters (wider than 40)')" = 1 ] && ! echo "$w" | grep -q 'is 40 char'; then
	pass wide_check
else
	fail wide_check "the width check did not find the one line of 60 characters: '$w' $(tui_dump widecheck)"
fi
tm kill-session -t widecheck

# --- the helpers of one run: $S the tmux session, $MODE color or nocolor, $OUT the file written ---
plain() { tm capture-pane -p -t "$S"; }
# the state shown: two captures 0.2 s apart that agree (a redraw is not half done)
settled() {
	a=$(plain)
	sleep 0.2
	[ "$a" = "$(plain)" ]
}
# wait_for WHAT TEST: poll (0.1 s) until TEST succeeds on the screen and it is settled; on a timeout
# the run fails, saying at which step and what the screen held
wait_for() {
	what=$1 wi=0
	shift
	while [ $wi -lt $((LIMIT * 10)) ]; do
		if "$@" && settled; then
			return 0
		fi
		sleep 0.1
		wi=$((wi + 1))
	done
	echo "timed out after ${LIMIT}s waiting for $what: $(plain | head -c 1500 | tr '\n' '|')" >"$OUT.err"
	return 1
}
changed() { [ "$(plain)" != "$last" ]; }
# the refresh N of the stepped clock is on screen and the screen stands (elapsed Ns: one per refresh)
at_refresh() { plain | grep -q "elapsed ${1}s" && plain | grep -q PAUSED; }
# save VIEW: the screen as the reference holds it, and its lines wider than the terminal
save() {
	echo "=====[ $1 ]=====" >>"$OUT"
	if [ "$MODE" = color ]; then
		tm capture-pane -p -e -N -t "$S" | python3 "$CANON" >>"$OUT"
	else
		plain >>"$OUT"
	fi
	wide_lines "$S" "$W" "$1" >>"$OUT.wide"
	last=$(plain)
}
# key VIEW KEYS...: press the keys (the screen stands) and save the view they bring ("": only
# walked through)
key() {
	kv=$1
	shift
	tui_keys "$S" "$@"
	wait_for "${kv:-the next screen} (keys $*)" changed || return 1
	if [ -n "$kv" ]; then save "$kv"; else last=$(plain); fi
}
# step VIEW N KEYS...: press the keys, let one refresh through (p) until refresh N, save the view
step() {
	sv=$1 sn=$2   # (not n or i: tmuxlib's helpers use those)
	shift 2
	[ $# -gt 0 ] && tui_keys "$S" "$@"
	tui_keys "$S" p
	wait_for "${sv:-the screen} at refresh $sn (keys $* p)" at_refresh "$sn" && { [ -z "$sv" ] || save "$sv"; }
}

# pause_holds: (the first run) two intervals later the screen still shows refresh 2: step:1 pauses
pause_holds() {
	[ -e "$TMPD/pause_checked" ] && return 0
	: >"$TMPD/pause_checked"
	sleep 2.5
	if at_refresh 2; then echo ok >"$TMPD/pause_holds"; else plain | tr '\n' '|' >"$TMPD/pause_holds"; fi
}

# one_run MACHINE W H MODE: start pmutop, take every view in turn by keys, quit
one_run() {
	M=$1 W=$2 H=$3 MODE=$4
	S=$M-${W}x$H-$MODE
	OUT=$TMPD/got/$S.txt
	last=
	: >"$OUT.wide"
	printf '# pmutop reference screens: --sim %s at %sx%s, %s (tests/tui/tui_refscreens.sh; make tui-refs rewrites)\n%s\n' \
		"$M" "$W" "$H" "$([ "$MODE" = color ] && echo 'colour, capture-pane -e' || echo 'NO_COLOR=1, plain text')" \
		"$ENV_LINE" >"$OUT"
	nc="-u NO_COLOR"
	[ "$MODE" = nocolor ] && nc="NO_COLOR=1"
	: >"$TMPD/$S.conf"   # its own: the column chooser's Esc saves into it
	tui_shell "$S" "$W" "$H" || { echo "no shell pane" >"$OUT.err"; return; }
	tm send-keys -t "$S" "ulimit -n $NOFILE; env $nc TERM=tmux-256color ESCDELAY=25 HOME=$TMPD/home XDG_CONFIG_HOME=$TMPD/home/.config XDG_CACHE_HOME=$TMPD/home/.cache $PMUTOP --sim $M --sim-clock step:1 -d 1 --config $TMPD/$S.conf; echo PMUTOP-EXIT=\$?" Enter
	# the first refresh has no rates of its own (they need two readings): the second is shown
	wait_for "the first refresh" at_refresh 1 &&
	step cores 2 &&
	pause_holds &&
	key columns F &&
	key "" Escape &&
	key sockets s &&
	key uncore u &&
	key events e &&
	key browser / &&
	key "" Escape &&
	key "" Escape &&
	step topdown 3 T &&
	step "" 4 P && step procs 5 &&
	step "" 6 G && step cgroups 7 &&
	key help h
	tm kill-session -t "$S" 2>/dev/null
}

# --- every run: one background job per machine (its sizes and modes in turn), the machines at once ---
for m in $MACHINES; do
	(
		for sz in $SIZES; do
			for mode in $MODES; do
				one_run "$m" "${sz%x*}" "${sz#*x}" "$mode"
			done
		done
	) &
done
wait

# --- the results: each file's views against the reference, and the lines too wide ---
if [ "$(cat "$TMPD/pause_holds" 2>/dev/null)" = ok ]; then
	pass step_pauses
else
	fail step_pauses "--sim-clock step:1 did not stand at refresh 2: $(head -c 1500 "$TMPD/pause_holds" 2>/dev/null)"
fi
# split FILE DIR: each view of FILE as DIR/VIEW (the two header lines as DIR/=header)
split() {
	rm -rf "$2" && mkdir -p "$2" &&
	awk -v d="$2" 'NR <= 2 { print > (d "/=header"); next }
		/^=====\[ .* \]=====$/ { f = d "/" $2; printf "" > f; next }
		{ print > f }' "$1"
}
# diff excerpt, escapes shown as ^[ so that the terminal running the test is not coloured by it
excerpt() { diff -u "$1" "$2" | sed -n '3,$p' | head -n 24 | sed 's/\x1b/^[/g' | tr '\n' '|'; }
saved=
for m in $MACHINES; do
	for sz in $SIZES; do
		for mode in $MODES; do
			f=$m-$sz-$mode
			got=$TMPD/got/$f.txt
			if [ -s "$got.err" ]; then
				fail "$f" "$(cat "$got.err")"
				continue
			fi
			if [ -s "$got.wide" ]; then
				while IFS= read -r l; do fail "fits_${f}_${l%% *}" "$f: $l"; done <"$got.wide"
			else
				pass "fits_$f"
			fi
			if [ -n "$WRITE" ]; then
				mkdir -p "$REF" && cp "$got" "$REF/$f.txt" && echo "     wrote tests/tui/ref/$f.txt"
				continue
			fi
			if [ ! -f "$REF/$f.txt" ]; then
				fail "same_$f" "no reference tests/tui/ref/$f.txt: make tui-refs writes it"
				continue
			fi
			if [ "$(sed -n 2p "$REF/$f.txt")" != "$ENV_LINE" ]; then
				skip "same_$f" "the references were taken with '$(sed -n 2p "$REF/$f.txt" | cut -c3-)', here '$(echo "$ENV_LINE" | cut -c3-)': make tui-refs here to compare"
				continue
			fi
			if cmp -s "$got" "$REF/$f.txt"; then
				pass "same_$f"
				continue
			fi
			split "$REF/$f.txt" "$TMPD/r" && split "$got" "$TMPD/g"
			for v in $(ls "$TMPD/r" "$TMPD/g" | grep -v -e '^=header$' -e ':$' -e '^$' | sort -u); do
				[ -f "$TMPD/r/$v" ] || : >"$TMPD/r/$v"
				[ -f "$TMPD/g/$v" ] || : >"$TMPD/g/$v"
				cmp -s "$TMPD/r/$v" "$TMPD/g/$v" ||
					fail "same_${f}_$v" "the $v view of --sim $m at $sz ($mode) differs from tests/tui/ref/$f.txt: $(excerpt "$TMPD/r/$v" "$TMPD/g/$v")"
			done
			cmp -s "$TMPD/r/=header" "$TMPD/g/=header" || fail "same_${f}_header" "$(excerpt "$TMPD/r/=header" "$TMPD/g/=header")"
			# the screens taken, for a look or for make tui-refs' review
			saved=${TMPDIR:-/tmp}/pmutop-refscreens.got
			mkdir -p "$saved" && cp "$got" "$saved/"
		done
	done
done
[ -n "$saved" ] && echo "     the screens taken are in $saved (make tui-refs makes them the references)"
t_done
