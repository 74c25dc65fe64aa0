#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_fleet.py: the fleet view on the screen against a real Prometheus scraping five simulated
# exporters (the set-up of tests/cli/fleet_prometheus.py, imported). The screen's header says the
# query's evaluation time to the millisecond and its window, so each host's IPC on the screen is
# checked against its exporter's own JSON over exactly the frames that window covered (the way
# fleet_prometheus.py checks the batch rows). Usage: tui_fleet.py NAME PMUTOP PROMETHEUS WORK PKI TMUX_SOCKET
import calendar
import os
import re
import signal
import subprocess
import sys
import time

NAME, PMUTOP, PROMETHEUS, WORK, PKI, SOCK = sys.argv[1:7]
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "cli"))
sys.argv = sys.argv[:6]
import fleet_prometheus as fp  # noqa: E402

CONF = os.path.join(WORK, "norules.conf")   # rules = false: the 4 s window derived, not the rules' 60 s


def tm(*args):
    return subprocess.run(["tmux", "-L", SOCK, *args], capture_output=True, text=True, timeout=10).stdout


def start(sess, w, h, url):
    tm("-u", "new-session", "-d", "-s", sess, "-x", str(w), "-y", str(h),
       f"env TZ=UTC LANG=C.UTF-8 LC_ALL=C.UTF-8 {PMUTOP} --fleet {url} --config {CONF}; sleep 60")
    tm("set-option", "-t", sess, "status", "off")


def cap(sess):
    return tm("capture-pane", "-p", "-t", sess)


def keys(sess, *k):
    tm("send-keys", "-t", sess, *k)
    time.sleep(0.3)


def wait_screen(sess, fn, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        s = cap(sess)
        v = fn(s)
        if v:
            return v
        time.sleep(0.2)
    return None


def table(screen):
    """(header match, titles, rows {host: [cells]}) of the host list on screen, None when absent."""
    lines = screen.splitlines()
    hdr = [re.search(r" at (\d\d):(\d\d):(\d\d\.\d{3})  window (\d+) s", l) for l in lines]
    ti = [i for i, l in enumerate(lines) if l.startswith("HOST")]
    if not ti or not any(hdr):
        return None
    titles = [t.rstrip("▾▴") for t in lines[ti[0]].split() if t not in ("<", ">")]
    rows = {}
    for l in lines[ti[0] + 1:]:
        c = l.split()
        if len(c) >= 3 and re.match(r"127\.0\.0\.1:\d+$", c[0]):
            rows[c[0]] = c
    return [h for h in hdr if h][0], titles, rows, lines[ti[0]]


def main():
    with open(CONF, "w") as f:
        f.write("[fleet]\nrules = false\n")
    hosts = fp.start_exporters()
    pport, _ = fp.start_prometheus(list(hosts))
    url = f"http://127.0.0.1:{pport}"
    fp.wait_for("five targets scraped 7 times", lambda: len([r for r in fp.query(
        pport, 'count_over_time(pmutop_build_info[1m])') if float(r["value"][1]) >= 7]) == 5, 60)
    S = "fleet"
    start(S, 220, 40, url)
    t = wait_screen(S, lambda s: (lambda t: t if t and len(t[2]) == 5 else None)(table(s)), 20)
    fp.result(t is not None and set(t[2]) == set(hosts), "five_hosts", cap(S)[:1500])
    if not t:
        return
    # IPC against each exporter's own JSON over the frames the window covered
    m, titles, rows, _ = t
    day = time.strftime("%Y-%m-%d", time.gmtime())
    at = calendar.timegm(time.strptime(day, "%Y-%m-%d")) + int(m[1]) * 3600 + int(m[2]) * 60 + float(m[3])
    window = float(m[4])
    ipc_col = titles.index("IPC")
    bad, checked = [], 0
    for h, (mach, _) in hosts.items():
        cells = rows[h]
        if mach == "kvm-nopmu":
            if cells[1] != "no-pmu" or cells[ipc_col] != "-":
                bad.append(f"kvm-nopmu: {cells[:6]}")
            continue
        lo, hi = fp.frames_of(pport, h, mach, at, window)
        ipc = fp.json_figures(mach, lo, hi)[0]
        shown = float(cells[ipc_col])
        checked += 1
        if cells[1] != "up" or ipc is None or fp.rel(shown, ipc) > 0.02:
            bad.append(f"{mach}: screen {shown} json {ipc} (frames {lo}..{hi}) {cells[:6]}")
    fp.result(not bad and checked == 4, "ipc_matches_exporters_json", f"window {window} at {at}: {bad}")

    # Enter on spr-2s (hosts sorted by name at start), Esc back
    spr = [h for h, (mach, _) in hosts.items() if mach == "spr-2s"][0]
    keys(S, "Home")
    for _ in range(sorted(hosts).index(spr)):
        keys(S, "Down")
    keys(S, "Enter")
    d = wait_screen(S, lambda s: s if re.search(rf"{re.escape(spr)} \(remote\): 2 sockets, 224 CPUs, [0-9]+ cgroups?, over 4 s", s)
                    and re.search(r"^socket 1 +up", s, re.M) and re.search(r"^cpu 0 +up", s, re.M) else None, 15)
    fp.result(d is not None and "SOCKET/CPU" in d, "enter_shows_spr_2s_sockets_cpus", cap(S)[:1500].replace("\n", "|"))
    keys(S, "Escape")
    b = wait_screen(S, lambda s: (lambda t: t if t and len(t[2]) == 5 else None)(table(s)), 5)
    fp.result(b is not None, "esc_back_to_hosts", cap(S)[:1500])

    # > four times: HOST, STATE, UTIL%, GHz, IPC; I inverts
    for _ in range(4):
        keys(S, ">")
    for inv, what in ((False, "descending"), (True, "ascending")):
        if inv:
            keys(S, "I")
        time.sleep(1.2)
        t = table(cap(S))
        ok, why = False, "no table"
        if t:
            ipc_col = t[1].index("IPC")
            order = [r for r in t[2].values()]
            # the rows in screen order (dict keeps insertion order: top to bottom)
            vals = [r[ipc_col] for r in order]
            nums = [float(v) for v in vals if v != "-"]
            nums_first = vals[:len(nums)] == [v for v in vals if v != "-"]
            ok = (re.search(r"IPC[▾▴]", t[3]) is not None and nums_first and len(nums) == 4 and
                  nums == sorted(nums, reverse=not inv))
            why = f"IPC column {vals}, titles {t[3][:80]}"
        fp.result(ok, f"sort_by_ipc_{what}", why)

    # a stopped exporter: down on the screen
    victim = [h for h, (mach, _) in hosts.items() if mach == "neoverse-v1"][0]
    p = hosts[victim][1]
    p.send_signal(signal.SIGTERM)
    p.wait(10)
    t0 = time.monotonic()
    dn = wait_screen(S, lambda s: (lambda t: t if t and victim in t[2] and t[2][victim][1] == "down" else None)(table(s)), 10)
    fp.result(dn is not None, "stopped_exporter_down", f"after {time.monotonic() - t0:.1f} s: {cap(S)[:1500]}")
    if dn:
        line = [l for l in cap(S).splitlines() if l.startswith(victim)]
        fp.result(bool(line) and "down:" in line[0] and not re.search(r"\b0\.00\b", line[0]),
                  "down_host_says_why_not_zeros", str(line))

    # 80x24: no line wider than 80; Right reaches the last column, the host stays
    S2 = "fleet80"
    start(S2, 80, 24, url)
    t = wait_screen(S2, lambda s: (lambda t: t if t and len(t[2]) >= 4 else None)(table(s)), 20)
    wide = [l for l in cap(S2).splitlines() if len(l) > 80]
    fp.result(t is not None and not wide, "80x24_no_line_wider", f"{wide[:3]} {cap(S2)[:1500]}".replace("\n", "|"))
    # the head wraps at words: its end ("rules not used (N ms)") is on screen whole, not cut at 80
    head = " ".join(l.strip() for l in cap(S2).splitlines() if not l.startswith("HOST"))
    fp.result(re.search(r"\bwindow \d+ s +\d+ quer(y|ies) +rules (not )?used \(\d+ ms\)", head) is not None,
              "80x24_head_wrapped_at_words", head[:600])
    for _ in range(30):
        tm("send-keys", "-t", S2, "Right")
    time.sleep(1.5)
    s = cap(S2)
    title = [l for l in s.splitlines() if l.startswith("HOST")]
    wide = [l for l in s.splitlines() if len(l) > 80]
    fp.result(bool(title) and "WHY" in title[0] and not title[0].rstrip().endswith(">")
              and not wide and any(l.startswith(victim) for l in s.splitlines()), "80x24_right_reaches_last_column",
              f"{title} {wide[:2]}")
    tm("kill-session", "-t", S2)
    tm("kill-session", "-t", S)


try:
    main()
except Exception as e:
    fp.result(False, "run", repr(e))
finally:
    fp.stop_all()
sys.exit(1 if fp.fails else 0)
