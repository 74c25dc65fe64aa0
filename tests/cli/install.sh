# install.sh: make install honours PREFIX and DESTDIR and installs the binary, man page and config;
# the usage basics answer as documented.
. "$(dirname "$0")/../lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)

# install the binary under test as it is (-o: do not rebuild it)
if make -s -C "$root" install DESTDIR="$TMPD/dest" PREFIX=/opt/pmu BIN="$PMUTOP" -o "$PMUTOP" >"$TMPD/inst.log" 2>&1; then
	for f in opt/pmu/bin/pmutop opt/pmu/share/man/man1/pmutop.1 etc/pmutop.conf; do
		if [ -f "$TMPD/dest/$f" ]; then pass "installs_$(basename "$f")"; else fail "installs_$(basename "$f")" "missing $f"; fi
	done
	if [ -x "$TMPD/dest/opt/pmu/bin/pmutop" ] && "$TMPD/dest/opt/pmu/bin/pmutop" --version | grep -q '^pmutop '; then
		pass installed_binary_runs
	else
		fail installed_binary_runs "$("$TMPD/dest/opt/pmu/bin/pmutop" --version 2>&1)"
	fi
else
	fail make_install "$(tail -n 5 "$TMPD/inst.log")"
fi

# the installed config is the documented default config and loads without warnings
if "$PMUTOP" --config "$root/conf/pmutop.conf" --sim kvm-nopmu -b -n 1 -d 0.05 --json >/dev/null 2>"$TMPD/conf.err" &&
   ! grep -qi "warning\|unknown" "$TMPD/conf.err"; then
	pass default_config_loads_clean
else
	fail default_config_loads_clean "$(cat "$TMPD/conf.err")"
fi

"$PMUTOP" --help >"$TMPD/help.txt" 2>&1
missing=""
for opt in --events --event-set --delay --cpu --batch --count --field-separator --json --output --replay \
	   --topology --sim --sim-fault --sysfs --list-uncore --pci-dump --explain-events --config; do
	grep -q -- "$opt" "$TMPD/help.txt" || missing="$missing $opt"
done
[ -z "$missing" ] && pass help_lists_options || fail help_lists_options "--help lacks$missing"
# every option in --help is in the README and the man page
no_readme="" no_man=""
for opt in $(grep -o -- '--[a-z][a-z-]*' "$TMPD/help.txt" | sort -u); do
	grep -q -- "$opt" "$root/README.md" || no_readme="$no_readme $opt"
	grep -q -- "$(echo "$opt" | sed 's/-/\\\\-/g')" "$root/pmutop.1" || no_man="$no_man $opt"
done
[ -z "$no_readme" ] && pass readme_lists_options || fail readme_lists_options "README.md lacks$no_readme"
[ -z "$no_man" ] && pass man_lists_options || fail man_lists_options "pmutop.1 lacks$no_man"

"$PMUTOP" --bogus >/dev/null 2>&1
[ $? -eq 2 ] && pass bad_option_exit_2 || fail bad_option_exit_2 "exit status is not 2"
"$PMUTOP" -b -n 1 -e 'cycles,{instructions' >/dev/null 2>"$TMPD/bad.err"
rc=$?
if [ "$rc" -eq 2 ] && grep -q "column" "$TMPD/bad.err"; then pass bad_event_exit_2; else fail bad_event_exit_2 "rc=$rc $(cat "$TMPD/bad.err")"; fi
t_done
