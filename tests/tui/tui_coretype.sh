# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_coretype.sh: hybrids show each CPU's core type (Alder Lake: P on cpu_core, E on cpu_atom;
# Apple M1: P on Firestorm, E on Icestorm); a machine of one core type has no TYPE column. A vendor name
# both core types define is one column, counted on P and E rows and summed on the all row.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

# type_of CPU: the TYPE cell of that CPU's row
type_of() { tui_cap $S | awk -v c="$1" '$1 == c && $2 ~ /^[0-9]+$/ { print $4; exit }'; }

S=t1
tui_run $S 200 40 --sim adl-hybrid
if tui_wait $S '^CPU. +SKT +CORE +TYPE +MUX' 10 && tui_wait $S '^23 ' 5; then
	pt=$(type_of 0) et=$(type_of 16) e2=$(type_of 23) p2=$(type_of 15)
	if [ "$pt$p2$et$e2" = PPEE ]; then pass adl_p_and_e; else fail adl_p_and_e "0:$pt 15:$p2 16:$et 23:$e2"; fi
else
	fail adl_p_and_e "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

S=t2
tui_run $S 200 40 --sim m1-asahi
if tui_wait $S '^CPU. +SKT +CORE +TYPE +MUX' 10 && tui_wait $S '^7 ' 5; then
	got=""
	for c in 0 1 2 3 4 5 6 7; do got="$got$(type_of $c)"; done
	# the description puts Icestorm on CPUs 0-3 and Firestorm on 4-7, as Asahi Linux numbers them
	if [ "$got" = EEEEPPPP ]; then pass m1_p_and_e; else fail m1_p_and_e "types $got"; fi
else
	fail m1_p_and_e "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# A vendor name both core types define (Intel's Alder Lake files): one column, counted on the P-cores'
# rows (cpu_core) and the E-cores' (cpu_atom), and on the all row (their sum)
S=t4
EV=$(cd "$(dirname "$0")/../.." && pwd)/tests/fixtures/events/intel
tui_run $S 200 40 --sim adl-hybrid --events-dir "$EV" -e ocr.demand_data_rd.l3_miss -d 0.3
if tui_wait $S '^CPU. +SKT +CORE +TYPE +MUX' 10 && tui_wait $S '^23 ' 5 && tui_wait $S '^all ' 5 && sleep 1; then
	tui_cap $S >"$TMPD/ocr.txt"
	if python3 - "$TMPD/ocr.txt" >"$TMPD/ocr.out" 2>&1 <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
head = next(l for l in lines if re.match(r"^CPU. +SKT", l))
cols = [m for m in re.finditer(r"\S+", head) if "l3_miss" in m.group()]  # the title keeps the end of the name
assert len(cols) == 1, "columns %s" % [c.group() for c in cols]
a, b = cols[0].span()
def cell(row):
    l = next(l for l in lines if l.split() and l.split()[0] == row)
    return l[a:b].strip()
got = {r: cell(r) for r in ("0", "15", "16", "23", "all")}
assert all(v and v != "-" and re.match(r"^[0-9.]+[KMG]?$", v) for v in got.values()), got
PY
	then pass adl_vendor_name_on_both; else fail adl_vendor_name_on_both "$(cat "$TMPD/ocr.out")"; fi
else
	fail adl_vendor_name_on_both "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

S=t3
tui_run $S 200 40 --sim spr-2s
if tui_wait $S '^CPU. +SKT +CORE +MUX' 10 && ! tui_cap $S | grep -q TYPE; then
	pass one_type_no_column
else
	fail one_type_no_column "$(tui_dump $S)"
fi
tui_quit $S >/dev/null
t_done
