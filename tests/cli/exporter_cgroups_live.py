#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# exporter_cgroups_live.py: the checks of exporter_cgroups_live.sh. A busy loop runs in TOP (a
# top-level cgroup) and one in DEEP (three levels down); pmutop --listen --export-cgroups (no -G)
# is scraped 10 times; at each scrape the kernel's cpu.stat usage_usec of both cgroups and of the
# root is read. Prometheus, when given, scrapes the same pmutop; its samples (with their scrape
# times) are compared with cpu.stat read every 50 ms around them.
# Usage: exporter_cgroups_live.py TESTNAME PMUTOP WORKDIR MOUNT TOP DEEP [PROMETHEUS]. Prints PASS/FAIL lines.
import bisect
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request

from promtest import free_port, wait_for, query  # noqa: E402

NAME, PMUTOP, WORK, MNT, TOP, DEEP = sys.argv[1:7]
PROMETHEUS = sys.argv[7] if len(sys.argv) > 7 else ""
fails = 0
procs = []
TOL = 0.05


def result(ok, what, why=""):
    global fails
    if ok:
        print(f"PASS {NAME}:{what}{' (' + why + ')' if why else ''}", flush=True)
    else:
        fails += 1
        print(f"FAIL {NAME}:{what}: {why}"[:900], flush=True)


def rel_path(d):
    return "/" + os.path.relpath(d, MNT)


def usage(d):
    """The kernel's CPU seconds of cgroup folder d (cpu.stat usage_usec)."""
    with open(os.path.join(d, "cpu.stat")) as f:
        for line in f:
            k, v = line.split()
            if k == "usage_usec":
                return int(v) / 1e6
    raise ValueError(f"{d}/cpu.stat: no usage_usec")


def busy_in(d):
    """A shell busy loop moved into cgroup d before it loops."""
    p = subprocess.Popen(["sh", "-c", f"echo $$ > '{d}/cgroup.procs' && exec sh -c 'while :; do :; done'"])
    procs.append(p)
    return p


def scrape(port):
    body = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
    out = {}
    for line in body.splitlines():
        m = re.match(r'pmutop_cgroup_cpu_seconds_total\{cgroup="([^"]*)"\} (\S+)$', line)
        if m:
            out[m[1]] = float(m[2])
    return out


class Books(threading.Thread):
    """cpu.stat of the cgroups, read every 50 ms with the wall clock: the kernel's figure at any time."""
    def __init__(self, dirs):
        super().__init__(daemon=True)
        self.dirs, self.t, self.u, self.stop = dirs, [], {d: [] for d in dirs}, False

    def run(self):
        while not self.stop:
            now = time.time()
            for d in self.dirs:
                self.u[d].append(usage(d))
            self.t.append(now)
            time.sleep(0.05)

    def at(self, d, t):
        i = min(max(bisect.bisect_left(self.t, t), 1), len(self.t) - 1)
        t0, t1, u0, u1 = self.t[i - 1], self.t[i], self.u[d][i - 1], self.u[d][i]
        return u0 + (u1 - u0) * (t - t0) / (t1 - t0) if t1 > t0 else u1


def main():
    top, deep, mid = rel_path(TOP), rel_path(DEEP), [rel_path(os.path.dirname(DEEP)), rel_path(os.path.dirname(os.path.dirname(DEEP)))]
    busy_in(TOP)
    busy_in(DEEP)
    books = Books([TOP, DEEP, MNT])
    books.start()
    err = os.path.join(WORK, "pmutop.err")
    # 10 cgroups: the two here among the busiest whatever else the machine runs
    pm = subprocess.Popen([PMUTOP, "-b", "-d", "0.2", "--quiet", "--listen", "127.0.0.1:0", "--export-cgroups=10"],
                          stdout=subprocess.DEVNULL, stderr=open(err, "w"))
    procs.append(pm)
    port = wait_for("pmutop's port", lambda: [l.split(":")[-1].split("/")[0] for l in open(err)
                                             if "serving metrics on" in l], 30)[0]
    pport = None
    if PROMETHEUS:
        pport = free_port()
        cfg = os.path.join(WORK, "prometheus.yml")
        with open(cfg, "w") as f:
            f.write("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n  - job_name: pmutop\n"
                    f"    static_configs:\n      - targets: ['127.0.0.1:{port}']\n")
        procs.append(subprocess.Popen([PROMETHEUS, f"--config.file={cfg}", f"--web.listen-address=127.0.0.1:{pport}",
                                       f"--storage.tsdb.path={os.path.join(WORK, 'tsdb')}", "--log.level=warn"],
                                      stdout=subprocess.DEVNULL, stderr=open(os.path.join(WORK, "prom.err"), "w")))
    try:
        wait_for("both cgroups exported", lambda: {top, deep} <= set(scrape(port)), 20)
    except TimeoutError as e:
        result(False, "top_and_deep_exported", f"{e}; last scrape {scrape(port)}")
        return
    result(True, "top_and_deep_exported")
    # 10 scrapes, 1 s apart, the kernel's books read at each
    seen = []
    for _ in range(10):
        t = time.time()
        seen.append((t, scrape(port)))
        time.sleep(1)
    (t0, s0), (t1, s1) = seen[0], seen[-1]
    for name, d, path in (("top_level", TOP, top), ("three_down", DEEP, deep)):
        ours = s1.get(path, float("nan")) - s0.get(path, float("nan"))
        kern = books.at(d, t1) - books.at(d, t0)
        ok = kern > 0.5 and abs(ours - kern) <= TOL * kern
        result(ok, f"{name}_cpu_seconds_as_cpu_stat", f"pmutop {ours:.3f} s, cpu.stat {kern:.3f} s over {t1 - t0:.1f} s")
    # the cgroups between hold none of the deep one's time (each cgroup's own time)
    between = [s1[p] - s0[p] for p in mid if p in s1 and p in s0]
    kern_deep = books.at(DEEP, t1) - books.at(DEEP, t0)
    result(all(v < 0.05 * kern_deep for v in between), "parents_not_counted_twice",
           f"{dict(zip(mid, between))} against {kern_deep:.3f} s of {deep}")
    # every series together: the whole tree's time (the root's cpu.stat), once; over the scrape
    # intervals in which the exported set stayed the same (other tests' cgroups come and go: one
    # that enters or leaves takes its time to or from "(other)" within an interval)
    total = kern_root = 0
    steady = 0
    for (ta, a), (tb, b) in zip(seen, seen[1:]):
        if set(a) != set(b):
            continue
        steady += 1
        total += sum(b[p] - a[p] for p in a)
        kern_root += books.at(MNT, tb) - books.at(MNT, ta)
    result(steady >= 5 and all("(other)" in s for _, s in seen) and abs(total - kern_root) <= TOL * kern_root,
           "all_series_are_the_tree", f"pmutop {total:.3f} s, root cpu.stat {kern_root:.3f} s over {steady} of "
           f"{len(seen) - 1} scrape intervals with the same series")
    # counters only grow
    mono = all(b[1].get(p, 0) >= a[1][p] for a, b in zip(seen, seen[1:]) for p in a[1] if p in b[1])
    result(mono, "counters_monotonic", str([s for _, s in seen][:3]))
    if pport:
        check_prometheus(pport, books, top, deep)
    else:
        print(f"SKIP {NAME}:prometheus_rate: prometheus is not installed (make test-deps unpacks it)")


def check_prometheus(pport, books, top, deep):
    """Prometheus's own samples of both counters, with its scrape times, against cpu.stat then."""
    try:
        wait_for("10 Prometheus scrapes", lambda: [r for r in query(
            pport, f'count_over_time(pmutop_cgroup_cpu_seconds_total{{cgroup="{top}"}}[1m])', time.time())
            if float(r["value"][1]) >= 10], 40)
        at = time.time()
        for name, d, path in (("top_level", TOP, top), ("three_down", DEEP, deep)):
            r = query(pport, f'pmutop_cgroup_cpu_seconds_total{{cgroup="{path}"}}[12s]', at)
            vals = [(float(t), float(v)) for t, v in r[0]["values"]] if r else []
            if len(vals) < 10:
                result(False, f"prometheus_{name}", f"{len(vals)} samples: {r}")
                continue
            (ta, va), (tb, vb) = vals[0], vals[-1]
            kern = books.at(d, tb) - books.at(d, ta)
            result(abs((vb - va) - kern) <= TOL * kern, f"prometheus_{name}_as_cpu_stat",
                   f"Prometheus {vb - va:.3f} s over {len(vals)} scrapes, cpu.stat {kern:.3f} s")
            # rate() itself: its window's ends are extrapolated from samples a scrape (1 s) apart, so
            # on a loaded machine its 10 s and the kernel's last 10 s differ by up to a second of load
            # changes: twice the tolerance of the sample-exact comparison above
            rate = query(pport, f'rate(pmutop_cgroup_cpu_seconds_total{{cgroup="{path}"}}[10s])', at)
            rv = float(rate[0]["value"][1]) if rate else float("nan")
            kr = (books.at(d, at) - books.at(d, at - 10)) / 10
            result(abs(rv - kr) <= 2 * TOL * kr, f"prometheus_{name}_rate",
                   f"rate() {rv:.3f} CPUs, cpu.stat {kr:.3f} CPUs over the last 10 s")
    except Exception as e:
        result(False, "prometheus_scrapes", repr(e))


try:
    main()
finally:
    for p in procs:
        p.terminate()
    for p in procs:
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
sys.exit(1 if fails else 0)
