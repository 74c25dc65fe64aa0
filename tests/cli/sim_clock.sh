#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# sim_clock.sh: --sim-clock step: the simulated machine's clock moves exactly one interval per
# sample, so two runs of the same machine write the same figures, interval N ends at N x the
# interval, and batch mode does not wait on the wall clock. Without --sim, or with another mode,
# it is a usage error (exit 2) that says why.
. "$(dirname "$0")/../lib.sh"
need_binary

run() { "$PMUTOP" --sim spr-2s --sim-clock step -b -n 6 -d 0.5 "$@" 2>&1; }
run --json -e cycles,instructions,cache-misses >"$TMPD/a.json"
run --json -e cycles,instructions,cache-misses >"$TMPD/b.json"
if [ -s "$TMPD/a.json" ] && cmp -s "$TMPD/a.json" "$TMPD/b.json"; then
	pass runs_repeat
else
	fail runs_repeat "$(diff "$TMPD/a.json" "$TMPD/b.json" | head -c 400)"
fi
if python3 - "$TMPD/a.json" <<'PY'
import json, sys
js = [json.loads(l) for l in open(sys.argv[1])]
assert len(js) == 6, len(js)
for k, j in enumerate(js, 1):
    assert abs(j["time"] - 0.5 * k) < 1e-9, (k, j["time"])
    c = j["cpus"][0]["events"]["cycles"]
    assert c["counted"] and abs(c["enabled_ns"] - 5e8) <= 1, c
PY
then pass intervals_exact; else fail intervals_exact "$(head -c 300 "$TMPD/a.json")"; fi
# 40 intervals of 1 s on the stepped clock: no waiting (a run that waited would take 40 s)
if timeout 20 "$PMUTOP" --sim spr-2s --sim-clock step -b -n 40 -d 1 -e cycles >/dev/null 2>&1; then
	pass batch_does_not_wait
else
	fail batch_does_not_wait "40 stepped intervals did not end within 20 s"
fi
"$PMUTOP" --sim-clock step -b -n 1 -e cpu-clock >"$TMPD/nosim.out" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q -- '--sim-clock step drives a simulated machine' "$TMPD/nosim.out"; then
	pass needs_sim
else
	fail needs_sim "rc=$rc $(head -c 300 "$TMPD/nosim.out")"
fi
"$PMUTOP" --sim spr-2s --sim-clock fast -b -n 1 >"$TMPD/bad.out" 2>&1
rc=$?
if [ $rc -eq 2 ] && grep -q "takes wall, step or step:N, not 'fast'" "$TMPD/bad.out"; then
	pass bad_mode
else
	fail bad_mode "rc=$rc $(head -c 300 "$TMPD/bad.out")"
fi
# step:N (the screen's pauses) takes a count of refreshes
for bad in step:0 step: step:x step:2x; do
	"$PMUTOP" --sim spr-2s --sim-clock "$bad" -b -n 1 >"$TMPD/badn.out" 2>&1
	rc=$?
	if [ $rc -eq 2 ] && grep -q -e 'step:N needs N from 1' -e 'takes wall, step or step:N' "$TMPD/badn.out"; then
		pass "bad_count_$bad"
	else
		fail "bad_count_$bad" "rc=$rc $(head -c 300 "$TMPD/badn.out")"
	fi
done
# batch mode takes step:N as step (it has no pauses): the same figures
"$PMUTOP" --sim spr-2s --sim-clock step:2 -b -n 6 -d 0.5 --json -e cycles,instructions,cache-misses >"$TMPD/c.json" 2>&1
if cmp -s "$TMPD/a.json" "$TMPD/c.json"; then pass step_n_batch_same; else fail step_n_batch_same "$(diff "$TMPD/a.json" "$TMPD/c.json" | head -c 400)"; fi
t_done
