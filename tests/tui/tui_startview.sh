# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_startview.sh: [display] view names every view but help: processes and cgroups start counted and
# shown, and S saves the view on screen (top-down and processes included), so the next start is there.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

printf '[display]\nview = processes\n' >"$TMPD/procs.conf"
S=sp
tui_run $S 200 50 --sim spr-2s -d 0.5 --config "$TMPD/procs.conf"
if tui_wait $S 'processes seen' 10 && tui_wait $S '^ +696 +1000 +stream ' 5; then pass start_processes; else fail start_processes "$(tui_dump $S)"; fi
tui_quit $S >/dev/null

printf '[display]\nview = cgroups\n' >"$TMPD/cg.conf"
S=sc
tui_run $S 200 50 --sim spr-2s -d 0.5 --config "$TMPD/cg.conf"
if tui_wait $S 'cgroups seen, [0-9]+ counted' 10 && tui_wait $S '^\(all CPUs\) ' 5; then pass start_cgroups; else fail start_cgroups "$(tui_dump $S)"; fi
tui_quit $S >/dev/null

# S in a view saves it: top-down, then processes
for v in topdown processes; do
	S=ss$v
	mkdir -p "$TMPD/xdg$v"
	TUI_ENV="XDG_CONFIG_HOME=$TMPD/xdg$v" tui_run $S 200 50 --sim spr-2s
	tui_wait $S '^0 +0 +0 ' 10
	case $v in topdown) tui_keys $S T ;; processes) tui_keys $S P ;; esac
	sleep 0.5
	tui_keys $S S
	conf="$TMPD/xdg$v/pmutop/pmutop.conf"
	if tui_wait $S "saved to $conf" 5 && grep -Eq "^view *= *$v\$" "$conf"; then
		pass "save_view_$v"
	else
		fail "save_view_$v" "$(grep '^view' "$conf" 2>&1): $(tui_dump $S)"
	fi
	tui_quit $S >/dev/null
done
t_done
