# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_workloads_user.sh: the processes view (P) on this machine's kernel as root and as an ordinary
# user (nobody), perf_event_paranoid set for the test (2 for root, 0 and 2 for the user) and put back
# after. The header's counts are the rows': "C counted" is the rows shown counted, "L not counted"
# the rows shown refused (the kernel's answer per process). The first rows shown are the busiest by
# the CPU time the processes have used so far, so a busy loop started before pmutop is among them
# from the first look. As the user, root's busy loop is refused, and its row says so beside its CPU%
# from /proc, sorted among the others by it.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"

PAR=/proc/sys/kernel/perf_event_paranoid
if [ "$(id -u)" -ne 0 ] || ! command -v setpriv >/dev/null 2>&1 || [ ! -w "$PAR" ]; then
	skip all "needs root, setpriv and a writable $PAR (to run as another user at a set paranoid level)"
	exit 0
fi
old_par=$(cat "$PAR")
busy=
ubusy=
trap 'echo "$old_par" >"$PAR"; [ -n "$busy" ] && kill $busy $ubusy 2>/dev/null
	tmux -L "$TM_SOCK" kill-server 2>/dev/null; rm -f "$TM_SOCK_FILE"; rm -rf "$TMPD"' EXIT
chmod 711 "$TMPD"
mkdir "$TMPD/u" && chmod 777 "$TMPD/u"
printf '[display]\nview = processes\n[workloads]\nprocesses = 32\n' >"$TMPD/pmutop.conf"
chmod 644 "$TMPD/pmutop.conf"

# a busy loop of root's and one of the user's, run until each has used more CPU time than all but
# 15 of the other processes (the first look counts the 32 that have used the most)
sh -c 'while :; do :; done' &
busy=$!
setpriv --reuid=65534 --regid=65534 --clear-groups sh -c 'while :; do :; done' &
ubusy=$!
ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null || echo 0; }
sixteenth() {   # the 16th most CPU time (ticks) among the processes other than the two loops
	for p in /proc/[0-9]*; do
		case ${p#/proc/} in "$busy" | "$ubusy") continue ;; esac
		awk '{ print $14 + $15 }' "$p/stat" 2>/dev/null
	done | sort -rn | sed -n 16p
}
i=0
while [ $i -lt 60 ]; do
	s=$(sixteenth)
	[ "$(ticks $busy)" -gt "${s:-0}" ] && [ "$(ticks $ubusy)" -gt "${s:-0}" ] && break
	sleep 0.5
	i=$((i + 1))
done

# stable NAME: the pane once two captures 0.3 s apart are the same (not drawn half-way), into $TMPD/cap
stable() {
	tui_cap "$1" >"$TMPD/cap"
	k=0
	while [ $k -lt 20 ]; do
		sleep 0.3
		tui_cap "$1" >"$TMPD/cap2"
		cmp -s "$TMPD/cap" "$TMPD/cap2" && return 0
		mv "$TMPD/cap2" "$TMPD/cap"
		k=$((k + 1))
	done
	return 1
}

# view NAME PARANOID USER: the processes view at that level as root or nobody; its first screen
# with rows into $TMPD/NAME.first, a later one into $TMPD/NAME.later
view() {
	echo "$2" >"$PAR"
	TUI_ENV=
	[ "$3" = nobody ] && TUI_ENV="setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=$TMPD/u"
	TUI_ENV=$TUI_ENV tui_run "$1" 220 100 --config "$TMPD/pmutop.conf" -d 2 -e task-clock,context-switches
	# the first rows: shown at the second refresh (what the first look counted)
	if tui_wait "$1" 'processes seen' 15 && tui_wait_not "$1" 'no process counted yet' 15 && stable "$1"; then
		cp "$TMPD/cap" "$TMPD/$1.first"
		sleep 4.5
		stable "$1" && cp "$TMPD/cap" "$TMPD/$1.later"
	else
		tui_dump "$1" >"$TMPD/$1.first"
	fi
	tui_quit "$1" >/dev/null
	tm kill-session -t "$1" 2>/dev/null
	echo "$old_par" >"$PAR"
}

# check_view NAME USER SCREEN...: the header's counts are the rows'; the rows sorted by CPU%; the
# busy loops among the rows, root's refused (with its CPU%) when the user runs pmutop
check_view() {
	n=$1 who=$2
	shift 2
	check "$n" python3 - "$who" "$busy" "$ubusy" "$@" <<'PY'
import re, sys
who, busy, ubusy = sys.argv[1], sys.argv[2], sys.argv[3]
for path in sys.argv[4:]:
    lines = open(path).read().splitlines()
    head = [l for l in lines if re.match(r" \d+ processes seen, \d+ counted", l)]
    assert len(head) == 1, f"{path}: no header: {lines}"
    m = re.match(r" (\d+) processes seen, (\d+) counted \(the busiest by CPU time\)(?:; (\d+) not counted: (.*?))?(?:; \*: \d+ threads not counted .*)?$", head[0])
    assert m, head[0]
    counted, left = int(m.group(2)), int(m.group(3) or 0)
    at = [i for i, l in enumerate(lines) if re.match(r" +PID +USER +COMMAND ", l)][0]
    rows = [l for l in lines[at + 1:] if re.match(r" +\d+ ", l)]
    # PID (7), USER (8), COMMAND (15), CPU% (6), then the figures or the note
    refused = [r for r in rows if r[40:].startswith("not counted: ")]
    ok = [r for r in rows if not r[40:].startswith("not counted: ")]
    print(f"     {path.rsplit('/', 1)[1]}: header {counted} counted, {left} not; rows {len(ok)} counted, {len(refused)} refused")
    assert counted == len(ok) and left == len(refused), f"{head[0]!r}: {len(ok)} rows counted, {len(refused)} refused"
    cpu = [r[33:39].strip() for r in rows]
    nums = [float(c) for c in cpu if c != "-"]
    assert nums == sorted(nums, reverse=True) and cpu[:len(nums)] == [c for c in cpu if c != "-"], \
        f"not sorted by CPU%: {cpu}"
    byp = {r[:7].strip(): r for r in rows}
    assert busy in byp and ubusy in byp, f"the busy loops {busy} {ubusy} not among the rows: {rows}"
    assert ubusy in [r[:7].strip() for r in ok], byp[ubusy]
    if who == "root":
        assert not refused and busy in [r[:7].strip() for r in ok], refused
    else:
        assert byp[busy][40:].startswith(f"not counted: cannot count task {busy}: permission denied"), byp[busy]
        assert float(byp[busy][33:39]) > 0, f"a busy loop refused shows no CPU%: {byp[busy]}"
PY
}

view wr 2 root
check_view root_paranoid2 root "$TMPD/wr.first" "$TMPD/wr.later"
view wu0 0 nobody
check_view user_paranoid0 nobody "$TMPD/wu0.first" "$TMPD/wu0.later"

# as the user at paranoid 2 the screen does not start: counting every CPU is refused (batch mode
# counts one's own processes alone, tests/cli/workload_live.sh), and it says why
echo 2 >"$PAR"
TUI_ENV="setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=$TMPD/u" \
	tui_run wu2 160 40 --config "$TMPD/pmutop.conf" -e task-clock
if tui_wait wu2 'PMUTOP-EXIT=1' 10 && tui_cap wu2 | tr -d '\n' | grep -q 'perf_event_paranoid is 2'; then
	pass user_paranoid2_says_why
else
	fail user_paranoid2_says_why "$(tui_cap wu2 | head -c 400)"
fi
echo "$old_par" >"$PAR"
t_done
