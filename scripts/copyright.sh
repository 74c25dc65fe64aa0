#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# copyright.sh: put the copyright line "Copyright (C) 2026 The pmutop authors" right under the SPDX
# line of every tracked file that has one in its first two lines, in that line's comment style
# ("# ..." or "/* ... */"); files that have it already are left alone, so it can be run again after
# a merge. tests/cli/spdx.sh checks the result. Usage: sh scripts/copyright.sh [ROOT]
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
line='Copyright (C) 2026 The pmutop authors'
n=0
git -C "$root" ls-files -z | (cd "$root" && xargs -0 sh -c 'for f; do [ -f "$f" ] && printf "%s\n" "$f"; done' sh) |
while IFS= read -r f; do
	spdx=$(head -n 2 "$root/$f" | grep -n 'SPDX-License-Identifier' | head -n 1 | cut -d: -f1)
	[ -n "$spdx" ] || continue
	next=$(sed -n "$((spdx + 1))p" "$root/$f")
	case "$next" in *"$line"*) continue ;; esac
	case "$(sed -n "${spdx}p" "$root/$f")" in
	"/* "*" */") new="/* $line */" ;;
	"# "*) new="# $line" ;;
	*) echo "copyright.sh: $f: SPDX line in a comment style not known here" >&2; continue ;;
	esac
	tmp="$root/$f.copyright.tmp"
	{ head -n "$spdx" "$root/$f"; printf '%s\n' "$new"; tail -n +"$((spdx + 1))" "$root/$f"; } >"$tmp" &&
		chmod --reference="$root/$f" "$tmp" && mv "$tmp" "$root/$f"
	n=$((n + 1))
	echo "$f"
done
