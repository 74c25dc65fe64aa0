# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# intel_resolve.py: every JSON-table name pmutop lists for a simulated machine resolves there (-e NAME
# --explain-events), or is refused only because the machine lacks the name's PMU, with that reason; every
# uncore name lands on every box of its unit. A refused name is taken out and the rest tried again.
import collections, json, os, re, subprocess, sys

pmutop, machine, evdir, listing, tree = sys.argv[1:6]
pmus = set(os.listdir(tree + "/sys/bus/event_source/devices"))
evs = [e for e in json.load(open(listing)) if e["source"] == "json"]
names = list(dict.fromkeys(e["name"] for e in evs))
refused, todo, out = {}, names[:], []
for _ in range(300):
    r = subprocess.run([pmutop, "--sim", machine, "--events-dir", evdir, "-e", ",".join(todo),
                        "--explain-events", "--json"], capture_output=True, text=True)
    if r.returncode == 0:
        out = json.loads(r.stdout)
        break
    m = re.search(r"at column (\d+)", r.stderr)
    if not m:
        print("pmutop failed without a column: %s" % r.stderr[:300])
        sys.exit(0)
    bad = ",".join(todo)[int(m.group(1)) - 1:].split(",")[0]
    refused[bad] = r.stderr.strip().splitlines()[-1]
    todo.remove(bad)
boxes = collections.Counter(e["input"] for e in out)
problems = 0
for n, why in refused.items():
    m = re.search(r"is an event of (\S+)", why)
    unit = m.group(1) if m else None
    if not unit or any(p == unit or re.fullmatch(re.escape(unit) + r"_\d+", p) for p in pmus):
        problems += 1
        print("REFUSED %s: %s" % (n, why[:200]))
for e in evs:
    if e["name"] in refused or not e["pmu"].startswith("uncore_"):
        continue
    nbox = sum(1 for p in pmus if re.fullmatch(re.escape(e["pmu"]) + r"(_\d+)?", p))
    if boxes[e["name"]] != nbox:
        problems += 1
        print("BOXES %s on %d of %d boxes" % (e["name"], boxes[e["name"]], nbox))
print("%d names: %d resolve, %d refused for a PMU the machine lacks, %d problems" %
      (len(names), len(names) - len(refused), len(refused), problems))
