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

# tui_wait NAME REGEX [SECONDS]: poll until the pane matches (grep -E); 1 on timeout.
tui_wait() {
	n=$1 re=$2 limit=$(( ${3:-10} * 10 )) i=0
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
	n=$1 re=$2 limit=$(( ${3:-10} * 10 )) i=0
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

# tui_select NAME REGEX [MAX]: press Down until the line marked ">" matches REGEX.
tui_select() {
	n=$1 re=$2 max=${3:-200} i=0
	while [ $i -lt "$max" ]; do
		if tui_cap "$n" | grep -E '^ ?>' | grep -Eq -- "$re"; then
			return 0
		fi
		tm send-keys -t "$n" Down
		sleep 0.05
		i=$((i + 1))
	done
	return 1
}

# tui_quit NAME: press q and wait for the exit line; prints the status.
tui_quit() {
	tm send-keys -t "$1" q
	tui_wait "$1" 'PMUTOP-EXIT=[0-9]+' 5 || { echo timeout; return 1; }
	tui_cap "$1" | sed -n 's/.*PMUTOP-EXIT=\([0-9]*\).*/\1/p' | tail -n 1
}

# the pane's text saved for a failure message
tui_dump() { tui_cap "$1" | head -c 1500 | tr '\n' '|'; }
