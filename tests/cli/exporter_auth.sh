#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# exporter_auth.sh: basic authentication against wrong passwords (issue 37), with a real client on
# loopback (tests/cli/exporter_auth.py): while 120 connections pipeline wrong passwords at bcrypt cost
# 10, every correct scrape is answered within 50 ms (its password was checked once, at the first
# scrape), the flood gets 429 with Retry-After, and a user not checked yet, from another address, is
# let in; a bcrypt cost above 12 (13, 20, 31) is refused at start, at once, with the time a check
# would take (exit status 2, as the web configuration's other mistakes), 12 is accepted; SIGTERM
# ends pmutop within a second while 40 addresses send wrong passwords at cost 12 (checks under way,
# waiting, refusals held).
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tlslib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
need_binary
PIDS=""
trap 'for p in $PIDS; do kill "$p" 2>/dev/null; done; rm -rf "$TMPD"' EXIT

# alice's "alice-pw" at cost 10 (the cost exporter-toolkit's documentation shows), bob's "bob-pw" at 4;
# a hash at cost 12 (of "x"), the highest accepted: made with libxcrypt's crypt() for these tests
ALICE10='$2y$10$pmutopTestSaltForAlice4IKkEK0lP9x07noLUAw8KpGgsZeJo/.'
HASH12='$2y$12$pmutopTestSaltForAliceQLvgSm9ewFA7b4Oi6TDhmNRbeCEJDbG'

# start_server NAME CONFIG: pmutop serving with the web configuration; sets PID and PORT once it serves
start_server() {
	n=$1 cfg=$2
	: >"$TMPD/$n.err"
	"$PMUTOP" --sim kvm-nopmu -b -d 0.5 --quiet --listen 127.0.0.1:0 --web-config "$cfg" >/dev/null 2>"$TMPD/$n.err" &
	PID=$!
	PIDS="$PIDS $PID"
	PORT=""
	i=0
	while [ $i -lt 200 ]; do
		PORT=$(sed -n 's|^pmutop: serving metrics on http://127.0.0.1:\([0-9]*\)/metrics.*|\1|p' "$TMPD/$n.err")
		[ -n "$PORT" ] && return 0
		kill -0 "$PID" 2>/dev/null || return 1
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# run_checks CHECK ARGS...: exporter_auth.py's lines, counted into this script's result
run_checks() {
	timeout 120 python3 "$HERE/exporter_auth.py" "$T_NAME" "$@" >"$TMPD/checks.txt" 2>&1
	cat "$TMPD/checks.txt"
	grep -q '^PASS ' "$TMPD/checks.txt" || fail "$1" "$(tail -c 400 "$TMPD/checks.txt")"
	T_FAILS=$((T_FAILS + $(grep -c '^FAIL ' "$TMPD/checks.txt")))
}

# --- 120 connections sending wrong passwords beside the scrapes --------------------------------
printf 'basic_auth_users:\n  alice: %s\n  bob: %s\n' "$ALICE10" "$TLS_BOB" >"$TMPD/web.yml"
if start_server flood "$TMPD/web.yml"; then
	run_checks flood "$PORT" 120 20
	kill "$PID"
else
	fail flood_server_start "$(head -c 300 "$TMPD/flood.err")"
fi

# --- costs above 12 refused at start, at once; 12 accepted ---------------------------------------
for cost in 13 20 31; do
	printf 'basic_auth_users:\n  bob: %s\n  alice: $2y$%s$pmutopTestSaltForAlice4IKkEK0lP9x07noLUAw8KpGgsZeJo/.\n' \
		"$TLS_BOB" $cost >"$TMPD/c$cost.yml"
	timeout 10 "$PMUTOP" --sim kvm-nopmu -b -n 1 --listen 127.0.0.1:0 --web-config "$TMPD/c$cost.yml" >/dev/null 2>"$TMPD/c.err"
	rc=$?
	if [ $rc -eq 2 ] && grep -q "^pmutop: --web-config .*/c$cost.yml:3: basic_auth_users: alice: bcrypt cost $cost is above 12, the most pmutop accepts (a check takes about 0.2 s at 12 and twice as long at each step up: .* at $cost); make the hash again at cost 10" "$TMPD/c.err" &&
		! grep -q 'serving metrics' "$TMPD/c.err"; then
		pass "cost_${cost}_refused"
	else
		fail "cost_${cost}_refused" "exit $rc: $(head -c 300 "$TMPD/c.err")"
	fi
done
printf 'basic_auth_users:\n  alice: %s\n' "$HASH12" >"$TMPD/c12.yml"
if start_server c12 "$TMPD/c12.yml"; then
	pass cost_12_accepted
	# --- SIGTERM while checks at cost 12 are under way and waiting -----------------------------
	run_checks sigterm "$PORT" "$PID" 40
else
	fail cost_12_accepted "$(head -c 300 "$TMPD/c12.err")"
fi
t_done
