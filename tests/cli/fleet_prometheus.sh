#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# fleet_prometheus.sh: pmutop --fleet over Debian's Prometheus scraping five simulated exporters
# (spr-2s, zen4-1s, adl-hybrid, neoverse-v1, kvm-nopmu) on loopback: five rows, each host's IPC, GHz
# and memory GB/s within 2% of that exporter's own JSON over the same frames, a stopped exporter down
# within two scrape intervals, the drill-down, -x rows, the recording rules, direct mode
# (--fleet-targets) against Prometheus mode, basic authentication over TLS (right, wrong password, no
# CA). tests/cli/fleet_prometheus.py holds the checks. Skips when prometheus is not installed.
. "$(dirname "$0")/../lib.sh"
if ! command -v prometheus >/dev/null 2>&1; then
	skip fleet_prometheus "prometheus is not installed (make test-deps unpacks it)"
	exit 0
fi
. "$(dirname "$0")/tlslib.sh"
make_certs "$TMPD/pki" || true
timeout 300 python3 "$(dirname "$0")/fleet_prometheus.py" "$T_NAME" "$PMUTOP" "$(command -v prometheus)" "$TMPD" "$TMPD/pki"
