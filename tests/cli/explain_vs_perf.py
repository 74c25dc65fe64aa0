#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# explain_vs_perf.py PMUTOP FORMS [SIM TREE]: for each event form in the file FORMS (one a line), the
# perf_event_attr fields `pmutop -e FORM --explain-events --json` shows against the first attributes
# `perf stat -vv -e FORM true` prints (perf prints them before an open fails, so hardware events
# count too where there is no PMU). With SIM and TREE, pmutop runs --sim SIM and perf over TREE's
# PMUs bind-mounted over /sys in a private mount namespace. Prints "PASS form" / "FAIL form: why"
# lines and a last line "compared N forms, M differ".
import json
import subprocess
import sys

# every field pmutop may set and perf -vv prints; perf leaves out the fields that are 0
SHOWN = ("type", "size", "config", "config1", "config2", "sample_type", "read_format", "disabled", "inherit",
         "pinned", "exclusive", "exclude_user", "exclude_kernel", "exclude_hv", "exclude_idle", "exclude_host",
         "exclude_guest", "precise_ip")
# the ones whose value must be perf's. Not compared: size (the build's header), sample_type, read_format,
# disabled and inherit (perf stat starts a workload: enable_on_exec, inherit; pmutop counts system-wide
# with group reads and enables each group by its leader)
SAME = ("type", "config", "config1", "config2", "pinned", "exclusive", "exclude_user", "exclude_kernel",
        "exclude_hv", "exclude_idle", "exclude_host", "exclude_guest", "precise_ip")
PERF_KEYS = {"{ bp_addr, config1 }": "config1", "{ bp_len, config2 }": "config2"}
# pmutop opens a group of fixed-counter events pinned (man page, --explain-events): perf does not
FIXED = {(0, 0), (0, 1), (0, 9)}


def perf_blocks(forms, tree):
    """perf's attribute blocks per form: {form: [ {field: value} ]}."""
    loop = 'for e in "$@"; do echo "=== $e"; perf stat -vv -e "$e" true 2>&1; done'
    if tree:
        cmd = ["unshare", "-m", "sh", "-c",
               'mount --bind "$0/sys/bus/event_source/devices" /sys/bus/event_source/devices || exit 97; ' + loop,
               tree] + forms
    else:
        cmd = ["sh", "-c", loop, "sh"] + forms
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
    res, cur, blk = {}, None, None
    for line in out.splitlines():
        if line.startswith("=== "):
            cur = line[4:]
            res[cur] = []
            blk = None
        elif cur is not None and line.startswith("perf_event_attr:"):
            blk = {k: 0 for k in SAME}
            res[cur].append(blk)
        elif line.startswith("---"):
            blk = None
        elif blk is not None and line.startswith("  "):
            w = line.split()
            key = PERF_KEYS.get(" ".join(w[:-1]), w[0])
            if key in blk:
                blk[key] = int(w[-1], 0)
    return res


def ours(pmutop, form, sim):
    cmd = [pmutop] + (["--sim", sim] if sim else []) + ["-e", form, "--explain-events", "--json"]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        return None, p.stderr.strip()[:200]
    return json.loads(p.stdout), ""


def main():
    pmutop, forms = sys.argv[1], [l.strip() for l in open(sys.argv[2]) if l.strip()]
    sim, tree = (sys.argv[3], sys.argv[4]) if len(sys.argv) > 4 else (None, None)
    perf = perf_blocks(forms, tree)
    bad = 0
    for form in forms:
        evs, why = ours(pmutop, form, sim)
        blocks = perf.get(form, [])
        if evs is None or not blocks:
            bad += 1
            print("FAIL %s: %s" % (form, why if evs is None else "perf printed no perf_event_attr"))
            continue
        diffs = []
        for i, (o, p) in enumerate(zip(evs, blocks)):
            missing = [k for k in SHOWN if k not in o]
            if missing:
                diffs.append("event %d: --explain-events lacks %s" % (i, ", ".join(missing)))
                continue
            mine = {k: int(o[k], 16) if isinstance(o[k], str) else int(o[k]) for k in SAME}
            if mine["pinned"] and not p["pinned"] and (mine["type"], mine["config"]) in FIXED:
                mine["pinned"] = 0   # pmutop's own rule, documented
            d = ["%s %d/%d" % (k, mine[k], p[k]) for k in SAME if mine[k] != p[k]]
            if d:
                diffs.append("event %d (pmutop/perf): %s" % (i, " ".join(d)))
        if diffs:
            bad += 1
            print("FAIL %s: %s" % (form, "; ".join(diffs)))
        else:
            print("PASS %s: %d of %d events" % (form, min(len(evs), len(blocks)), len(evs)))
    print("compared %d forms, %d differ" % (len(forms), bad))


main()
