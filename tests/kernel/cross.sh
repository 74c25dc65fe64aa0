#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# cross.sh: `make cross-arm64`: build pmutop for arm64 into build-arm64/pmutop with Debian's
# aarch64-linux-gnu-gcc against the sysroot setup.sh unpacks (nothing foreign installed on the host).
# The compiler keeps its own glibc (libc6-dev-arm64-cross); pkg-config reads the sysroot's .pc files.
set -e
cd "$(dirname "$0")/../.."
cc=${CROSS_CC:-aarch64-linux-gnu-gcc}
if ! command -v "$cc" >/dev/null 2>&1; then
	echo "cross-arm64: $cc is missing: apt-get install gcc-aarch64-linux-gnu libc6-dev-arm64-cross" >&2
	exit 1
fi
cache=$(sh tests/kernel/setup.sh)
S=$cache/sysroot
export PKG_CONFIG_SYSROOT_DIR="$S"
export PKG_CONFIG_LIBDIR="$S/usr/lib/aarch64-linux-gnu/pkgconfig:$S/usr/share/pkgconfig"
# libmicrohttpd's .pc requires gnutls's (not unpacked): its header is in the sysroot's include dir, as
# libcurl's (both dlopened: headers only)
cflags="$(pkg-config --cflags ncursesw libpci inih json-c zlib) -I$S/usr/include"
cflags="$cflags -I$S/usr/include/aarch64-linux-gnu"
# libtinfo.so and libz.so live in /lib; rpath-link finds what the libraries need (libudev)
# libelf and libdw are dlopened too (the initramfs carries them)
libs="$(pkg-config --libs ncursesw libpci inih json-c zlib) -L$S/lib/aarch64-linux-gnu"
libs="$libs -Wl,-rpath-link,$S/lib/aarch64-linux-gnu:$S/usr/lib/aarch64-linux-gnu"
# alone, two jobs (the house's share of the machine); under make, its own -j
case " ${MAKEFLAGS:-} " in *" -j"* | *" j"*) jobs="" ;; *) jobs=-j2 ;; esac
exec ${MAKE:-make} --no-print-directory $jobs CC="$cc" BUILD=build-arm64 BIN=build-arm64/pmutop \
	PKG_CFLAGS="$cflags" PKG_LIBS="$libs" build-arm64/pmutop
