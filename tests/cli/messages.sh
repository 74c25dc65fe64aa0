# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# messages.sh: messages that say what failed and what to do: --sim with an unknown machine
# names a command that works, --sim-tree without --sim is refused, a bad sort key and an event
# set syntax error in the config name FILE:LINE; --json and -x imply batch output; a bad option is
# one line and the way to the help; -C names the online CPUs; an unknown event gets the nearest
# names, perf's built-in ones included; the advice about event tables names the vendor's source.
. "$(dirname "$0")/../lib.sh"
export XDG_CONFIG_HOME="$TMPD/xdg" HOME="$TMPD/home"

# expect NAME STATUS PATTERN ARGS...: exit status and a line of stderr matching PATTERN (grep -E)
expect() {
	name=$1 want=$2 pat=$3; shift 3
	"$PMUTOP" "$@" >"$TMPD/out" 2>"$TMPD/err" </dev/null
	rc=$?
	if [ $rc -ne "$want" ]; then
		fail "$name" "exit $rc, wanted $want: $(head -c 300 "$TMPD/err")"
	elif [ -n "$pat" ] && ! grep -Eq -- "$pat" "$TMPD/err"; then
		fail "$name" "stderr lacks /$pat/: $(head -c 300 "$TMPD/err")"
	else
		pass "$name"
	fi
}

expect sim_unknown_machine 2 "unknown machine 'nosuch'.*pmutop --list-machines" --sim nosuch
# the command the message names works and lists the machines
if "$PMUTOP" --list-machines 2>/dev/null | grep -qx adl-hybrid; then pass suggested_command_works; else fail suggested_command_works "no list"; fi
expect sim_tree_needs_sim 2 '^pmutop: --sim-tree DIR .*--sim MACHINE' --sim-tree "$TMPD/tree"
if [ -e "$TMPD/tree" ]; then fail sim_tree_nothing_written "$TMPD/tree exists"; else pass sim_tree_nothing_written; fi

printf '[display]\ninterval = 0.1\n\nsort = ipcc\n' >"$TMPD/sort.conf"
expect bad_sort_key 2 "^pmutop: $TMPD/sort.conf:4: sort: no column \"ipcc\" \(columns: cpu, .*ipc," \
	--sim adl-hybrid --config "$TMPD/sort.conf" -b -n 1
printf '[display]\nsort = branches\n' >"$TMPD/sortev.conf"
expect event_sort_key_ok 0 '' --sim adl-hybrid --config "$TMPD/sortev.conf" -b -n 1 -d 0.05
printf '[display]\nsort = mem-read\n' >"$TMPD/sortfix.conf"
expect fixed_sort_key_ok_anywhere 0 '' --sim kvm-nopmu --config "$TMPD/sortfix.conf" -b -n 1 -d 0.05

printf '[events]\nset = mine\n\n[eventset mine]\ndescription = mine\nevents = cycles,{instructions\n' >"$TMPD/ev.conf"
expect eventset_syntax_error_has_file_line 2 \
	"^pmutop: $TMPD/ev.conf:6: \[eventset mine\] events: event syntax error at column 8" \
	--sim adl-hybrid --config "$TMPD/ev.conf" -b -n 1
# -e on the command line: no file to name
expect cmdline_syntax_error_no_file 2 '^pmutop: event syntax error at column' --sim adl-hybrid -e 'cycles,{x' -b -n 1

# a bad option: one line saying what, then the way to the help (not the whole help)
for a in --bogus -Z --json=x --li --delay; do
	"$PMUTOP" $a >"$TMPD/out" 2>"$TMPD/err" </dev/null
	rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l <"$TMPD/err")" -eq 2 ] && [ ! -s "$TMPD/out" ] &&
	   head -n 1 "$TMPD/err" | grep -Eq "^pmutop: (unknown option|option) '" &&
	   [ "$(tail -n 1 "$TMPD/err")" = "Try 'pmutop --help'." ]; then
		pass "bad_option_one_line_$a"
	else
		fail "bad_option_one_line_$a" "exit $rc: $(head -c 300 "$TMPD/err")"
	fi
done
expect bad_option_names_it 2 "^pmutop: unknown option '--bogus'$" --bogus
expect missing_argument_named 2 "^pmutop: option '--delay' needs an argument$" --delay
expect ambiguous_option_lists 2 "^pmutop: option '--li' is ambiguous: .*--listen" --li
expect unknown_short_in_cluster 2 "^pmutop: unknown option '-Z'$" -bZ

# -C: the CPUs that are not online, and those that are
expect cpu_not_online_names_online 2 '^pmutop: -C 0,500-502: CPUs 500-502 not online \(online: 0-223\)$' \
	--sim spr-2s -C 0,500-502 -b -n 1
expect cpu_list_malformed 2 '^pmutop: -C 1-x: not a CPU list' --sim spr-2s -C 1-x -b -n 1

# an unknown event: the nearest names, perf's own among them; nothing far-fetched
expect generic_name_suggested 2 '^pmutop: did you mean cycles\?$' --sim spr-2s -e cylces -b -n 1
expect generic_name_suggested_nopmu 2 '^pmutop: did you mean cpu-clock\?$' --sim kvm-nopmu -e cpu-clok -b -n 1
expect cache_name_suggested 2 '^pmutop: did you mean LLC-load-misses\?$' --sim zen4-1s -e LLC-load-mises -b -n 1
# advice about tables: each vendor's own source (a CPU whose tables libpfm4 does not have either)
expect tables_advice_intel 2 "no event tables for GenuineIntel-6-99-1: put Intel's perfmon files" \
	--sim kvm-nopmu --cpuid GenuineIntel-6-99-1 -e qwerty -b -n 1
expect tables_advice_amd 2 "no event tables for AuthenticAMD-26-2-1: put the kernel's .*arch/x86 folder .*amdzen" \
	--sim kvm-nopmu --cpuid AuthenticAMD-26-2-1 -e qwerty -b -n 1
if grep -q "Intel" "$TMPD/err"; then fail tables_advice_amd_not_intel "$(cat "$TMPD/err")"; else pass tables_advice_amd_not_intel; fi
expect tables_advice_arm 2 "no event tables for 0x00000000410fd0c0: put the kernel's .*arch/arm64 folder" \
	--sim kvm-nopmu --cpuid 0x00000000410fd0c0 -e qwerty -b -n 1

# --json implies -b: JSON on stdout, one object per sample
if "$PMUTOP" --sim kvm-nopmu --json -n 2 -d 0.05 >"$TMPD/j" 2>"$TMPD/err" && [ "$(grep -c '^{"time"' "$TMPD/j")" -eq 2 ]; then
	pass json_implies_batch
else
	fail json_implies_batch "$(head -c 300 "$TMPD/err")"
fi
t_done
