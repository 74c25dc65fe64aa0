#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# exporter_prometheus.sh: Debian's Prometheus scrapes pmutop --sim spr-2s --listen on loopback; its
# HTTP API answers (totals, rate(), pmutop_ipc, docs/exporter.md's PromQL) are checked against pmutop's
# own batch JSON (tests/cli/exporter_prometheus.py). Skips when prometheus is not installed.
. "$(dirname "$0")/../lib.sh"
if ! command -v prometheus >/dev/null 2>&1; then
	skip prometheus_scrape "prometheus is not installed (apt-get install prometheus)"
	exit 0
fi
python3 "$(dirname "$0")/exporter_prometheus.py" "$T_NAME" "$PMUTOP" "$(command -v prometheus)" "$TMPD"
