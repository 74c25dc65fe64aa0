#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# fleet_prometheus.py: pmutop --fleet against a real Prometheus scraping five simulated exporters on
# loopback (tests/cli/fleet_prometheus.sh). Each exporter also writes its own batch JSON (-o), so
# every figure of the fleet's row is checked against the frames of that same process.
#
# How the comparison is made honest: the fleet evaluates rate() at one time T over a window W; the
# counters it reads are the exporter's totals at the two scrapes that bound the window. Those totals
# are prefix sums of the exporter's JSON frames, so the test finds which frames they close (by the
# totals of cpu 0's cpu-clock, read from Prometheus over the same [W] at the same T) and computes each
# figure from exactly those frames: IPC = sum of instructions / sum of cycles, GHz = sum of cycles /
# sum of the cycles events' enabled time, memory GB/s = sum of the sockets' bytes / sum of the
# intervals. The fleet divides bytes by the exporter's own elapsed time (cpu-clock seconds per CPU),
# not by Prometheus' scrape timestamps, for this reason: within 2% is then a real bound, not luck.
# Usage: fleet_prometheus.py TESTNAME PMUTOP PROMETHEUS WORKDIR PKI. Prints PASS/FAIL/SKIP lines.
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request

from promtest import free_port, wait_for, query, rel  # noqa: E402

NAME, PMUTOP, PROMETHEUS, WORK, PKI = sys.argv[1:6]
ALICE = '$2y$05$abcdefghijklmnopqrstuujEI7PSP.y28xMPOv5lBoTSzRZgCP7le'   # "alice-pw" (tlslib.sh)
DEFAULT = "cycles,instructions,cache-references,cache-misses,branches,branch-misses,cpu-clock"
MACHINES = {
    "spr-2s": DEFAULT + ",uncore_imc/cas_count_read/,uncore_imc/cas_count_write/,power/energy-pkg/,power/energy-ram/",
    "zen4-1s": DEFAULT + ",amd_umc/event=0x0a,rdwrmask=0x1/,amd_umc/event=0x0a,rdwrmask=0x2/",
    "adl-hybrid": None, "neoverse-v1": None, "kvm-nopmu": None,
}
CONF = os.path.join(WORK, "norules.conf")   # [fleet] rules = false: the window derived, not the rules'
fails = 0
procs = []
DEAD = None   # a target of the pmutop job that never answers (a port nobody listens on); main() sets it


def result(ok, what, why=""):
    global fails
    if not ok:
        fails += 1
    print(f"PASS {NAME}:{what}" if ok else f"FAIL {NAME}:{what}: {why}"[:900], flush=True)


def fleet(*args, timeout=60):
    p = subprocess.run([PMUTOP, *args], capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def start_exporters():
    hosts = {}
    for m, ev in MACHINES.items():
        err = os.path.join(WORK, f"{m}.err")
        cmd = [PMUTOP, "--sim", m, "-b", "-d", "0.5", "--json", "-o", os.path.join(WORK, f"{m}.json"),
               "--listen", "127.0.0.1:0"] + (["-e", ev] if ev else []) + \
            (["--export-cgroups"] if m == "spr-2s" else [])   # the simulation's cgroups, for the drill-down
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=open(err, "w"))
        procs.append(p)
        port = wait_for(f"{m}'s port", lambda: [l.split(":")[-1].split("/")[0] for l in open(err)
                                                if "serving metrics on" in l], 30)[0]
        hosts[f"127.0.0.1:{port}"] = (m, p)
    return hosts


def start_prometheus(targets, web=None):
    pport = free_port()
    cfg = os.path.join(WORK, f"prometheus{pport}.yml")
    with open(cfg, "w") as f:
        f.write("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n  evaluation_interval: 1s\n"
                f"rule_files:\n  - {os.path.join(os.getcwd(), 'contrib/prometheus/pmutop-fleet.rules.yml')}\n"
                "scrape_configs:\n  - job_name: pmutop\n    static_configs:\n"
                f"      - targets: {json.dumps(sorted(targets + ([DEAD] if DEAD else [])))}\n"
                # a job without pmutop exporters: its down target is not a host of the fleet
                "  - job_name: other\n    static_configs:\n"
                f"      - targets: [\"127.0.0.1:{free_port()}\"]\n")
    cmd = [PROMETHEUS, f"--config.file={cfg}", f"--web.listen-address=127.0.0.1:{pport}",
           f"--storage.tsdb.path={os.path.join(WORK, f'tsdb{pport}')}", "--log.level=warn"]
    if web:
        cmd.append(f"--web.config.file={web}")
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=open(os.path.join(WORK, f"prom{pport}.err"), "w"))
    procs.append(p)
    return pport, p


def json_figures(machine, lo, hi):
    """IPC, GHz, memory GB/s over the exporter's frames lo+1..hi (its own JSON)."""
    rows = [json.loads(l) for l in open(os.path.join(WORK, f"{machine}.json")) if l.startswith("{")]
    seen = rows[lo + 1:hi + 1]
    cyc = ins = en = mem = iv = 0.0
    for r in seen:
        for k, v in r["system"]["events"].items():
            base = k.split("/")[-2] if k.endswith("/") else k
            if base in ("cycles", "cpu-cycles"):
                cyc += v["value"]
                en += v["enabled_ns"]
            elif base == "instructions":
                ins += v["value"]
        for s in r["sockets"]:
            m = s["metrics"]
            g = m.get("mem_gbs", m.get("mem_read_gbs", 0) + m.get("mem_write_gbs", 0) if "mem_read_gbs" in m else None)
            if g is not None:
                mem += g * r["interval"]
        iv += r["interval"]
    return (ins / cyc if cyc else None, cyc / en if en else None, mem / iv if mem else None, len(seen))


def frames_of(pport, host, machine, at, window):
    """The exporter's frames whose totals Prometheus read first and last in [window] at time at."""
    rng = query(pport, f'pmutop_event_seconds_total{{event="cpu-clock",cpu="0",instance="{host}"}}[{int(window * 1000)}ms]', at)
    vals = [float(v) for _, v in rng[0]["values"]]
    rows = [json.loads(l) for l in open(os.path.join(WORK, f"{machine}.json")) if l.startswith("{")]
    sums, s = [], 0.0
    for r in rows:
        s += r["cpus"][0]["events"]["cpu-clock"]["value"]
        sums.append(s)
    # cpu-clock is in msec in the JSON and seconds in Prometheus
    ends = [min(range(len(sums)), key=lambda i: abs(sums[i] / 1000 - v)) for v in (vals[0], vals[-1])]
    return ends


def check_rows(pport, hosts, frame):
    rows = {h["host"]: h for h in frame["hosts"]}
    result(set(rows) == set(hosts) | {DEAD} and frame["queries"] <= 10, "five_hosts_few_queries",
           f"hosts {sorted(rows)}, queries {frame['queries']}")
    d = rows.get(DEAD, {})
    result(d.get("state") == "down" and "from the start" in d.get("why", "") and d.get("ipc") is None and
           d.get("missing", {}).get("ipc") == "host down", "down_from_start_listed_down", str(d)[:400])
    result(abs(frame["window_s"] - 4) < 1e-9, "window_from_scrape_interval", f"window {frame['window_s']}")
    for h, (m, _) in hosts.items():
        r = rows.get(h, {})
        if m == "kvm-nopmu":
            result(r.get("state") == "no-pmu" and r.get("ipc") is None and "ipc" in r.get("missing", {})
                   and r.get("util") is not None, "kvm_nopmu_is_no_pmu_not_zero", str(r)[:400])
            continue
        lo, hi = frames_of(pport, h, m, frame["time"], frame["window_s"])
        ipc, ghz, mem, n = json_figures(m, lo, hi)
        bad = [f"{k}: fleet {r.get(k)} json {v}" for k, v in (("ipc", ipc), ("ghz", ghz), ("mem_gbs", mem))
               if (v is None) != (r.get(k) is None) or (v is not None and rel(r[k], v) > 0.02)]
        result(r.get("state") == "up" and not bad and n >= 3, f"{m}_matches_own_json",
               f"frames {lo}..{hi}: {bad} {r.get('state')} {r.get('missing')}")


def check_down(pport, hosts):
    victim = [h for h, (m, _) in hosts.items() if m == "neoverse-v1"][0]
    p = hosts[victim][1]
    p.send_signal(signal.SIGTERM)
    p.wait(10)
    t0 = time.monotonic()
    state, took = None, None
    while time.monotonic() - t0 < 6:
        rc, out, err = fleet("--fleet", f"http://127.0.0.1:{pport}", "--config", CONF, "-b", "--json", "-n", "1")
        rows = {h["host"]: h for h in json.loads(out)["hosts"]} if rc == 0 else {}
        state = rows.get(victim, {}).get("state")
        if state == "down":
            took = time.monotonic() - t0
            break
        time.sleep(0.1)
    # two scrape intervals (1 s each), and the time a fleet refresh itself takes
    result(took is not None and took <= 2.5, "stopped_exporter_down_within_two_scrapes",
           f"state {state} after {time.monotonic() - t0:.1f} s")
    return victim


class Recorder:
    """A loopback HTTP proxy in front of one exporter that keeps each /metrics body it forwards: the
    totals a direct run read, so the test knows which exporter frames they close. drop: a regular
    expression of the lines left out (an exporter older than some family)."""

    def __init__(self, target, drop=None):
        import http.server
        import re
        import threading
        rec = self
        self.bodies = []
        drop = re.compile(drop) if drop else None

        class H(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                req = urllib.request.Request(f"http://{target}{self.path}",
                                             headers={k: v for k, v in self.headers.items() if k.lower() == "accept"})
                with urllib.request.urlopen(req, timeout=5) as r:
                    body, ctype = r.read(), r.headers.get("Content-Type", "text/plain")
                if drop:
                    body = "".join(l for l in body.decode().splitlines(True) if not drop.match(l)).encode()
                rec.bodies.append(body.decode())
                self.send_response(200)
                self.send_header("Content-Type", ctype)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *a):
                pass

        self.srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
        self.addr = f"127.0.0.1:{self.srv.server_address[1]}"
        threading.Thread(target=self.srv.serve_forever, daemon=True).start()

    def clock0(self):
        """cpu 0's cpu-clock total (seconds) in each body forwarded"""
        out = []
        for b in self.bodies:
            for line in b.splitlines():
                if line.startswith("pmutop_event_seconds_total{") and 'event="cpu-clock"' in line and 'cpu="0"' in line:
                    out.append(float(line.split()[-1]))
        return out


def frames_of_totals(machine, vals):
    rows = [json.loads(l) for l in open(os.path.join(WORK, f"{machine}.json")) if l.startswith("{")]
    sums, s = [], 0.0
    for r in rows:
        s += r["cpus"][0]["events"]["cpu-clock"]["value"]
        sums.append(s)
    return [min(range(len(sums)), key=lambda i: abs(sums[i] / 1000 - v)) for v in (vals[0], vals[-1])]


def check_direct(pport, hosts, victim):
    """Direct mode against Prometheus mode over the same frames. A direct run reads the exporter
    through a recording proxy, so the test knows the frames whose totals it read (as frames_of finds
    the frames Prometheus mode read); each mode's IPC, GHz and memory GB/s are within 2% of the
    exporter's own JSON over the frames that mode read, and the two rows within 2% of each other when
    they read the same frames. (Timing alone cannot make them read the same frames: the exporter
    publishes every 0.5 s at its own phase, Prometheus scrapes at its own, and a run started under
    load scrapes late: 1 in 2 to 4 runs compared a frame apart, 3% off on a simulated host.) The
    direct run still starts 50 ms after Prometheus' scrape phase, so that mostly the frames agree."""
    import threading
    live = [h for h in hosts if h != victim]
    out = {}

    def one(h):
        rec = Recorder(h)
        ts = float(query(pport, f'timestamp(up{{instance="{h}"}})')[0]["value"][1])
        now = time.time()
        start = ts + 0.05 + (int(now - ts) + 1)
        time.sleep(max(0.0, start - time.time()))
        rc, dout, err = fleet("--fleet-targets", rec.addr, "-b", "--json", "-n", "1", "--fleet-window", "10")
        rc2, pout, err2 = fleet("--fleet", f"http://127.0.0.1:{pport}", "--config", CONF, "--fleet-window", "10.5",
                                "-b", "--json", "-n", "1")
        rec.srv.shutdown()
        out[h] = (rc, dout, err, rc2, pout, err2, rec.clock0())

    threads = [threading.Thread(target=one, args=(h,)) for h in live]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    bad, same = [], 0
    for h in live:
        rc, dout, err, rc2, pout, err2, clk = out.get(h, (1, "", "no run", 1, "", "", []))
        m = hosts[h][0]
        if rc or rc2 or len(clk) < 2:
            bad.append(f"{m}: {err} {err2} ({len(clk)} scrapes recorded)")
            continue
        d = json.loads(dout)["hosts"][0]
        pf = json.loads(pout)
        p = {x["host"]: x for x in pf["hosts"]}.get(h, {})
        dlo, dhi = frames_of_totals(m, clk)
        plo, phi = frames_of(pport, h, m, pf["time"], pf["window_s"])
        truth_d, truth_p = json_figures(m, dlo, dhi), json_figures(m, plo, phi)
        for k, i in (("ipc", 0), ("ghz", 1), ("mem_gbs", 2)):
            for mode, row, tr, fr in (("direct", d, truth_d, (dlo, dhi)), ("prometheus", p, truth_p, (plo, phi))):
                a, v = row.get(k), tr[i]
                if (a is None) != (v is None) or (a is not None and rel(a, v) > 0.02):
                    bad.append(f"{m} {k}: {mode} {a}, its json over frames {fr[0]}..{fr[1]} {v}")
        keys = ("ipc", "ghz", "mem_gbs", "cpus") if (dlo, dhi) == (plo, phi) else ("cpus",)
        same += (dlo, dhi) == (plo, phi)
        for k in keys:
            a, b = d.get(k), p.get(k)
            if (a is None) != (b is None) or (a is not None and rel(a, b) > 0.02):
                bad.append(f"{m} {k}: direct {a} prometheus {b} (frames {dlo}..{dhi})")
        if d.get("state") != p.get("state"):
            bad.append(f"{m} state: direct {d.get('state')} prometheus {p.get('state')}")
    print(f"     direct mode: {len(live)} hosts, {same} read the same frames as Prometheus mode", flush=True)
    result(not bad, "direct_mode_same_rows", str(bad))
    rc, dout, err = fleet("--fleet-targets", ",".join(sorted(hosts) + [DEAD]), "-b", "--json", "-n", "1",
                          "--fleet-window", "1")
    rows = {x["host"]: x for x in json.loads(dout)["hosts"]} if rc == 0 else {}
    dv, dd = rows.get(victim, {}), rows.get(DEAD, {})
    result(dv.get("state") == "down" and "Couldn't connect" in dv.get("why", "") and dv.get("ipc") is None,
           "direct_mode_failed_target_down", f"rc {rc} {err} {dv}")
    # a target that never answered is a row of its own, down, from the target list
    result(len(rows) == 6 and dd.get("state") == "down" and "Couldn't connect" in dd.get("why", "") and
           dd.get("ipc") is None, "direct_mode_down_from_start", f"rc {rc} {err} {dd}")


def check_detail(pport, hosts):
    spr = [h for h, (m, _) in hosts.items() if m == "spr-2s"][0]
    rc, out, err = fleet("--fleet", f"http://127.0.0.1:{pport}", "--fleet-host", spr, "-b", "--json", "-n", "1")
    d = json.loads(out) if rc == 0 else {}
    socks, cpus = d.get("sockets", []), d.get("cpus", [])
    ok = len(socks) == 2 and len(cpus) == 224 and all(s["ipc"] and s["mem_gbs"] for s in socks) and \
        all(c["ipc"] and c["mem_gbs"] is None for c in cpus) and d.get("remote") is True
    result(ok, "drill_down_sockets_and_cpus", f"rc {rc} {err} sockets {len(socks)} cpus {len(cpus)}")
    # its cgroups: every cgroup the exporter exports, IPC and GHz from the counters' rates within 2% of
    # the exporter's own gauges (pmutop_cgroup_ipc, _frequency_hertz) over the same window, util (% of
    # a CPU) within 2% of pmutop_cgroup_cpus
    cgs = {c["host"]: c for c in d.get("cgroups", [])}
    want = {f'cgroup {r["metric"]["cgroup"]}' for r in query(pport, f'pmutop_cgroup_cpu_seconds_total{{instance="{spr}"}}', d.get("time"))}
    bad = [] if cgs and set(cgs) == want else [f"cgroups {sorted(cgs)} want {sorted(want)}"]
    w = f'[{int(d.get("window_s", 4) * 1000)}ms]'
    for fam, key, scale in (("pmutop_cgroup_ipc", "ipc", 1), ("pmutop_cgroup_frequency_hertz", "ghz", 1e-9),
                            ("pmutop_cgroup_cpus", "util", 100)):
        for r in query(pport, f'avg_over_time({fam}{{instance="{spr}",cgroup!="(other)"}}{w})', d.get("time")):
            c = cgs.get(f'cgroup {r["metric"]["cgroup"]}', {})
            v = float(r["value"][1]) * scale
            if c.get(key) is None or rel(c[key], v) > 0.02:
                bad.append(f'{r["metric"]["cgroup"]} {key}: fleet {c.get(key)} exporter {v}')
    result(not bad and len(cgs) >= 2 and d.get("queries", 0) <= 10, "drill_down_cgroups", str(bad)[:700])
    rc, out, err = fleet("--fleet", f"http://127.0.0.1:{pport}", "--fleet-host", spr, "-b", "-x,", "-n", "1")
    result(rc == 0 and sum(l.split(",")[1].startswith("cgroup /") for l in out.splitlines()[1:]) >= 2,
           "drill_down_cgroups_csv", f"rc {rc} {err} {out[:200]}")
    rc, out, err = fleet("--fleet", f"http://127.0.0.1:{pport}", "--fleet-host", "nosuch:1", "-b", "--json", "-n", "1")
    result(rc == 1 and "no host" in err, "drill_down_unknown_host_said", f"rc {rc} {err}")


def check_csv_and_rules(pport, hosts):
    rc, out, err = fleet("--fleet", f"http://127.0.0.1:{pport}", "-b", "-x", ",", "-n", "2", "-d", "1")
    lines = out.strip().split("\n")
    head = lines[0].split(",") if lines else []
    result(rc == 0 and head[:4] == ["time", "host", "state", "version"] and len(lines) == 1 + 2 * 6 and
           all(len(l.split(",")) == len(head) for l in lines), "csv_two_frames", f"rc {rc} {err} {lines[:2]}")
    # the recording rules: once Prometheus recorded a minute of them the engine reads them
    try:
        wait_for("the rules' series", lambda: query(pport, "instance_event:pmutop_event:rate1m"), 20)
        rc, out, err = fleet("--fleet", f"http://127.0.0.1:{pport}", "-b", "--json", "-n", "1")
        fr = json.loads(out)
        result(fr["rules"] is True and fr["window_s"] == 60 and len(fr["hosts"]) == 6 and
               any(h["ipc"] for h in fr["hosts"]), "rules_used_when_present", out[:300])
    except Exception as e:
        result(False, "rules_used_when_present", repr(e))


def check_older_exporter(hosts):
    """A host whose exporter has no per-socket event counters (older than pmutop_socket_event_total;
    a proxy leaves those families out) beside one that has them: the first refresh finds it from the
    state and reads its per-CPU counters in a fourth query, the next asks that query with the
    others; its IPC and GHz within 2% of its own JSON, its CPUs counted once."""
    old = [h for h, (m, _) in hosts.items() if m == "zen4-1s"][0]
    new = [h for h, (m, _) in hosts.items() if m == "adl-hybrid"][0]
    rec = Recorder(old, drop=r"^(# [A-Z]+ )?pmutop_socket_(event|cpus)")
    pport, p = start_prometheus([rec.addr, new])
    try:
        wait_for("two targets scraped 7 times", lambda: len([r for r in query(
            pport, 'count_over_time(pmutop_build_info[1m])') if float(r["value"][1]) >= 7]) == 2, 60)
        rc, out, err = fleet("--fleet", f"http://127.0.0.1:{pport}", "--config", CONF, "-b", "--json", "-n", "2",
                             "-d", "0.5")
        frames = [json.loads(l) for l in out.splitlines() if l.startswith("{")]
        bad = [] if rc == 0 and len(frames) == 2 else [f"rc {rc} {err}"]
        ncpus = {m: len(json.loads(open(os.path.join(WORK, f"{m}.json")).readline())["cpus"])
                 for m in ("zen4-1s", "adl-hybrid")}
        for i, fr in enumerate(frames):
            rows = {h["host"]: h for h in fr["hosts"]}
            # the first also asks the scrape interval; then state, events, figures (+ the per-CPU one)
            if fr["queries"] != (5 if i == 0 else 4):
                bad.append(f"frame {i}: {fr['queries']} queries")
            for h, m in ((rec.addr, "zen4-1s"), (new, "adl-hybrid")):
                r = rows.get(h, {})
                lo, hi = frames_of(pport, h, m, fr["time"], fr["window_s"])
                ipc, ghz, _, n = json_figures(m, lo, hi)
                if r.get("state") != "up" or r.get("cpus") != ncpus[m] or n < 3:
                    bad.append(f"frame {i} {m}: {r.get('state')}, cpus {r.get('cpus')} of {ncpus[m]}, {n} frames")
                for k, v in (("ipc", ipc), ("ghz", ghz)):
                    if r.get(k) is None or rel(r[k], v) > 0.02:
                        bad.append(f"frame {i} {m} {k}: fleet {r.get(k)} json {v} (frames {lo}..{hi})")
        result(not bad, "older_exporter_per_cpu_counted_once", str(bad)[:700])
    except Exception as e:
        result(False, "older_exporter_per_cpu_counted_once", repr(e))
    finally:
        rec.srv.shutdown()
        p.terminate()


def check_auth(hosts):
    """Prometheus behind basic auth and TLS (its own --web.config.file): the right password and the
    test CA work; a wrong password and a missing CA fail, saying why."""
    if not os.path.exists(os.path.join(PKI, "ca.pem")):
        print(f"SKIP {NAME}:basic_auth_tls: openssl is not installed (make test-deps)", flush=True)
        return
    web = os.path.join(WORK, "prom-web.yml")
    with open(web, "w") as f:
        f.write(f"tls_server_config:\n  cert_file: {PKI}/server.pem\n  key_file: {PKI}/server.key\n"
                f"basic_auth_users:\n  alice: '{ALICE}'\n")
    for name, pw in (("right", "alice-pw"), ("wrong", "nope")):
        with open(os.path.join(WORK, f"pw-{name}"), "w") as f:
            f.write(pw + "\n")
    pport, p = start_prometheus(list(hosts), web)
    url = f"https://127.0.0.1:{pport}"
    ca = os.path.join(PKI, "ca.pem")
    base = ["--fleet", url, "--fleet-ca", ca, "--fleet-user", "alice", "-b", "--json", "-n", "1", "--fleet-window", "4"]
    try:
        def good():
            rc, out, err = fleet(*base, "--fleet-password-file", os.path.join(WORK, "pw-right"))
            return rc == 0 and len(json.loads(out)["hosts"]) >= 4 and out
        out = wait_for("an authenticated answer", good, 30)
        result(bool(out), "basic_auth_tls_right_password")
    except Exception as e:
        result(False, "basic_auth_tls_right_password", repr(e))
    rc, out, err = fleet(*base, "--fleet-password-file", os.path.join(WORK, "pw-wrong"))
    result(rc == 1 and "401" in err and "--fleet-password-file" in err and not out, "basic_auth_wrong_password_said", f"rc {rc} {err}")
    rc, out, err = fleet("--fleet", url, "--fleet-user", "alice", "--fleet-password-file", os.path.join(WORK, "pw-right"),
                         "-b", "--json", "-n", "1")
    result(rc == 1 and ("certificate" in err.lower() or "SSL" in err), "tls_without_ca_said", f"rc {rc} {err}")
    p.terminate()


def main():
    global DEAD
    DEAD = f"127.0.0.1:{free_port()}"
    with open(CONF, "w") as f:
        f.write("[fleet]\nrules = false\n")
    hosts = start_exporters()
    pport, _ = start_prometheus(list(hosts))
    wait_for("five targets scraped 7 times", lambda: len([r for r in query(
        pport, 'count_over_time(pmutop_build_info[1m])') if float(r["value"][1]) >= 7]) == 5, 60)
    rc, out, err = fleet("--fleet", f"http://127.0.0.1:{pport}", "--config", CONF, "-b", "--json", "-n", "2")
    frames = [json.loads(l) for l in out.splitlines() if l.startswith("{")]
    result(rc == 0 and len(frames) == 2, "two_frames", f"rc {rc} {err}")
    if frames:
        check_rows(pport, hosts, frames[-1])
    check_detail(pport, hosts)
    check_csv_and_rules(pport, hosts)
    victim = check_down(pport, hosts)
    check_direct(pport, hosts, victim)
    check_older_exporter({h: v for h, v in hosts.items() if h != victim})
    check_auth(hosts)
    rc, out, err = fleet("--fleet", f"http://127.0.0.1:{free_port()}", "-b", "--json", "-n", "1")
    result(rc == 1 and "Couldn't connect" in err and not out, "unreachable_said", f"rc {rc} {err}")


def stop_all():
    for p in procs:
        if p.poll() is None:
            p.terminate()
    for p in procs:
        try:
            p.wait(10)
        except Exception:
            p.kill()


# imported (tests/tui/tui_fleet.py reuses the set-up): nothing runs
if __name__ == "__main__":
    try:
        main()
    except Exception as e:
        result(False, "run", repr(e))
    finally:
        stop_all()
    sys.exit(1 if fails else 0)
