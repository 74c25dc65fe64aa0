# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# bench_builds.sh: the benchmark drivers (bench/*.c) still compile against the library: make bench
# is run rarely, and a change of a struct they use once broke it unseen.
. "$(dirname "$0")/../lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
lib=${TEST_BIN_DIR:-$root/build/tests}/../libpmutop.a
[ -f "$lib" ] || { skip all "no $lib (make test builds it)"; exit 0; }
command -v pkg-config >/dev/null 2>&1 || { skip all "pkg-config is not installed"; exit 0; }
PKGS="ncursesw libpci inih json-c libmicrohttpd zlib libelf libdw libcurl"
# a library built for the sanitizers (make test SAN=1) links only with them
san=""
nm "$lib" 2>/dev/null | grep -q __asan_init && san="-fsanitize=address,undefined"
for src in "$root"/bench/*.c; do
	name=$(basename "$src" .c)
	wrap=""
	[ "$name" = bench_refresh ] && wrap="-Wl,--wrap=simr_update"
	# shellcheck disable=SC2046
	if ${CC:-cc} -D_GNU_SOURCE -I"$root/src" $(pkg-config --cflags $PKGS) -D_XOPEN_SOURCE_EXTENDED -O0 $san \
		-Wall -Wextra -Werror -std=gnu11 $wrap -o "$TMPD/$name" "$src" "$lib" \
		$(pkg-config --libs ncursesw libpci inih json-c zlib libelf libdw libcurl) -lm >"$TMPD/cc.out" 2>&1; then
		pass "$name"
	else
		fail "$name" "$(head -c 600 "$TMPD/cc.out" | tr '\n' ' ')"
	fi
done
t_done
