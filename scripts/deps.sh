#!/bin/sh
# deps.sh: install what pmutop needs to build and test on Debian/Ubuntu, or print the exact line.
PKGS_BUILD="build-essential pkg-config libncurses-dev libpci-dev libinih-dev"
PKGS_TEST="pciutils tmux strace linux-perf"
missing=""
pkg-config --exists ncursesw 2>/dev/null || missing="$missing libncurses-dev"
pkg-config --exists libpci 2>/dev/null || missing="$missing libpci-dev"
pkg-config --exists inih 2>/dev/null || missing="$missing libinih-dev"
command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
command -v cc >/dev/null 2>&1 || missing="$missing build-essential"
command -v make >/dev/null 2>&1 || missing="$missing build-essential"
command -v lspci >/dev/null 2>&1 || missing="$missing pciutils"
command -v tmux >/dev/null 2>&1 || missing="$missing tmux"
command -v strace >/dev/null 2>&1 || missing="$missing strace"
command -v perf >/dev/null 2>&1 || missing="$missing linux-perf"
[ -z "$missing" ] && exit 0
line="apt-get install -y$missing"
if ! command -v apt-get >/dev/null 2>&1; then
	echo "pmutop: missing:$missing (this is not a Debian/Ubuntu system; install the equivalents)" >&2
	exit 1
fi
if [ "$(id -u)" = 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	SUDO="sudo"
else
	echo "pmutop: missing build or test dependencies. Install them with:" >&2
	echo "  sudo apt-get update && sudo $line" >&2
	exit 1
fi
echo "pmutop: installing:$missing" >&2
$SUDO apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $SUDO $line -qq >/dev/null || {
	echo "pmutop: install failed. Run: sudo apt-get update && sudo $line" >&2
	exit 1
}
