# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_help_docs.sh: every key the help view lists is documented: in the README's keys table (as
# `KEY`) and in the man page (as \fBKEY\fR).
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)

S=hd
tui_run $S 160 60 --sim kvm-nopmu
tui_wait $S '^CPU' 10
tui_keys $S h
if ! tui_wait $S 'Keys \(Esc goes back\)' 5; then
	fail help_view "$(tui_dump $S)"
	exit 1
fi
# the key column: the rows between the title and "Reading the numbers", 2 spaces in, up to
# 2 spaces before the text
tui_cap $S | awk '/Keys \(Esc goes back\)/ { on = 1; next } /Reading the numbers/ { on = 0 }
	on && /^  [^ ]/ { k = substr($0, 3, 12); sub(/ +$/, "", k); print k }' >"$TMPD/keys"
tui_quit $S >/dev/null
n=$(wc -l <"$TMPD/keys")
if [ "$n" -ge 20 ]; then pass help_lists_keys; else fail help_lists_keys "$n rows: $(tr '\n' '|' <"$TMPD/keys")"; fi
no_readme="" no_man=""
for k in $(cat "$TMPD/keys"); do
	grep -qF -- "\`$k\`" "$root/README.md" || no_readme="$no_readme $k"
	mk=$(printf '%s' "$k" | sed 's/-/\\-/g')
	grep -qF -- "\\fB$mk\\fR" "$root/pmutop.1" || no_man="$no_man $k"
done
[ -z "$no_readme" ] && pass readme_has_every_help_key || fail readme_has_every_help_key "README.md lacks:$no_readme"
[ -z "$no_man" ] && pass man_has_every_help_key || fail man_has_every_help_key "pmutop.1 lacks:$no_man"
# the man page has the sections a user looks for
for sec in KEYS FILES ENVIRONMENT 'EXIT STATUS' EXAMPLES; do
	if grep -q "^\.SH $sec\$" "$root/pmutop.1"; then pass "man_section_$(echo "$sec" | tr ' ' _)"; else fail "man_section_$(echo "$sec" | tr ' ' _)" missing; fi
done
t_done
