# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_writes.sh: a frame reaches the terminal in a few write() calls, not one per cursor movement
# (ncurses 6.4 flushes on every move until the screen has been through endwin and refresh). strace
# counts the writes to the terminal over N refreshes; start-up and exit are counted in, so the
# bound per frame is generous for them. A count, not a timing: it holds on a loaded machine.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

if ! command -v strace >/dev/null 2>&1; then
	skip all "strace is not installed (apt-get install strace)"
	exit 0
fi
if ! strace -qq -o /dev/null true 2>/dev/null; then
	skip all "strace cannot trace here (ptrace refused: kernel.yama.ptrace_scope or a container)"
	exit 0
fi

N=30
MAX_PER_FRAME=3

# writes_run NAME W H ARGS...: pmutop -n $N under strace in a pane; prints the writes to the terminal
# (fd 1 is the pane's tty) or nothing when the run did not end with status 0.
writes_run() {
	n=$1 w=$2 h=$3
	shift 3
	tui_shell "$n" "$w" "$h" || return 1
	# LeakSanitizer cannot run under ptrace: a sanitizer build (make test SAN=1) counts without it
	tm send-keys -t "$n" "ASAN_OPTIONS=detect_leaks=0 strace -f -qq -e trace=write,writev -o $TMPD/$n.tr $PMUTOP $* -n $N; echo PMUTOP-EXIT=\$?" Enter
	tui_wait "$n" 'PMUTOP-EXIT=[0-9]+' 60 || return 1
	tui_cap "$n" | grep -q 'PMUTOP-EXIT=0' || return 1
	grep -Ec '^[0-9]+ +writev?\(1,' "$TMPD/$n.tr"
}

check_writes() {
	name=$1
	shift
	c=$(writes_run "$name" "$@")
	if [ -z "$c" ]; then
		fail "$name" "the run failed: $(tui_dump "$name")"
	elif [ "$c" -gt 0 ] && [ "$c" -le $((N * MAX_PER_FRAME)) ]; then
		pass "$name"
		echo "     $name: $c writes to the terminal for $N refreshes"
	else
		fail "$name" "$c writes to the terminal for $N refreshes (at most $MAX_PER_FRAME each)"
	fi
}

# a full screen of changing numbers, 224 CPUs, every refresh redraws the body
check_writes cores_spr 200 50 --sim spr-2s -d 0.05
# the top-down view and a short, narrow terminal go through the same output path
printf '[display]\nview = topdown\n' >"$TMPD/topdown.conf"
check_writes topdown_small 80 24 --sim spr-2s -d 0.05 --config "$TMPD/topdown.conf"
t_done
