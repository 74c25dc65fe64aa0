#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# completion.sh: contrib/pmutop.bash-completion in bash: every option of --help completes, --sim offers
# --list-machines' names, -E the event sets of --list-options, -e perf's built-in names and the
# names --list-events gives on the machine the command line chooses (after a comma or a brace too),
# --color its three words, file options files.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
if ! command -v bash >/dev/null 2>&1; then
	skip all "bash is not installed"
	exit 0
fi
# the binary under test is the pmutop the completion asks
mkdir -p "$TMPD/bin" "$TMPD/files"
ln -s "$PMUTOP" "$TMPD/bin/pmutop"
: >"$TMPD/files/web.yml"
cat >"$TMPD/comp.bash" <<'B'
. "$1"
# comp WORDS...: the completions of the last word, one a line
comp() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _pmutop; printf '%s\n' "${COMPREPLY[@]}"; }
complete -p pmutop
echo "== options"; comp pmutop -
echo "== sim"; comp pmutop --sim ''
echo "== sets"; comp pmutop -E ''
echo "== cyc"; comp pmutop -e cyc
echo "== vendor"; comp pmutop --sim spr-2s -e 'cycles,{mem_load_retired.l3_m'
echo "== color"; comp pmutop --color = a
echo "== web"; comp pmutop --web-config "$2/files/w"
B
PATH="$TMPD/bin:$PATH" bash "$TMPD/comp.bash" "$ROOT/contrib/pmutop.bash-completion" "$TMPD" >"$TMPD/out" 2>"$TMPD/err"
# section NAME: the lines printed under "== NAME"
section() { sed -n "/^== $1\$/,/^== /p" "$TMPD/out" | sed '1d; /^== /d'; }
grep -q '^complete -F _pmutop pmutop$' "$TMPD/out" && pass registered || fail registered "$(head -c 300 "$TMPD/err")"
missing=""
for o in $("$PMUTOP" --help | grep -o -- '--[a-z][a-z-]*' | sort -u) -e -E -d -C -b -n -x -o -h -V; do
	section options | grep -qx -- "$o" || missing="$missing $o"
done
[ -z "$missing" ] && pass every_option || fail every_option "not offered:$missing"
[ "$(section sim | sort)" = "$("$PMUTOP" --list-machines | sort)" ] && pass sim_machines ||
	fail sim_machines "$(section sim | tr '\n' ' ')"
want=$("$PMUTOP" --list-options | sed -n '/^Event sets/,$p' | sed -n 's/^  \([a-z]*\) .*/\1/p' | sort | tr '\n' ' ')
[ "$(section sets | sort | tr '\n' ' ')" = "$want" ] && pass event_sets || fail event_sets "$(section sets | tr '\n' ' ') vs $want"
section cyc | grep -qx cycles && pass builtin_names || fail builtin_names "$(section cyc | tr '\n' ' ')"
if section vendor | grep -qx 'cycles,{mem_load_retired.l3_miss' && ! section vendor | grep -qv '^cycles,{'; then
	pass machine_names_after_brace
else
	fail machine_names_after_brace "$(section vendor | head -5 | tr '\n' ' ')"
fi
[ "$(section color | sort | tr "\n" " ")" = "always auto " ] && pass color_words || fail color_words "$(section color | tr '\n' ' ')"
section web | grep -qx "$TMPD/files/web.yml" && pass file_option || fail file_option "$(section web | tr '\n' ' ')"
t_done
