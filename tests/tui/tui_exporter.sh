# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_exporter.sh: the TUI with --listen: /metrics answers while the screen runs, its totals grow
# interval after interval, a paused screen serves its last interval, and q stops both.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

PY=python3
port=$($PY -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
# total cycles of CPU 0 from /metrics, or nothing
scrape() {
	$PY - "$port" <<'EOF' 2>/dev/null
import sys, urllib.request
t = urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/metrics", timeout=3).read().decode()
for l in t.splitlines():
    if l.startswith('pmutop_event_total{event="cycles",cpu="0",'):
        print(l.rsplit(" ", 1)[1])
EOF
}
S=x
tui_run $S 160 40 --sim spr-2s -d 0.3 --listen "127.0.0.1:$port"
if tui_wait $S 'SIMULATED: spr-2s' 20 && tui_wait $S '^0 +0 +0 ' 10; then
	pass tui_starts_with_listen
else
	fail tui_starts_with_listen "$(tui_cap $S)"
fi
a=""; i=0
while [ -z "$a" ] && [ $i -lt 50 ]; do a=$(scrape); sleep 0.1; i=$((i + 1)); done
sleep 1
b=$(scrape)
if [ -n "$a" ] && [ -n "$b" ] && $PY -c "import sys; sys.exit(0 if float('$b') > float('$a') > 0 else 1)"; then
	pass metrics_grow_while_tui_runs
else
	fail metrics_grow_while_tui_runs "'$a' then '$b'"
fi
# paused: no new interval, the same exposition
tui_keys $S p
sleep 0.7
c=$(scrape); sleep 0.7; d=$(scrape)
if [ -n "$c" ] && [ "$c" = "$d" ]; then pass paused_serves_last_interval; else fail paused_serves_last_interval "'$c' then '$d'"; fi
tui_keys $S q
if tui_wait $S 'PMUTOP-EXIT=0' 10 && [ -z "$(scrape)" ]; then
	pass quit_stops_server
else
	fail quit_stops_server "$(tui_cap $S | tail -3)"
fi
t_done
