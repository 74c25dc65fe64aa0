# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_sockets.sh: the sockets view shows memory read/write GB/s, UPI GB/s, L3 hit % and package and
# DRAM watts by default where the machine has them, their uncore events counted only while shown;
# a machine without them says so once instead of empty columns.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

# field N of the "all" row of the sockets table
all_field() { tui_cap "$1" | awk -v n="$2" '$1 == "all" { print $n; exit }'; }
# 0 when lo <= v <= hi
within() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v + 0 >= lo && v + 0 <= hi && v != "") }'; }

# --- spr-2s: every figure, values as machines/spr-2s.machine sets them ---
S=spr
tui_run $S 200 50 --sim spr-2s -d 0.5
tui_wait $S 'SIMULATED: spr-2s' 10
tui_keys $S s
if tui_wait $S '^SKT +CPUs +RD GB/s +WR GB/s +MEM GB/s +UPI GB/s +L3HIT% +PKG W +DRAM W' 5 &&
   tui_wait $S '^all +224 +[0-9]' 10; then
	pass spr_figures_first
else
	fail spr_figures_first "$(tui_dump $S)"
fi
# two sockets of 8 channels x 1.2e8 reads/s x 64 B (spread 10%): 123 GB/s; writes 5e7/s: 51 GB/s;
# UPI 2 x 4 links x 1.2e9 data flits/s x 64/9 B: 68 GB/s; 2 x 250 W package, 2 x 40 W DRAM
rd=$(all_field $S 3) wr=$(all_field $S 4) upi=$(all_field $S 6) l3=$(all_field $S 7)
pkg=$(all_field $S 8) dram=$(all_field $S 9)
if within "$rd" 100 150 && within "$wr" 40 65 && within "$upi" 60 78 && within "$l3" 1 99.9 &&
   within "$pkg" 425 575 && within "$dram" 68 92; then
	pass spr_plausible_values
else
	fail spr_plausible_values "rd=$rd wr=$wr upi=$upi l3=$l3 pkg=$pkg dram=$dram $(tui_dump $S)"
fi
# the per-channel counts stay in the list below, not as table columns
if tui_cap $S | grep -Eq '^uncore_upi_0/event=0x2,umask=0xf/' && ! tui_cap $S | grep -q 'uncore_imc_0/ca~'; then
	pass spr_events_listed_below
else
	fail spr_events_listed_below "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# --- opened only while shown: with the meters off, the cores view counts no uncore event (the
# --prom file, rewritten every interval, names every event counted) ---
printf '[display]\nmeters = false\n' >"$TMPD/nometers.conf"
P="$TMPD/m.prom"
# prom_wait REGEX yes|no: until the file does (not) name an event matching REGEX
prom_wait() {
	i=0
	while [ $i -lt 50 ]; do
		if [ -s "$P" ]; then
			if grep -Eq "$1" "$P"; then [ "$2" = yes ] && return 0; else [ "$2" = no ] && return 0; fi
		fi
		sleep 0.2
		i=$((i + 1))
	done
	return 1
}
S=open
tui_run $S 160 40 --sim spr-2s -d 0.3 --config "$TMPD/nometers.conf" --prom "$P"
tui_wait $S '^all +[0-9]' 10
if prom_wait 'event="cycles"' yes && ! grep -Eq 'event="(uncore_|power/)' "$P"; then
	pass cores_view_counts_no_uncore
else
	fail cores_view_counts_no_uncore "$(grep -o 'event="[^"]*"' "$P" | sort -u | head -20 | tr '\n' ' ')"
fi
tui_keys $S s
if prom_wait 'event="uncore_imc_0/cas_count_read/"' yes && prom_wait 'event="power/energy-pkg/"' yes &&
   tui_wait $S '^all +224 +[0-9.]+ +[0-9.]+ ' 10; then
	pass opened_for_sockets_view
else
	fail opened_for_sockets_view "$(tui_dump $S)"
fi
tui_keys $S c
if prom_wait 'event="(uncore_|power/)' no && prom_wait 'event="cycles"' yes; then
	pass closed_after_leaving
else
	fail closed_after_leaving "$(grep -o 'event="[^"]*"' "$P" | sort -u | head -20 | tr '\n' ' ')"
fi
# the meters showing bandwidth and power need them again; the events view lists only the user's
tui_keys $S m
if prom_wait 'event="uncore_imc_0/cas_count_read/"' yes && tui_wait $S ' MEM rd [0-9.]+ +wr [0-9.]+ GB/s' 10; then
	pass opened_for_meters
else
	fail opened_for_meters "$(tui_dump $S)"
fi
tui_keys $S e
if tui_wait $S '^ 7 events in the list: cycles, .*, cpu-clock *$' 5; then
	pass events_view_lists_the_users_events
else
	fail events_view_lists_the_users_events "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# --- zen4-1s: UMC bandwidth, L3 from amd_l3, package watts; no DRAM energy there ---
S=zen
tui_run $S 160 40 --sim zen4-1s -d 0.5
tui_wait $S 'SIMULATED: zen4-1s' 10
tui_keys $S s
if tui_wait $S '^SKT +CPUs +RD GB/s +WR GB/s +MEM GB/s +L3HIT% +PKG W ' 5 && tui_wait $S '^all +64 +[0-9]' 10 &&
   ! tui_cap $S | grep -q 'DRAM W'; then
	pass zen4_figures
else
	fail zen4_figures "$(tui_dump $S)"
fi
# 12 UMC channels at 5e7 CAS/s x 64 B: 38 GB/s each way; L3 1.2e7 misses of 4e7 lookups: 70% hit
rd=$(all_field $S 3) l3=$(all_field $S 6)
if within "$rd" 30 46 && within "$l3" 65 75; then
	pass zen4_plausible_values
else
	fail zen4_plausible_values "rd=$rd l3=$l3 $(tui_dump $S)"
fi
tui_quit $S >/dev/null

# --- kvm-nopmu and m1-asahi: the reason once, no empty bandwidth or power columns ---
for M in kvm-nopmu m1-asahi; do
	S=$(echo $M | tr -d -)
	tui_run $S 120 30 --sim $M -d 0.5
	tui_wait $S "SIMULATED: $M" 10
	tui_keys $S s
	if tui_wait $S '^SKT +CPUs' 5 &&
	   [ "$(tui_cap $S | grep -c 'no memory bandwidth, UPI or power figures on this machine')" -eq 1 ] &&
	   ! tui_cap $S | grep -Eq 'GB/s|PKG W|DRAM W|L3HIT%'; then
		pass "${S}_says_why_once"
	else
		fail "${S}_says_why_once" "$(tui_dump $S)"
	fi
	tui_quit $S >/dev/null
done
t_done
