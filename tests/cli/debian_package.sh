#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# debian_package.sh: debian/ agrees with the tree (the changelog's upstream version is VERSION's, every
# library pmutop opens with dlopen is recommended by the package that ships it here, every -dev package
# `make deps` installs is a Build-Depends, rules runs `make check`); then, where dpkg-buildpackage and
# debhelper are installed, the package really builds from a copy of the tree (without its tests, which
# the suite itself is): pmutop_VERSION-*.deb with the unit where systemd's pkg-config says, a
# dh_installsystemd postinst, /etc/pmutop.conf a conffile, the completion, a binary that says VERSION;
# and lintian (where installed) reports no error and no warning on it.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
D="$ROOT/debian"
ver=$(head -n 1 "$ROOT/VERSION")

# the changelog's first entry: pmutop (UPSTREAM-REVISION)
cl=$(sed -n '1s/^pmutop (\([^)]*\)).*/\1/p' "$D/changelog")
if [ "${cl%-*}" = "$ver" ] && [ "$cl" != "$ver" ]; then pass changelog_is_VERSION
else fail changelog_is_VERSION "debian/changelog says '$cl', VERSION '$ver'"; fi

# Build-Depends and Recommends as one line each (continuation lines joined)
field() { awk -v f="$1:" '$1 == f { on = 1; sub(/^[^:]*:/, ""); printf "%s", $0; next }
	on && /^[ \t]/ { printf "%s", $0; next } { on = 0 }' "$D/control"; }
bdeps=$(field Build-Depends)
recs=$(field Recommends)

# every -dev package scripts/deps.sh names for building is a build dependency
missing=
for p in $(grep -o 'need="$need [a-z0-9.+-]*-dev"' "$ROOT/scripts/deps.sh" | sed 's/.* \([a-z0-9.+-]*\)"$/\1/'); do
	printf '%s\n' "$bdeps" | grep -Eq "(^|[ ,])$p([ ,(]|$)" || missing="$missing $p"
done
if [ -z "$missing" ]; then pass build_depends_complete; else fail build_depends_complete "not in Build-Depends:$missing"; fi

# every soname pmutop opens with dlopen: the package that ships it here is in Recommends
sonames=$(grep -rhoE '"lib[a-z0-9_-]+\.so\.[0-9]+"' "$ROOT/src" | tr -d '"' | sort -u)
if [ -z "$sonames" ]; then
	fail dlopen_recommended "no dlopen soname found in src/"
elif ! command -v dpkg >/dev/null 2>&1 || ! command -v ldconfig >/dev/null 2>&1 && [ ! -x /sbin/ldconfig ]; then
	skip dlopen_recommended "dpkg or ldconfig is not installed"
else
	bad=
	for so in $sonames; do
		path=$( (ldconfig -p 2>/dev/null || /sbin/ldconfig -p) | awk -v s="$so" '$1 == s && /x86-64|64bit|AArch64/ { print $NF; exit }')
		[ -n "$path" ] || path=$( (ldconfig -p 2>/dev/null || /sbin/ldconfig -p) | awk -v s="$so" '$1 == s { print $NF; exit }')
		if [ -z "$path" ]; then bad="$bad $so(not installed here)"; continue; fi
		pkg=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -n 1 | cut -d: -f1)
		[ -n "$pkg" ] || pkg=$(dpkg -S "$path" 2>/dev/null | head -n 1 | cut -d: -f1)
		printf '%s\n' "$recs" | grep -Eq "(^|[ ,])$pkg([ ,(]|$)" || bad="$bad $so($pkg)"
	done
	if [ -z "$bad" ]; then pass dlopen_recommended; else fail dlopen_recommended "not in Recommends:$bad"; fi
fi

if grep -q '^override_dh_auto_test:' "$D/rules" && grep -Eq '^	\$\(MAKE\) .*check$' "$D/rules"; then pass rules_runs_make_check
else fail rules_runs_make_check "debian/rules does not run make check in override_dh_auto_test"; fi

# the package itself
case "$PMUTOP" in *build-san*) skip deb_builds "built once, in the plain test run"; t_done; exit ;; esac
if [ -n "${PMUTOP_CHECK:-}" ]; then skip deb_builds "make check (a package build) builds no package"; t_done; exit; fi
for t in dpkg-buildpackage dh fakeroot git; do
	if ! command -v "$t" >/dev/null 2>&1; then skip deb_builds "$t is not installed (debhelper, dpkg-dev, fakeroot)"; t_done; exit; fi
done
if ! dpkg-checkbuilddeps "$D/control" >"$TMPD/bd.out" 2>&1; then
	skip deb_builds "build dependencies missing: $(tr '\n' ' ' <"$TMPD/bd.out")"; t_done; exit
fi
mkdir -p "$TMPD/b/pmutop"
(cd "$ROOT" && git ls-files -z | xargs -0 sh -c 'for f; do [ -f "$f" ] && printf "%s\0" "$f"; done' sh |
	xargs -0 cp --parents -t "$TMPD/b/pmutop")
if ! (cd "$TMPD/b/pmutop" && DEB_BUILD_OPTIONS="nocheck parallel=2" dpkg-buildpackage -us -uc -b >"$TMPD/build.log" 2>&1); then
	fail deb_builds "$(tail -n 8 "$TMPD/build.log" | tr '\n' ' ')"; t_done; exit
fi
deb=$(ls "$TMPD"/b/pmutop_"$ver"-*_*.deb 2>/dev/null | head -n 1)
if [ -n "$deb" ]; then pass deb_builds; else fail deb_builds "no pmutop_$ver-*.deb: $(ls "$TMPD/b")"; t_done; exit; fi
unitdir=$(pkg-config --variable=systemdsystemunitdir systemd 2>/dev/null); unitdir=${unitdir:-/usr/lib/systemd/system}
dpkg-deb -c "$deb" >"$TMPD/contents"
if grep -q " \.$unitdir/pmutop.service\$" "$TMPD/contents" && grep -q ' ./usr/bin/pmutop$' "$TMPD/contents" &&
   grep -q ' ./usr/share/bash-completion/completions/pmutop$' "$TMPD/contents" &&
   grep -q ' ./usr/share/man/man1/pmutop.1.gz$' "$TMPD/contents"; then
	pass deb_contents
else
	fail deb_contents "$(awk '{ print $6 }' "$TMPD/contents" | tr '\n' ' ')"
fi
dpkg-deb -e "$deb" "$TMPD/ctl"
# registered, cleaned up on purge, not enabled on a first install: dh_installsystemd --no-enable's
# postinst enables only what the admin had enabled (debian-installed), the default one every unit
if grep -q "deb-systemd-helper update-state 'pmutop.service'" "$TMPD/ctl/postinst" 2>/dev/null &&
   grep -q "deb-systemd-helper debian-installed 'pmutop.service'" "$TMPD/ctl/postinst" &&
   grep -q "deb-systemd-helper purge 'pmutop.service'" "$TMPD/ctl/postrm" 2>/dev/null; then
	pass deb_unit_registered_not_enabled
else
	fail deb_unit_registered_not_enabled "$(cat "$TMPD/ctl/postinst" "$TMPD/ctl/postrm" 2>/dev/null | head -c 400)"
fi
if grep -qx /etc/pmutop.conf "$TMPD/ctl/conffiles" 2>/dev/null; then pass deb_conffile
else fail deb_conffile "conffiles: $(cat "$TMPD/ctl/conffiles" 2>/dev/null)"; fi
dpkg-deb -x "$deb" "$TMPD/x"
first=$("$TMPD/x/usr/bin/pmutop" --version 2>&1 | head -n 1)
case "$first" in "pmutop $ver" | "pmutop $ver "*) pass deb_binary_version ;; *) fail deb_binary_version "$first" ;; esac
if "$TMPD/x/usr/bin/pmutop" --version | grep -qx 'system config: /etc/pmutop.conf'; then pass deb_binary_reads_etc
else fail deb_binary_reads_etc "$("$TMPD/x/usr/bin/pmutop" --version 2>&1 | tr '\n' ' ')"; fi
if command -v lintian >/dev/null 2>&1; then
	lintian "$deb" >"$TMPD/lintian.out" 2>&1
	if grep -Eq '^[EW]: ' "$TMPD/lintian.out"; then fail lintian_clean "$(grep -E '^[EW]: ' "$TMPD/lintian.out" | head -n 5 | tr '\n' ' ')"
	else pass lintian_clean; fi
else
	skip lintian_clean "lintian is not installed"
fi
t_done
