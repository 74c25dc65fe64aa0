# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# perf_topdown_eval.py: helper of topdown_perf.sh (not a test by itself). perf 6.1's own TopdownL1
# metric expressions, as `perf stat -M TopdownL1 -vv` prints them ("metric expr EXPR for NAME"), are
# evaluated on the counts pmutop read, and compared with pmutop's shares; the events those expressions
# use (their perf_event_attr type and config, as `perf stat -vv -e EVENT` builds them) must be the
# events pmutop opened for top-down on that core PMU.
#
#   perf_topdown_eval.py exprs PERF_M_OUTPUT            -> the event names the L1 expressions use
#   perf_topdown_eval.py check PERF_M_OUTPUT ATTRS EXPLAIN_JSON BATCH_JSON PMU SMT
#     ATTRS: lines "NAME<TAB>TYPE<TAB>CONFIG" (perf's attributes of each event name)
#     EXPLAIN_JSON: pmutop --explain-events --json (types, configs and groups of what it opens)
#     BATCH_JSON: pmutop -b --json (the last frame is checked)
#     PMU: the core PMU whose CPUs are checked; SMT: 1 or 0, perf's #SMT_on for this machine
import json
import re
import sys

L1 = ["tma_retiring", "tma_bad_speculation", "tma_frontend_bound", "tma_backend_bound"]


def exprs_of(path):
    """NAME -> [EXPR, ...]: perf stat -M's "metric expr EXPR for NAME" lines, then, for the metrics
    those name, the other definitions `perf list --details metric` prints after the "=== perf list"
    line (hybrid tables have one per core type under the same name, and perf 6.1's stat takes the
    E-core's SLOTS for the P-core too; the P-core's own is in the list)."""
    out, listed, lines = {}, {}, open(path, errors="replace").read().split("\n")
    at = lines.index("=== perf list") if "=== perf list" in lines else len(lines)
    for line in lines[:at]:
        m = re.match(r"^metric expr (.*) for (\S+)$", line)
        if m and m.group(1) not in out.setdefault(m.group(2), []):
            out[m.group(2)].append(m.group(1))
    for i in range(at, len(lines) - 2):
        m = re.match(r"^  (\S+)$", lines[i])
        d, e = lines[i + 1].strip(), lines[i + 2].strip()
        if m and d.startswith("[") and e.startswith("[") and e.endswith("]"):
            listed.setdefault(m.group(1), []).append(e[1:-1])
    todo = list(out)
    while todo:
        for e in list(out[todo.pop()]):
            for n in tokens(e)[1]:
                for alt in listed.get(n, []):
                    if alt not in out.setdefault(n, []):
                        out[n].append(alt)
                        todo.append(n)
    return out


TOKEN = re.compile(r"(?:[A-Za-z_#]|\\.)(?:[A-Za-z0-9_.#]|\\.|@[^@]*@)*")
WORDS = {"if", "else", "max", "min", "and", "or", "not"}


def tokens(expr):
    """(python source with each name replaced by V('name'), the names)"""
    names, src, i = [], [], 0
    for m in TOKEN.finditer(expr):
        src.append(expr[i:m.start()])
        raw = m.group(0)
        name = re.sub(r"\\(.)", r"\1", raw)
        if name in WORDS:
            src.append(name)
        else:
            names.append(name)
            src.append("V(%r)" % name)
        i = m.end()
    src.append(expr[i:])
    return "".join(src), names


def perf_event(name):
    """perf's event syntax for a name in an expression: cpu@TERMS@ is cpu/TERMS/."""
    m = re.match(r"^(\w+)@(.*)@$", name)
    return "%s/%s/" % (m.group(1), m.group(2)) if m else name


def is_literal(name):
    return name.startswith("#")


class Metrics:
    def __init__(self, exprs, attrs, have, smt):
        self.exprs, self.attrs, self.have, self.smt = exprs, attrs, have, smt

    def events(self, metric, seen=()):
        """The events one definition of metric uses (through the metrics it names), choosing for
        each metric the definition whose events this PMU counts; None when there is none."""
        for e in self.exprs.get(metric, []):
            src, names = tokens(e)
            got, ok = set(), True
            for n in names:
                if is_literal(n) or self.lazy_unused(e, n):
                    continue
                if n in self.exprs and n not in seen:
                    sub = self.events(n, seen + (metric,))
                    if sub is None:
                        ok = False
                        break
                    got |= sub
                elif self.attrs.get(perf_event(n)) in self.have:
                    got.add(self.attrs[perf_event(n)])
                else:
                    ok = False
                    break
            if ok:
                return got
        return None

    def lazy_unused(self, expr, name):
        """An event only in a branch of `A if #SMT_on else B` (or #core_wide) perf does not take."""
        py, _ = tokens(expr)
        try:
            eval(py, {"V": lambda n: self.probe(n, name)})
            return True
        except LookupError:
            return False

    def probe(self, n, unused):
        if n == unused:
            raise LookupError(n)
        return self.literal(n) if is_literal(n) else 1.0

    def literal(self, n):
        return {"#SMT_on": self.smt, "#core_wide": 1}[n]   # perf -a: every CPU, so core wide

    def value(self, metric, vals):
        for e in self.exprs[metric]:
            if self.events_of_expr(e) is None:
                continue
            py, _ = tokens(e)
            return eval(py, {"max": max, "min": min, "V": lambda n: self.name_value(n, vals)})
        raise KeyError(metric)

    def events_of_expr(self, e):
        saved = self.exprs
        self.exprs = {"_x": [e], **{k: v for k, v in saved.items()}}
        try:
            return self.events("_x")
        finally:
            self.exprs = saved

    def name_value(self, n, vals):
        if is_literal(n):
            return self.literal(n)
        if n in self.exprs:
            return self.value(n, vals)
        return vals[self.attrs[perf_event(n)]]


def main():
    if sys.argv[1] == "exprs":
        ex = exprs_of(sys.argv[2])
        names = set()
        for v in ex.values():
            for e in v:
                names |= {perf_event(n) for n in tokens(e)[1] if not is_literal(n) and n not in ex}
        print("\n".join(sorted(names)))
        return 0
    _, _, mout, attrs_path, explain, batch, pmu, smt = sys.argv
    ex = exprs_of(mout)
    missing = [k for k in L1 if k not in ex]
    if missing:
        sys.exit("perf printed no expression for %s" % missing)
    attrs = {}
    for line in open(attrs_path):
        w = line.rstrip("\n").split("\t")
        if len(w) == 3 and w[2]:
            attrs[w[0]] = (int(w[1]), int(w[2], 16))
    ours = json.load(open(explain))
    td = [i for i, e in enumerate(ours) if e["pmu"] == pmu and e["input"].startswith(pmu + "/")]
    have = {(ours[i]["type"], int(ours[i]["config"], 16)) for i in td}
    groups = {}
    for i in td:
        groups.setdefault(ours[i]["group"], []).append(i)
    mt = Metrics(ex, attrs, have, int(smt))
    need = {}
    for k in L1:
        need[k] = mt.events(k)
        if need[k] is None:
            sys.exit("%s: perf's %s needs events pmutop does not open on %s: %s (pmutop: %s)" % (
                pmu, k, pmu, ex[k], sorted(have)))
    used = set().union(*need.values())
    # what pmutop opens beyond perf's L1 events: only the level-2 metric events (no counter of
    # their own, read from PERF_METRICS with the slots group)
    extra = {a for a in have - used if not (a[1] & 0xff == 0 and 0x84 <= a[1] >> 8 <= 0x87)}
    if extra:
        sys.exit("%s: pmutop opens events perf's TopdownL1 does not: %s" % (pmu, sorted(extra)))
    frame = json.loads(open(batch).read().splitlines()[-1])
    ncpu = 0
    # the frame's key of each explained event: its name, then NAME#2, NAME#3 for the same name again
    keys, seen = [], {}
    for e in ours:
        seen[e["name"]] = seen.get(e["name"], 0) + 1
        keys.append(e["name"] if seen[e["name"]] == 1 else "%s#%d" % (e["name"], seen[e["name"]]))
    for c in frame["cpus"]:
        if any(keys[i] not in c["events"] for i in td):
            continue   # another core type's CPU (a hybrid's rows have only their PMU's events)
        evs = {i: (keys[i], c["events"][keys[i]]) for i in td}
        if any(evs[i][1]["value"] is None for i in td):
            sys.exit("cpu %d: top-down events not counted: %s" % (c["cpu"], evs))
        for k in L1:
            # the values of the one pmutop group holding every event the metric needs, as perf
            # takes them from the group it formed for that metric
            g = [g for g, m in groups.items() if need[k] <= {(ours[i]["type"], int(ours[i]["config"], 16)) for i in m}]
            if not g:
                sys.exit("%s: no pmutop group holds all of %s's events %s" % (pmu, k, sorted(need[k])))
            vals = {(ours[i]["type"], int(ours[i]["config"], 16)): evs[i][1]["value"] for i in groups[g[0]]}
            want = 100 * mt.value(k, vals)
            got = c["metrics"].get(k)
            if got is None or abs(got - want) > 0.1:
                sys.exit("cpu %d %s: pmutop %s, perf's formula %.3f (%s)" % (c["cpu"], k, got, want, ex[k]))
        ncpu += 1
    if ncpu == 0:
        sys.exit("no CPU of %s counted the top-down events" % pmu)
    print("%s: %d CPUs equal perf's %s within 0.1; events %s" % (
        pmu, ncpu, ", ".join(L1), " ".join("%d:%#x" % a for a in sorted(used))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
