# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_nopmu_screen.sh: the screen of a machine without a hardware PMU at 80 and 120 columns, on
# the simulated guest (--sim kvm-nopmu) and on this machine's real kernel when it has none: why,
# said once and in whole words; every useful column on the screen and none whose value is the
# same on every CPU (cpu-clock counts the interval; MUX, with nothing to multiplex); MHz marked
# when it is /proc/cpuinfo's; the sockets view says there is no uncore PMU; the events view refuses
# cycles with the reason, and no column appears.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

# para NAME: the header's words between the meters and the view tabs, from "no hardware PMU" on
para() { tui_cap "$1" | awk '/^ no hardware PMU/ { on = 1 } /^ ?c:Cores/ { on = 0 } on'; }
# titles NAME: the cores view's title row
titles() { tui_cap "$1" | grep -E '^CPU' | head -n 1; }

# words: one word a line, the punctuation that joins clauses ("only;") left off
words() { tr ' ' '\n' | sed 's/[;:,]*$//; /^$/d'; }
# vocab REASON: every word the paragraph may hold: the reason batch mode prints, what is hidden
# and what to do, perf_event_paranoid, the clock's note
vocab() {
	printf '%s\n' "$1" "hardware columns hidden: run on bare metal or enable the hypervisor's virtual PMU;" \
		"perf_event_paranoid -1 0 1 2 3 4 ? MHz*: /proc/cpuinfo's clock" | words | sort -u
}

# screen SRC W REASON ARGS...: the checks of one source at one width
screen() {
	src=$1 w=$2 reason=$3
	shift 3
	S="$src$w"
	tui_run $S "$w" 24 -d 0.5 "$@"
	if ! tui_wait $S '^all ' 15; then
		fail "start_${src}_$w" "$(tui_dump $S)"
		return
	fi
	sleep 1.2   # a second interval: every rate has a previous reading
	n=$(tui_cap $S | grep -c 'no hardware PMU')
	if [ "$n" -eq 1 ] && ! tui_cap $S | grep -q 'no core PMU'; then
		pass "why_once_${src}_$w"
	else
		fail "why_once_${src}_$w" "said $n times: $(tui_dump $S)"
	fi
	# whole words only: each word of the paragraph is one of the reason's own (a cut word is not)
	vocab "$reason" >"$TMPD/vocab"
	bad=$(para $S | words | grep -vxF -f "$TMPD/vocab" | head -n 3 | tr '\n' ' ')
	if [ -n "$(para $S)" ] && [ -z "$bad" ] && para $S | grep -q 'hardware' &&
	   para $S | tr '\n' ' ' | grep -Eq 'perf_event_paranoid -?[0-9]'; then
		pass "why_whole_words_${src}_$w"
	else
		fail "why_whole_words_${src}_$w" "cut or unknown: '$bad' in $(para $S | tr '\n' '|')"
	fi
	t=$(titles $S)
	missing=
	for c in 'UTIL%' 'IRQ/s' 'ctxsw/s' 'migrations/s' 'page-faults/s'; do
		printf '%s\n' "$t" | grep -qF -- "$c" || missing="$missing $c"
	done
	if [ -z "$missing" ] && ! printf '%s\n' "$t" | grep -Eq 'cpu-clock|MUX'; then
		pass "columns_fit_${src}_$w"
	else
		fail "columns_fit_${src}_$w" "missing:$missing in '$t'"
	fi
	# MHz: marked exactly when the clocks are /proc/cpuinfo's (no cpufreq driver)
	if [ "$src" = sim ] || [ ! -r /sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq ]; then
		want='MHz\*'
	else
		want='MHz '
	fi
	if ! printf '%s\n' "$t" | grep -q 'MHz'; then
		skip "mhz_mark_${src}_$w" "no clock on this machine"
	elif printf '%s\n' "$t" | grep -q -- "$want"; then
		pass "mhz_mark_${src}_$w"
	else
		fail "mhz_mark_${src}_$w" "want '$want' in '$t'"
	fi
}

# the events view refuses cycles with the reason; the cores view gets no cycles column
refuse_cycles() {
	S=$1
	tui_keys $S e
	tui_wait $S 'events? in the list' 3
	if ! tui_select $S '\] cycles *$' 80; then
		fail "cycles_refused_$2" "$(tui_dump $S)"
		return
	fi
	tui_keys $S Space
	if tui_wait $S 'not added: cycles: no hardware PMU' 3 && tui_cap $S | grep -Eq '> \[ \] cycles'; then
		pass "cycles_refused_$2"
	else
		fail "cycles_refused_$2" "$(tui_dump $S)"
	fi
	tui_keys $S c
	sleep 1.2
	if tui_wait $S '^all ' 3 && ! titles $S | grep -qi 'cycles'; then
		pass "no_cycles_column_$2"
	else
		fail "no_cycles_column_$2" "$(tui_dump $S)"
	fi
}

sim_reason=$("$PMUTOP" --sim kvm-nopmu -b -n 1 -d 0.1 2>&1 >/dev/null | sed -n 's/^pmutop: \(no hardware PMU.*\)/\1/p')
for w in 80 120; do
	screen sim $w "$sim_reason" --sim kvm-nopmu
	if [ $w = 80 ]; then
		# the sockets view: no uncore PMU, nothing to add
		tui_keys $S s
		if tui_wait $S 'no uncore PMU on this machine' 5 && ! tui_cap $S | grep -q 'add some'; then
			pass sim_no_uncore_pmu
		else
			fail sim_no_uncore_pmu "$(tui_dump $S)"
		fi
		tui_keys $S c
		# sorting by MHz* says where it comes from; the help view explains the mark
		i=0
		while [ $i -lt 6 ] && ! tui_cap $S | grep -q 'sorted by MHz\*'; do tui_keys $S '>'; sleep 0.2; i=$((i + 1)); done
		if tui_wait $S "sorted by MHz\\*.*/proc/cpuinfo's clock" 3; then pass sim_mhz_sort_says; else fail sim_mhz_sort_says "$(tui_dump $S)"; fi
		tui_keys $S h
		tui_keys $S End
		# the help wraps its long lines: from its end, up a line at a time until the legend's line shows
		i=0
		while [ $i -lt 40 ] && ! tui_cap $S | grep -q "MHz\\* .*/proc/cpuinfo"; do tui_keys $S Up; sleep 0.1; i=$((i + 1)); done
		if tui_wait $S "MHz\\* .*/proc/cpuinfo" 3; then pass sim_mhz_help_line; else fail sim_mhz_help_line "$(tui_dump $S)"; fi
		tui_keys $S Escape
		refuse_cycles $S sim
	fi
	tui_quit $S >/dev/null
done

# this machine's kernel, when it has no hardware PMU (a cloud or CI guest)
live_reason=$("$PMUTOP" -b -n 1 -d 0.1 2>&1 >/dev/null | sed -n 's/^pmutop: \(no hardware PMU.*\)/\1/p')
if [ -z "$live_reason" ]; then
	skip live_screen "this machine has a hardware PMU"
else
	for w in 80 120; do
		screen live $w "$live_reason"
		if [ $w = 80 ]; then
			tui_keys $S s
			if tui_wait $S 'no uncore PMU on this machine' 5; then pass live_no_uncore_pmu; else fail live_no_uncore_pmu "$(tui_dump $S)"; fi
			tui_keys $S c
			refuse_cycles $S live
		fi
		tui_quit $S >/dev/null
	done
fi
t_done
