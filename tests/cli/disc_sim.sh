#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# disc_sim.sh: `pmutop --sim M --list-uncore --json` finds, box by box, the boxes machine M describes (boxes with a
# zero ctl/ctr offset are dropped and counted, as the kernel does), each matched to its [pmu] section's PMU or to
# none for a [box] section; the discovery device's DVSEC IDs are listed and only ID 1 is used.
. "$(dirname "$0")/../lib.sh"
MACHINES=$(cd "$(dirname "$0")/../../machines" && pwd)

need_binary
if ! command -v python3 >/dev/null 2>&1; then skip all "python3 not installed"; exit 0; fi

# The expected inventory, computed from the description independently of the C code.
cat >"$TMPD/check.py" <<'PY'
import json, re, sys

desc, got = sys.argv[1], json.load(open(sys.argv[2]))
secs, cur = [], None
for line in open(desc):
    line = line.split('#', 1)[0].strip() if not line.lstrip().startswith('#') else ''
    if not line:
        continue
    m = re.match(r'\[(.*)\]$', line)
    if m:
        cur = {'': m.group(1)}
        secs.append(cur)
    elif cur is not None and '=' in line:
        k, v = line.split('=', 1)
        cur[k.strip()] = v.strip()

machine = next(s for s in secs if s[''] == 'machine')
sockets = int(machine.get('sockets', '1'), 0)
disc = next((s for s in secs if s[''] == 'discovery'), None)
num = lambda s, k, d: int(s.get(k, str(d)), 0)
want, skipped = [], 0
for s in secs:
    if 'box.type' not in s or not re.match(r'(pmu|box) ', s['']):
        continue
    kind, name = s[''].split(' ', 1)
    m = re.match(r'(.*)\{(\d+)\.\.(\d+)\}(.*)$', name)
    lo, hi = (int(m.group(2)), int(m.group(3))) if m else (0, 0)
    ctrl = [int(x, 0) for x in s['box.ctrl'].split()]
    step = num(s, 'box.socket_step', 0)
    for so in range(sockets):
        for k in range(lo, hi + 1):
            i = k - lo
            if i < len(ctrl):
                c = ctrl[i]
            else:
                c = ctrl[-1] + (i - len(ctrl) + 1) * (ctrl[-1] - ctrl[-2] if len(ctrl) > 1 else 0x10)
            box = dict(socket=so, type=num(s, 'box.type', 0), box_id=num(s, 'box.id_base', 0) + i,
                       access=s['box.access'], ctrl_addr=hex(c + step * so),
                       num_counters=num(s, 'box.counters', 4), counter_width=num(s, 'box.width', 48),
                       ctrl_offset=num(s, 'box.ctl_offset', 0), ctr_offset=num(s, 'box.ctr_offset', 8),
                       kernel_pmu=None if kind == 'box' else (m.group(1) + str(k) + m.group(4) if m else name))
            if box['ctrl_offset'] == 0 or box['ctr_offset'] == 0:
                skipped += 1
            else:
                want.append(box)

key = lambda b: (b['socket'], b['type'], b['box_id'])
have = [{k: b[k] for k in want[0]} for b in got['boxes']] if want else got['boxes']
want.sort(key=key)
errors = []
if len(have) != len(want):
    errors.append('%d boxes, described %d' % (len(have), len(want)))
for w, h in zip(want, have):
    if w != h:
        errors.append('described %s, found %s' % (w, h))
        break
if got['skipped'] != skipped:
    errors.append('skipped %d, described %d with zero offsets' % (got['skipped'], skipped))
if disc:
    ids = [int(x, 0) for x in disc.get('dvsec', '1').split()]
    bdfs = disc['bdf'].split()[:sockets]
    wd = [(b, i, i == 1) for b in bdfs for i in ids]
    hd = [(d['bdf'], d['id'], d['used']) for d in got['dvsec']]
    if sorted(wd) != sorted(hd):
        errors.append('dvsecs %s, described %s' % (hd, wd))
if errors:
    print('; '.join(errors))
    sys.exit(1)
print('%d boxes, %d skipped, %d dvsecs' % (len(have), got['skipped'], len(got['dvsec'])))
PY

for m in spr-2s gnr-1s; do
	if [ ! -f "$MACHINES/$m.machine" ]; then fail "$m" "no machines/$m.machine"; continue; fi
	if ! "$PMUTOP" --sim "$m" --list-uncore --json >"$TMPD/$m.json" 2>"$TMPD/$m.err"; then
		fail "$m" "exit $?: $(head -c 300 "$TMPD/$m.err")"
		continue
	fi
	if python3 "$TMPD/check.py" "$MACHINES/$m.machine" "$TMPD/$m.json" >"$TMPD/$m.out" 2>&1; then
		pass "$m"
	else
		fail "$m" "$(head -c 600 "$TMPD/$m.out")"
	fi
done
t_done
