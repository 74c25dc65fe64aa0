# SPDX-License-Identifier: GPL-2.0-or-later
# messages.sh: messages that say what failed and what to do: --sim with an unknown machine
# names a command that works, --sim-tree without --sim is refused, a bad sort key and an event
# set syntax error in the config name FILE:LINE; --json and -x imply batch output.
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

# --json implies -b: JSON on stdout, one object per sample
if "$PMUTOP" --sim kvm-nopmu --json -n 2 -d 0.05 >"$TMPD/j" 2>"$TMPD/err" && [ "$(grep -c '^{"time"' "$TMPD/j")" -eq 2 ]; then
	pass json_implies_batch
else
	fail json_implies_batch "$(head -c 300 "$TMPD/err")"
fi
t_done
