#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# fleet_screen_args.sh: --fleet without -b is the screen (this machine's views and the fleet view),
# so it takes --sim and the like; with -b they are refused (the rows are the fleet's only); --fleet-host
# is for -b; the screen without a URL or without a terminal says what to do. No server is reached.
. "$(dirname "$0")/../lib.sh"
need_binary
export XDG_CONFIG_HOME="$TMPD/xdg" HOME="$TMPD/home"
u=http://127.0.0.1:9

expect() {   # NAME STATUS REGEX ARGS...
	n=$1 want=$2 re=$3
	shift 3
	"$PMUTOP" "$@" </dev/null >"$TMPD/out" 2>&1
	rc=$?
	if [ "$rc" -eq "$want" ] && grep -Eq -- "$re" "$TMPD/out"; then pass "$n"; else fail "$n" "exit $rc: $(head -c 300 "$TMPD/out")"; fi
}
expect batch_refuses_sim 2 'counts nothing here' --fleet "$u" -b --sim spr-2s
expect fleet_host_is_for_batch 2 'is for -b.*Enter' --fleet "$u" --fleet-host a:1
expect screen_needs_url 2 'needs a URL' --fleet --sim spr-2s
# the screen with --sim is accepted: it gets as far as the terminal check (not a usage error)
expect screen_takes_sim 2 'standard output is not a terminal' --fleet "$u" --sim spr-2s
t_done
