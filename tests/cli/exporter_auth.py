#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# exporter_auth.py: wrong passwords against a running `pmutop --listen --web-config` on loopback
# (tests/cli/exporter_auth.sh, issue 37). Usage: exporter_auth.py TESTNAME CHECK PORT [ARGS...]; prints
# PASS/FAIL lines like tests/lib.sh, and the figures it measured. Every socket has a timeout, every loop
# an end: nothing here waits without a bound.
#   flood PORT N SCRAPES     N connections from 127.0.0.1 pipeline wrong passwords (another process);
#                            SCRAPES correct scrapes beside them, each timed; a user not yet checked,
#                            from 127.0.0.2, is let in all the same
#   floodonly PORT N SECS A  the flood itself, from A addresses (127.0.0.1, or 127.0.0.2 on), until its
#                            stdin ends or SECS pass: its counts on stdout
#   sigterm PORT PID N       N connections from as many addresses (127.0.0.2...) send wrong passwords
#                            (checks made and waiting), then SIGTERM to PID: it must end within a second
import base64
import os
import random
import selectors
import signal
import socket
import subprocess
import sys
import time

NAME, CHECK, PORT = sys.argv[1], sys.argv[2], int(sys.argv[3])
fails = 0


def result(ok, what, why=""):
    global fails
    if ok:
        print(f"PASS {NAME}:{what}")
    else:
        fails += 1
        print(f"FAIL {NAME}:{what}: {why}"[:600])


def request(user, password, close=True):
    auth = base64.b64encode(f"{user}:{password}".encode()).decode()
    return (f"GET /metrics HTTP/1.1\r\nHost: x\r\nAuthorization: Basic {auth}\r\n"
            + ("Connection: close\r\n" if close else "") + "\r\n").encode()


def scrape(user, password, limit, source="127.0.0.1"):
    """(status line, seconds to the whole answer) of one GET /metrics on a new connection."""
    t0 = time.monotonic()
    try:
        s = socket.create_connection(("127.0.0.1", PORT), timeout=limit, source_address=(source, 0))
        s.sendall(request(user, password))
        out, end = b"", t0 + limit
        while time.monotonic() < end:
            s.settimeout(max(0.01, end - time.monotonic()))
            b = s.recv(1 << 20)
            if not b:
                break
            out += b
        s.close()
    except OSError as e:
        return repr(e), time.monotonic() - t0
    return out.split(b"\r\n", 1)[0].decode(errors="replace"), time.monotonic() - t0


def floodonly(n, secs, addrs):
    """n connections, each sending three pipelined requests with wrong passwords (a new one each
    time), reconnecting when the server closes; counts of the answers' status codes."""
    sel = selectors.DefaultSelector()
    counts, opened, retry_after = {}, 0, 0
    end = time.monotonic() + secs

    def open_one():
        nonlocal opened
        src = "127.0.0.1" if addrs == 1 else f"127.0.0.{2 + opened % addrs}"
        try:
            s = socket.create_connection(("127.0.0.1", PORT), timeout=2, source_address=(src, 0))
        except OSError:
            return
        s.setblocking(False)
        reqs = b"".join(request("alice", f"wrong-{random.getrandbits(64):x}", close=False) for _ in range(3))
        try:
            s.send(reqs)
        except OSError:
            s.close()
            return
        opened += 1
        sel.register(s, selectors.EVENT_READ, [b""])

    for _ in range(n):
        open_one()
    print(f"{opened} connections open", flush=True)
    sel.register(sys.stdin, selectors.EVENT_READ, None)
    while time.monotonic() < end:
        for key, _ in sel.select(timeout=0.1):
            if key.fileobj is sys.stdin:
                if not sys.stdin.readline():
                    end = 0
                continue
            s, buf = key.fileobj, key.data
            try:
                b = s.recv(65536)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                b = b""
            if b:
                buf[0] += b
                continue
            for line in buf[0].split(b"\r\n"):
                if line.startswith(b"HTTP/1.1 "):
                    code = line[9:12].decode(errors="replace")
                    counts[code] = counts.get(code, 0) + 1
                elif line.lower().startswith(b"retry-after:"):
                    retry_after += 1
            sel.unregister(s)
            s.close()
            if time.monotonic() < end:
                open_one()
    sel.unregister(sys.stdin)
    for key in list(sel.get_map().values()):
        key.fileobj.close()
    print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())), f"opened={opened}", f"retry_after={retry_after}",
          flush=True)


def flood(n, nscrapes):
    st, dt = scrape("alice", "alice-pw", 10)   # the first scrape checks the password (bcrypt)
    result(st.startswith("HTTP/1.1 200"), "first_scrape_200", st)
    p = subprocess.Popen([sys.executable, __file__, NAME, "floodonly", str(PORT), str(n), "60", "1"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        ready = p.stdout.readline().strip()
        time.sleep(0.5)   # the flood under way
        times, codes = [], []
        t_end = time.monotonic() + 30
        for _ in range(nscrapes):
            if time.monotonic() > t_end:
                break
            st, dt = scrape("alice", "alice-pw", 3)
            times.append(dt)
            codes.append(st)
            time.sleep(0.1)
        # a user whose password nobody checked yet, from another address: bcrypt, beside the flood
        bob, bob_dt = scrape("bob", "bob-pw", 5, source="127.0.0.2")
        p.stdin.close()   # the flood ends
        p.wait(timeout=30)
        counts = p.stdout.read().strip()
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    ok = sum(c.startswith("HTTP/1.1 200") for c in codes)
    times.sort()
    print(f"     {ok} of {len(codes)} correct scrapes answered beside {n} connections sending wrong passwords "
          f"({ready}; their answers: {counts}); scrape times: median {times[len(times) // 2] * 1e3:.1f} ms, "
          f"slowest {times[-1] * 1e3:.1f} ms" if times else "     no scrape")
    result(len(codes) == nscrapes and ok == nscrapes and times[-1] < 0.050, "scrape_under_50ms_beside_wrong_passwords",
           f"{ok}/{len(codes)} answered, slowest {times[-1] * 1e3 if times else 0:.1f} ms; flood: {counts}")
    flooded = dict(kv.split("=") for kv in counts.split()) if counts else {}
    answered = sum(int(v) for k, v in flooded.items() if k.isdigit())
    result(answered >= n and int(flooded.get("429", 0)) > 0 and int(flooded.get("retry_after", 0)) > 0,
           "flood_answered_429_retry_after", f"the flood's answers: {counts}")
    print(f"     bob, not checked yet, from 127.0.0.2 during the flood: {bob} in {bob_dt * 1e3:.0f} ms")
    result(bob.startswith("HTTP/1.1 200"), "other_client_checked_during_flood", f"{bob} after {bob_dt:.2f} s")


def ended(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except OSError:
        return True


def sigterm(pid, n):
    p = subprocess.Popen([sys.executable, __file__, NAME, "floodonly", str(PORT), str(n), "60", str(n)],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        ready = p.stdout.readline().strip()
        time.sleep(1)   # checks under way, others waiting
        t0 = time.monotonic()
        os.kill(pid, signal.SIGTERM)
        while not ended(pid) and time.monotonic() - t0 < 10:
            time.sleep(0.01)
        dt = time.monotonic() - t0
        p.stdin.close()
        p.wait(timeout=30)
        counts = p.stdout.read().strip()
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    print(f"     pmutop ended {dt * 1e3:.0f} ms after SIGTERM, beside {ready} from {n} addresses sending wrong "
          f"passwords (their answers: {counts})")
    result(dt < 1.0, "sigterm_ends_within_1s_during_checks", f"{dt:.2f} s")


if CHECK == "flood":
    flood(int(sys.argv[4]), int(sys.argv[5]))
elif CHECK == "floodonly":
    floodonly(int(sys.argv[4]), float(sys.argv[5]), int(sys.argv[6]))
elif CHECK == "sigterm":
    sigterm(int(sys.argv[4]), int(sys.argv[5]))
else:
    result(False, CHECK, "unknown check")
sys.exit(1 if fails else 0)
