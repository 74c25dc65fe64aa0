#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# exporter_hostile.sh: the exporter against hostile clients (issue 26, round 3): 128 slowloris
# connections trickling a header byte each second do not keep a scrape out and are closed at the
# request deadline ([exporter] timeout) however they trickle; three pipelined requests on one
# connection get three answers and the connection stays open (keep-alive); 128 slow readers of
# big-1024 x 16 events at -d 0.1 keep the RSS under 64 MB (the target; a reader pins the snapshot its
# response started from and the old ones held are capped); broadcast and multicast addresses are
# refused; the textfile goes through base/safefile as root (no planted link followed, owner and mode
# kept). Loopback only, ports the kernel picks, every client bounded in time
# (tests/cli/exporter_hostile.py).
. "$(dirname "$0")/../lib.sh"
HERE=$(cd "$(dirname "$0")" && pwd)
need_binary
PIDS=""
trap 'for p in $PIDS; do kill "$p" 2>/dev/null; done; rm -rf "$TMPD"' EXIT

# start_server NAME ARGS...: pmutop in the background; sets PID and PORT once it serves
start_server() {
	n=$1; shift
	: >"$TMPD/$n.err"
	"$PMUTOP" "$@" >/dev/null 2>"$TMPD/$n.err" &
	PID=$!
	PIDS="$PIDS $PID"
	PORT=""
	i=0
	while [ $i -lt 300 ]; do   # 30 s at most (big-1024's simulated tree comes first)
		PORT=$(sed -n 's|.*serving metrics on http://[^ ]*:\([0-9]*\)/metrics.*|\1|p' "$TMPD/$n.err")
		[ -n "$PORT" ] && return 0
		kill -0 "$PID" 2>/dev/null || return 1
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# run_checks ARGS...: exporter_hostile.py's lines, counted into this script's result
run_checks() {
	timeout 120 python3 "$HERE/exporter_hostile.py" "$T_NAME" "$@" >"$TMPD/checks.txt" 2>&1
	cat "$TMPD/checks.txt"
	grep -q '^PASS ' "$TMPD/checks.txt" || fail "$1" "$(tail -c 400 "$TMPD/checks.txt")"
	T_FAILS=$((T_FAILS + $(grep -c '^FAIL ' "$TMPD/checks.txt")))
}

# --- slowloris and pipelining: the default 128 connections, a 4 s request deadline ---------------
printf '[exporter]\nlisten = 0\ntimeout = 4\n' >"$TMPD/t4.conf"
if start_server slow --sim spr-2s -b -d 0.5 --quiet --config "$TMPD/t4.conf"; then
	sleep 1   # the first interval's exposition
	run_checks slowloris "$PORT" 4 128
	run_checks pipeline "$PORT"
	kill "$PID"
else
	fail server_start "$(head -c 300 "$TMPD/slow.err")"
fi

# --- 128 slow readers of a large exposition, a new one every 0.1 s ------------------------------
case "$PMUTOP" in
*build-san*) skip rss_bounded_under_slow_readers "AddressSanitizer's quarantine and shadow memory change RSS" ;;
*)
	EV=cycles,instructions,ref-cycles,branch-instructions,branch-misses,cache-references,cache-misses
	EV=$EV,r01c2,r02c2,r03c2,r04c2,r05c2,r06c2,r07c2,r08c2,r09c2
	if start_server big --sim big-1024 -b -d 0.1 --quiet -e "$EV" --listen 0; then
		sleep 2
		run_checks slowreaders "$PORT" "$PID" 128 13
		kill "$PID"
	else
		fail big_server_start "$(head -c 300 "$TMPD/big.err")"
	fi ;;
esac

# --- the textfile as root: no link another user planted is followed, the user's file keeps its owner
# and mode (65534, nobody, is "another user": arranging it needs root) ------------------------------
if [ "$(id -u)" != 0 ]; then
	skip textfile_as_root "needs root (files of another user)"
else
	D="$TMPD/tf"
	mkdir -p "$D"
	echo "root only" >"$TMPD/secret"
	chmod 0600 "$TMPD/secret"
	ln -s "$TMPD/secret" "$D/planted.prom"
	chown -h 65534:65534 "$D/planted.prom"
	timeout 20 "$PMUTOP" --sim spr-2s -b -n 2 -d 0.05 --quiet --prom "$D/planted.prom" >/dev/null 2>"$TMPD/tf.err"
	rc=$?
	if [ $rc -eq 1 ] && grep -q 'planted.prom: cannot write it: .*symbolic link another user may control' "$TMPD/tf.err" &&
		[ "$(cat "$TMPD/secret")" = "root only" ] && [ -L "$D/planted.prom" ]; then
		pass textfile_planted_link_refused
	else
		fail textfile_planted_link_refused "exit $rc: $(head -c 300 "$TMPD/tf.err"); secret: $(head -c 50 "$TMPD/secret")"
	fi
	# the user's own textfile (under sudo): rewritten every interval, still theirs with mode 0640
	U="$TMPD/user"
	mkdir -p "$U"
	chown 65534:65534 "$U"
	: >"$U/m.prom"
	chown 65534:65534 "$U/m.prom"
	chmod 0640 "$U/m.prom"
	SUDO_UID=65534 timeout 20 "$PMUTOP" --sim spr-2s -b -n 3 -d 0.05 --quiet --prom "$U/m.prom" >/dev/null 2>"$TMPD/tu.err"
	rc=$?
	if [ $rc -eq 0 ] && grep -q '^pmutop_event_total{' "$U/m.prom" && [ "$(stat -c '%u:%g %a' "$U/m.prom")" = "65534:65534 640" ] &&
		[ -z "$(ls -A "$U" | grep -v '^m\.prom$')" ]; then
		pass textfile_keeps_owner_and_mode
	else
		fail textfile_keeps_owner_and_mode "exit $rc: $(stat -c '%u:%g %a' "$U/m.prom") $(ls -A "$U" | tr '\n' ' ') $(head -c 200 "$TMPD/tu.err")"
	fi
	# a link planted while it runs is not followed either: the secret stays, the run goes on
	SUDO_UID=65534 timeout 30 "$PMUTOP" --sim spr-2s -b -n 100 -d 0.05 --quiet --prom "$U/m.prom" >/dev/null 2>"$TMPD/tr.err" &
	TP=$!
	PIDS="$PIDS $TP"
	sleep 0.5
	# swapped in by a rename, as pmutop replaces the file meanwhile; a swap that lands between
	# pmutop's check and its own rename is replaced by that rename (harmless: a rename never follows
	# a link), so it is planted again, up to 5 times, until it stays over several intervals
	i=0
	while [ $i -lt 5 ]; do
		ln -s "$TMPD/secret" "$U/.lnk"
		chown -h 65534:65534 "$U/.lnk"
		mv -T "$U/.lnk" "$U/m.prom"
		sleep 0.4
		[ -L "$U/m.prom" ] && break
		i=$((i + 1))
	done
	wait "$TP"
	rc=$?
	if [ $rc -eq 0 ] && [ "$(cat "$TMPD/secret")" = "root only" ] && [ -L "$U/m.prom" ] &&
		[ "$(stat -c '%u %a' "$TMPD/secret")" = "0 600" ]; then
		pass textfile_link_planted_while_running
	else
		fail textfile_link_planted_while_running "exit $rc; secret: $(head -c 50 "$TMPD/secret") $(stat -c '%u %a' "$TMPD/secret")"
	fi
fi

# --- addresses no server listens on ---------------------------------------------------------------
for a in 255.255.255.255:0 224.0.0.1:9100 "[ff02::1]:9100"; do
	timeout 20 "$PMUTOP" --sim spr-2s -b -n 1 --listen "$a" >/dev/null 2>"$TMPD/bc.err"
	rc=$?
	if [ $rc -eq 2 ] && grep -q 'multicast, broadcast or reserved address' "$TMPD/bc.err"; then
		pass "refused_$a"
	else
		fail "refused_$a" "exit $rc: $(head -c 300 "$TMPD/bc.err")"
	fi
done
t_done
