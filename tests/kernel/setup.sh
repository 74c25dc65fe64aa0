#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# setup.sh: fetch Debian's arm64 .debs the kernel test needs into a cache and unpack them: a sysroot
# to build pmutop against, the guest's libraries and busybox, and the kernel image.
# Usage: sh tests/kernel/setup.sh        prints the cache directory on stdout when done
# Nothing is installed on the host: apt runs with a private state, cache and source list (arm64
# only) under the cache, so the host's dpkg never sees a foreign architecture (`dpkg
# --add-architecture arm64` would make apt upgrade host packages to keep both in step).
# Environment: PMUTOP_KERNEL_CACHE (default $XDG_CACHE_HOME/pmutop-kernel), PMUTOP_KERNEL_MIRROR
# (default http://deb.debian.org/debian; -security is beside it), PMUTOP_KERNEL_SUITE (bookworm:
# the guest is always Debian 12, whatever the host, so the sysroot and kernel are the ones measured).
set -e
cache=${PMUTOP_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pmutop-kernel}
mirror=${PMUTOP_KERNEL_MIRROR:-http://deb.debian.org/debian}
suite=${PMUTOP_KERNEL_SUITE:-bookworm}
# Build: the -dev packages of the Makefile's PKGS (libmicrohttpd and libcurl: their headers only;
# pmutop dlopens them).
# Guest: their runtime libraries with what those need (libpci3 -> libudev1, libmicrohttpd12 ->
# gnutls and its crypto; libdw1 -> bzip2, xz, zstd), glibc, a static busybox for the shell and tools, the kernel.
pkgs="libncurses-dev libncursesw6 libncurses6 libtinfo6 libpci-dev libpci3 libudev1 libinih-dev libinih1
libjson-c-dev libjson-c5 zlib1g-dev zlib1g libmicrohttpd-dev libmicrohttpd12 libgnutls30 libp11-kit0
libidn2-0 libunistring2 libtasn1-6 libnettle8 libhogweed6 libgmp10 libffi8 libc6 busybox-static
libelf-dev libelf1 libdw-dev libdw1 libbz2-1.0 liblzma5 libzstd1 libcurl4-openssl-dev"
mkdir -p "$cache/apt/lists/partial" "$cache/apt/archives/partial" "$cache/debs"
# one set-up at a time per cache (several worktrees' tests may start together); released at exit
if command -v flock >/dev/null 2>&1; then
	exec 9>"$cache/.lock"
	flock 9
fi
[ -f "$cache/apt/status" ] || : >"$cache/apt/status"
printf 'deb [arch=arm64] %s %s main\ndeb [arch=arm64] %s %s-updates main\ndeb [arch=arm64] %s-security %s-security main\n' \
	"$mirror" "$suite" "$mirror" "$suite" "$mirror" "$suite" >"$cache/apt/sources.list.new"
if ! cmp -s "$cache/apt/sources.list.new" "$cache/apt/sources.list" 2>/dev/null; then
	mv "$cache/apt/sources.list.new" "$cache/apt/sources.list"
	rm -f "$cache/apt/lists/"*_Packages* "$cache/apt/lists/"*Release*
else
	rm -f "$cache/apt/sources.list.new"
fi
aptc() {
	"$@" -q -o APT::Architecture=arm64 -o APT::Architectures::=arm64 -o Dir::State="$cache/apt" \
		-o Dir::State::status="$cache/apt/status" -o Dir::Cache="$cache/apt" \
		-o Dir::Etc::SourceList="$cache/apt/sources.list" -o Dir::Etc::SourceParts=/nonexistent \
		-o Debug::NoLocking=1 -o APT::Sandbox::User="$(id -un)"
}
update() {
	echo "setup: apt-get update (arm64 package lists of $suite, private to $cache)" >&2
	aptc apt-get update >/dev/null
}
# the kernel's metapackage names the current ABI's image package
kernel_pkg() {
	aptc apt-cache depends linux-image-cloud-arm64 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-cloud-arm64\)$/\1/p' | head -n 1
}
# every package at the version the lists name: present in debs/ or downloaded there
fetch() {
	kpkg=$(kernel_pkg)
	[ -n "$kpkg" ] || return 1
	# one apt-cache call for all (each call reads every list): name_version_arm64.deb per package,
	# with the epoch's colon written %3a as apt-get download names the file
	aptc apt-cache show --no-all-versions $pkgs "$kpkg" 2>/dev/null |
		awk '/^Package: /{p=$2} /^Version: /{v=$2; sub(/:/, "%3a", v); print p "_" v "_arm64.deb"}' |
		sort -u >"$cache/debs.want.new"
	[ "$(wc -l <"$cache/debs.want.new")" -eq "$(echo $pkgs "$kpkg" | wc -w)" ] || return 1
	missing=""
	while read -r f; do
		[ -f "$cache/debs/$f" ] || missing="$missing ${f%%_*}"
	done <"$cache/debs.want.new"
	[ -z "$missing" ] || (cd "$cache/debs" && aptc apt-get download $missing >/dev/null) || return 1
	mv "$cache/debs.want.new" "$cache/debs.want"
}
# A warm cache is used as it is (no network; PMUTOP_KERNEL_REFRESH=1 looks for newer packages).
# A mirror moves on (a security update replaces a version): refresh the lists once and retry.
have_all() {
	[ -f "$cache/debs.want" ] || return 1
	# a package added to the list since the cache was filled is fetched
	for p in $pkgs; do grep -q "^${p}_" "$cache/debs.want" || return 1; done
	while read -r f; do [ -f "$cache/debs/$f" ] || return 1; done <"$cache/debs.want"
}
if [ -n "${PMUTOP_KERNEL_REFRESH:-}" ] || ! have_all; then
	if [ -n "${PMUTOP_KERNEL_REFRESH:-}" ] || ! ls "$cache/apt/lists/"*_Packages* >/dev/null 2>&1; then
		update
	fi
	fetch || { update && fetch; } ||
		{ echo "setup: cannot download the arm64 packages from $mirror" >&2; exit 1; }
fi

# Unpack when the set of .debs changed since the last time.
if ! cmp -s "$cache/debs.want" "$cache/sysroot.stamp" 2>/dev/null; then
	echo "setup: unpacking $(wc -l <"$cache/debs.want") packages into $cache/sysroot" >&2
	rm -rf "$cache/sysroot" "$cache/vmlinuz"
	mkdir -p "$cache/sysroot"
	while read -r f; do
		case $f in
		linux-image-*)   # only the image: its 100 MB of modules are not needed (nothing is a module here)
			dpkg-deb --fsys-tarfile "$cache/debs/$f" | tar -x -C "$cache/sysroot" --wildcards './boot/vmlinuz-*'
			mv "$cache/sysroot"/boot/vmlinuz-* "$cache/vmlinuz" ;;
		*) dpkg-deb -x "$cache/debs/$f" "$cache/sysroot" ;;
		esac
	done <"$cache/debs.want"
	# absolute symlinks (libtinfo.so -> /lib/...) would point into the host: make them point inside
	find "$cache/sysroot" -type l | while read -r l; do
		case $(readlink "$l") in /*) ln -sfn "$cache/sysroot$(readlink "$l")" "$l" ;; esac
	done
	cp "$cache/debs.want" "$cache/sysroot.stamp"
fi
# old versions a newer one replaced
for f in "$cache/debs/"*.deb; do
	grep -qxF "$(basename "$f")" "$cache/debs.want" || rm -f "$f"
done
echo "$cache"
