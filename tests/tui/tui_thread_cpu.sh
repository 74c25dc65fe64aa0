# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_thread_cpu.sh: a process whose threads the processes view does not all count (its budget: a
# process's 4 busiest) shows its whole CPU use, as top and /proc say it, not its counted threads'
# alone: 8 spinning threads on this machine's CPUs read within a quarter of what /proc's utime +
# stime grew by over the same seconds (the counted threads' alone were half of it, or less).
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"
command -v cc >/dev/null 2>&1 || { skip all "no C compiler (cc) to build the test program"; exit 0; }
if live_refused; then skip all "$LIVE_WHY"; exit 0; fi
cat >"$TMPD/spin8.c" <<'C'
#include <pthread.h>
#include <sys/prctl.h>
#include <unistd.h>
static void *spin(void *x) { for (volatile unsigned long i = 0;; i++) ; return x; }
int main(void)
{
	pthread_t t;
	prctl(PR_SET_NAME, "pmutop-spin8");
	for (int i = 0; i < 7; i++)
		pthread_create(&t, NULL, spin, NULL);
	alarm(90);
	spin(NULL);
	return 0;
}
C
cc -O1 -pthread -o "$TMPD/spin8" "$TMPD/spin8.c" || { fail build "cc failed"; exit 1; }
"$TMPD/spin8" & P=$!
trap 'kill $P 2>/dev/null; tmux -L "$TM_SOCK" kill-server 2>/dev/null; rm -f "$TM_SOCK_FILE"; rm -rf "$TMPD"' EXIT
# ticks: utime + stime of P (clock ticks)
ticks() { awk '{ sub(/.*\) /, ""); print $12 + $13 }' "/proc/$P/stat"; }
S=tc
tui_run $S 160 30 -d 1
tui_wait $S '^ *CPU' 10 || fail start "$(tui_dump $S)"
tui_keys $S P
tui_wait $S 'processes seen' 10
tui_keys $S / $(echo $P | sed 's/./& /g') Enter
tui_wait $S "^ +$P +root +pmutop-spin8\\* " 10 || fail budget_said "$(tui_dump $S)"
sleep 2
# the figure of one refresh against /proc's over the 3 s around it
t0=$(ticks); sleep 1
shown=$(tui_cap $S | awk -v p="$P" '$1 == p { print $4; exit }')
sleep 2; t1=$(ticks)
hz=$(getconf CLK_TCK)
check whole_process_cpu python3 -c '
import sys
shown, t0, t1, hz = float(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
proc = 100.0 * (t1 - t0) / hz / 3
print("     pmutop-spin8: CPU%% %.1f on the screen, %.1f from /proc over 3 s" % (shown, proc))
assert proc > 50, proc
assert 0.75 * proc <= shown <= 1.25 * proc + 10, (shown, proc)
' "${shown:-nan}" "$t0" "$t1" "$hz"
tui_quit $S >/dev/null
t_done
