#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# deps_script.sh: scripts/deps.sh with apt-get, apt-cache, dpkg and pkg-config replaced by stubs that
# record what they are asked: make deps asks for the build packages only (no prometheus, no test
# tool); make test-deps says what it installs and never asks apt to install prometheus, whose
# package starts a server, but downloads it and unpacks promtool and prometheus with dpkg -x.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
S="$TMPD/stubs"
mkdir -p "$S"
# every stub appends its command line to calls.log; none touches the system
for t in apt-get apt-cache dpkg dpkg-deb pkg-config id sudo; do
	printf '#!/bin/sh\necho "%s $*" >>"%s/calls.log"\n' "$t" "$TMPD" >"$S/$t"
done
cat >>"$S/pkg-config" <<'X'
exit 1
X
cat >>"$S/id" <<'X'
echo 0
X
cat >>"$S/apt-get" <<'X'
[ "$1" = download ] && : >"prometheus_2.42.0_amd64.deb"
exit 0
X
cat >>"$S/dpkg" <<'X'
if [ "$1" = -x ]; then mkdir -p "$3/usr/bin"; printf '#!/bin/sh\necho "promtool, version stub"\n' >"$3/usr/bin/promtool"
	cp "$3/usr/bin/promtool" "$3/usr/bin/prometheus"; chmod +x "$3/usr/bin/promtool" "$3/usr/bin/prometheus"; fi
X
chmod +x "$S"/*

PATH="$S:$PATH" sh "$ROOT/scripts/deps.sh" >"$TMPD/build.out" 2>&1
rc=$?
installs=$(grep '^apt-get install' "$TMPD/calls.log" | tr '\n' ' ')
if [ $rc -eq 0 ] && echo "$installs" | grep -q 'libncurses-dev' && ! echo "$installs" | grep -Eq '(^| )(prometheus|tmux|strace|curl)( |$)'; then
	pass deps_build_only
else
	fail deps_build_only "rc $rc: $installs $(head -c 200 "$TMPD/build.out")"
fi
grep -q '^pmutop: installing for build: .*libncurses-dev' "$TMPD/build.out" && pass deps_says_what ||
	fail deps_says_what "$(head -c 300 "$TMPD/build.out")"

: >"$TMPD/calls.log"
PATH="$S:$PATH" PMUTOP_TOOLS="$TMPD/tools" PMUTOP_TOOLS_FORCE=1 sh "$ROOT/scripts/deps.sh" test >"$TMPD/test.out" 2>&1
rc=$?
if [ $rc -eq 0 ] && ! grep -q '^apt-get install.* prometheus' "$TMPD/calls.log" && grep -q '^apt-get download -q prometheus' "$TMPD/calls.log" &&
   grep -q '^dpkg -x .*prometheus_2.42.0_amd64.deb' "$TMPD/calls.log" && [ -x "$TMPD/tools/usr/bin/promtool" ]; then
	pass test_deps_unpack_prometheus_not_install
else
	fail test_deps_unpack_prometheus_not_install "rc $rc: $(tr '\n' ';' <"$TMPD/calls.log") $(head -c 200 "$TMPD/test.out")"
fi
grep -q "unpacking promtool and prometheus .* into $TMPD/tools" "$TMPD/test.out" && grep -q 'no server starts' "$TMPD/test.out" &&
	pass test_deps_says_what || fail test_deps_says_what "$(head -c 300 "$TMPD/test.out")"
t_done
