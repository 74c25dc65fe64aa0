#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# exporter_prometheus.sh: Debian's Prometheus scrapes pmutop --sim spr-2s --listen on loopback; its
# HTTP API answers (totals, rate(), pmutop_ipc, docs/exporter.md's PromQL) are checked against pmutop's
# own batch JSON (tests/cli/exporter_prometheus.py); contrib/prometheus's recording rules and the
# Grafana dashboard's queries answer; a pmutop serving over TLS with basic authentication is scraped
# with tls_config and basic_auth (up), and refused without the password (401). Skips when prometheus
# is not installed.
. "$(dirname "$0")/../lib.sh"
if ! command -v prometheus >/dev/null 2>&1; then
	skip prometheus_scrape "prometheus is not installed (apt-get install prometheus)"
	exit 0
fi
. "$(dirname "$0")/tlslib.sh"
# the TLS and basic authentication scrape needs openssl for its certificates
if make_certs "$TMPD/pki"; then
	python3 "$(dirname "$0")/exporter_prometheus.py" "$T_NAME" "$PMUTOP" "$(command -v prometheus)" "$TMPD" \
		"$TMPD/pki" "$TLS_ALICE"
else
	skip tls_basic_auth_scrape "openssl is not installed (make test-deps installs it)"
	python3 "$(dirname "$0")/exporter_prometheus.py" "$T_NAME" "$PMUTOP" "$(command -v prometheus)" "$TMPD"
fi
