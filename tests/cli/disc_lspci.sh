#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# disc_lspci.sh: the DVSECs `pmutop --list-uncore --pci-dump` finds agree with what `lspci -F DUMP -vvv` lists,
# for the generated fixture dump and the real pciutils dumps; tables are reported as unreadable from a dump.
. "$(dirname "$0")/../lib.sh"
FIX=$(cd "$(dirname "$0")/../fixtures/pci" && pwd)

need_binary
if ! command -v lspci >/dev/null 2>&1; then skip all "lspci not installed"; exit 0; fi
if ! command -v python3 >/dev/null 2>&1; then skip all "python3 not installed"; exit 0; fi

# "bdf id" of every Intel DVSEC lspci shows, in order.
lspci_dvsecs() {
	lspci -D -F "$1" -vvv 2>/dev/null | awk '
		/^[0-9a-f]/ { bdf = $1 }
		/Designated Vendor-Specific: Vendor=8086 ID=/ {
			s = $0; sub(/.*ID=/, "", s); sub(/ .*/, "", s); printf "%s %d\n", bdf, ("0x" s) + 0 }'
}

pmutop_dvsecs() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for x in d["dvsec"]:
    print(x["bdf"], x["id"])' "$1"
}

compare() {  # name dump [expected-count]
	name=$1 dump=$2
	if [ ! -f "$dump" ]; then skip "$name" "$dump absent"; return; fi
	if ! "$PMUTOP" --list-uncore --json --pci-dump "$dump" >"$TMPD/$name.json" 2>"$TMPD/$name.err"; then
		fail "$name" "pmutop exited $?: $(head -c 300 "$TMPD/$name.err")"
		return
	fi
	lspci_dvsecs "$dump" >"$TMPD/$name.want"
	if ! pmutop_dvsecs "$TMPD/$name.json" >"$TMPD/$name.got" 2>"$TMPD/$name.err"; then
		fail "$name" "bad JSON: $(head -c 300 "$TMPD/$name.err")"
		return
	fi
	if [ -n "$3" ] && [ "$(wc -l <"$TMPD/$name.want")" -ne "$3" ]; then
		fail "$name" "lspci lists $(wc -l <"$TMPD/$name.want") Intel DVSECs, expected $3"
		return
	fi
	if cmp -s "$TMPD/$name.want" "$TMPD/$name.got"; then
		pass "$name"
	else
		fail "$name" "lspci: $(tr '\n' ';' <"$TMPD/$name.want") pmutop: $(tr '\n' ';' <"$TMPD/$name.got")"
	fi
}

compare fixture_gnr "$FIX/gnr_09a7.lspci" 6
compare real_cxl_dvsec "$REALDATA/pciutils_tests_cap-dvsec-cxl.lspci" 0
compare real_broken_ecaps "$REALDATA/pciutils_tests_broken-ecaps.lspci" 0

# Text form: DVSECs listed, the table not read, and why.
if "$PMUTOP" --list-uncore --pci-dump "$FIX/gnr_09a7.lspci" >"$TMPD/text" 2>&1 &&
   grep -q '^dvsec 0000:00:03.1  id 1  BAR0 0x90300000' "$TMPD/text" &&
   grep -q '^dvsec 0000:80:03.1  id 1  BAR1 0xc4000000' "$TMPD/text" &&
   grep -q '^warning: discovery tables cannot be read from a PCI dump' "$TMPD/text"; then
	pass text_dump
else
	fail text_dump "$(head -c 600 "$TMPD/text" | tr '\n' ';')"
fi

# A missing dump is an error with a message, not an exit from inside libpci.
if "$PMUTOP" --list-uncore --pci-dump "$TMPD/none.lspci" >"$TMPD/out" 2>&1; then
	fail missing_dump "exited 0"
elif grep -q "none.lspci" "$TMPD/out"; then
	pass missing_dump
else
	fail missing_dump "$(head -c 300 "$TMPD/out")"
fi

# What is not a regular file is refused with a message (a directory used to be read as an empty dump,
# a FIFO waited on forever); a dump with config bytes past 4,096 is refused at its line.
mkdir "$TMPD/dir.lspci"
mkfifo "$TMPD/fifo.lspci"
{ head -n 2 "$FIX/gnr_09a7.lspci"; echo "ffc: 01 02 03 04 05"; } >"$TMPD/past.lspci"
for c in "dir:is a directory" "fifo:is not a regular file" "past:past.lspci:3: bytes run past the 4096 bytes"; do
	name=${c%%:*} want=${c#*:}
	timeout 20 "$PMUTOP" --list-uncore --pci-dump "$TMPD/$name.lspci" >"$TMPD/out" 2>&1
	rc=$?
	if [ "$rc" -eq 1 ] && grep -qF "$want" "$TMPD/out"; then
		pass "refuse_$name"
	else
		fail "refuse_$name" "exit $rc: $(head -c 300 "$TMPD/out")"
	fi
done
t_done
