# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_nopmu.sh: a machine without a hardware PMU (a KVM guest: --sim kvm-nopmu, and this machine
# live when it is one) shows no column that is n/a on every row; the header says once why and
# what would enable them; the screen shows what the kernel counts: MHz, interrupts/s, context
# switches, migrations and page faults per second, with plausible values. A hardware machine
# keeps its layout, and hides only a column whose events the kernel refused on every CPU.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

# Byte columns line up once the multibyte sort mark and sparkline glyphs are one byte each.
ascii_cap() { tui_cap "$1" | LC_ALL=C.UTF-8 sed 's/[▁▂▃▄▅▆▇█▴▾]/#/g'; }
# dead_cols NAME: the end positions of "n/a" cells found on every row of the table (none: "").
dead_cols() {
	ascii_cap "$1" | awk '
	/^CPU/ { t = 1; next }
	t && ($1 ~ /^[0-9]+$/ || $1 == "all") {
		rows++
		s = $0; off = 0
		while ((p = index(s, "n/a")) > 0) { seen[off + p + 2]++; off += p + 2; s = substr(s, p + 3) }
	}
	END { for (k in seen) if (seen[k] == rows) printf "%s ", k }'
}
# cells NAME TITLE: the cell of each row under the column titled TITLE ("ROW VALUE" lines, K/M
# expanded); cells are right-aligned and end under the title's last character.
cells() {
	ascii_cap "$1" | awk -v t="$2" '
	!end && /^CPU/ && (p = index($0, " " t)) { end = p + length(t); next }
	end && ($1 ~ /^[0-9]+$/ || $1 == "all") {
		s = substr($0, 1, end); sub(/.* /, "", s)
		k = 1
		if (s ~ /K$/) k = 1e3; else if (s ~ /M$/) k = 1e6
		sub(/[KM]$/, "", s)
		print $1, (s ~ /^[0-9.]+$/) ? s * k : "x"
	}'
}
# in_range NAME TITLE LO HI: every CPU row of the column is a number within [LO, HI]
in_range() {
	r=$(cells "$1" "$2" | awk -v lo="$3" -v hi="$4" '$1 != "all" { n++; if ($2 == "x" || $2 < lo || $2 > hi) bad = bad " " $0 }
		END { if (!n) print "no rows"; else if (bad != "") print bad }')
	[ -z "$r" ] || { echo "$r"; return 1; }
}

S=v1
tui_run $S 200 30 --sim kvm-nopmu -d 0.5
tui_wait $S '^all ' 10
sleep 1.2           # a second interval: every rate has a previous reading
tui_keys $S p
sleep 0.3
if tui_cap $S | grep -q '^CPU' && [ -z "$(dead_cols $S)" ] && ! ascii_cap $S | grep -Eq '^(CPU|all|[0-9]).*(IPC|GHz|INSTR|CYCLES|MPKI|n/a)'; then
	pass sim_no_all_na_column
else
	fail sim_no_all_na_column "dead at: $(dead_cols $S) $(tui_dump $S)"
fi
if tui_cap $S | tr '\n' ' ' | grep -Eq "hardware columns hidden: run on bare metal or enable the hypervisor's +virtual PMU" &&
   [ "$(tui_cap $S | grep -c 'hardware columns hidden')" -eq 1 ]; then
	pass sim_header_says_why_once
else
	fail sim_header_says_why_once "$(tui_dump $S)"
fi
# the simulated guest: 2100 MHz (its cpuinfo), interrupts of its timer, IPIs and two devices,
# and the software event rates of machines/kvm-nopmu.machine (300, 5, 120 per second in all)
# (MHz* is cpuinfo's clock; context-switches/s has its short title, ctxsw/s)
for c in 'MHz* 2099 2101' 'IRQ/s 20 3000' 'ctxsw/s 50 1000' 'cpu-migrations/s 0.5 20' 'page-faults/s 20 500'; do
	set -- $c
	name=$(echo "$1" | tr -c 'a-zA-Z\n' _)
	if why=$(in_range $S "$1" "$2" "$3"); then pass "sim_sane_$name"; else fail "sim_sane_$name" "$why $(tui_dump $S)"; fi
done
# the all row sums the CPUs' interrupts
r=$(cells $S 'IRQ/s' | awk '$1 == "all" { a = $2; next } { s += $2 } END { d = s - a; if (d < 0) d = -d; print (a > 0 && d <= 0.02 * a) ? "ok" : "rows " s " all " a }')
if [ "$r" = ok ]; then pass sim_irq_all_is_sum; else fail sim_irq_all_is_sum "$r"; fi
# the sockets view follows the same rule
tui_keys $S s
if tui_wait $S '^SKT +CPUs.*MHz\* +IRQ/s' 3 && ! tui_cap $S | grep -Eq '^(all|[0-9]).*n/a'; then
	pass sim_sockets_no_na
else
	fail sim_sockets_no_na "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# A hardware machine: no MHz or IRQ/s by default (GHz comes from cycles there); an event the
# kernel refuses on every CPU (the Apple PMU maps no generic branch events) has no column, nor
# the ratio that needs it.
S=v2
tui_run $S 220 30 --sim m1-asahi -d 0.5 -e cycles,instructions,branches,branch-misses
tui_wait $S '^all ' 10
sleep 0.8
if tui_cap $S | grep -E '^CPU' | grep -q 'IPC' && ! tui_cap $S | grep -E '^CPU' | grep -Eq 'MHz|IRQ/s|BR-MISS|branches' &&
   [ -z "$(dead_cols $S)" ]; then
	pass hw_refused_event_hidden
else
	fail hw_refused_event_hidden "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# This machine, live: when it has no hardware PMU (a cloud or CI guest) the same holds.
if live_refused; then
	skip live_screen "$LIVE_WHY"
else
	S=v3
	tui_run $S 200 30 -d 0.5
	if ! tui_wait $S '^all ' 10; then
		fail live_screen "$(tui_dump $S)"
	elif ! tui_cap $S | grep -q 'no hardware PMU'; then
		skip live_no_all_na_column "this machine has a hardware PMU"
	else
		sleep 1.2
		tui_keys $S p
		sleep 0.3
		if [ -z "$(dead_cols $S)" ] && ! tui_cap $S | grep -Eq '^(all|[0-9]).*n/a'; then
			pass live_no_all_na_column
		else
			fail live_no_all_na_column "dead at: $(dead_cols $S) $(tui_dump $S)"
		fi
		if why=$(in_range $S 'IRQ/s' 0 10000000); then pass live_irq_rate; else fail live_irq_rate "$why"; fi
		if tui_cap $S | grep -q 'MHz'; then
			if why=$(in_range $S 'MHz' 1 100000); then pass live_mhz; else fail live_mhz "$why"; fi
		else
			skip live_mhz "no cpufreq and no cpu MHz in /proc/cpuinfo here"
		fi
	fi
	tui_quit $S >/dev/null
fi
t_done
