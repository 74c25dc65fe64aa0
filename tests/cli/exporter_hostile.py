#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# exporter_hostile.py: hostile clients against a running `pmutop --listen` on loopback
# (tests/cli/exporter_hostile.sh). Usage: exporter_hostile.py TESTNAME CHECK PORT [ARGS...]; prints
# PASS/FAIL lines like tests/lib.sh, and the figures it measured. Every socket has a timeout, every loop
# an end: nothing here waits without a bound.
#   slowloris PORT TIMEOUT N   N connections send a header byte each second; scrapes beside them
#   pipeline PORT              three GETs in one write, on one connection
#   slowreaders PORT PID N S   N clients that ask twice and read 1 KiB every 0.1 s for S seconds; PID's RSS
import re
import socket
import threading
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


def connect(timeout=5):
    return socket.create_connection(("127.0.0.1", PORT), timeout=timeout)


def read_all(s, limit):
    """Bytes until the server closes or limit seconds pass."""
    out, end = b"", time.monotonic() + limit
    while time.monotonic() < end:
        s.settimeout(max(0.01, end - time.monotonic()))
        try:
            b = s.recv(1 << 20)
        except socket.timeout:
            break
        except ConnectionResetError:
            break
        if not b:
            break
        out += b
    return out


def scrape(limit):
    """(status line, seconds) of one GET /metrics on a new connection; Connection: close."""
    t0 = time.monotonic()
    try:
        s = connect(limit)
        s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        b = read_all(s, limit)
        s.close()
    except OSError as e:
        return repr(e), time.monotonic() - t0
    return b.split(b"\r\n", 1)[0].decode(errors="replace"), time.monotonic() - t0


def alive(s):
    """Whether the server still holds s open (it sends a byte when so): reading says closed, or sending
    fails, once the server shut it. Does not wait."""
    try:
        s.setblocking(False)
        if s.recv(100) == b"":
            return False
    except BlockingIOError:
        pass
    except OSError:
        return False
    try:
        s.send(b"X")
    except OSError:
        return False
    return True


def slowloris(timeout, n):
    socks = []
    for i in range(n):
        s = connect()
        s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        socks.append(s)
    t0 = time.monotonic()
    closed = {}   # socket index: seconds after t0 when found closed
    stop = threading.Event()

    def trickle():   # a byte to each open one every half second, whatever the scrapes do
        while not stop.is_set() and len(closed) < n:
            for i, s in enumerate(socks):
                if i not in closed and not alive(s):
                    closed[i] = time.monotonic() - t0
            stop.wait(0.5)
    th = threading.Thread(target=trickle)
    th.start()
    worst, answered, tries = 0.0, 0, 0
    try:
        # scrapes while they trickle, for most of the deadline
        while time.monotonic() - t0 < timeout * 0.6:
            st, dt = scrape(3)
            tries += 1
            worst = max(worst, dt)
            answered += st.startswith("HTTP/1.1 200")
            time.sleep(0.25)
        print(f"     {answered} of {tries} scrapes answered beside {n} trickling connections, slowest {worst:.3f} s")
        result(answered == tries and worst < 1.0, "scrape_beside_slowloris",
               f"{answered}/{tries}, slowest {worst:.3f} s")
        # they keep sending, yet each is closed once its request is TIMEOUT s old
        end = t0 + timeout + 3
        while time.monotonic() < end and len(closed) < n:
            time.sleep(0.2)
    finally:
        stop.set()
        th.join()
    last = max(closed.values()) if closed else 0
    print(f"     {len(closed)} of {n} trickling connections closed, the last {last:.1f} s after they started "
          f"(deadline {timeout:g} s)")
    result(len(closed) == n, "trickled_request_closed_at_deadline",
           f"{n - len(closed)} of {n} still open {time.monotonic() - t0:.1f} s after they started")
    for s in socks:
        s.close()


def pipeline():
    s = connect()
    s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n" * 2 + b"HEAD /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
    b = read_all(s, 3)
    # a status line follows the last body's newline; headers end their lines with CRLF
    heads = re.findall(rb"(?:^|\n)(HTTP/1\.1 \d+)", b)
    closes = re.findall(rb"\r\nconnection: *close", b, re.I)
    result(heads == [b"HTTP/1.1 200"] * 3 and not closes,
           "pipelined_gets_answered", f"{heads} {closes}")
    # the connection stays open for one more
    try:
        s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
        more = read_all(s, 2)
    except OSError as e:
        more = repr(e).encode()
    result(more.startswith(b"HTTP/1.1 200"), "keep_alive_after_pipeline", more[:60])
    s.close()


def rss_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def slowreaders(pid, n, secs):
    socks, peak = [], rss_kib(pid)
    start = rss_kib(pid)
    t0 = time.monotonic()
    gap = secs / 2 / n   # they arrive over the first half, each at another snapshot
    nxt = t0
    worst = 0.0
    while time.monotonic() - t0 < secs:
        now = time.monotonic()
        if len(socks) < n and now >= nxt:
            s = socket.socket()   # a small window from the start: the response waits in the server
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.settimeout(5)
            s.connect(("127.0.0.1", PORT))
            # two requests at once: the first response fills the kernel's socket buffers, the
            # second waits in the server with the snapshot it started from
            s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n" * 2)
            socks.append(s)
            nxt += gap
            continue
        for s in socks:
            try:
                s.settimeout(0.001)
                s.recv(1024)
            except OSError:
                pass
        peak = max(peak, rss_kib(pid))
        if len(socks) >= n:
            st, dt = scrape(3)
            worst = max(worst, dt if st.startswith("HTTP/1.1 200") else 99)
        time.sleep(0.1 if len(socks) >= n else 0.005)
    print(f"     RSS {start} KiB at the start, peak {peak} KiB with {len(socks)} slow readers over {secs} s; "
          f"slowest scrape beside them {worst:.3f} s")
    result(peak < 64 * 1024, "rss_bounded_under_slow_readers", f"peak {peak} KiB")
    result(worst < 1.0, "scrape_beside_slow_readers", f"slowest {worst:.3f} s")
    for s in socks:
        s.close()


if CHECK == "slowloris":
    slowloris(float(sys.argv[4]), int(sys.argv[5]))
elif CHECK == "pipeline":
    pipeline()
elif CHECK == "slowreaders":
    slowreaders(int(sys.argv[4]), int(sys.argv[5]), float(sys.argv[6]))
sys.exit(1 if fails else 0)
