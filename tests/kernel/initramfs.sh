#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# initramfs.sh: the guest's whole root file system as an initramfs: guest.sh as /init, busybox,
# build-arm64/pmutop with the libraries it loads (followed through DT_NEEDED from the sysroot, plus
# libmicrohttpd, which it dlopens), the loader, terminfo for the tmux pane, root and nobody;
# grouplimit (grouplimit.c) and prog7030 (tests/hot/prog7030.c), built static.
# Usage: sh tests/kernel/initramfs.sh CACHE OUT.cpio.gz
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
S=$1/sysroot
out=$2
st=$(mktemp -d "${TMPDIR:-/tmp}/pmutop-initramfs.XXXXXX")
trap 'rm -rf "$st"' EXIT
mkdir -p "$st/bin" "$st/lib/aarch64-linux-gnu" "$st/etc" "$st/proc" "$st/sys" "$st/tmp" \
	"$st/usr/share/terminfo/s" "$st/usr/share/terminfo/l" "$st/usr/share/terminfo/v"
chmod 1777 "$st/tmp"
cp "$S/bin/busybox" "$root/build-arm64/pmutop" "$st/bin/"
# the guest's own answer about group sizes, without pmutop (static: no library to copy)
aarch64-linux-gnu-gcc -static -O2 -Wall -Wextra -o "$st/bin/grouplimit" "$here/grouplimit.c"
# the 70/30 program of --hot (tests/hot/prog7030.c), static with its symbols and line table
aarch64-linux-gnu-gcc -static -O1 -g -Wall -Wextra -o "$st/bin/prog7030" "$root/tests/hot/prog7030.c"
cp "$here/guest.sh" "$st/init"
chmod 755 "$st/init"
# the loader at the path the binaries name, everything else in the multiarch directory it searches
cp -L "$S/lib/ld-linux-aarch64.so.1" "$st/lib/"
need() { aarch64-linux-gnu-readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'; }
# and the libraries pmutop opens with dlopen: the exporter's, the hot functions' symbols'
todo="$(need "$st/bin/pmutop") libmicrohttpd.so.12 libelf.so.1 libdw.so.1"
while [ -n "$todo" ]; do
	set -- $todo
	lib=$1
	shift
	todo="$*"
	case $lib in ld-linux-aarch64.so.1) continue ;; esac
	[ -f "$st/lib/aarch64-linux-gnu/$lib" ] && continue
	for d in "$S/lib/aarch64-linux-gnu" "$S/usr/lib/aarch64-linux-gnu"; do
		if [ -e "$d/$lib" ]; then
			cp -L "$d/$lib" "$st/lib/aarch64-linux-gnu/"
			todo="$todo $(need "$d/$lib")"
			continue 2
		fi
	done
	echo "initramfs: $lib (needed by pmutop) is not in the sysroot" >&2
	exit 1
done
# TERM=screen is what tmux's default-terminal gives the pane; linux and vt100 for a bare console
for t in s/screen l/linux v/vt100; do
	for d in /usr/share/terminfo /lib/terminfo /etc/terminfo; do
		[ -f "$d/$t" ] && { cp "$d/$t" "$st/usr/share/terminfo/$t"; break; }
	done
done
[ -f "$st/usr/share/terminfo/s/screen" ] || { echo "initramfs: no terminfo entry 'screen' on the host" >&2; exit 1; }
printf 'root:x:0:0:root:/tmp:/bin/sh\nnobody:x:65534:65534:nobody:/tmp:/bin/sh\n' >"$st/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$st/etc/group"
python3 "$here/mkcpio.py" "$st" "$out"
