# SPDX-License-Identifier: GPL-2.0-or-later
# install.sh: make install honours PREFIX, DESTDIR and sysconfdir and installs the binary, man page
# and config, never over a config the user changed (pmutop.conf.new beside it); make uninstall
# removes what it installed and keeps a changed config; the usage basics answer as documented.
. "$(dirname "$0")/../lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)

# install the binary under test as it is (-o: do not rebuild it)
if make -s -C "$root" install DESTDIR="$TMPD/dest" PREFIX=/opt/pmu BIN="$PMUTOP" -o "$PMUTOP" >"$TMPD/inst.log" 2>&1; then
	for f in opt/pmu/bin/pmutop opt/pmu/share/man/man1/pmutop.1 opt/pmu/etc/pmutop.conf; do
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

# inst ARGS...: make install/uninstall into the staging tree, quietly
mk() { make -s -C "$root" "$@" DESTDIR="$TMPD/d2" PREFIX=/usr BIN="$PMUTOP" -o "$PMUTOP" >"$TMPD/mk.log" 2>&1; }
if mk install && [ -f "$TMPD/d2/etc/pmutop.conf" ] && [ ! -e "$TMPD/d2/usr/etc" ]; then
	pass prefix_usr_config_in_etc
else
	fail prefix_usr_config_in_etc "$(find "$TMPD/d2" -name 'pmutop.conf*') $(tail -n 3 "$TMPD/mk.log")"
fi
# a config the user changed survives a second install; the new default goes beside it
echo '# mine' >>"$TMPD/d2/etc/pmutop.conf"
cp "$TMPD/d2/etc/pmutop.conf" "$TMPD/mine.conf"
if mk install && cmp -s "$TMPD/d2/etc/pmutop.conf" "$TMPD/mine.conf" &&
   cmp -s "$TMPD/d2/etc/pmutop.conf.new" "$root/conf/pmutop.conf" && grep -q 'kept your' "$TMPD/mk.log"; then
	pass install_keeps_changed_config
else
	fail install_keeps_changed_config "$(tail -n 3 "$TMPD/mk.log")"
fi
if mk uninstall && [ ! -e "$TMPD/d2/usr/bin/pmutop" ] && [ ! -e "$TMPD/d2/usr/share/man/man1/pmutop.1" ] &&
   [ ! -e "$TMPD/d2/etc/pmutop.conf.new" ] && cmp -s "$TMPD/d2/etc/pmutop.conf" "$TMPD/mine.conf" &&
   grep -q 'kept' "$TMPD/mk.log"; then
	pass uninstall_keeps_changed_config
else
	fail uninstall_keeps_changed_config "$(find "$TMPD/d2" -type f) $(tail -n 3 "$TMPD/mk.log")"
fi
# an unchanged default config is removed with the rest
rm -f "$TMPD/d2/etc/pmutop.conf"
if mk install && mk uninstall && [ -z "$(find "$TMPD/d2" -type f)" ]; then
	pass uninstall_removes_all
else
	fail uninstall_removes_all "left: $(find "$TMPD/d2" -type f)"
fi
# the binary looks for its system config where install puts it
if make -s -C "$root" -n install PREFIX=/usr | grep -q 'conf/pmutop.conf /etc/pmutop.conf' &&
   "$PMUTOP" --help | grep -Eq 'then /[a-z/]*etc/pmutop.conf'; then
	pass help_names_system_config
else
	fail help_names_system_config "$("$PMUTOP" --help | grep -i etc)"
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
