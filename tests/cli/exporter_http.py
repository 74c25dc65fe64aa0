#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# exporter_http.py: HTTP checks against a running `pmutop --listen` on loopback (tests/cli/exporter.sh).
# Usage: exporter_http.py TESTNAME PORT TIMEOUT_S. Prints PASS/FAIL/SKIP lines like tests/lib.sh.
# Every socket has a timeout; nothing here waits without a bound.
import gzip
import http.client
import socket
import sys
import time

NAME, PORT, SRV_TIMEOUT = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
PROM_ACCEPT = ("application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;"
               "q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1")
fails = 0


def result(ok, what, why=""):
    global fails
    if ok:
        print(f"PASS {NAME}:{what}")
    else:
        fails += 1
        print(f"FAIL {NAME}:{what}: {why}"[:600])


def get(path="/metrics", method="GET", headers=None, timeout=5):
    c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=timeout)
    c.request(method, path, headers=headers or {})
    r = c.getresponse()
    body = r.read()
    c.close()
    return r.status, {k.lower(): v for k, v in r.getheaders()}, body


def timed_scrape(limit):
    t0 = time.monotonic()
    st, h, body = get(timeout=limit)
    return st, time.monotonic() - t0, body


def om_parser():
    try:
        from prometheus_client.openmetrics.parser import text_string_to_metric_families
        return text_string_to_metric_families
    except ImportError:
        return None


# --- formats and negotiation ---
st, h, body = get()
text = body.decode()
result(st == 200 and h.get("content-type") == "text/plain; version=0.0.4; charset=utf-8" and
       "\n# TYPE pmutop_event_total counter\n" in text and "# EOF" not in text,
       "text_by_default", f"{st} {h.get('content-type')}")
result("pmutop_event_total{" in text and 'source="sim"' in text, "text_has_counters", text[:200])
st, h, body = get(headers={"Accept": PROM_ACCEPT})
om = body.decode()
result(st == 200 and h.get("content-type") == "application/openmetrics-text; version=1.0.0; charset=utf-8"
       and om.endswith("\n# EOF\n") and "\n# TYPE pmutop_event counter\n" in om,
       "openmetrics_when_asked", f"{st} {h.get('content-type')} ...{om[-40:]!r}")
parse = om_parser()
if parse is None:
    print(f"SKIP {NAME}:openmetrics_strict_parser: python3-prometheus-client is not installed "
          "(apt-get install python3-prometheus-client)")
else:
    try:
        fams = {f.name: f for f in parse(om)}
        ev = fams.get("pmutop_event")
        ok = (ev is not None and ev.type == "counter" and len(ev.samples) > 100 and
              all(s.name == "pmutop_event_total" and s.value >= 0 for s in ev.samples) and
              fams["pmutop_build_info"].type == "gauge" and "pmutop_ipc" in fams)
        result(ok, "openmetrics_strict_parser", f"families {sorted(fams)[:8]}")
    except Exception as e:  # the parser raises ValueError with the offending line
        result(False, "openmetrics_strict_parser", repr(e))
st, h, body = get(headers={"Accept": "application/openmetrics-text;q=0.3, text/plain;q=0.9"})
result(h.get("content-type", "").startswith("text/plain") and b"# EOF" not in body, "text_when_preferred",
       h.get("content-type"))
st, h, body = get(headers={"Accept-Encoding": "gzip", "Accept": PROM_ACCEPT})
try:
    unz = gzip.decompress(body).decode()
except Exception as e:
    unz = repr(e)
result(st == 200 and h.get("content-encoding") == "gzip" and unz.endswith("# EOF\n") and
       len(body) < len(unz) / 3 and "vary" in h, "gzip_when_asked",
       f"{h.get('content-encoding')} {len(body)} {unz[:80]!r}")
st, h, body = get(headers={"Accept-Encoding": "gzip;q=0, identity"})
result(st == 200 and "content-encoding" not in h and body.startswith(b"# HELP"), "no_gzip_when_refused",
       str(h))
st, h, body = get(method="HEAD")
result(st == 200 and body == b"" and h.get("content-type", "").startswith("text/plain"), "head", str(st))

# --- other paths and methods ---
for path in ("/", "/metricsx", "/metrics/", "/metrics/../x", "/favicon.ico"):
    st, h, body = get(path)
    result(st == 404, f"404 {path}", str(st))
for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS"):
    st, h, body = get(method=method)
    result(st == 405 and h.get("allow") == "GET, HEAD", f"405 {method}", f"{st} {h.get('allow')}")

# --- bad input ---
def raw(data, timeout=5):
    s = socket.create_connection(("127.0.0.1", PORT), timeout=timeout)
    try:
        s.sendall(data)
    except (BrokenPipeError, ConnectionResetError):   # refused before it was all sent
        pass
    out = b""
    try:
        while True:
            b = s.recv(65536)
            if not b:
                break
            out += b
    except (socket.timeout, ConnectionResetError):
        pass
    s.close()
    return out

resp = raw(b"GET /metrics HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 200000 + b"\r\n\r\n")
result(resp.startswith(b"HTTP/1.1 431 "), "huge_request_refused", resp[:60])
resp = raw(b"\x00\x01GARBAGE \xff\xfe\r\n\r\n")
result(resp == b"" or resp.split(b" ")[1] == b"400", "malformed_request_refused", resp[:60])
st, dt, body = timed_scrape(2)
result(st == 200 and b"pmutop_event_total{" in body, "serves_after_bad_input", str(st))

# --- stalled clients and 64 connections do not block a scrape ---
socks = []
try:
    stalled = socket.create_connection(("127.0.0.1", PORT), timeout=5)
    stalled.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\nX-Slow: ")   # slowloris: never finishes
    socks.append(stalled)
    # one that asks and never reads: its response fills the socket buffers
    nonreader = socket.create_connection(("127.0.0.1", PORT), timeout=5)
    nonreader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    nonreader.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
    socks.append(nonreader)
    for i in range(64):
        s = socket.create_connection(("127.0.0.1", PORT), timeout=5)
        if i % 2:
            s.sendall(b"GET /metr")   # half a request line
        socks.append(s)
    time.sleep(0.2)
    worst = 0
    for i in range(5):
        st, dt, body = timed_scrape(3)
        worst = max(worst, dt)
        ok = st == 200 and body.startswith(b"# HELP")
    result(ok and worst < 1.0, "scrape_beside_66_stalled_connections", f"status {st}, slowest {worst:.3f} s")
    # the server drops the stalled connection after its timeout
    t0 = time.monotonic()
    stalled.settimeout(SRV_TIMEOUT + 5)
    try:
        got = stalled.recv(100)
    except (socket.timeout, ConnectionResetError):
        got = None
    waited = time.monotonic() - t0
    result(got is not None and not got.startswith(b"HTTP/1.1 200") and waited < SRV_TIMEOUT + 4,
           "stalled_connection_timed_out", f"after {waited:.1f} s got {got!r:.60}")
finally:
    for s in socks:
        s.close()

# --- clients that go away mid-response ---
for i in range(20):
    s = socket.create_connection(("127.0.0.1", PORT), timeout=5)
    s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\nAccept-Encoding: " + (b"gzip" if i % 2 else b"identity") +
              b"\r\n\r\n")
    s.recv(1000)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")  # RST
    s.close()
st, dt, body = timed_scrape(2)
result(st == 200 and body.startswith(b"# HELP"), "serves_after_clients_left_mid_response", f"{st} {dt:.3f}")

# --- keep-alive: several scrapes on one connection ---
c = http.client.HTTPConnection("127.0.0.1", PORT, timeout=5)
ok = True
for i in range(3):
    c.request("GET", "/metrics")
    r = c.getresponse()
    ok = ok and r.status == 200 and r.read().startswith(b"# HELP")
c.close()
result(ok, "keep_alive")
sys.exit(1 if fails else 0)
