# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_faults.sh: what counting drops at run time is said in the header: descriptors running out
# (counting goes on with what fits) and a CPU going offline, named.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

S=emfile
tui_run $S 220 40 --sim spr-2s --sim-fault emfile=100 -d 0.2
# 7 events x 224 CPUs, and the 22 uncore events x 2 sockets the header meters count; 100
# descriptors hold a few fewer events where a packed group (issue 18) would cross the limit: groups open whole
if tui_wait $S 'out of file descriptors: counting (9[0-9]|100) of 1612 events x CPUs' 10 &&
   tui_wait $S '^0 +[0-9]+ +[0-9]+ ' 10; then pass emfile_in_header
else fail emfile_in_header "$(tui_dump $S)"; fi
st=$(tui_quit $S)
if [ "$st" = 0 ]; then pass emfile_quit; else fail emfile_quit "status $st"; fi

S=enodev
tui_run $S 220 40 --sim spr-2s --sim-fault enodev=5@0.5-2.5 -d 0.2
if tui_wait $S 'CPU 5: went offline: not counted until it is back online' 10; then pass enodev_in_header
else fail enodev_in_header "$(tui_dump $S)"; fi
# plugged back in after 2.5 s: the header says so (deadline, not a measurement)
if tui_wait $S 'CPU 5: back online: counted again' 15; then pass enodev_back_in_header
else fail enodev_back_in_header "$(tui_dump $S)"; fi
st=$(tui_quit $S)
if [ "$st" = 0 ]; then pass enodev_quit; else fail enodev_quit "status $st"; fi
t_done
