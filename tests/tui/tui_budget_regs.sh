# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_budget_regs.sh: the counter budget counts the extra registers (issue 30): three offcore
# events with three response masks (Intel's Sapphire Rapids tables) need three OFFCORE_RSP MSRs and
# a CPU has two, so before the list is applied the events view says it will multiplex, why, and
# which events; once applied the header says the same and the simulated kernel runs them below 100%.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

EVD="$ROOT/tests/fixtures/events/intel"
[ -d "$EVD" ] || EVD="$(cd "$(dirname "$0")/../fixtures/events/intel" && pwd)"
OCR="ocr.demand_data_rd.l3_miss,ocr.demand_rfo.l3_miss,ocr.demand_data_rd.any_response"
WHY='3 offcore masks for 2 MSRs \(ocr\.demand_data_rd\.l3_miss, ocr\.demand_rfo\.l3_miss, ocr\.demand_data_rd\.any_response\): will multiplex'
S=xr
tui_run $S 260 50 --sim spr-2s -d 30 --events-dir "$EVD" -e cycles,instructions
tui_wait $S 'waiting for the first sample' 10
tui_keys $S e
tui_wait $S 'events? in the list' 3
tui_keys $S a
tui_keys $S -l "$OCR"
tui_keys $S Enter
if tui_wait $S "will multiplex! cpu: .*5 events need 4 GP; $WHY" 3; then
	pass budget_names_offcore_masks
else
	fail budget_names_offcore_masks "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# applied from the start: the header's budget line, and the counts below 100%
S=xh
tui_run $S 260 50 --sim spr-2s -d 0.5 --events-dir "$EVD" -e "cycles,instructions,$OCR"
if tui_wait $S "^ counters cpu: .*$WHY" 10; then
	pass header_budget_offcore
else
	fail header_budget_offcore "$(tui_dump $S)"
fi
tui_quit $S >/dev/null
t_done
