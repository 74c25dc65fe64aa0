#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# prometheus_rules.sh: contrib/prometheus's recording rules and example alerts pass promtool check
# rules, and its unit tests (contrib/prometheus/tests/*.yml: the figures each rule records and when
# each alert fires, over series shaped as pmutop exports them) pass promtool test rules. The rules
# against a real Prometheus scraping pmutop are in exporter_prometheus.sh.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
if ! command -v promtool >/dev/null 2>&1; then
	skip all "promtool is not installed (make test-deps unpacks it from Debian's prometheus package)"
	exit 0
fi
check check_rules promtool check rules "$ROOT"/contrib/prometheus/*.yml
for t in "$ROOT"/contrib/prometheus/tests/*.yml; do
	check "test_rules_$(basename "$t" .yml)" promtool test rules "$t"
done
# every recorded name is one the dashboard or the alerts use, and every one they use is recorded
python3 - "$ROOT" "$T_NAME" <<'PY'
import json, re, sys
root, name = sys.argv[1:3]
rules = open(f"{root}/contrib/prometheus/pmutop.rules.yml").read()
recorded = set(re.findall(r"record:\s*(\S+)", rules))
dash = json.load(open(f"{root}/contrib/grafana-pmutop.json"))
exprs = " ".join(t["expr"] for p in dash["panels"] for t in p.get("targets", []))
exprs += open(f"{root}/contrib/prometheus/pmutop.alerts.yml").read()
used = set(re.findall(r"\b(instance_[a-z_]+:pmutop_[a-z_]+:[a-z0-9_]+)", exprs))
ok = used <= recorded and recorded <= used
print(f"PASS {name}:rules_all_used" if ok else
      f"FAIL {name}:rules_all_used: used but not recorded {sorted(used - recorded)}, recorded but unused {sorted(recorded - used)}")
sys.exit(0 if ok else 1)
PY
[ $? -eq 0 ] || T_FAILS=$((T_FAILS + 1))
t_done
