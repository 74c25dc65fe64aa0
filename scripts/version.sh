#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# version.sh: print pmutop's version, the release named in the VERSION file ("0.2"); with --git, the
# `git describe` of the checkout it is built from ("v0.2-3-gabc1234", "abc1234-dirty" before the
# first tag), or nothing outside a git checkout (a release tarball, a Debian source package).
# `pmutop --version` prints both: "pmutop 0.2 (git abc1234-dirty)". Usage: sh scripts/version.sh [--git] [ROOT]
git=
[ "${1:-}" = --git ] && { git=1; shift; }
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
if [ -n "$git" ]; then
	# only the checkout pmutop's own files are in, not one that happens to hold the unpacked tree
	[ -e "$root/.git" ] && command -v git >/dev/null 2>&1 || exit 0
	# version characters only: it becomes a C string
	git -C "$root" describe --tags --match 'v[0-9]*' --always --dirty 2>/dev/null | head -n 1 | tr -cd 'A-Za-z0-9.+~_-'
	exit 0
fi
v=
# one line of version characters only: it becomes a C string and a file name
[ -f "$root/VERSION" ] && v=$(head -n 1 "$root/VERSION" | tr -cd 'A-Za-z0-9.+~_-')
echo "${v:-unknown}"
