# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# install.sh: as a packager would: `make dist` gives a tarball (without debian/: the orig tarball)
# that builds without git and whose binary says the tarball's version; `make && make install
# DESTDIR=D PREFIX=/usr` there gives a binary that reads /etc/pmutop.conf and looks for tables in
# /usr/share/pmutop/events, a unit running /usr/bin/pmutop, the completion file and the man page;
# another PREFIX rebuilds for its paths; a config the user changed is kept (pmutop.conf.new beside
# it) and make uninstall removes the rest.
# Then the usage basics of the binary under test answer as documented.
. "$(dirname "$0")/../lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)

# mk DIR ARGS...: make in the unpacked tree, quietly; the log in $TMPD/mk.log
mk() { d=$1; shift; make -s -C "$d" "$@" >"$TMPD/mk.log" 2>&1; }

packaging() {
	if ! make -s -C "$root" dist DISTDIR="$TMPD/dist" >"$TMPD/dist.log" 2>&1; then
		fail dist_tarball "$(tail -n 3 "$TMPD/dist.log")"
		return
	fi
	tgz=$(ls "$TMPD"/dist/pmutop-*.tar.gz)
	v=$(basename "$tgz" .tar.gz); v=${v#pmutop-}
	tar -xzf "$tgz" -C "$TMPD" && src="$TMPD/pmutop-$v"
	if [ -f "$src/VERSION" ] && [ "$(cat "$src/VERSION")" = "$v" ] && [ ! -e "$src/.git" ] && [ ! -e "$src/debian" ] &&
	   [ -f "$src/Makefile" ] && [ -f "$src/contrib/pmutop.service.in" ]; then
		pass dist_tarball
	else
		fail dist_tarball "$(ls -a "$src" | tr '\n' ' ')"
		return
	fi
	# a fresh tree without git: make, then make install for /usr as a package build does
	if ! (cd "$src" && GIT_CEILING_DIRECTORIES="$TMPD" make -s -j2 >"$TMPD/build.log" 2>&1); then
		fail dist_builds_without_git "$(tail -n 5 "$TMPD/build.log")"
		return
	fi
	pass dist_builds_without_git
	if "$src/pmutop" --version | head -n 1 | grep -qx "pmutop $v"; then pass version_from_tarball
	else fail version_from_tarball "want $v: $("$src/pmutop" --version 2>&1 | head -n 1)"; fi
	D="$TMPD/D"
	if ! mk "$src" install DESTDIR="$D" PREFIX=/usr; then
		fail install_prefix_usr "$(tail -n 5 "$TMPD/mk.log")"
		return
	fi
	"$D/usr/bin/pmutop" --version >"$TMPD/v.txt" 2>&1
	if grep -qx 'system config: /etc/pmutop.conf' "$TMPD/v.txt" && grep -q '^event tables:  /usr/share/pmutop/events ' "$TMPD/v.txt" &&
	   [ -f "$D/etc/pmutop.conf" ] && [ ! -e "$D/usr/etc" ]; then
		pass install_prefix_usr_paths
	else
		fail install_prefix_usr_paths "$(cat "$TMPD/v.txt")"
	fi
	# what it opens, not only what it says: /etc/pmutop.conf when the user has none
	if command -v strace >/dev/null 2>&1; then
		HOME="$TMPD/nohome" XDG_CONFIG_HOME= strace -f -e trace=openat,newfstatat,stat,access -o "$TMPD/st.txt" \
			"$D/usr/bin/pmutop" --sim kvm-nopmu -b -n 1 -d 0.01 -o /dev/null 2>/dev/null
		if grep -q '"/etc/pmutop.conf"' "$TMPD/st.txt" && ! grep -q '/usr/local/etc' "$TMPD/st.txt"; then
			pass installed_binary_reads_etc
		else
			fail installed_binary_reads_etc "$(grep -h 'pmutop.conf' "$TMPD/st.txt" | head -3)"
		fi
	else
		skip installed_binary_reads_etc "strace is not installed"
	fi
	# the unit and completion folders for /usr: what systemd's and bash-completion's pkg-config say
	# (Debian 12: /lib/systemd/system), else the defaults
	unitdir=$(pkg-config --variable=systemdsystemunitdir systemd 2>/dev/null); unitdir=${unitdir:-/usr/lib/systemd/system}
	compdir=$(pkg-config --variable=completionsdir bash-completion 2>/dev/null); compdir=${compdir:-/usr/share/bash-completion/completions}
	for f in usr/bin/pmutop usr/share/man/man1/pmutop.1 etc/pmutop.conf "${unitdir#/}/pmutop.service" \
		 "${compdir#/}/pmutop"; do
		if [ -f "$D/$f" ]; then pass "installs_$f"; else fail "installs_$f" "missing; $(cd "$D" && find . -type f)"; fi
	done
	unit="$D$unitdir/pmutop.service"
	if grep -qx 'ExecStart=/usr/bin/pmutop -b --quiet --listen 127.0.0.1:9745' "$unit" && ! grep -q '@bindir@' "$unit"; then
		pass unit_runs_installed_binary
	else
		fail unit_runs_installed_binary "$(grep -n 'ExecStart\|@bindir@' "$unit")"
	fi
	# not enabled: no wants link, nothing outside the unit folder
	if [ -z "$(find "$D" -name '*.wants' -o -type l)" ]; then pass unit_not_enabled; else fail unit_not_enabled "$(find "$D" -type l)"; fi
	check_unit "$unit" "$D/usr/bin/pmutop"
	# another prefix rebuilds for its paths; the directories can be moved one by one
	if mk "$src" install DESTDIR="$TMPD/D2" PREFIX=/opt/pmu systemdunitdir=/etc/systemd/system \
		bashcompdir=/opt/pmu/completions &&
	   "$TMPD/D2/opt/pmu/bin/pmutop" --version | grep -qx 'system config: /opt/pmu/etc/pmutop.conf' &&
	   "$TMPD/D2/opt/pmu/bin/pmutop" --version | grep -q '^event tables:  /opt/pmu/share/pmutop/events ' &&
	   grep -qx 'ExecStart=/opt/pmu/bin/pmutop -b --quiet --listen 127.0.0.1:9745' "$TMPD/D2/etc/systemd/system/pmutop.service" &&
	   [ -f "$TMPD/D2/opt/pmu/completions/pmutop" ] && [ -f "$TMPD/D2/opt/pmu/etc/pmutop.conf" ]; then
		pass install_other_prefix_rebuilds
	else
		fail install_other_prefix_rebuilds "$(tail -n 3 "$TMPD/mk.log"; cd "$TMPD/D2" 2>/dev/null && find . -type f | tr '\n' ' ')"
	fi
	configs "$src"
}

# check_unit UNIT BINARY: systemd-analyze verify passes and security scores at most 2.5
check_unit() {
	if ! command -v systemd-analyze >/dev/null 2>&1; then
		skip unit_verify "systemd-analyze is not installed"
		return
	fi
	# verify wants the ExecStart binary to exist: the staged one stands for it
	sed "s|^ExecStart=[^ ]*|ExecStart=$2|" "$1" >"$TMPD/pmutop.service"
	if systemd-analyze verify --man=no "$TMPD/pmutop.service" >"$TMPD/verify.out" 2>&1 && [ ! -s "$TMPD/verify.out" ]; then
		pass unit_verify
	else
		fail unit_verify "$(head -c 400 "$TMPD/verify.out")"
	fi
	systemd-analyze security --offline=yes "$TMPD/pmutop.service" >"$TMPD/sec.out" 2>&1
	score=$(sed -n 's/.*Overall exposure level for pmutop.service: \([0-9.]*\).*/\1/p' "$TMPD/sec.out")
	if [ -n "$score" ] && awk -v s="$score" 'BEGIN { exit !(s <= 2.5) }'; then
		echo "     systemd-analyze security: $score"
		pass unit_security_at_most_2_5
	else
		fail unit_security_at_most_2_5 "score '$score': $(grep '✗' "$TMPD/sec.out" | head -5)"
	fi
}

# configs SRC: a config the user changed survives a second install, uninstall removes the rest
configs() {
	D="$TMPD/d3"
	mk "$1" install DESTDIR="$D" PREFIX=/usr || { fail config_install "$(tail -n 3 "$TMPD/mk.log")"; return; }
	echo '# mine' >>"$D/etc/pmutop.conf"
	cp "$D/etc/pmutop.conf" "$TMPD/mine.conf"
	if mk "$1" install DESTDIR="$D" PREFIX=/usr && cmp -s "$D/etc/pmutop.conf" "$TMPD/mine.conf" &&
	   cmp -s "$D/etc/pmutop.conf.new" "$root/conf/pmutop.conf" && grep -q 'kept your' "$TMPD/mk.log"; then
		pass install_keeps_changed_config
	else
		fail install_keeps_changed_config "$(tail -n 3 "$TMPD/mk.log")"
	fi
	if mk "$1" uninstall DESTDIR="$D" PREFIX=/usr && [ "$(cd "$D" && find . -type f)" = "./etc/pmutop.conf" ] &&
	   cmp -s "$D/etc/pmutop.conf" "$TMPD/mine.conf" && grep -q 'kept' "$TMPD/mk.log"; then
		pass uninstall_keeps_changed_config
	else
		fail uninstall_keeps_changed_config "$(cd "$D" && find . -type f | tr '\n' ' ') $(tail -n 3 "$TMPD/mk.log")"
	fi
	rm -f "$D/etc/pmutop.conf"
	if mk "$1" install DESTDIR="$D" PREFIX=/usr && mk "$1" uninstall DESTDIR="$D" PREFIX=/usr &&
	   [ -z "$(find "$D" -type f)" ]; then
		pass uninstall_removes_all
	else
		fail uninstall_removes_all "left: $(find "$D" -type f)"
	fi
}

case "$PMUTOP" in
*build-san*) skip packaging "built and installed once, in the plain test run (the sanitizers add nothing to make)" ;;
*)
	if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
		packaging
	else
		skip packaging "not a git checkout: make dist packs the files git tracks"
	fi ;;
esac

# the binary under test looks for its system config where its build put it, and says so
if "$PMUTOP" --help | grep -Eq 'then /[a-z/]*etc/pmutop.conf' &&
   "$PMUTOP" --version | grep -Eq '^system config: /[a-z/]*etc/pmutop.conf$' &&
   "$PMUTOP" --version | head -n 1 | grep -Eq '^pmutop [0-9][0-9A-Za-z.+~_-]*( \(git [0-9A-Za-z.+~_-]+\))?$'; then
	pass help_and_version_name_paths
else
	fail help_and_version_name_paths "$("$PMUTOP" --version 2>&1)"
fi
# the release is the VERSION file's; built from a git checkout, the git description follows it
rel=$(head -n 1 "$root/VERSION")
first=$("$PMUTOP" --version | head -n 1)
if [ -n "$(sh "$root/scripts/version.sh" --git "$root")" ]; then want="^pmutop $rel \\(git [0-9a-f]{7,}(-dirty)?\\)\$|^pmutop $rel \\(git v[0-9][0-9A-Za-z.+~_-]*\\)\$"
else want="^pmutop $rel\$"; fi
if printf '%s\n' "$first" | grep -Eq "$want"; then pass version_release_and_git
else fail version_release_and_git "want /$want/: $first"; fi
if make -s -C "$root" -n install PREFIX=/usr 2>/dev/null | grep -q 'conf/pmutop.conf /etc/pmutop.conf'; then
	pass prefix_usr_config_in_etc
else
	fail prefix_usr_config_in_etc "$(make -s -C "$root" -n install PREFIX=/usr 2>&1 | grep pmutop.conf)"
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
