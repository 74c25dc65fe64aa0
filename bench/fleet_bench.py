#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# fleet_bench.py: make bench's scenario 15 (issue 39): a 1,000-host, one-hour history written into a
# Prometheus data directory with promtool tsdb create-blocks-from openmetrics, Prometheus started on
# it, and pmutop --fleet's refresh over it: queries per refresh, time per refresh beside the time
# Prometheus takes for the same queries, peak RSS, and whether every host came back.
#
# The history is made from pmutop's own exporter output: simulated machines are scraped twice, each
# counter's rate taken from the two scrapes, and 1,000 instances synthesised from them, each with
# its own load (the counters' increments scaled, instructions by a further IPC factor, cpu-clock
# left at one second per second as the exporter's clock is), at a 15 s scrape interval over the hour
# ending a little after the refresh (the engine evaluates its queries at now). Only the families
# the fleet reads are written (the per-CPU derived gauges such as pmutop_ipc are not; the per-CPU
# event counters are, for the drill-down, beside the per-socket ones the refresh reads), and one
# `up` series per host as a scrape job would have. The machine mix is mostly small machines with a
# few big ones: a 1,000-host fleet of 224-CPU machines (3.5 million series) does not fit a bench of
# a few minutes on a small machine; the note of the figure says the series' count.
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "cli"))
from promtest import free_port  # noqa: E402  (the tests' free loopback port)

HOSTS = int(os.environ.get("BENCH_FLEET_HOSTS", "1000"))
STEP = 15.0
SPAN = 3600.0
DEFAULT = "cycles,instructions,cache-references,cache-misses,branches,branch-misses,cpu-clock"
# machine, events (None: its default set), hosts out of every 200: mostly 4-CPU machines (65 series
# each), a few hybrids, Arm and AMD servers, one 224-CPU server (1,610 series) in 200
MIX = [
    ("spr-2s", DEFAULT + ",uncore_imc/cas_count_read/,uncore_imc/cas_count_write/,power/energy-pkg/,power/energy-ram/", 1),
    ("zen4-1s", DEFAULT + ",amd_umc/event=0x0a,rdwrmask=0x1/,amd_umc/event=0x0a,rdwrmask=0x2/", 3),
    ("icl-4c", None, 60), ("tgl-4c", None, 60), ("skl-4c", None, 55), ("adl-hybrid", None, 8),
    ("neoverse-v1", None, 1), ("kvm-nopmu", None, 12),
]
KEEP = re.compile(r"^pmutop_(event_total|event_seconds_total|socket_event_total|socket_event_seconds_total|socket_cpus|"
                  r"event_running_ratio|socket_utilization_ratio|"
                  r"memory_\w*bytes_total|upi_bytes_total|\w*energy_joules_total|rdt_l3_occupancy_bytes|"
                  r"rdt_memory_bytes_total|socket_topdown_ratio|build_info)$")
LINE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})?\s+(\S+)")


def scrape(port):
    req = urllib.request.Request(f"http://127.0.0.1:{port}/metrics",
                                 headers={"Accept": "application/openmetrics-text"})
    out = {}
    for line in urllib.request.urlopen(req, timeout=10).read().decode().splitlines():
        m = LINE.match(line)
        if m and KEEP.match(m.group(1)):
            out[(m.group(1), m.group(2) or "")] = float(m.group(3))
    return out


def templates(pmutop, work):
    """Each machine of MIX: [(name, labels, value, rate per second or None for a gauge)]."""
    res = {}
    for m, ev, _ in MIX:
        err = os.path.join(work, f"{m}.err")
        p = subprocess.Popen([pmutop, "--sim", m, "-b", "-d", "0.5", "-o", "/dev/null", "--listen", "127.0.0.1:0"] +
                             (["-e", ev] if ev else []), stdout=subprocess.DEVNULL, stderr=open(err, "w"))
        try:
            port = None
            for _ in range(300):
                ports = re.findall(r"serving metrics on \S+:(\d+)", open(err).read())
                if ports:
                    port = ports[0]
                    break
                time.sleep(0.1)
            if not port:
                raise RuntimeError(f"{m}: the exporter did not start: {open(err).read()[:300]}")
            time.sleep(1.2)
            a, ta = scrape(port), time.monotonic()
            time.sleep(2.0)
            b, tb = scrape(port), time.monotonic()
        finally:
            p.terminate()
            p.wait()
        series = []
        for k, v in b.items():
            rate = None
            if k[0].endswith("_total"):
                rate = max(0.0, (v - a.get(k, v)) / (tb - ta))
            series.append((k[0], k[1], v, rate))
        res[m] = series
    return res


def write_history(path, tmpl, end):
    """The OpenMetrics text: HOSTS instances, a sample every STEP s over SPAN s ending at end."""
    rnd = random.Random(39)
    hosts = []
    order = [m for m, _, w in MIX for _ in range(w)]
    for i in range(HOSTS):
        m = order[i % len(order)]
        load = rnd.uniform(0.05, 1.0)
        ipcf = rnd.uniform(0.4, 1.6)
        inst = f"host{i:04d}.fleet:9745"
        ser = []
        for name, labels, v0, rate in tmpl[m]:
            lab = labels[1:-1] if labels else ""
            prefix = f'{name}{{instance="{inst}",job="pmutop"{"," + lab if lab else ""}}} '
            if rate is None:
                val = v0 * load if name.endswith("utilization_ratio") else v0
                ser.append([prefix, val, None])
            else:
                f = 1.0 if 'event="cpu-clock"' in labels or name.endswith("seconds_total") else load
                if 'event="instructions"' in labels or "/instructions/" in labels:
                    f *= ipcf
                ser.append([prefix, rnd.uniform(0, 1e6) * (rate > 0), rate * f * STEP])
        ser.append([f'up{{instance="{inst}",job="pmutop"}} ', 1.0, None])
        hosts.append(ser)
    nser = sum(len(s) for s in hosts)
    steps = int(SPAN / STEP)
    with open(path, "w", buffering=1 << 22) as f:
        for k in range(steps + 1):
            ts = f" {end - (steps - k) * STEP:.3f}\n"
            chunk = []
            for ser in hosts:
                for s in ser:
                    if s[2] is not None and k:
                        s[1] += s[2] * rnd.uniform(0.9, 1.1) if s[2] else 0.0
                    chunk.append(f"{s[0]}{s[1]:.17g}{ts}")
            f.write("".join(chunk))
        f.write("# EOF\n")
    return nser, nser * (steps + 1)


def prom_time(port, queries, at, repeats):
    """Prometheus' own time for the refresh's queries, POSTed at once as the engine asks them: ms per
    refresh (the last answer), and each query's median ms asked alone."""
    import concurrent.futures

    def one(q):
        t1 = time.monotonic()
        body = urllib.parse.urlencode({"query": q, "time": f"{at:.3f}"}).encode()
        d = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/query", body, timeout=60))
        if d.get("status") != "success":
            raise RuntimeError(f"Prometheus refused a query: {d}")
        return (time.monotonic() - t1) * 1000

    runs, each = [], [[] for _ in queries]
    with concurrent.futures.ThreadPoolExecutor(len(queries)) as ex:
        for _ in range(repeats):
            t0 = time.monotonic()
            list(ex.map(one, queries))
            runs.append((time.monotonic() - t0) * 1000)
    for _ in range(repeats):
        for k, q in enumerate(queries):
            each[k].append(one(q))
    return runs, [sorted(e)[len(e) // 2] for e in each]


def tool(name):
    found = shutil.which(name)
    alt = os.path.expanduser(f"~/.cache/pmutop/tools/usr/bin/{name}")
    return found or (alt if os.access(alt, os.X_OK) else None)


def start_prometheus(prom, work, data, rules):
    port = free_port()
    cfg = os.path.join(work, "prometheus.yml")
    with open(cfg, "w") as f:
        f.write("global:\n  scrape_interval: 15s\n  evaluation_interval: 15s\n")
        if rules:
            # the hour ends ahead of now (see write_history): the rules' samples at now are older
            # than the blocks' end, which only an out-of-order window lets in
            f.write(f"rule_files:\n  - {rules}\nstorage:\n  tsdb:\n    out_of_order_time_window: 2h\n")
    p = subprocess.Popen([prom, f"--config.file={cfg}", f"--web.listen-address=127.0.0.1:{port}",
                          f"--storage.tsdb.path={data}", "--storage.tsdb.retention.time=30d",
                          "--log.level=warn"], stdout=subprocess.DEVNULL,
                         stderr=open(os.path.join(work, "prom.err"), "a"))
    for _ in range(1200):
        try:
            if urllib.request.urlopen(f"http://127.0.0.1:{port}/-/ready", timeout=2).status == 200:
                return p, port
        except Exception:
            pass
        if p.poll() is not None:
            break
        time.sleep(0.1)
    p.terminate()
    p.wait()
    raise RuntimeError("Prometheus did not become ready: " + open(os.path.join(work, "prom.err")).read()[-300:])


def refreshes(outdir, port, n, rules=False):
    out = subprocess.run([os.path.join(outdir, "bench_fleet"), f"http://127.0.0.1:{port}", str(n + 1)] +
                         (["rules"] if rules else []), check=True, capture_output=True, text=True)
    lines = [json.loads(l) for l in out.stdout.splitlines() if l.startswith("{")]
    lines[1]["per_cpu"] = lines[0].get("per_cpu", False)
    return lines[0]["queries"], lines[1], lines[2:], out.stderr


def run(fig, notes, log, peak_rss_mib, pmutop, outdir, repeats):
    promtool, prom = tool("promtool"), tool("prometheus")
    if not promtool or not prom:
        notes.append("scenario 15: promtool or prometheus is missing (make test-deps unpacks them): skipped")
        return
    work = tempfile.mkdtemp(prefix="pmutop-bench-fleet.")
    p = None
    try:
        log("  fleet: scraping the simulated machines' exporters")
        tmpl = templates(pmutop, work)
        om, data = os.path.join(work, "history.om"), os.path.join(work, "data")
        t0 = time.monotonic()
        # the hour ends 10 minutes ahead: the refresh (at now) then sees a sample at most 15 s old
        nser, nsamples = write_history(om, tmpl, time.time() + 600)
        log(f"  fleet: {HOSTS} hosts, {nser} series, {nsamples} samples written in {time.monotonic() - t0:.0f} s")
        t0 = time.monotonic()
        subprocess.run([promtool, "tsdb", "create-blocks-from", "openmetrics", om, data], check=True,
                       stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "promtool.err"), "w"))
        log(f"  fleet: promtool wrote the blocks in {time.monotonic() - t0:.0f} s")
        os.unlink(om)
        p, port = start_prometheus(prom, work, data, None)
        n = max(repeats, 5)
        queries, first, rows, err = refreshes(outdir, port, n)
        # the first refresh also asks the scrape interval and warms the server's caches: not counted
        prom_ms, each = prom_time(port, queries, time.time(), n)
        mix = ", ".join(f"{w / 2:g}% {m}" for m, _, w in MIX)
        fig("15 fleet", f"fleet refresh, {HOSTS} hosts: queries", "queries", [r["queries"] for r in rows], target=10,
            note=f"{nser} series, {nsamples} samples over an hour at 15 s ({mix}); the first refresh "
                 f"also asks /api/v1/status/config once ({first['queries']} requests)")
        fig("15 fleet", f"fleet refresh, {HOSTS} hosts: wall", "ms", [r["wall_ms"] for r in rows], target=250,
            note=f"pmutop's own CPU {sorted(r['cpu_ms'] for r in rows)[len(rows) // 2]:.1f} ms of it (median)")
        fig("15 fleet", f"the same {len(queries)} queries at once, Prometheus alone (urllib)", "ms", prom_ms,
            note="each query alone: " + ", ".join(f"{e:.0f} ms" for e in each) + " (state, events, figures"
                 + (", the older exporters' per-CPU events)" if first.get("per_cpu") else ")"))
        fig("15 fleet", f"fleet refresh, {HOSTS} hosts: hosts back, up", "hosts", [r["up"] for r in rows],
            target=HOSTS, op=">=", note=f"rows {min(r['rows'] for r in rows)}; the kvm-nopmu hosts are up "
            f"without a PMU (no-pmu), counted here; {err[:300]}")
        rss = [peak_rss_mib([pmutop, "--fleet", f"http://127.0.0.1:{port}", "-b", "--json", "-n", "3", "-d", "0.2",
                             "-o", "/dev/null"]) for _ in range(3)]
        fig("15 fleet", f"fleet peak RSS, {HOSTS} hosts, pmutop --fleet -b --json -n 3", "MiB", rss, target=32)
        # the recording rules (contrib/): Prometheus records them at its next evaluation
        p.terminate()
        p.wait()
        rules = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                             "contrib", "prometheus", "pmutop-fleet.rules.yml")
        p, port = start_prometheus(prom, work, data, rules)
        ok = False
        for _ in range(120):
            try:
                body = urllib.parse.urlencode({"query": "count(instance_event:pmutop_event:rate1m)"}).encode()
                d = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/query", body, timeout=10))
                if d["data"]["result"] and float(d["data"]["result"][0]["value"][1]) >= HOSTS * 0.9:
                    ok = True
                    break
            except Exception:
                pass
            time.sleep(0.5)
        if not ok:
            notes.append("scenario 15: the recording rules recorded nothing within 60 s: "
                         + open(os.path.join(work, "prom.err")).read()[-300:])
            return
        _, _, rows, err = refreshes(outdir, port, n, rules=True)
        fig("15 fleet", f"fleet refresh, {HOSTS} hosts, recording rules: wall", "ms", [r["wall_ms"] for r in rows],
            target=250, note=f"rules answered in {sum(r['rules'] for r in rows)} of {len(rows)} refreshes; "
            f"{min(r['up'] for r in rows)} hosts back up; {min(r['queries'] for r in rows)} queries; "
            f"Prometheus evaluates the rules every 15 s meanwhile {err[:200]}")
    finally:
        if p:
            p.terminate()
            p.wait()
        shutil.rmtree(work, ignore_errors=True)
