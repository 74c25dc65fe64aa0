#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# build_flags.sh: the Makefile keeps the flags pmutop needs (-D_GNU_SOURCE -Isrc, -std=gnu11 -MMD -MP,
# the libraries, buildinfo.c's -D values) whatever CPPFLAGS/CFLAGS/LDFLAGS/LDLIBS the user gives on
# the command line or in the environment, and puts the user's after its own (so -O0 wins over -O2);
# `make CFLAGS=-O0` really builds; the unit and completion folders for PREFIX=/usr are the ones the
# system's pkg-config files name, and still overridable.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
if ! command -v make >/dev/null 2>&1; then skip all "make is not installed"; exit 0; fi

# dry run of every compile and link in a scratch build folder: nothing is written
dry() { make -s -n -B -C "$ROOT" BUILD="$TMPD/b" BIN="$TMPD/b/pmutop" "$@" "$TMPD/b/pmutop" 2>&1; }

# flags_ok NAME OUT: every compile line has the required flags, the user's after ours
flags_ok() {
	n=$1 out=$2
	compiles=$(grep -c -- ' -c -o ' "$out")
	good=$(grep -- ' -c -o ' "$out" | grep -- '-D_GNU_SOURCE' | grep -- ' -Isrc ' | grep -- '-std=gnu11' |
		grep -- ' -MMD -MP' | grep -c -- '-D_XOPEN_SOURCE_EXTENDED')
	if [ "$compiles" -gt 50 ] && [ "$good" -eq "$compiles" ]; then pass "$n"
	else fail "$n" "$good of $compiles compile lines have the required flags: $(grep -- ' -c -o ' "$out" | head -n 1)"; fi
}

dry CFLAGS=-O0 >"$TMPD/cflags.out"
flags_ok cflags_cmdline "$TMPD/cflags.out"
line=$(grep -- ' -c -o [^ ]*main.o ' "$TMPD/cflags.out")
case "$line" in *"-std=gnu11"*" -O0"*) pass cflags_user_last ;; *) fail cflags_user_last "$line" ;; esac

dry CPPFLAGS=-DPMUTOP_X_TEST >"$TMPD/cpp.out"
flags_ok cppflags_cmdline "$TMPD/cpp.out"
bi=$(grep -- 'buildinfo.o ' "$TMPD/cpp.out")
case "$bi" in *-DPMUTOP_VERSION=*-DPMUTOP_SYSCONFDIR=*-DPMUTOP_X_TEST*) pass cppflags_keep_buildinfo ;;
*) fail cppflags_keep_buildinfo "$bi" ;; esac

# the environment, as dpkg-buildflags exports it
CFLAGS='-g -O2 -fstack-protector-strong' CPPFLAGS='-Wdate-time -D_FORTIFY_SOURCE=2' LDFLAGS='-Wl,-z,now' \
	LDLIBS=-lpthread dry >"$TMPD/env.out"
flags_ok env_flags "$TMPD/env.out"
link=$(grep -- "-o $TMPD/b/pmutop " "$TMPD/env.out")
case "$link" in *-std=gnu11*-fstack-protector-strong*-Wl,-z,now*-lncursesw*-lm*-lpthread*) pass env_link ;;
*) fail env_link "$link" ;; esac

dry LDLIBS=-lpthread LDFLAGS=-Wl,-z,relro >"$TMPD/ld.out"
link=$(grep -- "-o $TMPD/b/pmutop " "$TMPD/ld.out")
case "$link" in *-Wl,-z,relro*-ljson-c*-lm*-lpthread*) pass ldlibs_cmdline ;; *) fail ldlibs_cmdline "$link" ;; esac

# a real build with the user's -O0 and a define of theirs
if make -s -C "$ROOT" BUILD="$TMPD/o0" BIN="$TMPD/o0/pmutop" CFLAGS=-O0 CPPFLAGS=-DPMUTOP_X_TEST -j2 \
	"$TMPD/o0/pmutop" >"$TMPD/o0.log" 2>&1 && "$TMPD/o0/pmutop" --sim spr-2s -b -n 1 -d 0.01 --json >/dev/null 2>&1; then
	pass cflags_O0_builds
else
	fail cflags_O0_builds "$(tail -n 5 "$TMPD/o0.log")"
fi

# unit and completion folders for /usr
ins=$(make -s -n -C "$ROOT" install PREFIX=/usr 2>&1)
want=$(pkg-config --variable=systemdsystemunitdir systemd 2>/dev/null); want=${want:-/usr/lib/systemd/system}
if printf '%s\n' "$ins" | grep -q -- " $want/pmutop.service\$"; then pass unitdir_from_pkgconfig
else fail unitdir_from_pkgconfig "want $want: $(printf '%s\n' "$ins" | grep 'pmutop.service$')"; fi
want=$(pkg-config --variable=completionsdir bash-completion 2>/dev/null); want=${want:-/usr/share/bash-completion/completions}
if printf '%s\n' "$ins" | grep -q -- " $want/pmutop\$"; then pass compdir_from_pkgconfig
else fail compdir_from_pkgconfig "want $want: $(printf '%s\n' "$ins" | grep 'completion')"; fi
ins=$(make -s -n -C "$ROOT" install PREFIX=/usr systemdunitdir=/srv/u bashcompdir=/srv/c 2>&1)
if printf '%s\n' "$ins" | grep -q ' /srv/u/pmutop.service$' && printf '%s\n' "$ins" | grep -q ' /srv/c/pmutop$'; then
	pass dirs_overridable
else
	fail dirs_overridable "$(printf '%s\n' "$ins" | grep 'srv' | head -n 3)"
fi
t_done
