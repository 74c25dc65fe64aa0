#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# sim_lspci.sh: the trees `pmutop --sim M --sim-tree DIR` writes read correctly with libpci itself:
# lspci lists the discovery devices' DVSECs (spr-2s: ID 1 on each socket's device; gnr-1s: IDs 1-4).
# (tests/unit/test_sim.c checks the same through simm_write_tree directly.)
. "$(dirname "$0")/../lib.sh"

if ! command -v lspci >/dev/null 2>&1; then skip all "lspci not installed (apt-get install pciutils)"; exit 0; fi
need sim_tree "$PMUTOP" --sim gnr-1s --sim-tree "$TMPD/probe"

dvsec_ids() {  # the DVSEC IDs lspci lists for tree $1, one per line
	lspci -A linux-sysfs -O sysfs.path="$1/sys/bus/pci" -vvv 2>/dev/null |
		sed -n 's/.*Designated Vendor-Specific: Vendor=8086 ID=\([0-9a-f]*\).*/\1/p'
}

"$PMUTOP" --sim spr-2s --sim-tree "$TMPD/spr" >/dev/null 2>&1
got=$(dvsec_ids "$TMPD/spr" | sort | tr '\n' ' ')
if [ "$got" = "0001 0001 " ]; then pass spr_two_sockets; else fail spr_two_sockets "DVSEC IDs: '$got'"; fi

got=$(dvsec_ids "$TMPD/probe" | tr '\n' ' ')
if [ "$got" = "0001 0002 0003 0004 " ]; then pass gnr_ids_1_to_4; else fail gnr_ids_1_to_4 "DVSEC IDs: '$got'"; fi
if lspci -A linux-sysfs -O sysfs.path="$TMPD/probe/sys/bus/pci" -s 00:03.1 -n 2>/dev/null | grep -q '8086:09a7'; then
	pass gnr_device_at_00_03_1
else
	fail gnr_device_at_00_03_1 "$(lspci -A linux-sysfs -O sysfs.path="$TMPD/probe/sys/bus/pci" -n 2>&1 | head -3 | tr '\n' ' ')"
fi
t_done
