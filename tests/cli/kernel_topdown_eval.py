# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# kernel_topdown_eval.py: helper of topdown_kernel.sh and topdown_arm.sh (not a test by itself). The
# Linux tree's own metric files for AMD Zen 4 and Arm (tools/perf/pmu-events, kept with their provenance
# in tests/fixtures/perf-metrics) are evaluated on the counts pmutop read, and compared with pmutop's
# tma_* shares on every CPU, socket and the system row, within 0.1 points. Each event a metric names is
# looked up in the kernel's event files (EventCode, UMask), encoded with the PMU's sysfs format as perf
# does, and must be an event pmutop opened on that PMU (its type and config from --explain-events); every
# top-down event pmutop opens must be one a checked metric uses (or one named in SPLIT below).
#
#   kernel_topdown_eval.py CPU FIXTURES SYSFS EXPLAIN_JSON BATCH_JSON
#     CPU: a key of CPUS below; FIXTURES: tests/fixtures/perf-metrics; SYSFS: a tree written by
#     pmutop --sim-tree (its bus/event_source/devices/PMU/{type,format,caps}); EXPLAIN_JSON: pmutop
#     --explain-events --json -E topdown; BATCH_JSON: pmutop -b --json -E topdown (last frame checked)
# Prints NOTE lines for what the kernel defines differently or not at all, then one summary line;
# exits non-zero with the first difference.
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from perf_topdown_eval import tokens, is_literal  # noqa: E402  (the same expression reader)

L1 = ["tma_retiring", "tma_bad_speculation", "tma_frontend_bound", "tma_backend_bound"]

# Which kernel metric is which pmutop share, per CPU. "split": the shares pmutop gives that the
# kernel's table has no expression for, with the kernel event names pmutop uses for them.
CPUS = {
    "zen4": {
        "pmu": "cpu",
        "metrics": "x86/amdzen4/pipeline.json",
        "events": ["x86/amdzen4/core.json", "x86/amdzen4/other.json"],
        "map": {"retiring": "tma_retiring", "bad_speculation": "tma_bad_speculation",
                "frontend_bound": "tma_frontend_bound", "backend_bound": "tma_backend_bound",
                "smt_contention": "tma_smt_contention"},
        "group": "PipelineL1",
    },
    "neoverse-v1": {
        "pmu": "armv8_pmuv3_0",
        "metrics": "arm64/sbsa.json",
        "events": ["arm64/common-and-microarch.json"],
        "map": {"retiring": "tma_retiring", "bad_speculation": "tma_bad_speculation",
                "frontend_bound": "tma_frontend_bound", "backend_bound": "tma_backend_bound"},
        "group": "TopdownL1",
        # perf on a Neoverse V1 takes these entries (ArchStdEvent with a MetricExpr of their own)
        # over sbsa.json's
        "overrides": "arm64/arm/neoverse-v1/metrics.json",
    },
    "neoverse-n1": {
        "pmu": "armv8_pmuv3_0",
        "metrics": "arm64/arm/neoverse-n1/metrics.json",
        "events": ["arm64/common-and-microarch.json"],
        "map": {"frontend_stalled_cycles": "tma_frontend_bound", "backend_stalled_cycles": "tma_backend_bound"},
        "group": "Cycle_Accounting",
        "split": {"shares": ["tma_retiring", "tma_bad_speculation"], "events": ["INST_RETIRED", "INST_SPEC"]},
    },
}


def fail(msg):
    sys.exit("FAIL: " + msg)


def load(fixtures, rel):
    with open(os.path.join(fixtures, rel)) as f:
        return json.load(f)


def scale_of(unit):
    """ScaleUnit "100%" -> 100, "1percent of cycles" -> 1: the factor to percent."""
    m = re.match(r"^([0-9.]+)\s*(.*)$", unit or "")
    if not m or not (m.group(2) == "%" or m.group(2).startswith("percent")):
        fail("ScaleUnit %r is not a percentage" % unit)
    return float(m.group(1))


def format_bits(path):
    """sysfs format "config:0-7,32-35" -> [(lo, hi), ...] of config"""
    with open(path) as f:
        text = f.read().strip()
    m = re.match(r"^config:([0-9,-]+)$", text)
    if not m:
        fail("%s: %r is not a config bit list" % (path, text))
    out = []
    for r in m.group(1).split(","):
        lo, _, hi = r.partition("-")
        out.append((int(lo), int(hi or lo)))
    return out


def encode(value, ranges):
    """value's bits laid into config over the format's ranges, low bits first (as perf does)"""
    config, shift = 0, 0
    for lo, hi in ranges:
        width = hi - lo + 1
        config |= ((value >> shift) & ((1 << width) - 1)) << lo
        shift += width
    if value >> shift:
        fail("value %#x does not fit the format %s" % (value, ranges))
    return config


class Kernel:
    def __init__(self, cpu, fixtures, pmudir):
        self.cpu = cpu
        self.metrics = {}
        for e in load(fixtures, cpu["metrics"]):
            if "MetricName" in e:
                self.metrics[e["MetricName"]] = e
        self.events = {}
        for rel in cpu["events"]:
            for e in load(fixtures, rel):
                self.events[e["EventName"].lower()] = e
        self.fmt = {}
        for term in ("event", "umask"):
            p = os.path.join(pmudir, "format", term)
            if os.path.exists(p):
                self.fmt[term] = format_bits(p)
        self.literals = {}
        try:
            with open(os.path.join(pmudir, "caps", "slots")) as f:
                self.literals["#slots"] = int(f.read().strip(), 0)
        except OSError:
            pass

    def config(self, name):
        """the perf_event_attr config of a kernel event name (case as perf: either)"""
        e = self.events.get(name.lower())
        if e is None:
            fail("the kernel's event files define no %s" % name)
        extra = set(e) - {"EventName", "EventCode", "UMask"}
        if extra:
            fail("%s: fields %s not handled" % (name, sorted(extra)))
        c = encode(int(e["EventCode"], 16), self.fmt["event"])
        if "UMask" in e:
            c |= encode(int(e["UMask"], 16), self.fmt["umask"])
        return c

    def event_names(self, expr, seen=()):
        """the kernel event names an expression uses, through the metrics it names"""
        out = set()
        src, names = tokens(expr)
        for n in names:
            if n == "d_ratio" or is_literal(n):
                continue
            if n in self.metrics and n not in seen:
                out |= self.event_names(self.metrics[n]["MetricExpr"], seen + (n,))
            else:
                out.add(n)
        return out

    def value(self, expr, vals):
        """expr on vals (config -> count); d_ratio as perf's: 0 over 0 is 0"""
        src, _ = tokens(expr)
        src = src.replace("V('d_ratio')", "d_ratio")

        def V(n):
            if is_literal(n):
                if n not in self.literals:
                    fail("%s: no value for %s (the PMU's caps)" % (expr, n))
                return self.literals[n]
            if n in self.metrics:
                return self.value(self.metrics[n]["MetricExpr"], vals)
            return vals[self.config(n)]
        return eval(src, {"__builtins__": {}, "V": V, "d_ratio": lambda a, b: 0 if b == 0 else a / b})


def frame_keys(explain):
    """the frame's key of each explained event: its name, then NAME#2, NAME#3 for the same name again"""
    keys, seen = [], {}
    for e in explain:
        seen[e["name"]] = seen.get(e["name"], 0) + 1
        keys.append(e["name"] if seen[e["name"]] == 1 else "%s#%d" % (e["name"], seen[e["name"]]))
    return keys


def kernel_exprs(name, cpu, k, fixtures, opened):
    """share -> (kernel metric, expression, factor to percent); NOTE lines for what perf takes
    instead on this CPU and for the shares the kernel has no expression for"""
    exprs = {}
    for km, share in cpu["map"].items():
        e = k.metrics.get(km)
        if e is None or cpu["group"] not in e.get("MetricGroup", "").split(";"):
            fail("%s defines no %s in group %s" % (cpu["metrics"], km, cpu["group"]))
        exprs[share] = (km, e["MetricExpr"], scale_of(e.get("ScaleUnit")))
    for e in load(fixtures, cpu["overrides"]) if "overrides" in cpu else []:
        km = e.get("ArchStdEvent")
        if km not in cpu["map"] or "MetricExpr" not in e:
            continue
        missing = sorted(n for n in k.event_names(e["MetricExpr"]) if k.config(n) not in opened)
        if not missing:
            fail("%s: an override of %s pmutop could evaluate, not checked: %s" % (name, km, e["MetricExpr"]))
        print("NOTE %s: perf on this CPU takes %s's %s = %s, which needs %s, an event pmutop does not "
              "open; pmutop gives %s's definition, checked here" % (
                  name, cpu["overrides"], km, e["MetricExpr"],
                  ", ".join("%s (config %#x)" % (n, k.config(n)) for n in missing), cpu["metrics"]))
    if "split" in cpu:
        print("NOTE %s: the kernel's %s defines only %s for this CPU; pmutop's %s (the rest of the cycles split by "
              "%s) have no kernel expression and are checked only through the level-1 sum" % (
                  name, cpu["metrics"], " and ".join(sorted(cpu["map"])), " and ".join(cpu["split"]["shares"]),
                  " / ".join(cpu["split"]["events"])))
    return exprs


def metric_groups(name, cpu, k, exprs, ours, td):
    """share -> the pmutop group holding every event its kernel metric needs (as perf takes a metric's
    events from the group it formed for it), after checking that pmutop opens exactly the events the
    kernel's metrics (and the split) name; and the configs used"""
    opened = {int(ours[i]["config"], 16) for i in td}
    need, used = {}, set()
    for share, (km, expr, _) in exprs.items():
        need[share] = {k.config(n) for n in k.event_names(expr)}
        lacking = need[share] - opened
        if lacking:
            fail("%s: the kernel's %s = %s needs configs %s; pmutop opens %s" % (
                name, km, expr, sorted(map(hex, lacking)), sorted(map(hex, opened))))
        used |= need[share]
    split = {k.config(n) for n in cpu.get("split", {}).get("events", [])}
    extra = opened - used - split
    if extra:
        fail("%s: pmutop opens top-down events no kernel metric here uses: %s" % (name, sorted(map(hex, extra))))
    if split - opened:
        fail("%s: pmutop does not open the kernel's %s" % (name, cpu["split"]["events"]))
    gof = {}
    for share in exprs:
        g = [g for g in sorted({ours[i]["group"] for i in td})
             if need[share] <= {int(ours[i]["config"], 16) for i in td if ours[i]["group"] == g}]
        if not g:
            fail("%s: no pmutop group holds all of %s's events %s" % (name, exprs[share][0], sorted(map(hex, need[share]))))
        gof[share] = g[0]
    return gof, used | split


def check_row(what, r, k, exprs, gof, ours, td, keys):
    """one CPU, socket or system row: each share as the kernel's expression on the values of its
    group, level 1 within 0..100 summing to 100; returns the largest difference"""
    ev, m, worst = r.get("events", {}), r.get("metrics", {}), 0.0
    if any(keys[i] not in ev for i in td):
        fail("%s: top-down events missing: %s" % (what, [keys[i] for i in td if keys[i] not in ev]))
    if any(ev[keys[i]]["value"] is None or not ev[keys[i]]["counted"] for i in td):
        fail("%s: top-down events not counted: %s" % (what, {keys[i]: ev[keys[i]] for i in td}))
    for share, (km, expr, scale) in exprs.items():
        vals = {int(ours[i]["config"], 16): ev[keys[i]]["value"] for i in td if ours[i]["group"] == gof[share]}
        want = scale * k.value(expr, vals)
        got = m.get(share)
        if got is None or abs(got - want) > 0.1:
            fail("%s %s: pmutop %s, the kernel's %s = %s gives %.3f" % (what, share, got, km, expr, want))
        worst = max(worst, abs(got - want))
    level1 = [s for s in L1 + ["tma_smt_contention"] if s in m]
    if set(L1) - set(level1):
        fail("%s: pmutop gives no %s" % (what, sorted(set(L1) - set(level1))))
    if any(not 0 <= m[s] <= 100 for s in level1) or abs(sum(m[s] for s in level1) - 100) > 0.1:
        fail("%s: level 1 %s sums to %.3f" % (what, {s: m[s] for s in level1}, sum(m[s] for s in level1)))
    return worst


def main():
    if len(sys.argv) != 6 or sys.argv[1] not in CPUS:
        sys.exit("usage: kernel_topdown_eval.py {%s} FIXTURES SYSFS EXPLAIN_JSON BATCH_JSON" % "|".join(CPUS))
    _, name, fixtures, sysfs, explain_path, batch_path = sys.argv
    cpu = CPUS[name]
    pmu = cpu["pmu"]
    pmudir = os.path.join(sysfs, "sys/bus/event_source/devices", pmu)
    with open(os.path.join(pmudir, "type")) as f:
        ptype = int(f.read().strip())
    k = Kernel(cpu, fixtures, pmudir)
    with open(explain_path) as f:
        ours = json.load(f)
    keys = frame_keys(ours)
    td = [i for i, e in enumerate(ours) if e["pmu"] == pmu and e["input"].startswith(pmu + "/")]
    if any(ours[i]["type"] != ptype or int(ours[i]["config1"], 16) or int(ours[i]["config2"], 16) for i in td):
        fail("pmutop's top-down events on %s are not plain type-%d configs: %s" % (pmu, ptype, [ours[i]["input"] for i in td]))
    exprs = kernel_exprs(name, cpu, k, fixtures, {int(ours[i]["config"], 16) for i in td})
    gof, used = metric_groups(name, cpu, k, exprs, ours, td)
    with open(batch_path) as f:
        frame = json.loads(f.read().splitlines()[-1])
    rows = [("cpu %d" % c["cpu"], c) for c in frame["cpus"]]
    rows += [("socket %d" % s["socket"], s) for s in frame.get("sockets", [])]
    rows += [("system", frame["system"])] if "system" in frame else []
    if not frame["cpus"]:
        fail("%s: no CPU row" % name)
    worst = max(check_row(what, r, k, exprs, gof, ours, td, keys) for what, r in rows)
    print("%s: %d CPUs, %d sockets, %s: pmutop's %s equal the kernel's %s (%s) within 0.1 (largest "
          "difference %.2g); level 1 sums to 100; events %s" % (
              name, len(frame["cpus"]), len(frame.get("sockets", [])),
              "the system" if "system" in frame else "no system row", ", ".join(sorted(exprs)),
              ", ".join(sorted(cpu["map"])), cpu["metrics"], worst, " ".join("%#x" % c for c in sorted(used))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
