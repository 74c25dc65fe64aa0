#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# spdx.sh: every source, test, script and build file carries the licence's SPDX line (LICENSE:
# GPL-2.0-or-later, which libpci's licence asks of a program linking it) within its first two lines,
# and the copyright holder's line right under it (scripts/copyright.sh puts it there); LICENSE names
# the holder too.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HOLDER='Copyright (C) 2026 The pmutop authors'
n=0 missing= nocopy=
for f in "$ROOT"/Makefile "$ROOT"/.ci/run "$ROOT"/src/*.c "$ROOT"/src/*/*.[ch] "$ROOT"/src/*/*/*.[ch] "$ROOT"/src/*/*/*/*.[ch] \
	"$ROOT"/tests/*.sh "$ROOT"/tests/*/*.[ch] "$ROOT"/tests/*/*.sh "$ROOT"/tests/*/*.py \
	"$ROOT"/bench/*.[ch] "$ROOT"/bench/*.sh "$ROOT"/bench/*.py "$ROOT"/scripts/*.sh "$ROOT"/scripts/*.py; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	head -n 2 "$f" | grep -q 'SPDX-License-Identifier: GPL-2.0-or-later' || missing="$missing ${f#"$ROOT"/}"
	# the line after the SPDX line names the copyright holder
	awk -v h="$HOLDER" 'NR <= 2 && /SPDX-License-Identifier/ { s = NR } s && NR == s + 1 { found = index($0, h) > 0; exit }
		END { exit !found }' "$f" || nocopy="$nocopy ${f#"$ROOT"/}"
done
if [ "$n" -gt 100 ] && [ -z "$missing" ]; then pass "all_$n"
else fail files "$n files looked at; no SPDX line in:$missing"; fi
# every tracked file with an SPDX line, not only those above (the unit, the completion, debian/)
for f in $(git -C "$ROOT" ls-files 2>/dev/null); do
	[ -f "$ROOT/$f" ] && head -n 2 "$ROOT/$f" | grep -q 'SPDX-License-Identifier' || continue
	awk -v h="$HOLDER" 'NR <= 2 && /SPDX-License-Identifier/ { s = NR } s && NR == s + 1 { found = index($0, h) > 0; exit }
		END { exit !found }' "$ROOT/$f" || case " $nocopy " in *" $f "*) ;; *) nocopy="$nocopy $f" ;; esac
done
if [ "$n" -gt 100 ] && [ -z "$nocopy" ]; then pass copyright_lines
else fail copyright_lines "no '$HOLDER' under the SPDX line in:$(echo $nocopy | cut -c1-600)"; fi
if head -n 5 "$ROOT/LICENSE" | grep -qF "$HOLDER"; then pass licence_holder
else fail licence_holder "LICENSE's header does not name '$HOLDER'"; fi
grep -q 'GNU GENERAL PUBLIC LICENSE' "$ROOT/LICENSE" && grep -q 'Version 2' "$ROOT/LICENSE" && pass licence_text ||
	fail licence_text "LICENSE is not the GPL version 2 text"
t_done
