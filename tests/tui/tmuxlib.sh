# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tmuxlib.sh: helpers for the TUI tests: a private tmux server, starting pmutop in a pane,
# waiting for text by polling capture-pane. Sourced by tests/tui/tui_*.sh (run alone it does nothing).
[ -n "$TUI_LIB" ] || exit 0
. "$(dirname "$0")/../lib.sh"
if ! command -v tmux >/dev/null 2>&1; then
	skip all "tmux is not installed"
	exit 0
fi
need_binary
TM_SOCK="pmutop-test-$$"
tm() { tmux -L "$TM_SOCK" "$@"; }
# tmux leaves its socket file behind after kill-server: remove it too
TM_SOCK_FILE="${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$TM_SOCK"
trap 'tmux -L "$TM_SOCK" kill-server 2>/dev/null; rm -f "$TM_SOCK_FILE"; rm -rf "$TMPD"' EXIT
trap 'exit 130' INT TERM
# one server for the whole test that stays when its last session ends: a session killed and a new one
# started at once otherwise race the old server's exit ("no shell pane" under load)
tm start-server \; set-option -s exit-empty off 2>/dev/null

# tui_shell NAME W H: a pane with a plain shell (prompt "tui$ "), UTF-8 locale unless LANG is set.
tui_shell() {
	tm -u new-session -d -s "$1" -x "$2" -y "$3" \
		"env LANG=${TUI_LANG:-C.UTF-8} LC_ALL=${TUI_LANG:-C.UTF-8} PS1='tui\$ ' sh" || return 1
	tm set-option -t "$1" status off >/dev/null
	tui_wait "$1" 'tui\$' 5
}

# tui_run NAME W H ARGS...: start pmutop with ARGS in a shell pane; its exit status is
# printed as "PMUTOP-EXIT=N" when it ends.
tui_run() {
	n=$1 w=$2 h=$3
	shift 3
	tui_shell "$n" "$w" "$h" || return 1
	tm send-keys -t "$n" "${TUI_ENV:+$TUI_ENV }$PMUTOP $* ; echo PMUTOP-EXIT=\$?" Enter
}

# tui_cap NAME [-e]: the pane's text
tui_cap() { tm capture-pane -p $2 -t "$1"; }

# A wait's SECONDS are what an idle machine needs with room to spare; a loaded one (CI shares its
# CPUs) gets TUI_WAIT_SCALE times as long (2 unless set). A wait that ends as it should costs no more:
# only a failing check waits longer, and no check expects a wait to time out (tui_wait_not says
# when something must go).
TUI_WAIT_SCALE=${TUI_WAIT_SCALE:-2}

# tui_wait NAME REGEX [SECONDS]: poll until the pane matches (grep -E); 1 on timeout.
tui_wait() {
	n=$1 re=$2 limit=$(( ${3:-10} * 10 * TUI_WAIT_SCALE )) i=0
	while [ $i -lt $limit ]; do
		if tui_cap "$n" | grep -Eq -- "$re"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# tui_wait_not NAME REGEX [SECONDS]: poll until the pane no longer matches.
tui_wait_not() {
	n=$1 re=$2 limit=$(( ${3:-10} * 10 * TUI_WAIT_SCALE )) i=0
	while [ $i -lt $limit ]; do
		if ! tui_cap "$n" | grep -Eq -- "$re"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

tui_keys() { n=$1; shift; tm send-keys -t "$n" "$@"; }

# tui_selmark NAME: where the line marked ">" is and how it begins (its row number and first 40
# characters: counts further right change with every refresh, the row and the name only with a move)
tui_selmark() { tui_cap "$1" | grep -nE '^ ?>' | head -n 1 | cut -c1-45; }

# tui_select NAME REGEX [MAX]: move the selection until the line marked ">" matches REGEX: Down, one
# key at a time, each sent only once the screen shows the last one moved (keys sent faster than a
# loaded machine redraws overshoot the line); at the bottom (a Down that moves nothing within 3 s) it
# goes Up, so a line above the selection is found too, also when the capture still showed the
# screen from before a key sent just before (Home). At most MAX keys each way; 1 when not found.
tui_select() {
	n=$1 re=$2 max=${3:-200} i=0 dir=Down
	prev=$(tui_selmark "$n")
	while :; do
		if tui_cap "$n" | grep -E '^ ?>' | head -n 1 | grep -Eq -- "$re"; then
			return 0
		fi
		if [ $i -ge "$max" ]; then
			[ $dir = Up ] && return 1
			dir=Up i=0
		fi
		tm send-keys -t "$n" $dir
		j=0 cur=$prev
		while [ $j -lt 60 ] && [ "$cur" = "$prev" ]; do
			sleep 0.05
			cur=$(tui_selmark "$n")
			j=$((j + 1))
		done
		if [ "$cur" = "$prev" ]; then
			[ $dir = Up ] && return 1
			dir=Up i=0
		fi
		prev=$cur
		i=$((i + 1))
	done
}

# tui_quit NAME: press q and wait for the exit line; prints the status.
tui_quit() {
	tm send-keys -t "$1" q
	tui_wait "$1" 'PMUTOP-EXIT=[0-9]+' 5 || { echo timeout; return 1; }
	tui_cap "$1" | sed -n 's/.*PMUTOP-EXIT=\([0-9]*\).*/\1/p' | tail -n 1
}

# the pane's text saved for a failure message
tui_dump() { tui_cap "$1" | head -c 1500 | tr '\n' '|'; }
