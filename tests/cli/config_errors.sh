#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# config_errors.sh: the config file through the real binary: exit status 2 with FILE:LINE for bad
# values, warnings for unknown keys/sections, errors for missing files and directories, the XDG search;
# a default config that cannot be read (nobody named it) is a warning, --config FILE an error.
. "$(dirname "$0")/../lib.sh"

# A tiny recording makes every run quick and independent of this machine's PMU.
printf '     1.0,CPU0,1000,,cycles,1000000,100.00,,\n     1.0,CPU0,500,,instructions,1000000,100.00,,\n' >"$TMPD/rec.csv"
export XDG_CONFIG_HOME="$TMPD/xdg" HOME="$TMPD/home"

# run_cfg NAME WANT_STATUS GREP_PATTERN ARGS...: run pmutop, check status and stderr
run_cfg() {
	name=$1 want=$2 pat=$3; shift 3
	"$PMUTOP" "$@" --replay "$TMPD/rec.csv" -b --json >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ "$rc" -ne "$want" ]; then
		fail "$name" "exit $rc, wanted $want: $(head -c 300 "$TMPD/err")"
	elif [ -n "$pat" ] && ! grep -qF -- "$pat" "$TMPD/err"; then
		fail "$name" "stderr lacks '$pat': $(head -c 300 "$TMPD/err")"
	else
		pass "$name"
	fi
}

run_cfg missing_file 2 "$TMPD/none.conf: no such file" --config "$TMPD/none.conf"
mkdir "$TMPD/adir"
run_cfg directory 2 "$TMPD/adir: not a regular file" --config "$TMPD/adir"

printf '[display]\n# speed\ninterval = fast\n' >"$TMPD/bad.conf"
run_cfg bad_value 2 "$TMPD/bad.conf:3: interval: \"fast\" is not a number" --config "$TMPD/bad.conf"
printf '[display]\nhistory = 0\n' >"$TMPD/range.conf"
run_cfg out_of_range 2 "$TMPD/range.conf:2: history: 0 is out of range" --config "$TMPD/range.conf"
printf '[events]\nset = nosuch\n' >"$TMPD/set.conf"
run_cfg unknown_set 2 "$TMPD/set.conf:2: set: no event set named \"nosuch\"" --config "$TMPD/set.conf"

printf '[display]\nspeed = 3\n[colours]\nbg = red\n' >"$TMPD/warn.conf"
run_cfg unknown_key_warns 0 "$TMPD/warn.conf:2: warning: unknown key \"speed\"" --config "$TMPD/warn.conf"
run_cfg unknown_section_warns 0 "$TMPD/warn.conf:3: warning: unknown section [colours]" --config "$TMPD/warn.conf"
if [ -s "$TMPD/out" ]; then pass warnings_carry_on; else fail warnings_carry_on "no output after warnings"; fi

# the user's file is found through XDG_CONFIG_HOME
mkdir -p "$TMPD/xdg/pmutop"
printf '[display]\ncolor = purple\n' >"$TMPD/xdg/pmutop/pmutop.conf"
run_cfg xdg_file_read 2 "$TMPD/xdg/pmutop/pmutop.conf:2: color:"
rm "$TMPD/xdg/pmutop/pmutop.conf"
# ... and without XDG_CONFIG_HOME, ~/.config
unset XDG_CONFIG_HOME
mkdir -p "$TMPD/home/.config/pmutop"
printf '[display]\nascii = perhaps\n' >"$TMPD/home/.config/pmutop/pmutop.conf"
run_cfg home_config_read 2 "$TMPD/home/.config/pmutop/pmutop.conf:2: ascii:"

# the user's default file unusable (a folder in its place): a warning, and the run goes on
rm -f "$TMPD/home/.config/pmutop/pmutop.conf"
mkdir -p "$TMPD/home/.config/pmutop/pmutop.conf"
run_cfg unusable_default_warns 0 "pmutop: warning: $TMPD/home/.config/pmutop/pmutop.conf: not a regular file" 
if grep -q "going on with" "$TMPD/err" && [ -s "$TMPD/out" ]; then pass unusable_default_goes_on
else fail unusable_default_goes_on "$(head -c 300 "$TMPD/err")"; fi
run_cfg unusable_named_fails 2 "$TMPD/home/.config/pmutop/pmutop.conf: not a regular file" \
	--config "$TMPD/home/.config/pmutop/pmutop.conf"
if grep -q warning "$TMPD/err"; then fail unusable_named_is_error "$(cat "$TMPD/err")"; else pass unusable_named_is_error; fi
rmdir "$TMPD/home/.config/pmutop/pmutop.conf"
# sudo -u nobody keeping HOME: the home cannot be searched (EACCES), which is no reason to stop
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1 &&
   setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$PMUTOP" 2>/dev/null; then
	mkdir -p "$TMPD/closed/.config/pmutop" && printf '[display]\n' >"$TMPD/closed/.config/pmutop/pmutop.conf"
	chmod 700 "$TMPD/closed"
	chmod 755 "$TMPD"
	HOME="$TMPD/closed" setpriv --reuid=65534 --regid=65534 --clear-groups "$PMUTOP" --replay "$TMPD/rec.csv" -b \
		--json >"$TMPD/out" 2>"$TMPD/err"
	rc=$?
	if [ $rc -eq 0 ] && grep -q "warning: $TMPD/closed/.config/pmutop/pmutop.conf: Permission denied" "$TMPD/err"; then
		pass unreadable_home_warns
	else
		fail unreadable_home_warns "exit $rc: $(head -c 300 "$TMPD/err")"
	fi
else
	skip unreadable_home_warns "needs root, setpriv and a binary user nobody may run"
fi

# the shipped config is valid and complete
run_cfg shipped_conf_loads 0 "" --config conf/pmutop.conf
if "$PMUTOP" --list-options >"$TMPD/opts" 2>&1; then
	missing=""
	for o in $(sed -n 's/^\([a-z]*\) =.*/\1/p' conf/pmutop.conf); do
		grep -q "^$o " "$TMPD/opts" || missing="$missing $o"
	done
	if [ -z "$missing" ]; then pass list_options; else fail list_options "missing:$missing"; fi
else
	fail list_options "exit $?"
fi
t_done
