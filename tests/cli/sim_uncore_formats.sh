#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# sim_uncore_formats.sh: simulated uncore format fields sit where the kernel puts them. Sapphire Rapids
# and Granite Rapids CHA (spr_uncore_chabox in arch/x86/events/intel/uncore_snbep.c) take tid_en at
# config:16 (format_attr_tid_en2), not config:19 as on Skylake-SP and Ice Lake.
. "$(dirname "$0")/../lib.sh"

for m in spr-2s gnr-1s; do
	f=$("$PMUTOP" --sim "$m" --explain-events --json -e 'uncore_cha_0/event=0x35,tid_en=1/' 2>"$TMPD/err" |
		python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["config"])' 2>>"$TMPD/err")
	if [ "$f" = "0x10035" ]; then pass "${m}_cha_tid_en_config16"
	else fail "${m}_cha_tid_en_config16" "config '$f': $(head -c 200 "$TMPD/err")"; fi
done
t_done
