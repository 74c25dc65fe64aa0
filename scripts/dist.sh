#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# dist.sh: make DISTDIR/pmutop-VERSION.tar.gz from the files git tracks (as they are in the working
# tree), VERSION among them and debian/ not, so the tarball builds without git and its binary says
# its version.
# Reproducible: names sorted, owner root, every date the last commit's. Usage: dist.sh VERSION DISTDIR
set -e
version=$1
out=${2:-.}
root=$(cd "$(dirname "$0")/.." && pwd)
case "$version" in
"" | *[!A-Za-z0-9.+~_-]*) echo "dist.sh: bad version '$version'" >&2; exit 2 ;;
esac
if ! git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
	echo "make dist: needs a git checkout (it packs the files git tracks); this tree has no .git" >&2
	exit 1
fi
name=pmutop-$version
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pmutop-dist.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if [ "$(sh "$root/scripts/version.sh" "$root")" != "$version" ]; then
	echo "dist.sh: version '$version' is not the VERSION file's" >&2
	exit 2
fi
# tracked files still present (one deleted but not yet committed is left out), but debian/: the
# tarball is the upstream release (a Debian source package's orig.tar.gz), to which the Debian
# packaging adds debian/ (lintian: no-debian-changes when the orig tarball holds it already)
git -C "$root" ls-files -z | (cd "$root" && xargs -0 sh -c 'for f; do [ -f "$f" ] && printf "%s\n" "$f"; done' sh) |
	grep -v '^debian/' >"$tmp/files"
when=$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)
mkdir -p "$out"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$when" --transform "s|^|$name/|" \
	-czf "$out/$name.tar.gz" -C "$root" -T "$tmp/files"
echo "$out/$name.tar.gz"
