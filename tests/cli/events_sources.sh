#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# events_sources.sh: where each event name comes from. --list-events names the source of every name (sysfs
# alias file, JSON file, libpfm4 table); where a JSON table and libpfm4 both have a name with different
# encodings the JSON table wins and both the listing and --explain-events show what libpfm4 says instead;
# --explain-events marks an encoding from libpfm4 alone. On spr-2s with Intel's own SPR files, against
# pmutop's listing of libpfm4 alone (which the installed libpfm4 gives, or the test is skipped).
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
EV=$ROOT/tests/fixtures/events/intel

need_binary
export HOME="$TMPD" XDG_CACHE_HOME="$TMPD/cache"
unset PMUTOP_EVENTS_DIR PMUTOP_CPUID LIBPFM_FORCE_PMU
if ! pfm_has spr::inst_retired; then
	skip all "the installed libpfm4 has no Sapphire Rapids table"
	exit 0
fi
"$PMUTOP" --sim spr-2s --list-events --json >"$TMPD/pfm.json" 2>"$TMPD/err" || fail list_pfm "$(head -c 300 "$TMPD/err")"
"$PMUTOP" --sim spr-2s --events-dir "$EV" --list-events --json >"$TMPD/both.json" 2>"$TMPD/err" ||
	fail list_both "$(head -c 300 "$TMPD/err")"

# Every name says its source and where in it: the kernel's alias file, the JSON file, the libpfm4 table
check list_sources python3 - "$TMPD/both.json" <<'PY'
import json, sys
bad, seen = [], set()
for e in json.load(open(sys.argv[1])):
    src, origin = e["source"], e["origin"]
    seen.add(src)
    ok = {"sysfs": origin.endswith("/events/" + e["name"]) and "/bus/event_source/devices/" in origin,
          "json": origin.endswith(".json"), "libpfm4": origin == "libpfm4 spr",
          "perf": origin == "linux/perf_event.h" and e["terms"].startswith("type=")}.get(src, False)
    if not ok:
        bad.append("%s: source %s origin %r" % (e["name"], src, origin))
assert seen == {"sysfs", "json", "libpfm4", "perf"}, "sources %s" % seen
assert not bad, "; ".join(bad[:5])
PY

# Where both have a name: the JSON terms are kept, "overrides" holds libpfm4's exactly when its encoding
# differs (compared here term by term, a term at 0 being no term), and libpfm4's is what libpfm4 alone gives
python3 - "$TMPD/pfm.json" "$TMPD/both.json" >"$TMPD/differ" 2>"$TMPD/differ.err" <<'PY'
import json, sys
def terms(t):
    out = {}
    for part in t.split(","):
        k, _, v = part.partition("=")
        n = int(v, 0) if v else 1
        if n:
            out[k] = n
    return out
pfm = {e["name"]: e for e in json.load(open(sys.argv[1])) if e["source"] == "libpfm4" and e["pmu"] == "cpu"}
both = [e for e in json.load(open(sys.argv[2])) if e["pmu"] == "cpu" and e["name"] in pfm]
bad, differ = [], []
for e in both:
    p = pfm[e["name"]]
    if e["source"] != "json":
        continue
    if terms(e["terms"]) != terms(p["terms"]):
        differ.append(e["name"])
        if not e["overrides"] or e["overrides"]["terms"] != p["terms"] or e["overrides"]["origin"] != p["origin"]:
            bad.append("%s: JSON %s, libpfm4 %s, overrides %s" % (e["name"], e["terms"], p["terms"], e["overrides"]))
    elif e["overrides"]:
        bad.append("%s: the same encoding, overrides %s" % (e["name"], e["overrides"]))
assert not bad, "; ".join(bad[:5])
assert differ and len(both) > len(differ), "%d names in both, %d differ" % (len(both), len(differ))
print("\n".join(differ))
print("%d names in both, %d differ" % (len(both), len(differ)), file=sys.stderr)
PY
if [ -s "$TMPD/differ" ]; then pass "overrides_exactly_where_they_differ: $(cat "$TMPD/differ.err")"
else fail overrides_exactly_where_they_differ "$(head -c 400 "$TMPD/differ.err")"; fi

# The text listing shows libpfm4's encoding beside the JSON row
name=$(head -n 1 "$TMPD/differ")
"$PMUTOP" --sim spr-2s --events-dir "$EV" --list-events "$name" >"$TMPD/row" 2>&1
pterms=$(python3 -c 'import json, sys; print([e["terms"] for e in json.load(open(sys.argv[1])) if e["name"] == sys.argv[2]][0])' \
	"$TMPD/pfm.json" "$name")
if grep -q "^$name  *cpu  *json  *(libpfm4 differs: $pterms)" "$TMPD/row"; then pass text_row_differs
else fail text_row_differs "$(head -c 300 "$TMPD/row") (libpfm4: $pterms)"; fi

# --explain-events: JSON opens the table's encoding (what `cpu/TERMS/` gives) and says what libpfm4 said;
# without the JSON tables the same name is marked as libpfm4's alone; a sysfs alias says sysfs
jterms=$(python3 -c 'import json, sys; print([e["terms"] for e in json.load(open(sys.argv[1])) if e["name"] == sys.argv[2]][0])' \
	"$TMPD/both.json" "$name")
"$PMUTOP" --sim spr-2s --events-dir "$EV" -e "$name,cpu/$jterms/,cas_count_read,cycles" --explain-events --json \
	>"$TMPD/ex.json" 2>"$TMPD/err" || fail explain "$(head -c 300 "$TMPD/err")"
"$PMUTOP" --sim spr-2s -e "$name" --explain-events --json >"$TMPD/alone.json" 2>"$TMPD/err" ||
	fail explain_alone "$(head -c 300 "$TMPD/err")"
check explain_sources python3 - "$TMPD/ex.json" "$TMPD/alone.json" "$pterms" <<'PY'
import json, sys
ex = json.load(open(sys.argv[1]))
alone = json.load(open(sys.argv[2]))[0]
named, raw, cyc = ex[0], ex[1], ex[-1]
imc = [e["source"] for e in ex if e["input"] == "cas_count_read"]   # one event per IMC box
assert named["config"] == raw["config"] and named["config1"] == raw["config1"], "JSON wins: %s %s" % (named, raw)
assert named["source"] == "json" and named["origin"].endswith(".json") and not named["libpfm4_only"], named
assert named["overrides"] == {"origin": "libpfm4 spr", "terms": sys.argv[3]}, named["overrides"]
assert alone["source"] == "libpfm4" and alone["libpfm4_only"] and alone["origin"] == "libpfm4 spr", alone
assert alone["overrides"] is None, alone
assert raw["source"] is None and cyc["source"] is None and not cyc["libpfm4_only"], (raw, cyc)
assert imc and imc == ["sysfs"] * len(imc), imc
PY
"$PMUTOP" --sim spr-2s --events-dir "$EV" -e "$name" --explain-events >"$TMPD/ex.txt" 2>&1
"$PMUTOP" --sim spr-2s -e "$name" --explain-events >"$TMPD/alone.txt" 2>&1
if grep -q "source=json (wins over libpfm4 spr's $pterms)\$" "$TMPD/ex.txt" &&
   grep -q "source=libpfm4 (libpfm4 alone: no JSON table has it)\$" "$TMPD/alone.txt"; then
	pass explain_text
else
	fail explain_text "$(head -c 300 "$TMPD/ex.txt") / $(head -c 300 "$TMPD/alone.txt")"
fi
t_done
