#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# lazy_libs.sh: libpfm4 is loaded only when a name needs it (its tables cost the dynamic loader about 40,000
# relocations, milliseconds of every start, issue 18): --list-uncore and a run of perf's own names never load
# it; listing events by the catalog, where the names come from libpfm4, does and finds them.
# libmicrohttpd (with gnutls and the rest of its TLS stack, about 3 times the CPU of a trivial program to
# load) is loaded only by a run that serves: --listen or [exporter] listen; libcrypt only by a server
# with basic authentication users; libcurl only by a run with a fleet.
. "$(dirname "$0")/../lib.sh"

need_binary
loads() { grep -q 'find library=libpfm\.so' "$1"; }

LD_DEBUG=libs "$PMUTOP" --sim spr-2s --list-uncore >/dev/null 2>"$TMPD/uncore"
# raw codes (r412e) are never a vendor table's names: they must not load the tables either
LD_DEBUG=libs "$PMUTOP" --sim spr-2s -b -n 1 -d 0.01 --json -o /dev/null -e cycles,instructions,r412e,r01c2 2>"$TMPD/run"
if ! grep -q 'find library=' "$TMPD/uncore"; then
	skip not_loaded "the dynamic loader says nothing under LD_DEBUG=libs here"
elif loads "$TMPD/uncore" || loads "$TMPD/run"; then
	fail not_loaded "libpfm4 loaded by --list-uncore or a run of generic and raw events: $(grep -h 'libpfm' "$TMPD/uncore" "$TMPD/run" | head -2 | tr '\n' ' ')"
else
	pass not_loaded
fi

# libmicrohttpd: not linked, not loaded without a server; loaded, and serving, with one
mhd() { grep -q 'find library=libmicrohttpd' "$1"; }
LD_DEBUG=libs "$PMUTOP" --sim spr-2s -b -n 1 -d 0.01 --json -o /dev/null --prom "$TMPD/m.prom" 2>"$TMPD/prom"
LD_DEBUG=libs "$PMUTOP" --sim spr-2s -b -n 1 -d 0.01 --json -o /dev/null --listen 127.0.0.1:0 2>"$TMPD/listen"
if ! grep -q 'find library=' "$TMPD/uncore"; then
	skip mhd_not_loaded "the dynamic loader says nothing under LD_DEBUG=libs here"
elif mhd "$TMPD/uncore" || mhd "$TMPD/run" || mhd "$TMPD/prom"; then
	fail mhd_not_loaded "libmicrohttpd loaded by a run without --listen: $(grep -h 'microhttpd' "$TMPD/uncore" "$TMPD/run" "$TMPD/prom" | head -2 | tr '\n' ' ')"
elif ldd "$PMUTOP" 2>/dev/null | grep -q 'libmicrohttpd\|libgnutls'; then
	fail mhd_not_loaded "linked: $(ldd "$PMUTOP" | grep 'microhttpd\|gnutls' | tr '\n' ' ')"
else
	pass mhd_not_loaded
fi
if mhd "$TMPD/listen" && grep -q '^pmutop: serving metrics on http://127\.0\.0\.1:[0-9]*/metrics' "$TMPD/listen"; then
	pass mhd_loaded_for_listen
else
	fail mhd_loaded_for_listen "$(grep -v '^ *[0-9]*:' "$TMPD/listen" | head -c 300)"
fi

# libcrypt (bcrypt for basic authentication): loaded by a server with users, by nothing else
printf 'basic_auth_users:\n  a: $2y$10$mDwo.lAisC94iLAyP81MCesa29IzH37oigHC/42V2pdJlUprsJPze\n' >"$TMPD/users.yml"
LD_DEBUG=libs "$PMUTOP" --sim spr-2s -b -n 1 -d 0.01 --json -o /dev/null --listen 127.0.0.1:0 \
	--web-config "$TMPD/users.yml" 2>"$TMPD/users"
crypt() { grep -q 'find library=libcrypt\.so' "$1"; }
if ! grep -q 'find library=' "$TMPD/uncore"; then
	skip crypt_only_for_users "the dynamic loader says nothing under LD_DEBUG=libs here"
elif crypt "$TMPD/run" || crypt "$TMPD/listen" || ldd "$PMUTOP" 2>/dev/null | grep -q 'libcrypt\.'; then
	fail crypt_only_for_users "libcrypt linked or loaded without users: $(grep -h 'libcrypt' "$TMPD/run" "$TMPD/listen" | head -2)"
elif ! crypt "$TMPD/users" || ! grep -q 'serving metrics on http://.*(basic authentication)' "$TMPD/users"; then
	fail crypt_only_for_users "a server with users did not load it: $(grep -v '^ *[0-9]*:' "$TMPD/users" | head -c 300)"
else
	pass crypt_only_for_users
fi

# without libmicrohttpd (bound over with an empty file in a private mount namespace): --listen stops with
# a message saying what to install; a run without --listen still works
L=$(ldconfig -p 2>/dev/null | awk '/libmicrohttpd\.so\.12 /{ print $NF; exit }')
if [ -z "$L" ] || ! unshare -m sh -c "mount --bind /dev/null '$L'" 2>/dev/null; then
	skip mhd_missing "needs libmicrohttpd.so.12 and unshare -m with mount (root)"
else
	unshare -m sh -c "mount --bind /dev/null '$L' && \"\$0\" --sim spr-2s -b -n 1 -d 0.01 -o /dev/null \
		--listen 127.0.0.1:0 2>'$TMPD/nomhd.err'; echo \$? >'$TMPD/nomhd.rc'; \"\$0\" --sim spr-2s -b -n 1 \
		-d 0.01 -o /dev/null --json; echo \$? >'$TMPD/nomhd2.rc'" "$PMUTOP" >/dev/null 2>&1
	if [ "$(cat "$TMPD/nomhd.rc")" = 1 ] && [ "$(cat "$TMPD/nomhd2.rc")" = 0 ] &&
	   grep -q 'the HTTP server needs libmicrohttpd.*install it' "$TMPD/nomhd.err"; then
		pass mhd_missing
	else
		fail mhd_missing "exit $(cat "$TMPD/nomhd.rc") and $(cat "$TMPD/nomhd2.rc"): $(head -c 300 "$TMPD/nomhd.err")"
	fi
fi

# libcurl (with its TLS, LDAP and HTTP/2 libraries): not linked, not loaded by a run without a fleet;
# loaded by one, which then says what it could not reach
curl_loads() { grep -q 'find library=libcurl' "$1"; }
LD_DEBUG=libs "$PMUTOP" --fleet-targets 127.0.0.1:1 --fleet-window 1 -b -n 1 --json >/dev/null 2>"$TMPD/fleet"
if ! grep -q 'find library=' "$TMPD/uncore"; then
	skip curl_lazy "the dynamic loader says nothing under LD_DEBUG=libs here"
elif curl_loads "$TMPD/uncore" || curl_loads "$TMPD/run" || curl_loads "$TMPD/listen"; then
	fail curl_lazy "libcurl loaded by a run without a fleet"
elif ldd "$PMUTOP" 2>/dev/null | grep -q 'libcurl'; then
	fail curl_lazy "linked: $(ldd "$PMUTOP" | grep curl | tr '\n' ' ')"
elif ! curl_loads "$TMPD/fleet"; then
	fail curl_lazy "--fleet-targets did not load libcurl: $(grep -v '^ *[0-9]*:' "$TMPD/fleet" | head -c 300)"
else
	pass curl_lazy
fi

# names from libpfm4's Sapphire Rapids table when no JSON catalog is given
env -u PMUTOP_EVENTS_DIR XDG_CACHE_HOME="$TMPD/cache" LD_DEBUG=libs "$PMUTOP" --sim spr-2s \
	--list-events 'MEM_LOAD_RETIRED*' >"$TMPD/list" 2>"$TMPD/list.err"
if ! grep -q 'libpfm4' "$TMPD/list.err" && ! pfm_has spr::mem_load_retired:l3_miss; then
	skip loaded_for_names "this libpfm4 has no Sapphire Rapids table"
elif loads "$TMPD/list.err" && grep -qi '^mem_load_retired' "$TMPD/list"; then
	pass loaded_for_names
else
	fail loaded_for_names "$(grep -v '^ *[0-9]*:' "$TMPD/list.err" | head -c 300)"
fi
t_done
