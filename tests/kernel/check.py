# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# check.py: judge what pmutop printed in the arm64 guest (the "@@BEGIN name" ... "@@END name rc=N"
# blocks of guest.sh in the serial logs) and compare it with the simulated qemu-arm64 machine's
# answers to the same commands. Prints "PASS kernel:NAME" / "FAIL kernel:NAME: why" lines.
# Usage: python3 check.py ICOUNT.log MAIN.log HOST_PMUTOP
# Tolerances are the (cycles 2%, multiplexed estimates 3%) on counts of QEMU's virtual clock,
# which the guest's own clock also reads: they do not depend on how loaded the host is.
# pmutop is judged against figures the guest produces itself (the clock under -icount, where one
# instruction and one cycle take one nanosecond; the driver's boot message; /proc and sysfs), never
# against its own JSON fields. Every frame must hold each of the guest's CPUs. Checks of the simulated
# kernel against the guest are reported in a group of their own, "kernel-sim:".
import json
import os
import re
import subprocess
import sys
import tempfile

results = []


def report(name, ok, why="", group="kernel"):
    results.append(name)
    if ok:
        print("PASS %s:%s" % (group, name))
    else:
        print("FAIL %s:%s: %s" % (group, name, str(why)[:600].replace("\n", " | ")))


def report_sim(name, ok, why=""):
    """A check of the simulated kernel (tests the simulator against the guest, not pmutop)."""
    report(name, ok, why, group="kernel-sim")


def blocks(path):
    """name -> (text, rc) of every block in a serial log (rc None when the block never ended)."""
    try:
        with open(path, "rb") as f:
            text = f.read().decode("utf-8", "replace").replace("\r", "")
    except OSError:
        return {}
    out, cur, lines = {}, None, []
    for line in text.split("\n"):
        m = re.match(r"^@@BEGIN (\S+)$", line)
        if m:
            cur, lines = m.group(1), []
            out[cur] = ("", None)
            continue
        m = re.match(r"^@@END (\S+) rc=(\d+)$", line)
        if m and cur == m.group(1):
            out[cur] = ("\n".join(lines), int(m.group(2)))
            cur = None
            continue
        if cur:
            lines.append(line)
    for name in list(out):
        if out[name][1] is None and cur == name:
            out[name] = ("\n".join(lines), None)
    return out


def frames(text):
    """The JSON interval objects of a batch --json run."""
    fr = []
    for line in text.split("\n"):
        line = line.strip()
        if line.startswith("{"):
            try:
                fr.append(json.loads(line))
            except ValueError:
                pass
    return fr


GUEST_CPUS = []   # the guest's CPUs, from the PMU's own cpus file (set below)


def cpu_events(frame, bad=None):
    """CPU -> events of one frame. A frame that does not hold every CPU of the guest is a failure
    (appended to bad): a check must never pass on an empty frame."""
    got = {c["cpu"]: c["events"] for c in frame.get("cpus", [])}
    if bad is not None and sorted(got) != GUEST_CPUS:
        bad.append("interval %s holds CPUs %s, the guest has %s" % (frame.get("seq"), sorted(got), GUEST_CPUS))
    return got


def text_rows(text):
    """(time, cpu, value text, event, rest) of the batch text rows."""
    rows = []
    for line in text.split("\n"):
        m = re.match(r"^\s*([0-9.]+)\s+CPU(\d+)\s+(<not supported>|<not counted>|[0-9]+)\s+(\S+)(.*)$", line)
        if m:
            rows.append((float(m.group(1)), int(m.group(2)), m.group(3), m.group(4), m.group(5)))
    return rows


def need(b, name):
    """The block's text, or None when the guest never printed it (the checks then fail saying so)."""
    if name not in b:
        return None
    return b[name][0]


def sim(*args, machine="qemu-arm64"):
    """The simulated qemu-arm64 machine's answer to the same pmutop command."""
    p = subprocess.run([PMUTOP, "--sim", machine] + list(args), capture_output=True, text=True, timeout=120)
    return p.stdout + p.stderr, p.returncode


def icount_machine(d):
    """qemu-arm64 as QEMU's -icount makes it: INST_RETIRED in PMCEID (events/inst_retired, the generic
    instructions), one instruction per cycle with every CPU busy. A description file in d."""
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "../../machines/qemu-arm64.machine")) as f:
        text = f.read()
    text = text.replace("generic.cycles = 0x11\n",
                        "generic.cycles = 0x11\ngeneric.instructions = 0x08\nevent.inst_retired = event=0x0008\n")
    text = text.replace("r11 = 1.0e9\n", "r11 = 1.0e9\ninstructions = 1.0e9\nr8 = 1.0e9\n")
    path = os.path.join(d, "qemu-arm64-icount.machine")
    with open(path, "w") as f:
        f.write(text)
    return path


def sysfs_of(text):
    out = {}
    for line in (text or "").split("\n"):
        if "=" in line:
            k, v = line.split("=", 1)
            out[k] = v
    return out


def sysfs_agrees(name, guest, machine):   # a check of the simulator: reported as kernel-sim
    """The simulated machine writes the PMU's files with the contents the driver wrote, and the same PMUs."""
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([PMUTOP, "--sim", machine, "--sim-tree", d], capture_output=True, timeout=60)
        base = os.path.join(d, "sys/bus/event_source/devices/armv8_pmuv3")
        simfs = {}
        for top, _, files in os.walk(base):
            for fn in files:
                p = os.path.join(top, fn)
                with open(p) as f:
                    simfs[os.path.relpath(p, base)] = f.read().strip()
        devs = {}
        for dev in sorted(os.listdir(os.path.join(d, "sys/bus/event_source/devices"))):
            with open(os.path.join(d, "sys/bus/event_source/devices", dev, "type")) as f:
                devs[dev] = f.read().strip()
    diff = ["%s: guest %r, sim %r" % (k, guest.get(k), simfs.get(k)) for k in sorted(set(guest) | set(simfs))
            if k != "pmus" and guest.get(k) != simfs.get(k)]
    guest_devs = dict(x.split(":", 1) for x in guest.get("pmus", "").split() if ":" in x)
    if guest_devs != devs:
        diff.append("PMUs: guest %s, sim %s" % (guest_devs, devs))
    report_sim(name, bool(guest) and not diff, "; ".join(diff) or "no sysfs block")


def pct(rest):
    m = re.search(r"\((\d+\.\d+)%\)", rest)
    return float(m.group(1)) if m else 100.0


def close(a, b, tol):
    return b != 0 and abs(a / b - 1) <= tol


ICOUNT, MAIN, PMUTOP = sys.argv[1], sys.argv[2], sys.argv[3]
bi, bm = blocks(ICOUNT), blocks(MAIN)
_m = re.match(r"^(\d+)-(\d+)$", sysfs_of(need(bi, "sysfs")).get("cpus", ""))
GUEST_CPUS = list(range(int(_m.group(1)), int(_m.group(2)) + 1)) if _m else []
report("guest_cpus", len(GUEST_CPUS) == 2, "the PMU's cpus file in the icount boot: %r (QEMU runs -smp 2)" %
       sysfs_of(need(bi, "sysfs")).get("cpus"))
E14 = ["cycles", "instructions", "r11", "r8", "armv8_pmuv3/stall_frontend/", "armv8_pmuv3/stall_backend/",
       "r3", "r4", "r10", "r12", "r16", "r17", "r21", "r22"]
MUXED = E14[2:]

# --- the icount boot: 14 events on 7 counters ---
fr = frames(need(bi, "mux_json") or "")
if len(fr) < 3:
    for n in ("cycles_rate", "mux_scaling", "mux_rate_cycles", "mux_rate_instructions", "run_pct", "mux_rotation"):
        report(n, False, "no JSON intervals from the icount boot: %s" % (need(bi, "mux_json") or "no block")[-300:])
else:
    bad = []
    for f in fr:
        for cpu, ev in cpu_events(f, bad).items():
            c = ev.get("cycles", {})
            if not c.get("counted") or not c.get("enabled_ns"):
                bad.append("interval %s CPU%d: cycles not counted" % (f["seq"], cpu))
                continue
            hz = c["value"] / c["enabled_ns"] * 1e9
            if not close(hz, 1e9, 0.02):
                bad.append("interval %s CPU%d: %.4g cycles/s" % (f["seq"], cpu, hz))
    report("cycles_rate", not bad, "; ".join(bad) or "")

    # the multiplexed estimates of r11 (CPU_CYCLES) and r8 (INST_RETIRED) against the guest's clock:
    # under -icount shift=0 with the CPU busy, each counts one per nanosecond of the kernel's
    # time_enabled, so an estimate scaled right is its enabled time in ns, whatever share it ran
    bad, n = [], 0
    for f in fr[1:]:
        for cpu, ev in cpu_events(f, bad).items():
            for name in ("r11", "r8"):
                v = ev.get(name, {})
                if not v.get("counted") or not v.get("enabled_ns"):
                    bad.append("%s CPU%d %s not counted" % (f["seq"], cpu, name))
                    continue
                if not 0 < v["running_ns"] < v["enabled_ns"]:
                    bad.append("%s CPU%d %s was not multiplexed" % (f["seq"], cpu, name))
                n += 1
                if not close(v["value"], v["enabled_ns"], 0.03):
                    bad.append("%s CPU%d %s: estimate %s over %s ns of the guest's clock (ran %.1f%%)" %
                               (f["seq"], cpu, name, v["value"], v["enabled_ns"],
                                100.0 * v["running_ns"] / v["enabled_ns"]))
    report("mux_scaling", n > 0 and not bad, "; ".join(bad[:5]) or "no intervals")

    for name, ref, check in (("mux_rate_cycles", "cycles", "r11"), ("mux_rate_instructions", "instructions", "r8")):
        bad, n = [], 0
        for f in fr[1:]:   # the first interval holds the start; its rates are as good, but keep to steady ones
            for cpu, ev in cpu_events(f, bad).items():
                a, b = ev.get(check, {}), ev.get(ref, {})
                if not a.get("counted") or not b.get("counted"):
                    bad.append("%s CPU%d: %s or %s not counted" % (f["seq"], cpu, check, ref))
                    continue
                if not (0 < a["running_ns"] < a["enabled_ns"]):
                    bad.append("%s CPU%d: %s was not multiplexed (running %s of %s)" %
                               (f["seq"], cpu, check, a["running_ns"], a["enabled_ns"]))
                ra, rb = a["value"] / a["enabled_ns"], b["value"] / b["enabled_ns"]
                n += 1
                if not close(ra, rb, 0.03):
                    bad.append("%s CPU%d: %s estimate %.5g/ns vs %s %.5g/ns" % (f["seq"], cpu, check, ra, ref, rb))
        report(name, n > 0 and not bad, "; ".join(bad[:5]) or "no intervals")

    # RUN% is the kernel's time_running / time_enabled. The driver's own boot message says how many
    # counters there are (the cycle counter and the general ones); the pinned pair takes the cycle
    # counter and one general counter all the time, the 12 others share the general counters left,
    # round robin: never more of them busy at once than the driver has left (fewer when pmutop's
    # groups do not fill them: two groups of 4 cannot run together on 5)
    dm = re.search(r"(\d+) counters available", need(bi, "dmesg") or "")
    gp_left = int(dm.group(1)) - 2 if dm else None
    bad = [] if dm else ["no counter count in the guest's boot message: %r" % (need(bi, "dmesg") or "no block")]
    for f in fr[1:]:
        for cpu, ev in cpu_events(f, bad).items():
            tot = 0.0
            for name, v in ev.items():
                if not v.get("counted"):
                    bad.append("%s CPU%d %s not counted" % (f["seq"], cpu, name))
                    continue
                share = v["running_ns"] / v["enabled_ns"]
                if name in ("cycles", "instructions") and v["running_ns"] != v["enabled_ns"]:
                    bad.append("%s CPU%d %s (pinned) ran %.2f%%" % (f["seq"], cpu, name, 100 * share))
                if name in MUXED:
                    tot += share
                    if not 0 < share < 1:
                        bad.append("%s CPU%d %s: ran %.2f%%" % (f["seq"], cpu, name, 100 * share))
            if gp_left is not None and not 0 < tot <= gp_left + 0.05:
                bad.append("%s CPU%d: %.2f counters busy, the driver has %d general counters left" %
                           (f["seq"], cpu, tot, gp_left))
    marks = text_rows(need(bi, "mux_text") or "")
    for t, cpu, val, name, rest in marks:
        m = re.search(r"\((\d+\.\d+)%\)", rest)
        if name in MUXED and not m:
            bad.append("text: %s CPU%d has no mux mark: %r" % (name, cpu, rest))
        if name not in MUXED and m:
            bad.append("text: %s CPU%d (pinned) has a mux mark %s" % (name, cpu, m.group(0)))
    if not marks:
        bad.append("no text rows")
    report("run_pct", not bad, "; ".join(bad[:5]))

    # each group the plan made gets the same turn on the counters
    try:
        ex = json.loads(need(bi, "mux_explain") or "[]")
        group = {e["input"]: e["group"] for e in ex}
    except (ValueError, KeyError, TypeError):
        group = {}
    bad = []
    for f in fr[1:]:
        for cpu, ev in cpu_events(f, bad).items():
            g = {}
            for name in MUXED:
                v = ev.get(name, {})
                if v.get("counted") and name in group:
                    g[group[name]] = v["running_ns"] / v["enabled_ns"]
            if len(g) < 2:
                bad.append("%s CPU%d: %d groups" % (f["seq"], cpu, len(g)))
            elif max(g.values()) - min(g.values()) > 0.05:
                bad.append("%s CPU%d: group shares %s" % (f["seq"], cpu, sorted("%.3f" % s for s in g.values())))
    report("mux_rotation", bool(group) and not bad, "; ".join(bad[:5]) or "no --explain-events groups")

# cycles and armv8_pmuv3/cpu_cycles/ count the same counter: IPC is instructions over the first of them
# (1 under icount), not over their sum
fj = frames(need(bi, "role_ipc") or "")
bad = []
for f in fj:
    cpu_events(f, bad)
    for c in f.get("cpus", []):
        ev, ipc = c["events"], c["metrics"].get("ipc")
        cy, ins, al = ev.get("cycles", {}), ev.get("instructions", {}), ev.get("armv8_pmuv3/cpu_cycles/", {})
        if not (cy.get("counted") and ins.get("counted") and al.get("counted")) or ipc is None:
            bad.append("%s CPU%d: not counted: %s" % (f["seq"], c["cpu"], ev))
            continue
        want = ins["value"] / cy["value"]
        if abs(ipc / want - 1) > 1e-5 or not close(ipc, 1, 0.02):
            bad.append("%s CPU%d: IPC %s, instructions/cycles %.6f" % (f["seq"], c["cpu"], ipc, want))
report("ipc_one_cycles_event", len(fj) == 2 and not bad, "; ".join(bad[:4]) or "no intervals")

# the simulated kernel, as QEMU's -icount makes the machine, writes the same sysfs and rotates the
# same groups to the same shares (the guest's virtual clock runs on its instructions: no host load in it)
with tempfile.TemporaryDirectory() as d:
    icm = icount_machine(d)
    sysfs_agrees("sim_sysfs_icount_agrees", sysfs_of(need(bi, "sysfs")), icm)
    real = {(cpu, n): r for _, cpu, _, n, r in text_rows(need(bi, "mux_text") or "")}
    out, _ = sim("-b", "-n", "2", "-e", ",".join(E14), machine=icm)
simr = {(cpu, n): r for _, cpu, _, n, r in text_rows(out)}
bad = []
for key in sorted(set(real) | set(simr)):
    a, b = real.get(key), simr.get(key)
    if a is None or b is None:
        bad.append("%s CPU%d only in the %s" % (key[1], key[0], "guest" if b is None else "sim"))
    elif abs(pct(a) - pct(b)) > 5:
        bad.append("%s CPU%d: guest %.2f%%, sim %.2f%%" % (key[1], key[0], pct(a), pct(b)))
report_sim("sim_mux_agrees", bool(real) and not bad, "; ".join(bad[:6]) or "no rows")

# cycles:u with a busy loop on CPU 1 (icount: the idle CPU's time is the busy one's instructions)
fj = frames(need(bi, "user_busy") or "")
why = []
for f in fj:
    ev = cpu_events(f, why)
    u0 = ev.get(0, {}).get("cycles:u", {})
    u1 = ev.get(1, {}).get("cycles:u", {})
    if not u0.get("counted") or not u1.get("counted"):
        why.append("not counted: %s %s" % (u0, u1))
        continue
    r0, r1 = u0["value"] / u0["enabled_ns"] * 1e9, u1["value"] / u1["enabled_ns"] * 1e9
    if not (r1 > 0.5e9 and r1 > 20 * r0):
        why.append("interval %s: CPU0 %.3g/s, CPU1 %.3g/s" % (f["seq"], r0, r1))
report("user_busy_cpu", bool(fj) and not why, why or "no intervals")

# --- --hot: tests/hot/prog7030.c (70/30 of its CPU time in hot_a/hot_b) pinned on CPU 1, sampled ---
def hot_frames(name):
    return frames(need(bi, name) or "")


def hot_split(f):
    """hot_a's and hot_b's rows, hot_a's share of their two (percent), whether they rank first and second."""
    fn = f.get("functions", [])
    rows = {r["symbol"]: r for r in fn}
    a, b = rows.get("hot_a"), rows.get("hot_b")
    if not a or not b:
        return a, b, None, False
    top = [r["symbol"] for r in fn[:2]]
    return a, b, 100.0 * a["overhead"] / (a["overhead"] + b["overhead"]), top == ["hot_a", "hot_b"]


def rate_of(name):
    t = (need(bi, name) or "").strip()
    return int(t) if t.isdigit() else None


# cycles: both functions ranked, hot_a first, 70/30 within 5 points. The program splits its time by
# its thread's CPU time, which the guest reads from the virtual clock the cycle counter counts too,
# so the emulated timing does not bend the split; what is left is sampling noise (2 sigma = 2.4
# points at 1,400 samples) and the clock read every 100000 steps (~0.3 ms past each 7 ms / 3 ms
# slice, which mostly cancels between the two): the issue's own 5 points on a real kernel hold.
fc = hot_frames("hot_cycles")
why = []
if len(fc) != 2:
    why.append("%d intervals: %s" % (len(fc), (need(bi, "hot_cycles") or "no block")[-300:]))
else:
    f = fc[-1]
    a, b, sa, ranked = hot_split(f)
    if f.get("event") != "cycles" or f.get("group"):
        why.append("event %s group %s" % (f.get("event"), f.get("group")))
    if sa is None or not ranked:
        why.append("not ranked hot_a, hot_b: %s" % [(r["symbol"], r["overhead"]) for r in f.get("functions", [])[:4]])
    elif abs(sa - 70) > 5:
        why.append("hot_a %.2f%% hot_b %.2f%% of their two (70/30 within 5 points)" % (sa, 100 - sa))
    if a and b and not (a["dso"] == b["dso"] == "/bin/prog7030"):
        why.append("DSOs %s %s" % (a["dso"], b["dso"]))
report("hot_cycles_ranked", not why, "; ".join(why))

# {cycles,instructions}:S: each function's own IPC from the counts read with its samples is 1.0
# within 3% (-icount shift=0: one instruction per nanosecond, and the cycle counter counts the
# nanoseconds), and the ranking holds. Every interval of the kernel 6.1 here is throttled (below):
# the first sample after each unthrottle gives no counts (the members counted through the throttle)
fg = hot_frames("hot_group")
why = []
if len(fg) != 2:
    why.append("%d intervals: %s" % (len(fg), (need(bi, "hot_group") or "no block")[-300:]))
for f in fg:
    a, b, sa, ranked = hot_split(f)
    if not f.get("group") or f.get("event") != "{cycles,instructions}:S":
        why.append("%s: event %s group %s" % (f.get("time"), f.get("event"), f.get("group")))
    if sa is None or not ranked or abs(sa - 70) > 5:
        why.append("%s: hot_a %s%% of the two, ranked %s" % (f.get("time"), sa, ranked))
    for r in (a, b):
        if not r:
            continue
        c = r.get("counts") or {}
        cy, ins = c.get("cycles") or 0, c.get("instructions") or 0
        if not cy or not ins or not close(ins / cy, 1, 0.03) or r.get("ipc") is None or not close(r["ipc"], 1, 0.03):
            why.append("%s %s: cycles %s instructions %s ipc %s" % (f.get("time"), r["symbol"], cy, ins, r.get("ipc")))
report("hot_group_ipc_one", bool(fg) and not why, "; ".join(why[:4]))

# the kernel's throttling and lost samples are in every object. guest.sh sets
# perf_event_max_sample_rate for each run with the kernel's own lowering off (how far and when it
# lowers it depends on the host's load): 500/s for cycles, below the 1000 Hz asked, so pmutop
# samples at the limit and more interrupts land in a tick than it allows (the limit / HZ): the
# cycles run's last window must show throttles, unthrottles as many (within one per ring); the
# group run at 1000/s asks no more than its limit. A sample is 72 bytes; 1000/s drained each second fills
# 72 KiB of the 128 KiB ring: nothing may be lost.
why = []
r0, rmid, rgroup = rate_of("hot_rate_before"), rate_of("hot_rate_mid"), rate_of("hot_rate_group")
for f in fc + fg:
    for k in ("throttled", "unthrottled", "lost", "corrupt_bytes"):
        if not isinstance(f.get(k), int) or f[k] < 0:
            why.append("%s: %s %r" % (f.get("event"), k, f.get(k)))
    if f.get("lost") or f.get("corrupt_bytes"):
        why.append("%s: lost %s corrupt %s" % (f.get("event"), f.get("lost"), f.get("corrupt_bytes")))
if rmid is None or r0 is None or rgroup is None:
    why.append("no perf_event_max_sample_rate from the guest")
elif fc and fg:
    last = fc[-1]
    if rmid < 1000 and not (last.get("throttled", 0) > 0 and abs(last["throttled"] - last.get("unthrottled", 0)) <= 2):
        why.append("at a limit of %d/s the cycles window shows %s throttled %s unthrottled" %
                   (rmid, last.get("throttled"), last.get("unthrottled")))
    if last.get("freq") != min(1000, rmid):
        why.append("the cycles run sampled at %s Hz, the kernel allowed %d" % (last.get("freq"), rmid))
    if fg[-1].get("freq") != min(1000, rgroup):
        why.append("the group sampled at %s Hz, the kernel allowed %d" % (fg[-1].get("freq"), rgroup))
report("hot_throttle_counts", bool(fc) and bool(fg) and not why, "; ".join(why[:4]))
for f in fc + fg:
    a, b, sa, _ = hot_split(f)
    print("     hot %s t=%.1f: %s samples, window %.2f s, freq %s, throttled %s, unthrottled %s, lost %s, "
          "hot_a %s%% hot_b %s%% (of the two: %s), ipc %s / %s" %
          (f.get("event"), f.get("time", 0), f.get("samples"), f.get("window", 0), f.get("freq"), f.get("throttled"),
           f.get("unthrottled"), f.get("lost"), a and round(a["overhead"], 2), b and round(b["overhead"], 2),
           sa and round(sa, 2), a and a.get("ipc"), b and b.get("ipc")))
print("     hot: perf_event_max_sample_rate %s before, %s between, %s set for the group, %s after; the kernel's last word: %s" %
      (r0, rmid, rgroup, rate_of("hot_rate_after"), ((need(bi, "hot_dmesg") or "").strip().split("\n") or [""])[-1][:160]))

# --- the main boot ---
t = need(bm, "dmesg") or ""
report("pmu_dmesg", "enabled with armv8_pmuv3 PMU driver, 7 counters available" in t, t or "no dmesg block")
m = re.search(r"armv8_pmuv3 PMU driver, (\d+) counters available", t)
gp = int(m.group(1)) - 1 if m else None   # the driver's count holds the cycle counter too

# grouplimit, the guest's own answer without pmutop: the group check agrees with the boot message,
# and passes a leader that is off (which is why pmutop's leaders carry enable_on_exec)
t = need(bm, "grouplimit") or ""
lim = {k: int(v) for k, v in re.findall(r"^(\w+) (\d+) ", t, re.M)}
report("driver_group_check", gp is not None and lim.get("plain") == gp and lim.get("plain_off") == gp + 1
       and lim.get("long") in (gp, gp // 2), "boot message: %s GP; %s" % (gp, t))

# a group of 7 r8 on the general counters the driver counted: refused at open, the reason on stderr
# with the kernel's numbers, the 7th not supported and the 6 others counted on every CPU
t, rc = bm.get("refused_group", ("", None))
rows = text_rows(t)
why = []
if gp is None:
    why.append("no counter count in the boot message")
elif gp != 6:
    why.append("the driver has %d general counters: a group of 7 is not one too many" % gp)
else:
    if rc != 0:
        why.append("rc %s" % rc)
    for want in ("the kernel refused r8 in its group of 7 on CPUs 0-1 (EINVAL",
                 "armv8_pmuv3 has %d general counters, and a group of 7 of its events needs 7" % gp):
        if want not in t:
            why.append("no %r" % want)
    for cpu in (0, 1):
        vals = [r[2] for r in rows if r[1] == cpu]
        if len(vals) != 7 or vals[6] != "<not supported>" or not all(v.isdigit() for v in vals[:6]):
            why.append("CPU%d rows %s" % (cpu, vals))
report("refused_group", not why, "; ".join(why) + " | " + t)

sysfs = sysfs_of(need(bm, "sysfs"))
try:
    ex = {e["input"]: e for e in json.loads(need(bm, "explain") or "[]")}
except ValueError:
    ex = {}
why = []
if "cpus" not in sysfs or "cpumask" in sysfs:
    why.append("the driver's files: %s" % sorted(sysfs))
cc = ex.get("armv8_pmuv3/cpu_cycles/", {})
if cc.get("pmu") != "armv8_pmuv3" or str(cc.get("type")) != sysfs.get("type"):
    why.append("cpu_cycles resolves to pmu %s type %s; sysfs type %s" % (cc.get("pmu"), cc.get("type"), sysfs.get("type")))
if cc.get("config") != "0x11" or sysfs.get("events/cpu_cycles") != "event=0x0011":
    why.append("cpu_cycles config %s, events/cpu_cycles %s" % (cc.get("config"), sysfs.get("events/cpu_cycles")))
m = re.match(r"^(\d+)-(\d+)$", sysfs.get("cpus", ""))
if not m or cc.get("cpus") != list(range(int(m.group(1)), int(m.group(2)) + 1)):
    why.append("cpus file %s, pmutop counts on %s" % (sysfs.get("cpus"), cc.get("cpus")))
report("pmu_sysfs", not why, "; ".join(why))

sysfs_agrees("sim_sysfs_agrees", sysfs, "qemu-arm64")

# ENOENT (instructions without icount) is "not supported", never a 0
rows = text_rows(need(bm, "enoent_text") or "")
why = [r for r in rows if r[3] == "instructions" and r[2] != "<not supported>"]
fj = frames(need(bm, "enoent_json") or "")
for f in fj:
    for cpu, ev in cpu_events(f, why).items():
        i = ev.get("instructions", {})
        if i.get("value") is not None or i.get("counted") or i.get("supported") is not False:
            why.append("JSON CPU%d instructions %s" % (cpu, i))
        if not ev.get("cycles", {}).get("counted"):
            why.append("JSON CPU%d cycles not counted" % cpu)
if not rows or not fj or not any(r[3] == "instructions" for r in rows):
    why.append("no rows")
report("enoent_not_supported", not why, why)
# instructions refused splits the pinned pair: cycles alone stays pinned (100%) while the 12 others
# share the 5 general counters
fj = frames(need(bm, "enoent_mux") or "")
bad = []
for f in fj:
    cpu_events(f, bad)
    for c in f.get("cpus", []):
        ev = c["events"]
        cy = ev.get("cycles", {})
        if ev.get("instructions", {}).get("supported") is not False:
            bad.append("%s CPU%d: instructions %s" % (f["seq"], c["cpu"], ev.get("instructions")))
        if not cy.get("counted") or cy["running_ns"] != cy["enabled_ns"]:
            bad.append("%s CPU%d: cycles ran %s%%" % (f["seq"], c["cpu"], cy.get("running_pct")))
        mux = [n for n in MUXED if ev.get(n, {}).get("counted") and ev[n]["running_ns"] < ev[n]["enabled_ns"]]
        if len(mux) != len(MUXED):
            bad.append("%s CPU%d: %d of %d multiplexed" % (f["seq"], c["cpu"], len(mux), len(MUXED)))
report("enoent_cycles_pinned", len(fj) == 2 and not bad, "; ".join(bad[:4]) or "no intervals")

out, _ = sim("-b", "-n", "1", "-e", "cycles,instructions")
simr = [(r[1], r[2] if r[2].startswith("<") else "n", r[3]) for r in text_rows(out)]
realr = [(r[1], r[2] if r[2].startswith("<") else "n", r[3]) for r in rows]
report_sim("sim_enoent_agrees", bool(realr) and sorted(simr) == sorted(realr), "guest %s, sim %s" % (realr, simr))

# not root, perf_event_paranoid 3: the permission message and exit status 1
t, rc = bm.get("nonroot", ("", None))
par = (need(bm, "paranoid_value") or "").strip()
report("nonroot_permission", rc == 1 and par == "3" and "permission denied" in t and "perf_event_paranoid is 3" in t,
       "rc %s, paranoid %r: %s" % (rc, par, t))

# top-down: no method, and why
t, rc = bm.get("topdown", ("", None))
ok = rc not in (0, None) and "no top-down method" in t and "armv8_pmuv3" in t and "slots" in t
out, src = sim("-b", "-n", "1", "-E", "topdown")
report("topdown_no_method", ok, "rc %s: %s" % (rc, t))
strip = lambda s: re.sub(r"\s+", " ", s).strip()
report_sim("sim_topdown_agrees", ok and src == rc and strip(out) == strip(t), "guest rc %s %r; sim rc %s %r" % (rc, t, src, out))

# hot-unplug: CPU 1 leaves the rows with a message while offline and comes back when online again
t = need(bm, "offline") or ""
fj = frames(t)
seen = []
for f in fj:
    ev = cpu_events(f)
    c1 = ev.get(1, {}).get("cycles", {})
    seen.append("on" if c1.get("counted") and close(c1["value"] / c1["enabled_ns"] * 1e9, 1e9, 0.05)
                else "gone" if 1 not in ev else "nc")
off_i = seen.index("gone") if "gone" in seen else -1
msg = re.search(r"CPU 1: .*offline.*", t)
report("cpu_offline_message", off_i > 0 and seen[0] == "on" and msg is not None and "@@OFFLINE 0" in t,
       "CPU 1 per interval %s; message %s" % (seen, msg.group(0) if msg else None))
back = off_i > 0 and "on" in seen[off_i:]
msg2 = re.search(r"CPU 1: .*(online|back).*", t)
report("cpu_online_returns", back and msg2 is not None and "@@ONLINE 0-1" in t,
       "CPU 1 per interval %s; message %s" % (seen, msg2.group(0) if msg2 else None))

# the simulated kernel unplugs a CPU as Linux does: the same rows leave and come back, said the same way
# (the simulated CPU goes at 1.5 s and returns at 3.5 s of wall time, as the guest's does of its own)
out, _ = sim("-b", "-n", "7", "--json", "--sim-fault", "enodev=1@1.5-3.5", "-e", "{cycles,r11,r3},cycles:u")
sseen = []
for f in frames(out):
    ev = cpu_events(f)
    c1 = ev.get(1, {}).get("cycles", {})
    sseen.append("on" if c1.get("counted") else "gone" if 1 not in ev else "nc")
notes = lambda s: sorted(set(re.findall(r"CPU 1: [^\n]*", s)))
squash = lambda s: [x for i, x in enumerate(s) if i == 0 or x != s[i - 1]]
report_sim("sim_offline_agrees", squash(sseen) == squash(seen) and notes(out) == notes(t),
       "guest %s %s; sim %s %s" % (seen, notes(t), sseen, notes(out)))

# the exporter, scraped from inside the guest with busybox wget
t, rc = bm.get("exporter", ("", None))
why = []
for cpu in (0, 1):
    m = re.search(r'^pmutop_event_total\{event="cycles",[^}]*cpu="%d"[^}]*\} (\d+)' % cpu, t, re.M)
    h = re.search(r'^pmutop_frequency_hertz\{cpu="%d"[^}]*\} ([0-9.e+]+)' % cpu, t, re.M)
    if not m or int(m.group(1)) <= 0:
        why.append("no cycles total for CPU %d" % cpu)
    if not h or not close(float(h.group(1)), 1e9, 0.02):
        why.append("CPU %d frequency %s" % (cpu, h.group(1) if h else None))
report("exporter_scrape", rc == 0 and not why, "rc %s; %s: %s" % (rc, why, t[:300]))

t, rc = bm.get("tui_stty", ("", None))
report("tui_terminal_modes", rc == 0 and "terminal modes restored" in t, "rc %s: %s" % (rc, t))
