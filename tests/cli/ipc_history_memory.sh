#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# ipc_history_memory.sh: batch mode keeps no IPC history (it draws no sparkline), whatever
# [display] history says: with history = 100000 on spr-2s (224 CPUs) a kept history would be
# 224 x 100000 floats, 85 MiB, each set at the model's start; the whole run is some 7 MiB without.
. "$(dirname "$0")/../lib.sh"
need_binary
# GNU time measures the child alone (a child forked from a shell or python starts from their peak)
if [ ! -x /usr/bin/time ]; then
	skip batch_history_not_kept "/usr/bin/time (GNU time) is not installed"
	t_done
	exit 0
fi
# a sanitizer's allocator (redzones, quarantine) and shadow memory are not pmutop's to bound
if grep -q __asan_init "$PMUTOP"; then
	skip batch_history_not_kept "a sanitizer build: its peak RSS is the sanitizer's"
	t_done
	exit 0
fi
printf '[display]\nhistory = 100000\n' >"$TMPD/hist.conf"
/usr/bin/time -f %M -o "$TMPD/rss" "$PMUTOP" --sim spr-2s --config "$TMPD/hist.conf" -b --json -o "$TMPD/out.json" \
	-n 3 -d 0.05 -e cycles,instructions 2>"$TMPD/err"
rc=$?
rss=$(tail -n 1 "$TMPD/rss")
# 40 MiB: far below the 85 MiB the history alone would hold, far above the run's own 5-7 MiB
if [ "$rc" = 0 ] && [ "$(grep -c '^{"time"' "$TMPD/out.json")" = 3 ] && [ -n "$rss" ] && [ "$rss" -lt 40960 ]; then
	pass batch_history_not_kept
else
	fail batch_history_not_kept "exit $rc, peak ${rss:-?} KiB: $(head -c 300 "$TMPD/err")"
fi
t_done
