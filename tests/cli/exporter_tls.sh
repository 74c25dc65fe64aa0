#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# exporter_tls.sh: --web-config, exporter-toolkit's web configuration file, through curl on loopback:
# TLS with the configured certificate and versions, basic authentication against bcrypt hashes
# ($2y$ and $2b$: 200 with the credentials, 401 with WWW-Authenticate without or with wrong ones, on
# every path), the configured headers, plain HTTP refused on the TLS port; basic authentication
# without TLS; and the file's mistakes, each refused with FILE:LINE at start. Certificates are made
# here with openssl. The Prometheus scrape of the same is in exporter_prometheus.sh.
. "$(dirname "$0")/../lib.sh"
. "$(dirname "$0")/tlslib.sh"
PIDS=""
trap 'for p in $PIDS; do kill "$p" 2>/dev/null; done; rm -rf "$TMPD"' EXIT

if ! command -v curl >/dev/null 2>&1 || ! make_certs "$TMPD/pki"; then
	skip all "needs curl and openssl (make test-deps installs them)"
	exit 0
fi

# start NAME CONFIG ARGS...: pmutop serving with the web config; PORT once it says where
start() {
	n=$1 cfg=$2; shift 2
	: >"$TMPD/$n.err"
	"$PMUTOP" --sim kvm-nopmu -b -d 0.2 --quiet --listen 127.0.0.1:0 --web-config "$cfg" "$@" \
		>/dev/null 2>"$TMPD/$n.err" &
	PID=$!
	PIDS="$PIDS $PID"
	PORT="" i=0
	while [ -z "$PORT" ] && [ $i -lt 200 ] && kill -0 $PID 2>/dev/null; do
		PORT=$(sed -n 's|^pmutop: serving metrics on https*://127.0.0.1:\([0-9]*\)/metrics.*|\1|p' "$TMPD/$n.err")
		sleep 0.1
		i=$((i + 1))
	done
	[ -n "$PORT" ]
}

# code ARGS...: the HTTP status curl gets (000 when there is no HTTP answer), headers in $TMPD/h
code() {
	curl -s -o "$TMPD/body" -D "$TMPD/h" -w '%{http_code}' --max-time 10 "$@" 2>/dev/null
}

# relative file names are read from the config file's folder, as exporter-toolkit does
cat >"$TMPD/pki/web.yml" <<EOF
# pmutop's test server: TLS 1.3 only, two users, two headers
tls_server_config:
  cert_file: server.pem
  key_file: "server.key"    # quoted, and a comment
  min_version: TLS13
basic_auth_users:
  alice: $TLS_ALICE
  'bob': $TLS_BOB
http_server_config:
  headers:
    X-Content-Type-Options: nosniff
    Strict-Transport-Security: max-age=31536000
EOF
if start tls "$TMPD/pki/web.yml"; then
	pass starts_with_tls
	grep -q "serving metrics on https://127.0.0.1:$PORT/metrics (basic authentication)" "$TMPD/tls.err" &&
		pass says_https_and_auth || fail says_https_and_auth "$(cat "$TMPD/tls.err")"
	U="https://127.0.0.1:$PORT"
	CA="--cacert $TMPD/pki/ca.pem"
	# shellcheck disable=SC2086
	{
	c=$(code $CA -u alice:alice-pw "$U/metrics")
	if [ "$c" = 200 ] && grep -q '^pmutop_build_info{' "$TMPD/body" && grep -qi '^X-Content-Type-Options: nosniff' "$TMPD/h" &&
	   grep -qi '^Strict-Transport-Security: max-age=31536000' "$TMPD/h"; then
		pass alice_2y_200_with_headers
	else
		fail alice_2y_200_with_headers "$c: $(head -c 300 "$TMPD/h")"
	fi
	# the second scrape is answered from the cache of checked passwords: the same answer
	c=$(code $CA -u alice:alice-pw "$U/metrics"); [ "$c" = 200 ] && pass alice_again_200 || fail alice_again_200 "$c"
	c=$(code $CA -u bob:bob-pw "$U/metrics"); [ "$c" = 200 ] && pass bob_2b_200 || fail bob_2b_200 "$c"
	c=$(code $CA "$U/metrics")
	if [ "$c" = 401 ] && grep -qi '^WWW-Authenticate: Basic realm="pmutop"' "$TMPD/h" && ! grep -q pmutop_ "$TMPD/body"; then
		pass no_credentials_401
	else
		fail no_credentials_401 "$c: $(head -c 300 "$TMPD/h")"
	fi
	for cred in alice:wrong alice:alice-pwx alice: carol:alice-pw bob:alice-pw :; do
		c=$(code $CA -u "$cred" "$U/metrics")
		if [ "$c" = 401 ] && ! grep -q pmutop_ "$TMPD/body"; then pass "refused_$cred"; else fail "refused_$cred" "$c"; fi
	done
	# a malformed Authorization header is no way in either
	c=$(code $CA -H 'Authorization: Basic !!!notbase64' "$U/metrics"); [ "$c" = 401 ] && pass bad_header_401 || fail bad_header_401 "$c"
	c=$(code $CA -H 'Authorization: Bearer abc' "$U/metrics"); [ "$c" = 401 ] && pass bearer_401 || fail bearer_401 "$c"
	# every path and method asks first: nothing is said to a stranger, not even 404
	c=$(code $CA "$U/other"); [ "$c" = 401 ] && pass other_path_401 || fail other_path_401 "$c"
	c=$(code $CA -u alice:alice-pw "$U/other"); [ "$c" = 404 ] && pass other_path_404_with_credentials || fail other_path_404_with_credentials "$c"
	# TLS: plain HTTP gets no HTTP answer; TLS 1.2 is below min_version; the certificate is ours
	c=$(code "http://127.0.0.1:$PORT/metrics"); [ "$c" = 000 ] && pass plain_http_refused || fail plain_http_refused "$c"
	c=$(code $CA --tls-max 1.2 -u alice:alice-pw "$U/metrics"); [ "$c" = 000 ] && pass tls12_below_min_version || fail tls12_below_min_version "$c"
	c=$(code -u alice:alice-pw "$U/metrics"); [ "$c" = 000 ] && pass unknown_ca_refused_by_client || fail unknown_ca_refused_by_client "$c"
	}
	kill "$PID" 2>/dev/null
else
	fail starts_with_tls "$(cat "$TMPD/tls.err")"
fi

# basic authentication without TLS works, with a warning that passwords travel in the clear
printf 'basic_auth_users:\n  alice: %s\n' "$TLS_ALICE" >"$TMPD/auth.yml"
if start auth "$TMPD/auth.yml"; then
	if grep -q 'warning: .*basic authentication without TLS sends passwords in the clear' "$TMPD/auth.err" &&
	   [ "$(code -u alice:alice-pw "http://127.0.0.1:$PORT/metrics")" = 200 ] &&
	   [ "$(code "http://127.0.0.1:$PORT/metrics")" = 401 ]; then
		pass auth_without_tls
	else
		fail auth_without_tls "$(cat "$TMPD/auth.err")"
	fi
	kill "$PID" 2>/dev/null
else
	fail auth_without_tls "did not start: $(cat "$TMPD/auth.err")"
fi
# an empty file (or one with comments only) is plain HTTP, as exporter-toolkit has it
printf '# nothing yet\n' >"$TMPD/empty.yml"
if start empty "$TMPD/empty.yml" && [ "$(code "http://127.0.0.1:$PORT/metrics")" = 200 ]; then
	pass empty_config_plain_http
	kill "$PID" 2>/dev/null
else
	fail empty_config_plain_http "$(cat "$TMPD/empty.err")"
fi

# bad NAME STATUS PATTERN: a web config holding stdin is refused at start with PATTERN on stderr
bad() {
	n=$1 want=$2 pat=$3
	cat >"$TMPD/pki/$n.yml"
	"$PMUTOP" --sim kvm-nopmu -b -n 1 --listen 127.0.0.1:0 --web-config "$TMPD/pki/$n.yml" >/dev/null 2>"$TMPD/bad.err"
	rc=$?
	if [ $rc -eq "$want" ] && grep -Eq -- "$pat" "$TMPD/bad.err" && ! grep -q 'serving metrics' "$TMPD/bad.err"; then
		pass "refused_$n"
	else
		fail "refused_$n" "exit $rc: $(head -c 300 "$TMPD/bad.err")"
	fi
}
printf 'tls_server_config:\n  cert_file: server.pem\n  key_file: server.key\n  color: blue\n' |
	bad unknown_key 2 "^pmutop: --web-config .*/unknown_key.yml:4: tls_server_config: unknown key color$"
printf 'basic_auth_users:\n\talice: %s\n' "$TLS_ALICE" | bad tab_indent 2 "tab_indent.yml:2: a tab in the indentation"
printf 'tls_server_config:\n  cert_file: server.pem\n' | bad key_missing 2 "key_missing.yml: tls_server_config: key_file is missing"
printf 'basic_auth_users:\n  alice: secret\n' | bad plain_password 2 "plain_password.yml:2: basic_auth_users: alice: not a bcrypt hash"
printf 'basic_auth_users:\n  alice: $2y$03$abcdefghijklmnopqrstuujEI7PSP.y28xMPOv5lBoTSzRZgCP7le\n' |
	bad bcrypt_cost_too_low 2 "bcrypt_cost_too_low.yml:2: .*not a bcrypt hash"
printf 'rate_limit:\n  interval: 1s\n  burst: 20\n' | bad rate_limit 2 "rate_limit.yml:1: rate_limit: pmutop does not limit"
printf 'tls_server_config:\n  cert_file: server.pem\n  key_file: server.key\n  client_auth_type: RequireAndVerifyClientCert\n' |
	bad client_certs 2 "client_certs.yml:4: client_auth_type RequireAndVerifyClientCert: pmutop does not check client certificates"
printf 'tls_server_config:\n  cert_file: server.pem\n  key_file: server.key\n  cipher_suites:\n    - TLS_AES_128_GCM_SHA256\n' |
	bad cipher_list 2 "cipher_list.yml:4: tls_server_config: cipher_suites: pmutop leaves the ciphers"
printf 'tls_server_config:\n  cert_file: nosuch.pem\n  key_file: server.key\n' | bad no_cert_file 2 "cert_file .*/nosuch.pem: No such file"
printf 'tls_server_config:\n  cert_file: ca.key\n  key_file: server.key\n' | bad key_as_cert 1 "did not start .*is the key the certificate's"
printf 'tls_server_config:\n  cert_file: server.pem\n  key_file: ca.pem\n' | bad cert_as_key 1 "did not start"
printf 'tls_server_config:\n  min_version: TLS14\n' | bad tls_version 2 "tls_version.yml:2: min_version: TLS10, TLS11, TLS12 or TLS13"
printf 'basic_auth_users:\n  alice: %s\n  alice: %s\n' "$TLS_ALICE" "$TLS_BOB" | bad twice 2 "twice.yml:3: alice is given twice \(also line 2\)"
printf 'basic_auth_users: |\n  alice\n' | bad block_scalar 2 "block_scalar.yml:1: '\|' starts YAML that pmutop does not read"
"$PMUTOP" --sim kvm-nopmu -b -n 1 --web-config "$TMPD/pki/web.yml" >/dev/null 2>"$TMPD/nolisten.err"
rc=$?
if [ $rc -eq 2 ] && grep -q -- '--web-config is for the server: give --listen too' "$TMPD/nolisten.err"; then
	pass web_config_needs_listen
else
	fail web_config_needs_listen "exit $rc: $(cat "$TMPD/nolisten.err")"
fi
"$PMUTOP" --sim kvm-nopmu -b -n 1 --listen 127.0.0.1:0 --web-config "$TMPD/pki" >/dev/null 2>"$TMPD/dir.err"
rc=$?
if [ $rc -eq 2 ] && grep -q "pki: not a regular file" "$TMPD/dir.err"; then pass web_config_directory; else fail web_config_directory "exit $rc: $(cat "$TMPD/dir.err")"; fi
# the same from the config file's [exporter] section
printf '[exporter]\nlisten = 127.0.0.1:0\nweb_config = %s\n' "$TMPD/pki/key_missing.yml" >"$TMPD/pmutop.conf"
"$PMUTOP" --sim kvm-nopmu -b -n 1 --config "$TMPD/pmutop.conf" >/dev/null 2>"$TMPD/conf.err"
rc=$?
if [ $rc -eq 2 ] && grep -q '^pmutop: \[exporter\] web_config = .*key_file is missing' "$TMPD/conf.err"; then
	pass web_config_from_config_file
else
	fail web_config_from_config_file "exit $rc: $(cat "$TMPD/conf.err")"
fi
t_done
