#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# exporter_prometheus.py: Debian's Prometheus server scrapes `pmutop --sim spr-2s --listen` on
# loopback; its answers over the HTTP API are checked against pmutop's own batch JSON rows, written
# by the same process at the same time (tests/cli/exporter_prometheus.sh). Prometheus loads
# contrib/prometheus's recording rules, so the dashboard's queries over them answer too. With PKI (a
# folder of tlslib.sh's certificates), a second pmutop serves over TLS with basic authentication and
# Prometheus scrapes it with tls_config and basic_auth: up with the password, 401 without it.
# Usage: exporter_prometheus.py TESTNAME PMUTOP PROMETHEUS WORKDIR [PKI ALICE_HASH]. Prints PASS/FAIL lines.
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request

from promtest import free_port, wait_for, query, rel  # noqa: E402

NAME, PMUTOP, PROMETHEUS, WORK = sys.argv[1:5]
PKI, ALICE = (sys.argv[5], sys.argv[6]) if len(sys.argv) > 6 else ("", "")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
fails = 0
procs = []


def result(ok, what, why=""):
    global fails
    if ok:
        print(f"PASS {NAME}:{what}", flush=True)
    else:
        fails += 1
        print(f"FAIL {NAME}:{what}: {why}"[:700], flush=True)


def start_tls_pmutop():
    """pmutop --web-config: TLS with the test CA's certificate, alice's bcrypt hash; its port."""
    web = os.path.join(PKI, "web.yml")
    with open(web, "w") as f:
        f.write(f"tls_server_config:\n  cert_file: server.pem\n  key_file: server.key\n"
                f"basic_auth_users:\n  alice: '{ALICE}'\n")
    err = os.path.join(WORK, "pmutop_tls.err")
    pm = subprocess.Popen([PMUTOP, "--sim", "kvm-nopmu", "-b", "-d", "0.5", "--quiet", "--listen", "127.0.0.1:0",
                           "--web-config", web], stdout=subprocess.DEVNULL, stderr=open(err, "w"))
    procs.append(pm)
    return wait_for("pmutop's TLS port", lambda: [l.split(":")[-1].split("/")[0] for l in open(err)
                                                  if "serving metrics on https://" in l], 30)[0]


def check_tls(pport):
    """Prometheus scrapes the TLS server with the password, and is refused (401) without it."""
    def state(job):
        t = json.load(urllib.request.urlopen(f"http://127.0.0.1:{pport}/api/v1/targets", timeout=5))
        return [x for x in t["data"]["activeTargets"] if x["labels"]["job"] == job and x["health"] != "unknown"]
    try:
        wait_for("the TLS scrapes", lambda: all(state(j) for j in ("pmutop_tls", "pmutop_tls_wrong", "pmutop_tls_none")), 40)
        ok = wait_for("a TLS series", lambda: query(pport, 'pmutop_event_seconds_total{job="pmutop_tls",event="cpu-clock"}'), 20)
        good = state("pmutop_tls")[0]
        result(good["health"] == "up" and bool(ok), "tls_basic_auth_scrape_up", str(good))
        for job in ("pmutop_tls_wrong", "pmutop_tls_none"):
            bad = state(job)[0]
            result(bad["health"] == "down" and "401" in bad.get("lastError", ""), f"{job}_refused_401", str(bad))
    except Exception as e:
        result(False, "tls_basic_auth_scrape", repr(e))


def main():
    rows_path = os.path.join(WORK, "rows.json")
    err_path = os.path.join(WORK, "pmutop.err")
    pm = subprocess.Popen([PMUTOP, "--sim", "spr-2s", "-b", "-d", "0.5", "--json", "-o", rows_path,
                           "-e", "cycles,instructions,branches,branch-misses,cache-misses,cache-references,cpu-clock,"
                           "power/energy-pkg/,power/energy-ram/,uncore_imc_0/cas_count_read/,uncore_imc_0/cas_count_write/",
                           "--listen", "127.0.0.1:0"],
                          stdout=subprocess.DEVNULL, stderr=open(err_path, "w"))
    procs.append(pm)
    port = wait_for("pmutop's port", lambda: [l.split(":")[-1].split("/")[0] for l in open(err_path)
                                             if "serving metrics on" in l], 30)[0]
    tls_port = start_tls_pmutop() if PKI else None
    pport = free_port()
    cfg = os.path.join(WORK, "prometheus.yml")
    with open(cfg, "w") as f:
        f.write("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n  evaluation_interval: 1s\n"
                f"rule_files:\n  - {os.path.join(ROOT, 'contrib', 'prometheus', 'pmutop.rules.yml')}\n"
                "scrape_configs:\n  - job_name: pmutop\n    static_configs:\n"
                f"      - targets: ['127.0.0.1:{port}']\n")
        if tls_port:
            for job, auth in (("pmutop_tls", "    basic_auth:\n      username: alice\n      password: alice-pw\n"),
                              ("pmutop_tls_wrong", "    basic_auth:\n      username: alice\n      password: nope\n"),
                              ("pmutop_tls_none", "")):
                f.write(f"  - job_name: {job}\n    scheme: https\n    tls_config:\n"
                        f"      ca_file: {os.path.join(PKI, 'ca.pem')}\n{auth}"
                        f"    static_configs:\n      - targets: ['127.0.0.1:{tls_port}']\n")
    prom = subprocess.Popen([PROMETHEUS, f"--config.file={cfg}", f"--web.listen-address=127.0.0.1:{pport}",
                             f"--storage.tsdb.path={os.path.join(WORK, 'tsdb')}", "--log.level=warn"],
                            stdout=subprocess.DEVNULL, stderr=open(os.path.join(WORK, "prometheus.err"), "w"))
    procs.append(prom)
    # two scrapes at least; then enough that the counters cover the whole 5 s of the rates below
    # (rate() divides by the window, so a series younger than it reads low)
    wait_for("Prometheus up", lambda: query(pport, "up"), 40)
    wait_for("2 scrapes", lambda: [r for r in query(pport, 'count_over_time(pmutop_build_info[1m])')
                                   if float(r["value"][1]) >= 2], 40)
    wait_for("7 s of counters", lambda: [r for r in query(
        pport, 'count_over_time(pmutop_event_total{event="cycles",cpu="0"}[1m])') if float(r["value"][1]) >= 7], 40)
    up = query(pport, 'up{job="pmutop"}')
    result(up and up[0]["value"][1] == "1", "prometheus_scrapes_pmutop", str(up))
    if tls_port:
        check_tls(pport)
    info = query(pport, 'pmutop_build_info{job="pmutop"}')
    result(info and info[0]["metric"].get("source") == "sim", "build_info_source", str(info))
    at = time.time()
    # JSON rows of the same process: every frame up to now
    rows = [json.loads(l) for l in open(rows_path) if l.startswith("{")]
    cpu0 = [r["cpus"][0] for r in rows]
    # 1. the total Prometheus holds is the sum of the JSON values up to some frame, to rounding
    tot = query(pport, 'pmutop_event_total{event="cycles",cpu="0"}', at)
    sums, s = [], 0.0
    for c in cpu0:
        s += c["events"]["cycles"]["value"]
        sums.append(s)
    v = float(tot[0]["value"][1]) if tot else float("nan")
    result(any(rel(v, x) < 1e-7 for x in sums), "total_is_sum_of_json_values",
           f"prometheus {v}, JSON prefix sums {sums[-4:]}")
    # 2. rate() over the last 5 s against the JSON frames between the first and the last sample it
    # used (found by cpu 0's totals, prefix sums of its JSON values as in 1): the simulated load
    # changes every 2 s, so the frames must be the same ones, not merely the last 5 s of them
    r = query(pport, 'sum(rate(pmutop_event_total{event="cycles"}[5s]))', at)
    rate = float(r[0]["value"][1]) if r else float("nan")
    rng = query(pport, 'pmutop_event_total{event="cycles",cpu="0"}[5s]', at)
    vals = [float(v) for _, v in rng[0]["values"]] if rng else []
    ends = [min(range(len(sums)), key=lambda i: abs(sums[i] - v)) for v in vals[:1] + vals[-1:]]
    seen = rows[ends[0] + 1:ends[1] + 1] if len(ends) == 2 else []
    json_rate = (sum(x["system"]["events"]["cycles"]["value"] for x in seen) / sum(x["interval"] for x in seen)
                 if seen else float("nan"))
    result(rel(rate, json_rate) < 0.05, "rate_matches_json", f"prometheus {rate:.4g}/s, JSON {json_rate:.4g}/s "
           f"over frames {ends}")
    # 3. pmutop_ipc is one of the frames' IPC, exactly as printed
    g = query(pport, 'pmutop_ipc{cpu="0"}', at)
    ipc = float(g[0]["value"][1]) if g else float("nan")
    result(any(abs(ipc - c["metrics"]["ipc"]) < 2e-6 for c in cpu0), "ipc_is_a_json_ipc",
           f"prometheus {ipc}, JSON {[c['metrics']['ipc'] for c in cpu0[-4:]]}")
    # 4. IPC per socket from the counters (docs/exporter.md's PromQL) against the JSON socket IPC
    q = ('sum by (socket) (rate(pmutop_event_total{event="instructions"}[5s])) / '
         'sum by (socket) (rate(pmutop_event_total{event="cycles"}[5s]))')
    res = {x["metric"]["socket"]: float(x["value"][1]) for x in query(pport, q, at)}
    # the JSON sockets' IPC over the frames of that window (found in 2): the load, and with it each
    # socket's IPC, changes every 2 s
    want = {str(s["socket"]): sum(r["sockets"][i]["events"]["instructions"]["value"] for r in seen) /
            sum(r["sockets"][i]["events"]["cycles"]["value"] for r in seen)
            for i, s in enumerate(rows[-1]["sockets"])} if seen else {}
    result(set(res) == set(want) and all(rel(res[k], want[k]) < 0.05 for k in want), "socket_ipc_promql",
           f"prometheus {res}, JSON {want}")
    # 5. package power from the energy counter against the JSON watts
    r = query(pport, 'sum(rate(pmutop_package_energy_joules_total[5s]))', at)
    watts = float(r[0]["value"][1]) if r else float("nan")
    jw = sum(s["metrics"]["pkg_watts"] for s in rows[-1]["sockets"])
    result(rel(watts, jw) < 0.1, "energy_rate_matches_json_watts", f"prometheus {watts:.4g} W, JSON {jw:.4g} W")
    # 6. memory bandwidth PromQL
    r = query(pport, 'sum(rate(pmutop_memory_read_bytes_total[5s]))', at)
    bw = float(r[0]["value"][1]) if r else float("nan")
    jb = sum(s["metrics"].get("mem_read_gbs", 0) for s in rows[-1]["sockets"]) * 1e9
    result(jb > 0 and rel(bw, jb) < 0.1, "memory_bandwidth_promql", f"prometheus {bw:.4g} B/s, JSON {jb:.4g} B/s")
    # 7. every query of the Grafana dashboard in contrib/ runs, with an answer when its metrics exist
    root = ROOT
    dash = json.load(open(os.path.join(root, "contrib", "grafana-pmutop.json")))
    # a recording rule stands for the exported metrics it reads
    rules = open(os.path.join(root, "contrib", "prometheus", "pmutop.rules.yml")).read()
    reads = {}
    for rec, expr in re.findall(r"- record: (\S+)\n\s+expr: (\|\n(?:\s{10}.*\n)+|.*\n)", rules):
        reads[rec] = set(re.findall(r"\b(pmutop_[a-z_]+)", expr.replace(rec, "")))
    exposed = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5).read().decode()
    have = {l.split("{")[0].split(" ")[0] for l in exposed.splitlines() if l and not l.startswith("#")}
    # 8. the PromQL of docs/exporter.md (the user's guide to monitoring a fleet) runs and answers
    guide = open(os.path.join(root, "docs", "exporter.md")).read()
    blocks = re.findall(r"```promql\n(.*?)```", guide, re.S)
    exprs, cur = [], ""
    for line in "".join(blocks).splitlines():
        if line.startswith("#"):
            if cur:
                exprs.append(cur)
            cur = ""
        else:
            cur += " " + line.strip()
    if cur:
        exprs.append(cur)
    result(len(exprs) >= 3, "guide_promql_found", str(exprs))
    for e in exprs:
        e5 = e.replace("[5m]", "[5s]")
        try:
            result(bool(query(pport, e5, at)), "guide " + e[:60], f"{e5}: no answer")
        except Exception as ex:
            result(False, "guide " + e[:60], f"{e5}: {ex!r}")
    for p in dash["panels"]:
        for t in p["targets"]:
            e = t["expr"].replace("$__rate_interval", "5s").replace("$instance", ".*")
            try:
                ans = query(pport, e, at)
                plain = set(re.findall(r"\b(pmutop_[a-z_]+)", re.sub(r"instance_\w+:pmutop_\w+:\w+", "", e)))
                # an answer is due when the metrics are exported: those a recording rule reads, one at least
                want = plain <= have and all(any(m in have or m + "_total" in have for m in reads.get(rec, ()))
                                             for rec in re.findall(r"\b(instance_\w+:pmutop_\w+:\w+)", e))
                result(bool(ans) or not want, "dashboard " + p["title"], f"{e}: no answer")
            except Exception as ex:
                result(False, "dashboard " + p["title"], f"{e}: {ex!r}")


# a test runner's SIGTERM still goes through the finally below, which stops both servers
signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
try:
    main()
except Exception as e:
    result(False, "prometheus_run", repr(e))
    for p in ("pmutop.err", "prometheus.err"):
        try:
            print("     " + open(os.path.join(WORK, p)).read()[-400:].replace("\n", "\n     "))
        except OSError:
            pass
finally:
    for p in procs:
        p.terminate()
    for p in procs:
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
sys.exit(1 if fails else 0)
