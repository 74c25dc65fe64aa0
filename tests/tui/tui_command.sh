# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_command.sh: -- COMMAND on the screen (issue 35 item 7, issue 37 item 5): when the command ends
# the screen closes, its whole-run totals print as perf stat -- COMMAND prints them (compared line by
# line with the installed perf's layout) and pmutop exits with its status, within 3 s of its end
# even at a 5 s interval; q with a command that ignores SIGTERM ends it within the 2 s grace.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"
# the screen counts every CPU beside the command: where this user may not, it cannot start
if live_refused; then
	skip all "$LIVE_WHY"
	exit 0
fi

u=$$
now() { date +%s.%N; }
evs=task-clock,context-switches,page-faults
# the command: its end time written where the test reads it (its outputs are /dev/null on the screen)
cmd="sleep 1; date +%s.%N >$TMPD/end.$u; exit 3"

S=end
tui_shell $S 120 40 || { fail start "no shell pane"; exit 1; }
tui_keys $S "$PMUTOP -d 5 -e $evs -- sh -c '$cmd' ; echo PMUTOP-EXIT=\$? \$(date +%s.%N)" Enter
if tui_wait $S '^PMUTOP-EXIT=[0-9]' 9; then
	line=$(tui_cap $S | grep '^PMUTOP-EXIT=[0-9]' | tail -n 1)
	st=$(echo "$line" | sed 's/.*PMUTOP-EXIT=\([0-9]*\).*/\1/')
	t1=$(echo "$line" | sed 's/.*PMUTOP-EXIT=[0-9]* //')
	if [ "$st" = 3 ]; then pass command_status; else fail command_status "exit $st, want 3"; fi
	if [ -s "$TMPD/end.$u" ] && [ "$(echo "$t1 - $(cat "$TMPD/end.$u") < 3" | bc)" = 1 ]; then
		pass ends_with_command
	else
		fail ends_with_command "pmutop ended at $t1, the command at $(cat "$TMPD/end.$u" 2>/dev/null)"
	fi
	alt=$(tm display-message -p -t $S '#{alternate_on}')
	if [ "$alt" = 0 ]; then pass screen_closed; else fail screen_closed "alternate_on=$alt"; fi
	# the totals against perf stat's for the same command and events: the same lines, each word
	# starting and each number ending in the same column (numbers replaced, a rate's scale dropped)
	tui_cap $S >"$TMPD/pane.txt"
	if ! command -v perf >/dev/null 2>&1; then
		skip totals_as_perf "perf is not installed"
	elif perf stat -e $evs -- sh -c "$cmd" 2>"$TMPD/perf.txt"; [ "$(grep -c 'Performance counter stats' "$TMPD/perf.txt")" != 1 ]; then
		skip totals_as_perf "perf stat cannot count here: $(head -c 200 "$TMPD/perf.txt")"
	elif python3 - "$TMPD/perf.txt" "$TMPD/pane.txt" >"$TMPD/cmp.txt" 2>&1 <<'EOF2'
import re, sys
def shape(path):
    lines = open(path).read().split('\n')
    start = [i for i, l in enumerate(lines) if 'Performance counter stats for' in l][-1]
    out = []
    for l in lines[start:]:
        if l.startswith('PMUTOP-EXIT') or l.startswith('tui$'):
            break
        if not l.strip():
            continue
        cols = []
        for m in re.finditer(r'\S+', l):
            num = re.fullmatch(r'[0-9][0-9.,]*%?', m.group())
            cols.append(m.end() if num else m.start())
        text = re.sub(r'[KMG]?/sec', '/sec', re.sub(r'[0-9][0-9.,]*', 'N', l))
        out.append((' '.join(text.split()), cols))
    return out
perf, ours = shape(sys.argv[1]), shape(sys.argv[2])
bad = [f'perf: {p}\n  ours: {o}' for p, o in zip(perf, ours) if p != o]
if len(perf) < 7:   # the header, three events, elapsed, user, sys
    bad.append(f'perf printed {len(perf)} lines: {perf}')
if len(perf) != len(ours):
    bad.append(f'{len(perf)} lines from perf, {len(ours)} from pmutop')
print('\n'.join(bad))
sys.exit(1 if bad else 0)
EOF2
	then
		pass totals_as_perf
	else
		fail totals_as_perf "$(head -c 1500 "$TMPD/cmp.txt")"
	fi
	if tui_cap $S -J | grep -Fq "Performance counter stats for 'sh -c $cmd':"; then
		pass totals_header
	else
		fail totals_header "$(tui_cap $S | head -n 8)"
	fi
else
	fail ends_with_command "the screen is still up 8 s after the command's 1 s: $(tui_cap $S | tail -n 3)"
	tui_keys $S q
	tui_wait $S '^PMUTOP-EXIT=[0-9]' 5
fi
tm kill-session -t $S 2>/dev/null

# q while the command ignores SIGTERM: SIGKILL after the 2 s grace, not a wait for ever
S=grace
tui_shell $S 120 30 || { fail grace_start "no shell pane"; exit 1; }
tui_keys $S "$PMUTOP -- sh -c \"trap '' TERM; sleep 61.$u; : tuigrace.$u\"; echo PMUTOP-EXIT=\$?" Enter
if ! tui_wait $S 'q quit' 10; then
	fail grace_start "$(tui_cap $S | tail -n 3)"
fi
shpid=$(pgrep -f "^sh -c trap.*tuigrace.$u" | head -n 1)
t0=$(now)
tui_keys $S q
if tui_wait $S '^PMUTOP-EXIT=[0-9]' 6; then
	took=$(echo "$(now) - $t0" | bc)
	if [ "$(echo "$took < 4.5" | bc)" = 1 ]; then pass grace_bounded; else fail grace_bounded "pmutop ended ${took} s after q (grace 2 s)"; fi
else
	fail grace_bounded "pmutop still waits for the command 6 s after q"
fi
if [ -n "$shpid" ] && ! kill -0 "$shpid" 2>/dev/null; then
	pass grace_command_killed
else
	fail grace_command_killed "the command (pid ${shpid:-not found}) still runs"
fi
# what is left is ended by its pid: the shell (old builds) and its own sleep (reparented to init)
for p in $(pgrep -f "^sh -c trap.*tuigrace.$u") $(pgrep -f "^sleep 61.$u"); do kill -KILL "$p" 2>/dev/null; done
tm kill-session -t $S 2>/dev/null
t_done
