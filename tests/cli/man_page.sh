#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# man_page.sh: pmutop.1 is clean under mandoc -Tlint and groff -man -ww (its .TH date parses), and
# complete: every environment variable the source reads is in ENVIRONMENT, every configuration key
# of --list-options in CONFIGURATION, and the service, setcap and --web-config have their words.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
MAN="$ROOT/pmutop.1"
if command -v mandoc >/dev/null 2>&1; then
	mandoc -Tlint "$MAN" >"$TMPD/lint" 2>&1
	if [ ! -s "$TMPD/lint" ]; then pass mandoc_lint_clean; else fail mandoc_lint_clean "$(head -c 400 "$TMPD/lint")"; fi
else
	skip mandoc_lint_clean "mandoc is not installed (make test-deps installs it)"
fi
if command -v groff >/dev/null 2>&1; then
	groff -man -Tutf8 -ww "$MAN" >"$TMPD/out" 2>"$TMPD/err"
	if [ ! -s "$TMPD/err" ] && [ -s "$TMPD/out" ]; then pass groff_ww_clean; else fail groff_ww_clean "$(head -c 400 "$TMPD/err")"; fi
else
	skip groff_ww_clean "groff is not installed"
fi
# ENVIRONMENT names every variable a getenv() in src/ reads
sed -n '/^\.SH ENVIRONMENT/,/^\.SH /p' "$MAN" >"$TMPD/env"
missing=""
for v in $(grep -rhoE 'getenv\("[A-Z_]+"\)' "$ROOT/src" | sed 's/getenv("\(.*\)")/\1/' | sort -u); do
	grep -q "^\.B.*\b$v\b" "$TMPD/env" || missing="$missing $v"
done
[ -z "$missing" ] && pass environment_complete || fail environment_complete "ENVIRONMENT lacks$missing"
# CONFIGURATION names every key of the table
sed -n '/^\.SH CONFIGURATION/,/^\.SH /p' "$MAN" >"$TMPD/conf"
missing=""
for k in $("$PMUTOP" --list-options | awk 'NR > 1 && NF > 3 && $2 ~ /^(display|events|exporter)$/ { print $1 }'); do
	grep -q "\\\\fB$k\\\\fR\|\] $k\\\\fR" "$TMPD/conf" || missing="$missing $k"
done
[ -z "$missing" ] && pass configuration_complete || fail configuration_complete "CONFIGURATION lacks$missing"
for w in 'setcap cap_perfmon+ep' 'systemctl enable' 'tls_server_config' 'basic_auth_users' 'no\\-cpu\\-gauges'; do
	grep -q -- "$w" "$MAN" && pass "says_$w" || fail "says_$w" "not in pmutop.1"
done
t_done
