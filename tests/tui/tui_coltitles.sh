# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_coltitles.sh: event columns whose long names share their start get titles that differ where
# the events differ (Intel's ocr.demand_data_rd.l3_miss, ocr.demand_rfo.l3_miss and
# ocr.demand_data_rd.any_response, once all "cpu/ocr.demand_~/s"), and sorting by one names its
# event in full on the status line.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)

evs=ocr.demand_data_rd.l3_miss,ocr.demand_rfo.l3_miss,ocr.demand_data_rd.any_response
S=ct
tui_run $S 200 30 --sim spr-2s --events-dir "$root/tests/fixtures/events/intel" -d 0.5 -e "$evs"
tui_wait $S '^0 +0 +0 ' 15 || fail start "$(tui_dump $S)"
# the titles after the fixed columns (IPC, GHz... and LLC-MISS... ): the three event columns
t=$(tui_cap $S | grep -E '^CPU' | head -n 1)
ev_titles=$(printf '%s\n' "$t" | tr ' ' '\n' | grep -E '/s$' | grep -vE '^(INSTR|CYCLES|LLC-MISS)/s$')
n=$(printf '%s\n' "$ev_titles" | sed '/^$/d' | wc -l)
u=$(printf '%s\n' "$ev_titles" | sed '/^$/d' | sort -u | wc -l)
if [ "$n" -eq 3 ] && [ "$u" -eq 3 ] && printf '%s\n' "$ev_titles" | grep -q 'rfo' &&
   printf '%s\n' "$ev_titles" | grep -q 'any_response'; then
	pass three_ocr_titles_differ
else
	fail three_ocr_titles_differ "$n titles, $u different: $(printf '%s' "$ev_titles" | tr '\n' ' ') in '$t'"
fi
# > steps the sort column by column: the status line names the event in full
i=0
while [ $i -lt 20 ] && ! tui_cap $S | grep -q 'sorted by cpu/ocr.demand_rfo.l3_miss/'; do
	tui_keys $S '>'
	sleep 0.2
	i=$((i + 1))
done
if tui_wait $S 'sorted by cpu/ocr\.demand_rfo\.l3_miss/ per second' 3; then
	pass sort_names_event_in_full
else
	fail sort_names_event_in_full "$(tui_dump $S)"
fi
tui_quit $S >/dev/null
t_done
