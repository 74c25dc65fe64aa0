#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# deps.sh: install what pmutop needs on Debian/Ubuntu (apt-get, through sudo when not root), saying
# what it installs, or stop with the exact install line.
#   sh scripts/deps.sh              building (make deps, make run): compiler, headers, libraries
#   sh scripts/deps.sh test         the test tools (make test-deps, make test, .ci/run)
#   sh scripts/deps.sh screenshots  Pillow and the DejaVu fonts (make screenshots)
#   sh scripts/deps.sh kernel       QEMU's arm64 machine and the arm64 cross compiler (make test-kernel,
#                                   make cross-arm64; the arm64 libraries come as .debs into a cache)
# No package that starts a service is installed: Prometheus' server and promtool, which the tests
# run on loopback, are unpacked from Debian's prometheus package with dpkg -x into $PMUTOP_TOOLS
# (default ~/.cache/pmutop/tools), where tests/run.sh finds them; installing the package would
# start a server on port 9090. Tests whose tool cannot be had skip with a message.
mode=${1:-build}
need=""      # required
optional=""  # wanted by some tests: installed when the archive has them
case "$mode" in
build)
	pkg-config --exists ncursesw 2>/dev/null || need="$need libncurses-dev"
	pkg-config --exists libpci 2>/dev/null || need="$need libpci-dev"
	pkg-config --exists inih 2>/dev/null || need="$need libinih-dev"
	pkg-config --exists json-c 2>/dev/null || need="$need libjson-c-dev"
	pkg-config --exists libmicrohttpd 2>/dev/null || need="$need libmicrohttpd-dev"
	pkg-config --exists zlib 2>/dev/null || need="$need zlib1g-dev"
	pkg-config --exists libelf 2>/dev/null || need="$need libelf-dev"
	pkg-config --exists libdw 2>/dev/null || need="$need libdw-dev"
	pkg-config --exists libcurl 2>/dev/null || need="$need libcurl4-openssl-dev"
	[ -f /usr/include/crypt.h ] || need="$need libcrypt-dev"
	[ -f /usr/include/perfmon/pfmlib_perf_event.h ] || need="$need libpfm4-dev"
	command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
	command -v cc >/dev/null 2>&1 && command -v make >/dev/null 2>&1 || need="$need build-essential"
	;;
test)
	command -v tmux >/dev/null 2>&1 || need="$need tmux"
	command -v python3 >/dev/null 2>&1 || need="$need python3"
	command -v lspci >/dev/null 2>&1 || optional="$optional pciutils"
	command -v strace >/dev/null 2>&1 || optional="$optional strace"
	command -v perf >/dev/null 2>&1 || optional="$optional linux-perf"
	command -v openssl >/dev/null 2>&1 || optional="$optional openssl"
	command -v curl >/dev/null 2>&1 || optional="$optional curl"
	command -v mandoc >/dev/null 2>&1 || optional="$optional mandoc"
	command -v groff >/dev/null 2>&1 || optional="$optional groff-base"
	python3 -c 'import prometheus_client' >/dev/null 2>&1 || /usr/bin/python3 -c 'import prometheus_client' >/dev/null 2>&1 ||
		optional="$optional python3-prometheus-client"
	;;
screenshots)
	# the same interpreters scripts/screenshots.sh tries
	python3 -c 'import PIL' >/dev/null 2>&1 || /usr/bin/python3 -c 'import PIL' >/dev/null 2>&1 ||
		need="$need python3-pil"
	[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || need="$need fonts-dejavu-core"
	;;
kernel)
	command -v qemu-system-aarch64 >/dev/null 2>&1 || need="$need qemu-system-arm"
	command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || need="$need gcc-aarch64-linux-gnu"
	[ -f /usr/aarch64-linux-gnu/include/stdio.h ] || need="$need libc6-dev-arm64-cross"
	command -v dpkg-deb >/dev/null 2>&1 || need="$need dpkg"
	;;
*)
	echo "deps.sh: build, test, screenshots or kernel, not '$mode'" >&2
	exit 2
	;;
esac

# Prometheus' promtool and server for the tests, unpacked, never installed (no service starts).
# PMUTOP_TOOLS_FORCE=1 unpacks even when they are on PATH (to test this path).
tools=${PMUTOP_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/pmutop/tools}
unpack_prometheus() {
	if [ -z "${PMUTOP_TOOLS_FORCE:-}" ] && command -v promtool >/dev/null 2>&1 && command -v prometheus >/dev/null 2>&1; then
		return 0
	fi
	[ -x "$tools/usr/bin/promtool" ] && [ -x "$tools/usr/bin/prometheus" ] && return 0
	if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-deb >/dev/null 2>&1; then
		echo "pmutop: promtool and prometheus are missing (not a Debian/Ubuntu system); the tests that need them skip" >&2
		return 0
	fi
	echo "pmutop: unpacking promtool and prometheus from Debian's prometheus package into $tools" >&2
	echo "        (apt-get download + dpkg -x: nothing is installed, no server starts)" >&2
	dl=$(mktemp -d "${TMPDIR:-/tmp}/pmutop-deps.XXXXXX") || return 0
	# apt-get download needs the archive's lists: refreshed once when it fails and we may
	if ! (cd "$dl" && apt-get download -q prometheus >/dev/null 2>"$dl/err"); then
		if [ "$(id -u)" = 0 ]; then apt-get update -qq >/dev/null 2>&1
		elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo apt-get update -qq >/dev/null 2>&1; fi
		(cd "$dl" && apt-get download -q prometheus >/dev/null 2>"$dl/err")
	fi
	if ls "$dl"/prometheus_*.deb >/dev/null 2>&1 && mkdir -p "$tools" &&
	   dpkg -x "$dl"/prometheus_*.deb "$tools" && [ -x "$tools/usr/bin/promtool" ]; then
		echo "pmutop: $("$tools/usr/bin/promtool" --version 2>&1 | head -n 1)" >&2
	else
		echo "pmutop: could not fetch the prometheus package ($(tail -n 1 "$dl/err" 2>/dev/null));" \
			"the tests that need promtool or prometheus skip" >&2
	fi
	rm -rf "$dl"
}

if [ -n "$need$optional" ] && command -v apt-get >/dev/null 2>&1; then
	if [ "$(id -u)" = 0 ]; then
		SUDO=""
	elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		SUDO="sudo"
	else
		SUDO="none"
	fi
fi
if [ -z "$need$optional" ]; then
	:
elif ! command -v apt-get >/dev/null 2>&1; then
	if [ -n "$need" ]; then
		echo "pmutop: missing:$need (not a Debian/Ubuntu system: install the equivalents)" >&2
		exit 1
	fi
	echo "pmutop: not installed (not a Debian/Ubuntu system):$optional; the tests that need them skip" >&2
elif [ "$SUDO" = none ]; then
	echo "pmutop: missing ${mode} dependencies. Install them with:" >&2
	echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends$need$optional" >&2
	[ -n "$need" ] && exit 1
else
	echo "pmutop: installing for ${mode}:$need$optional (apt-get install --no-install-recommends)" >&2
	$SUDO apt-get update -qq >/dev/null 2>&1
	if [ -n "$need" ] && ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends $need; then
		echo "pmutop: install failed. Run: sudo apt-get update && sudo apt-get install -y$need" >&2
		exit 1
	fi
	for p in $optional; do
		if apt-cache show "$p" >/dev/null 2>&1; then
			DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "$p" ||
				echo "pmutop: could not install $p; tests that need it will skip" >&2
		else
			echo "pmutop: $p is not packaged here; tests that need it will skip" >&2
		fi
	done
fi
[ "$mode" = test ] && unpack_prometheus
exit 0
