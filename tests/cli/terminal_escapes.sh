#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# terminal_escapes.sh: no raw control byte from untrusted input reaches terminal output (issue 26, HIGH 2):
# event names of a recording (text and -x), event table names, descriptions with C1 (U+009B) and file
# names in --list-events, config text echoed in warnings; each is shown as \xNN. In JSON (--json of a
# recording, --list-events --json) C0 and C1 controls are \u00NN escapes and invalid UTF-8 the text \xNN:
# the JSON is valid UTF-8 and no byte of it drives a terminal.
. "$(dirname "$0")/../lib.sh"
need_binary

ESC=$(printf '\033')
# raw: FILE holds ESC, a C1 control as UTF-8 (c2 9b) or a lone C1 byte (9b): python, as grep -P varies
raw() { python3 -c 'import sys; d=open(sys.argv[1],"rb").read(); sys.exit(0 if (b"\x1b" in d or b"\xc2\x9b" in d or b"\x9b" in d) else 1)' "$1"; }

printf '     1.000100000;CPU0;1000;;cyc%s[31mX\a;1000000;100.00;;\n     2.000200000;CPU0;2000;;cyc%s[31mX\a;1000000;100.00;;\n' \
	"$ESC" "$ESC" >"$TMPD/rec.csv"
for mode in "" "-x ,"; do
	name=replay_text; [ -n "$mode" ] && name=replay_x
	"$PMUTOP" --replay "$TMPD/rec.csv" -b $mode >"$TMPD/o.txt" 2>"$TMPD/e.txt"
	if ! raw "$TMPD/o.txt" && ! raw "$TMPD/e.txt" && grep -q 'cyc\\x1b\[31mX\\x07' "$TMPD/o.txt"; then
		pass "$name"
	else
		fail "$name" "$(od -c "$TMPD/o.txt" | head -5 | tr '\n' ' ')"
	fi
done

# json_safe FILE LINES WANT: FILE is UTF-8 without a raw C0 (but newline), DEL or C1 control, parses as
# JSON (one document per line when LINES is 1) and holds the string WANT (Python escapes) as a key or value
json_safe() {
	python3 - "$@" <<'PY'
import json, re, sys
data = open(sys.argv[1], "rb").read()
if re.search(rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]", data):
    sys.exit("a raw control byte")
text = data.decode("utf-8")   # strict: invalid UTF-8 raises
docs = [json.loads(l) for l in text.splitlines() if l] if sys.argv[2] == "1" else [json.loads(text)]
want = sys.argv[3].encode().decode("unicode_escape")
def strings(o):
    if isinstance(o, dict):
        for k, v in o.items():
            yield k
            yield from strings(v)
    elif isinstance(o, list):
        for v in o:
            yield from strings(v)
    elif isinstance(o, str):
        yield o
if not any(want in s for d in docs for s in strings(d)):
    sys.exit("no string holds %r" % want)
PY
}
# a recording's event name with a C1 control (c2 9b), an invalid byte (ff) and ESC
printf '     1.000100000;CPU0;1000;;cyc\302\233[31mX\377%s;1000000;100.00;;\n     2.000200000;CPU0;2000;;cyc\302\233[31mX\377%s;1000000;100.00;;\n' \
	"$ESC" "$ESC" >"$TMPD/rec8.csv"
"$PMUTOP" --replay "$TMPD/rec8.csv" -b --json >"$TMPD/j.json" 2>"$TMPD/j.err"
if why=$(json_safe "$TMPD/j.json" 1 'cyc\x9b[31mX\\xff\x1b' 2>&1) && ! raw "$TMPD/j.err" &&
   grep -q 'cyc\\u009b\[31mX\\\\xff\\u001b' "$TMPD/j.json"; then
	pass replay_json
else
	fail replay_json "$why $(od -c "$TMPD/j.json" | sed -n 9,14p | tr '\n' ' ')"
fi

# an events folder with a C1 control in a description and an ESC in a file name
mkdir -p "$TMPD/ev"
printf 'Family-model,Version,Filename,EventType\nGenuineIntel-6-8F,V1,/x%s[2J.json,core\nGenuineIntel-6-8F,V1,/good.json,core\n' \
	"$ESC" >"$TMPD/ev/mapfile.csv"
printf '[ { "EventName": "GOOD.ONE", "EventCode": "0x3c", "BriefDescription": "a\\u009b31mred\\u001b[0m" } ]\n' \
	>"$TMPD/ev/good.json"
"$PMUTOP" --sim spr-2s --events-dir "$TMPD/ev" --list-events 'good.*' >"$TMPD/l.txt" 2>"$TMPD/l.err"
if ! raw "$TMPD/l.txt" && ! raw "$TMPD/l.err" && grep -q 'a\\xc2\\x9b31mred' "$TMPD/l.txt" &&
   grep -q 'x\\x1b\[2J.json' "$TMPD/l.err"; then
	pass list_events
else
	fail list_events "$(od -c "$TMPD/l.txt" | head -4 | tr '\n' ' ') / $(head -c 300 "$TMPD/l.err")"
fi
# the same with --json (json-c writes the table's strings; C1 and the invalid byte fe must not pass raw)
printf '[ { "EventName": "BAD.ONE", "EventCode": "0x3d", "BriefDescription": "b\\u009b32m\376x" } ]\n' \
	>"$TMPD/ev/good.json"
"$PMUTOP" --sim spr-2s --events-dir "$TMPD/ev" --list-events 'bad.*' --json >"$TMPD/lj.json" 2>"$TMPD/lj.err"
if why=$(json_safe "$TMPD/lj.json" 0 'b\x9b32m\\xfex' 2>&1) && grep -q '"bad.one"' "$TMPD/lj.json"; then
	pass list_events_json
else
	fail list_events_json "$why $(od -c "$TMPD/lj.json" | head -8 | tr '\n' ' ') / $(head -c 300 "$TMPD/lj.err")"
fi

# config text echoed in warnings and errors
printf '[display]\nbad%skey = 1\n[sec%s]\n' "$ESC" "$ESC" >"$TMPD/c.conf"
"$PMUTOP" --config "$TMPD/c.conf" --sim spr-2s -b -n 1 -d 0.05 >/dev/null 2>"$TMPD/c.err"
if ! raw "$TMPD/c.err" && grep -q 'bad\\x1bkey' "$TMPD/c.err" && grep -q 'sec\\x1b' "$TMPD/c.err"; then
	pass config_warnings
else
	fail config_warnings "$(od -c "$TMPD/c.err" | head -4 | tr '\n' ' ')"
fi
printf '[display]\nsort = x%s[31m\n' "$ESC" >"$TMPD/s.conf"
"$PMUTOP" --config "$TMPD/s.conf" --sim spr-2s -b -n 1 -d 0.05 >/dev/null 2>"$TMPD/s.err"
if ! raw "$TMPD/s.err" && grep -q 'x\\x1b\[31m' "$TMPD/s.err"; then
	pass config_value_echoed
else
	fail config_value_echoed "$(od -c "$TMPD/s.err" | head -4 | tr '\n' ' ')"
fi
# an event name given on the command line, echoed in the syntax error
"$PMUTOP" --sim spr-2s -b -n 1 -e "cycles,foo${ESC}[2J/" >/dev/null 2>"$TMPD/x.err"
if ! raw "$TMPD/x.err" && grep -q 'foo\\x1b' "$TMPD/x.err"; then
	pass event_echoed
else
	fail event_echoed "$(od -c "$TMPD/x.err" | head -4 | tr '\n' ' ')"
fi
t_done
