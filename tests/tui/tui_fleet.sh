# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_fleet.sh: the fleet view (N). Without a fleet it says how to configure one ([display] view =
# fleet starts on it, N reaches it). With a real Prometheus scraping five simulated exporters
# (fleet_prometheus.py's set-up): five hosts, each host's IPC within 2% of its exporter's own JSON
# over the frames the query's window covered, < > sort by IPC, Enter on spr-2s shows its 2 sockets
# and CPUs and Esc returns, a stopped exporter shown down, at 80x24 no line wider than 80, its head
# wrapped at words and Right reaching the last column. tests/tui/tui_fleet.py holds those checks.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

printf '[display]\nview = fleet\n' >"$TMPD/fleet.conf"
S=fn
tui_run $S 100 30 --sim spr-2s --config "$TMPD/fleet.conf"
if tui_wait $S 'No fleet configured' 10 && tui_wait $S 'fleet-targets HOST:PORT' 2; then
	pass no_fleet_says_how
else
	fail no_fleet_says_how "$(tui_dump $S)"
fi
tui_keys $S c
tui_wait $S '^ *CPU' 5
tui_keys $S N
if tui_wait $S 'No fleet configured' 5; then pass key_N_shows_fleet; else fail key_N_shows_fleet "$(tui_dump $S)"; fi
tui_quit $S >/dev/null

if [ -n "${PMUTOP_CHECK:-}" ]; then
	skip fleet_prometheus_screen "make check runs no Prometheus (a network server on loopback)"
elif ! command -v prometheus >/dev/null 2>&1; then
	skip fleet_prometheus_screen "prometheus is not installed (make test-deps unpacks it)"
else
	timeout 300 python3 "$(dirname "$0")/tui_fleet.py" "$T_NAME" "$PMUTOP" "$(command -v prometheus)" "$TMPD" \
		"$TMPD/pki" "$TM_SOCK" || T_FAILS=$((T_FAILS + 1))
fi
t_done
