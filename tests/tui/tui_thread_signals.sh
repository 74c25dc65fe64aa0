# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_thread_signals.sh: on the screen with the exporter (--listen) and a fleet (--fleet-targets),
# every thread but the main one blocks the signals the refresh loop waits on (SIGHUP, SIGINT,
# SIGTERM, SIGCHLD: the command of -- ended, SIGWINCH), so the kernel hands them to the loop, never
# to the exporter's server, its watchdog or the fleet's engine (read from /proc/PID/task/*/status).
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

S=ts
tui_run $S 100 30 --sim spr-2s --listen 127.0.0.1:0 --fleet-targets 127.0.0.1:1 -d 0.5
tui_wait $S 'SIMULATED: spr-2s' 10 || fail start "$(tui_dump $S)"
pid=$(pgrep -P "$(tm display-message -p -t $S '#{pane_pid}')" | head -n 1)
# the exporter's server and watchdog and the fleet's engine: three threads beside the main one
i=0
while [ $i -lt 50 ] && [ "$(ls "/proc/$pid/task" 2>/dev/null | wc -l)" -lt 4 ]; do sleep 0.1; i=$((i + 1)); done
check threads_block_loop_signals python3 - "$pid" <<'PY'
import os, sys
pid = sys.argv[1]
tids = sorted(os.listdir("/proc/%s/task" % pid), key=int)
assert len(tids) >= 4, "threads: %s" % tids
bad = []
for t in tids:
    if t == pid:
        continue
    st = open("/proc/%s/task/%s/status" % (pid, t)).read()
    blk = int([l for l in st.splitlines() if l.startswith("SigBlk:")][0].split()[1], 16)
    name = open("/proc/%s/task/%s/comm" % (pid, t)).read().strip()
    for sig in (1, 2, 15, 17, 28):   # SIGHUP SIGINT SIGTERM SIGCHLD SIGWINCH
        if not blk >> (sig - 1) & 1:
            bad.append("%s (%s) takes signal %d" % (t, name, sig))
assert not bad, bad
PY
st=$(tui_quit $S)
if [ "$st" = 0 ]; then pass quits; else fail quits "exit $st"; fi
t_done
