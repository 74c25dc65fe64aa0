# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
"""promtest.py: what the tests against a real Prometheus share (exporter_prometheus.py,
exporter_cgroups_live.py, fleet_prometheus.py): a free loopback port, waiting for a condition, an
instant query of the query API, and a relative difference."""
import json
import socket
import time
import urllib.parse
import urllib.request


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def wait_for(what, fn, seconds):
    """fn's first true value within seconds (its exceptions count as not yet); TimeoutError after."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            v = fn()
            if v:
                return v
        except Exception:
            pass
        time.sleep(0.2)
    raise TimeoutError(f"{what}: not within {seconds} s")


def query(pport, q, at=None):
    """The result of instant query q (at a time, or now) of the Prometheus on pport."""
    args = {"query": q}
    if at is not None:
        args["time"] = f"{at:.3f}"
    url = f"http://127.0.0.1:{pport}/api/v1/query?" + urllib.parse.urlencode(args)
    d = json.load(urllib.request.urlopen(url, timeout=5))
    if d.get("status") != "success":
        raise RuntimeError(f"{q}: {d}")
    return d["data"]["result"]


def rel(a, b):
    return abs(a - b) / max(abs(b), 1e-12)
