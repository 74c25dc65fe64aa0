# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# interval_range.sh: one range for the refresh interval: -d and [display] interval accept
# 0.001 s and 3600 s and refuse what lies outside with the same bounds in the message.
. "$(dirname "$0")/../lib.sh"

printf '     1.0,CPU0,1000,,cycles,1000000,100.00,,\n' >"$TMPD/rec.csv"
export XDG_CONFIG_HOME="$TMPD/xdg" HOME="$TMPD/home"

if "$PMUTOP" --sim kvm-nopmu -b -n 2 -d 0.001 --json >"$TMPD/out" 2>"$TMPD/err" && [ "$(wc -l <"$TMPD/out")" -eq 2 ]; then
	pass d_0_001_runs
else
	fail d_0_001_runs "$(head -c 300 "$TMPD/err")"
fi
"$PMUTOP" -d 0.0005 -b -n 1 >/dev/null 2>"$TMPD/err"
rc=$?
if [ $rc -eq 2 ] && grep -q 'from 0.001 to 3600' "$TMPD/err"; then pass d_below_range; else fail d_below_range "exit $rc: $(cat "$TMPD/err")"; fi
"$PMUTOP" -d 3601 -b -n 1 >/dev/null 2>"$TMPD/err"
rc=$?
if [ $rc -eq 2 ] && grep -q 'from 0.001 to 3600' "$TMPD/err"; then pass d_above_range; else fail d_above_range "exit $rc"; fi

printf '[display]\ninterval = 0.001\n' >"$TMPD/ok.conf"
if "$PMUTOP" --config "$TMPD/ok.conf" --replay "$TMPD/rec.csv" -b --json >/dev/null 2>"$TMPD/err"; then
	pass config_0_001_accepted
else
	fail config_0_001_accepted "$(cat "$TMPD/err")"
fi
printf '[display]\ninterval = 0.0005\n' >"$TMPD/low.conf"
"$PMUTOP" --config "$TMPD/low.conf" --replay "$TMPD/rec.csv" -b --json >/dev/null 2>"$TMPD/err"
rc=$?
if [ $rc -eq 2 ] && grep -q "low.conf:2: interval: .*0.001" "$TMPD/err"; then
	pass config_below_range
else
	fail config_below_range "exit $rc: $(cat "$TMPD/err")"
fi
t_done
