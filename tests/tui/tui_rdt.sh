# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_rdt.sh: the sockets view's RDT section: on spr-2s each L3 domain's occupancy and memory
# bandwidth and every resctrl group, moving between refreshes, and the header meters' L3occ and MBM;
# "Unavailable" shown as not counted (-), never 0; on this machine without resctrl, one line saying
# why where the section would be, and nothing on the cores view unless --rdt asks (then the status
# line says it); a recording says nothing.
# With --rdt-cpu-groups the cores view has each CPU's L3OCC, MBT and MBL (not without), agreeing
# with --json's per-CPU figures, sortable; a CPU's group reading "Unavailable" shows -.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"
FIX=$(cd "$(dirname "$0")/../fixtures/resctrl/unavailable" && pwd)

# field N of the first line matching REGEX
field() { tui_cap "$1" | awk -v re="$2" -v n="$3" '$0 ~ re { print $n; exit }'; }

S=spr
tui_run $S 160 50 --sim spr-2s -d 0.5
tui_wait $S 'SIMULATED: spr-2s' 10
# without per-CPU groups the cores view has no RDT columns
if tui_wait $S '^all ' 10 && ! tui_cap $S | grep -Eq '^CPU.*(L3OCC|MBT|MBL)'; then
	pass no_cpu_groups_no_columns
else
	fail no_cpu_groups_no_columns "$(tui_dump $S)"
fi
tui_keys $S s
if tui_wait $S '^ RDT L3 DOMAIN +SKT +L3 OCC +MEM BW +LOCAL BW' 5 &&
   tui_wait $S '^ L3 0 +0 +[0-9.]+M +[0-9.]+G/s +[0-9.]+G/s' 10; then
	pass spr_domains
else
	fail spr_domains "$(tui_dump $S)"
fi
if tui_wait $S '^ RESCTRL GROUP +KIND' 2 && tui_wait $S '^ / +[0-9.]+M' 2 && tui_wait $S '^ /web +mon +[0-9.]+M +[0-9.]+G/s' 2 &&
   tui_wait $S '^ batch +ctrl +[0-9.]+M' 2 && tui_wait $S '^ batch/etl +mon' 2; then
	pass spr_groups
else
	fail spr_groups "$(tui_dump $S)"
fi
if tui_wait $S 'L3occ [0-9]+ MiB +MBM [0-9.]+ GB/s' 5; then pass meters; else fail meters "$(tui_dump $S)"; fi
a=$(field $S '^ L3 0 ' 4)
moved=no
i=0
while [ $i -lt 30 ]; do
	sleep 0.2
	b=$(field $S '^ L3 0 ' 4)
	if [ -n "$b" ] && [ "$b" != "$a" ]; then moved=yes; break; fi
	i=$((i + 1))
done
[ $moved = yes ] && pass spr_moves || fail spr_moves "MEM BW stayed $a: $(tui_dump $S)"
tui_quit $S >/dev/null

# --- --rdt-cpu-groups: each CPU's L3OCC, MBT and MBL in the cores view, as --json has them ---
S=cpug
tui_run $S 200 50 --sim spr-2s --sim-clock step --rdt-cpu-groups -d 1 -e cycles
if tui_wait $S '^CPU.* L3OCC +MBT +MBL *$' 10 && tui_wait $S '^0 +0 +0 .* [0-9.]+[KM] +[0-9.]+M/s +[0-9.]+M/s *$' 10 &&
   tui_wait $S '^all .* [0-9.]+M +[0-9.]+G/s +[0-9.]+G/s *$' 5; then
	pass cpu_columns
else
	fail cpu_columns "$(tui_dump $S)"
fi
# a few refreshes in (the load changes every two simulated seconds), then still
i=0
while [ $i -lt 60 ] && ! tui_cap $S | grep -Eq 'elapsed ([3-9]|[1-9][0-9])s'; do sleep 0.2; i=$((i + 1)); done
tui_keys $S p
tui_wait $S 'PAUSED' 3
sleep 0.3
tui_cap $S >"$TMPD/cpug.txt"
# on the stepped clock (--sim-clock step) the Nth refresh of the screen and the Nth interval of a
# batch run read the same counts: the screen's figures are --json's of the interval that ends at
# the same simulated time, within the screen's rounding, for every CPU row shown and the all row
"$PMUTOP" --sim spr-2s --sim-clock step -b --json -n 30 -d 1 -e cycles --rdt-cpu-groups >"$TMPD/cpug.json" 2>/dev/null
if python3 - "$TMPD/cpug.txt" "$TMPD/cpug.json" <<'EOF'
import json, re, sys
scr = open(sys.argv[1]).read().splitlines()
el = int(re.search(r"elapsed (\d+)s", "\n".join(scr)).group(1))
def num(t):
    t = t.replace("/s", "")
    return float(t[:-1]) * {"K": 1e3, "M": 1e6, "G": 1e9}[t[-1]]
rows, allr = {}, None
for l in scr:
    f = l.split()
    if f and re.fullmatch(r"\d+", f[0]) and len(f) > 6:
        rows[int(f[0])] = [num(x) for x in f[-3:]]
    if f and f[0] == "all":
        allr = [num(x) for x in f[-3:]]
assert len(rows) >= 30 and allr, (rows, allr)
keys = ("rdt_l3_occupancy_bytes", "rdt_memory_bytes_per_s", "rdt_local_memory_bytes_per_s")
def close(a, b, unit):
    return abs(a - b) <= 0.01 * b + unit   # the screen shows three or four digits
def agree(j):
    cpus = {c["cpu"]: c["metrics"] for c in j["cpus"]}
    for c, v in rows.items():
        if not all(close(v[k], cpus[c][keys[k]], 1e3 if k == 0 else 0.1e6) for k in range(3)):
            return False
    sysm = j["system"]["metrics"]
    return all(close(allr[k], sysm[keys[k]], 0.01e9) for k in range(3))
js = [json.loads(l) for l in open(sys.argv[2])]
# the header's elapsed time is whole seconds, one refresh a second: the one shown ends at el
near = [j for j in js if abs(j["time"] - el) < 1e-6 and j["cpus"][0]["metrics"][keys[1]] is not None]
assert near, (el, [j["time"] for j in js])
assert any(agree(j) for j in near), (el, sorted(rows.items())[:4], allr)
EOF
then
	pass cpu_columns_agree_with_json
else
	fail cpu_columns_agree_with_json "$(tui_dump $S)"
fi
# sorted by MBT: busiest first
i=0
while [ $i -lt 40 ] && ! tui_cap $S | grep -Eq 'MBT[▾v]'; do tui_keys $S '>'; sleep 0.2; i=$((i + 1)); done
sleep 0.5
mbts=$(tui_cap $S | awk '$1 ~ /^[0-9]+$/ && NF > 6 { v = $(NF - 1); sub("/s", "", v); m = substr(v, length(v)); v = substr(v, 1, length(v) - 1) * (m == "G" ? 1000 : m == "K" ? 0.001 : 1); printf "%s ", v }')
if tui_cap $S | grep -Eq 'MBT[▾v]' && [ "$(echo $mbts | wc -w)" -ge 30 ] &&
   echo "$mbts" | awk '{ for (i = 2; i <= NF; i++) if ($i > $(i - 1)) exit 1 }' &&
   [ "$(echo "$mbts" | tr ' ' '\n' | sort -u | wc -l)" -gt 5 ]; then
	pass cpu_columns_sort
else
	fail cpu_columns_sort "$mbts $(tui_dump $S)"
fi
tui_quit $S >/dev/null

# --- the fixture's per-CPU groups: a value read is shown (0 bytes/s as 0.0), "Unavailable" as - ---
rm -rf "$TMPD/fxc"
cp -r "$FIX" "$TMPD/fxc"
RC="$TMPD/fxc/sys/fs/resctrl/mon_groups"
S=fxc
tui_run $S 160 40 --sysfs "$TMPD/fxc/sys" --rdt-cpu-groups -d 0.3 -e cpu-clock
i=0
while [ $i -lt 100 ] && ! [ -d "$RC/pmutop_cpu1" ]; do sleep 0.1; i=$((i + 1)); done
for d in 00 01; do
	mkdir -p "$RC/pmutop_cpu0/mon_data/mon_L3_$d" "$RC/pmutop_cpu1/mon_data/mon_L3_$d"
	echo 1048576 >"$RC/pmutop_cpu0/mon_data/mon_L3_$d/llc_occupancy"
	echo 5000 >"$RC/pmutop_cpu0/mon_data/mon_L3_$d/mbm_total_bytes"
	echo 4000 >"$RC/pmutop_cpu0/mon_data/mon_L3_$d/mbm_local_bytes"
	for f in llc_occupancy mbm_total_bytes mbm_local_bytes; do
		echo Unavailable >"$RC/pmutop_cpu1/mon_data/mon_L3_$d/$f"
	done
done
if tui_wait $S '^0 +0 +0 .* 2\.1M +0\.0M/s +0\.0M/s *$' 10 && tui_wait $S '^1 +1 +0 .* - +- +- *$' 3; then
	pass cpu_columns_not_counted
elif tui_cap $S | grep -q perf_event_paranoid; then
	skip cpu_columns_not_counted "the kernel refused cpu-clock"
else
	fail cpu_columns_not_counted "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# --- zen4-1s at 80x24: eight CCX domains do not fit; the last line says so ---
S=zen
tui_run $S 80 24 --sim zen4-1s -d 0.5
tui_wait $S 'SIMULATED: zen4-1s' 10
tui_keys $S s
if tui_wait $S '^ L3 0 +0 +[0-9.]+M' 10 && tui_wait $S '^ \.\.\. [0-9]+ more L3 domains' 2; then
	pass zen_domains_cut_said
else
	fail zen_domains_cut_said "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# --- the fixture: Unavailable and Error shown as -, never 0 ---
cp -r "$FIX" "$TMPD/fx"
S=fx
tui_run $S 160 40 --sysfs "$TMPD/fx/sys" -d 0.3 -e cpu-clock
tui_keys $S s
if tui_wait $S '^ L3 0 +0 +3.1M +- +-' 10 && tui_wait $S '^ L3 1 +1 +- +0.0M/s +-' 5; then
	pass fixture_not_counted
elif tui_cap $S | grep -q perf_event_paranoid; then
	skip fixture_not_counted "the kernel refused cpu-clock"
else
	fail fixture_not_counted "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# --- a huge occupancy (2^64-1 bytes) keeps its unit in its cell (it showed as "1844674407", the
# leftmost characters of "18446744073.71G"): the domain and its control group read 18.45E ---
cp -r "$FIX" "$TMPD/fxh"
echo 18446744073709551615 >"$TMPD/fxh/sys/fs/resctrl/ctl1/mon_data/mon_L3_00/llc_occupancy"
S=fxh
if live_refused; then   # the screen over this kernel's counters cannot start for this user
	skip huge_occupancy_keeps_unit "$LIVE_WHY"
else
tui_run $S 160 40 --sysfs "$TMPD/fxh/sys" -d 0.3 -e cpu-clock
tui_keys $S s
if tui_wait $S '^ L3 0 +0 +18\.45E +- +-' 10 && tui_wait $S '^ ctl1 +ctrl +18\.45E ' 5; then
	pass huge_occupancy_keeps_unit
else   # resctrl's figures, not perf's: no refusal excuses them
	fail huge_occupancy_keeps_unit "$(tui_dump $S)"
fi
tui_quit $S >/dev/null
fi

# --- a recording has no RDT figures, and nobody asked: nothing said ---
"$PMUTOP" --sim spr-2s -b -x, -n 3 -d 0.2 -e cycles -o "$TMPD/rec.csv" 2>/dev/null
S=rec
tui_run $S 160 40 --replay "$TMPD/rec.csv"
tui_keys $S s
if tui_wait $S '^SKT +CPUs' 10 && ! tui_cap $S | grep -q -e RDT -e resctrl; then
	pass replay_quiet
else
	fail replay_quiet "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# --- this machine: no resctrl, said once on the sockets view only ---
if [ -d /sys/fs/resctrl/info/L3_MON ]; then
	skip no_resctrl "this machine has resctrl monitoring"
elif live_refused; then
	skip no_resctrl "$LIVE_WHY"
else
	S=none
	tui_run $S 160 40 -d 0.3 -e cpu-clock
	tui_wait $S '^ *CPU' 10
	if tui_cap $S | grep -q -e 'RDT' -e resctrl; then fail no_resctrl_quiet_on_cores "$(tui_dump $S)"; else pass no_resctrl_quiet_on_cores; fi
	tui_keys $S s
	if tui_wait $S 'RDT monitoring: (no resctrl here|resctrl is not mounted)' 5 &&
	   [ "$(tui_cap $S | grep -c 'RDT monitoring')" = 1 ]; then
		pass no_resctrl_said_once
	else
		fail no_resctrl_said_once "$(tui_dump $S)"
	fi
	tui_quit $S >/dev/null
	# --rdt asks for it: the status line says why there is none from the first screen (the
	# cores view), as batch says it on stderr
	S=asked
	tui_run $S 160 40 --rdt -d 0.3 -e cpu-clock
	if tui_wait $S '^ *CPU' 10 && tui_wait $S 'RDT monitoring: (no resctrl here|resctrl is not mounted)' 3; then
		pass rdt_asked_said_on_screen
	else
		fail rdt_asked_said_on_screen "$(tui_dump $S)"
	fi
	tui_quit $S >/dev/null
fi
t_done
