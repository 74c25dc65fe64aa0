#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# version.sh: print pmutop's version: a release tarball's VERSION file, else `git describe` of the
# checkout (a tag v0.2 gives "0.2", later commits "0.2-3-gabc1234", uncommitted changes "-dirty";
# before the first tag "0.1-N-gHASH"), else "0.1-unknown". Usage: sh scripts/version.sh [ROOT]
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
BASE=0.1   # the version before the first tag
if [ -f "$root/VERSION" ]; then
	# one line of version characters only: it becomes a C string and a file name
	v=$(head -n 1 "$root/VERSION" | tr -cd 'A-Za-z0-9.+~_-')
	[ -n "$v" ] && { echo "$v"; exit 0; }
fi
if [ -e "$root/.git" ] && command -v git >/dev/null 2>&1; then
	if v=$(git -C "$root" describe --tags --match 'v[0-9]*' --dirty 2>/dev/null); then
		echo "${v#v}"
		exit 0
	fi
	if h=$(git -C "$root" rev-parse --short HEAD 2>/dev/null); then
		n=$(git -C "$root" rev-list --count HEAD 2>/dev/null)
		d=$(git -C "$root" diff --quiet HEAD 2>/dev/null || echo -dirty)
		echo "$BASE-$n-g$h$d"
		exit 0
	fi
fi
echo "$BASE-unknown"
