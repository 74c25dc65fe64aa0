#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# spdx.sh: every source, test, script and build file carries the licence's SPDX line (LICENSE:
# GPL-2.0-or-later, which libpci's licence asks of a program linking it) within its first two lines.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
n=0 missing=
for f in "$ROOT"/Makefile "$ROOT"/.ci/run "$ROOT"/src/*.c "$ROOT"/src/*/*.[ch] "$ROOT"/src/*/*/*.[ch] "$ROOT"/src/*/*/*/*.[ch] \
	"$ROOT"/tests/*.sh "$ROOT"/tests/*/*.[ch] "$ROOT"/tests/*/*.sh "$ROOT"/tests/*/*.py \
	"$ROOT"/bench/*.[ch] "$ROOT"/bench/*.sh "$ROOT"/bench/*.py "$ROOT"/scripts/*.sh "$ROOT"/scripts/*.py; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	head -n 2 "$f" | grep -q 'SPDX-License-Identifier: GPL-2.0-or-later' || missing="$missing ${f#"$ROOT"/}"
done
if [ "$n" -gt 100 ] && [ -z "$missing" ]; then pass "all_$n"
else fail files "$n files looked at; no SPDX line in:$missing"; fi
grep -q 'GNU GENERAL PUBLIC LICENSE' "$ROOT/LICENSE" && grep -q 'Version 2' "$ROOT/LICENSE" && pass licence_text ||
	fail licence_text "LICENSE is not the GPL version 2 text"
t_done
