# SPDX-License-Identifier: GPL-2.0-or-later
# tui_rdt.sh: the sockets view's RDT section: on spr-2s each L3 domain's occupancy and memory
# bandwidth and every resctrl group, moving between refreshes, and the header meters' L3occ and MBM;
# "Unavailable" shown as not counted (-), never 0; on this machine without resctrl, one line saying
# why where the section would be, and nothing on the cores view; a recording says nothing.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"
FIX=$(cd "$(dirname "$0")/../fixtures/resctrl/unavailable" && pwd)

# field N of the first line matching REGEX
field() { tui_cap "$1" | awk -v re="$2" -v n="$3" '$0 ~ re { print $n; exit }'; }

S=spr
tui_run $S 160 50 --sim spr-2s -d 0.5
tui_wait $S 'SIMULATED: spr-2s' 10
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
fi
t_done
