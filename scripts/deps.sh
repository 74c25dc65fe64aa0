#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# deps.sh: install what pmutop needs to build and test on Debian/Ubuntu (apt-get, through sudo when
# not root), or stop with the exact install line. Test tools that a distribution does not package
# (perf is linux-perf on Debian, linux-tools-* on Ubuntu) are installed when available; the tests
# that need them skip with a message otherwise.
need=""      # required: build and test
optional=""  # wanted for some tests
pkg-config --exists ncursesw 2>/dev/null || need="$need libncurses-dev"
pkg-config --exists libpci 2>/dev/null || need="$need libpci-dev"
pkg-config --exists inih 2>/dev/null || need="$need libinih-dev"
pkg-config --exists json-c 2>/dev/null || need="$need libjson-c-dev"
pkg-config --exists libmicrohttpd 2>/dev/null || need="$need libmicrohttpd-dev"
pkg-config --exists zlib 2>/dev/null || need="$need zlib1g-dev"
[ -f /usr/include/perfmon/pfmlib_perf_event.h ] || need="$need libpfm4-dev"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
command -v cc >/dev/null 2>&1 && command -v make >/dev/null 2>&1 || need="$need build-essential"
command -v tmux >/dev/null 2>&1 || need="$need tmux"
command -v python3 >/dev/null 2>&1 || need="$need python3"
command -v lspci >/dev/null 2>&1 || optional="$optional pciutils"
command -v strace >/dev/null 2>&1 || optional="$optional strace"
command -v perf >/dev/null 2>&1 || optional="$optional linux-perf"
command -v prometheus >/dev/null 2>&1 || optional="$optional prometheus"
command -v promtool >/dev/null 2>&1 || optional="$optional prometheus"
python3 -c 'import prometheus_client' >/dev/null 2>&1 || /usr/bin/python3 -c 'import prometheus_client' >/dev/null 2>&1 ||
	optional="$optional python3-prometheus-client"
# `sh scripts/deps.sh kernel` (make test-kernel, make cross-arm64): QEMU's arm64 machine and the arm64
# cross compiler (tests/kernel; the arm64 libraries come as .debs into a cache, not installed here)
norec=""
if [ "${1:-}" = kernel ]; then
	optional=""
	norec=--no-install-recommends   # qemu-system-arm recommends a GUI, firmware and more: none used
	command -v qemu-system-aarch64 >/dev/null 2>&1 || need="$need qemu-system-arm"
	command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 || need="$need gcc-aarch64-linux-gnu"
	[ -f /usr/aarch64-linux-gnu/include/stdio.h ] || need="$need libc6-dev-arm64-cross"
	command -v dpkg-deb >/dev/null 2>&1 || need="$need dpkg"
fi
# `sh scripts/deps.sh screenshots` (make screenshots): Pillow and the DejaVu fonts render the captures
if [ "${1:-}" = screenshots ]; then
	optional=""   # the test tools are not needed for pictures
	# the same interpreters scripts/screenshots.sh tries
	python3 -c 'import PIL' >/dev/null 2>&1 || /usr/bin/python3 -c 'import PIL' >/dev/null 2>&1 ||
		need="$need python3-pil"
	[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || need="$need fonts-dejavu-core"
fi
[ -z "$need$optional" ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
	[ -z "$need" ] && exit 0
	echo "pmutop: missing:$need (not a Debian/Ubuntu system: install the equivalents)" >&2
	exit 1
fi
if [ "$(id -u)" = 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	SUDO="sudo"
else
	[ -z "$need" ] && exit 0
	echo "pmutop: missing build or test dependencies. Install them with:" >&2
	echo "  sudo apt-get update && sudo apt-get install -y$need$optional" >&2
	exit 1
fi
echo "pmutop: installing:$need$optional" >&2
$SUDO apt-get update -qq >/dev/null 2>&1
if [ -n "$need" ] && ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $norec $need >/dev/null; then
	echo "pmutop: install failed. Run: sudo apt-get update && sudo apt-get install -y$need" >&2
	exit 1
fi
for p in $optional; do
	if apt-cache show "$p" >/dev/null 2>&1; then
		DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "$p" >/dev/null 2>&1 ||
			echo "pmutop: could not install $p; tests that need it will skip" >&2
	else
		echo "pmutop: $p is not packaged here; tests that need it will skip" >&2
	fi
done
exit 0
