#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# tui_save_owner.sh: S as root under sudo (issue 26): the folders it makes in the user's home
# (~/.config, ~/.config/pmutop) and the config are the user's, not root's, and a config the user
# already has keeps its owner and mode. "The user" is nobody (65534), which needs root to arrange.
TUI_LIB=1
. "$(dirname "$0")/tmuxlib.sh"
if [ "$(id -u)" != 0 ]; then skip all "needs root (S as root for another user)"; exit 0; fi

H="$TMPD/home"
mkdir -p "$H"
chown 65534:65534 "$H"
chmod 0750 "$H"
S=so
TUI_ENV="env -u XDG_CONFIG_HOME HOME=$H SUDO_UID=65534" tui_run $S 160 30 --sim spr-2s
tui_wait $S '^0 +0 +0 ' 10 || fail start "$(tui_dump $S)"
tui_keys $S S
conf="$H/.config/pmutop/pmutop.conf"
if tui_wait $S "saved to $conf" 5; then
	owners=$(stat -c '%u:%g %a' "$H/.config" "$H/.config/pmutop" "$conf" | tr '\n' ' ')
	if [ "$owners" = "65534:65534 755 65534:65534 755 65534:65534 644 " ]; then
		pass new_folders_are_the_users
	else
		fail new_folders_are_the_users "owner:group mode of .config, pmutop, the file: $owners"
	fi
else
	fail new_folders_are_the_users "$(tui_dump $S)"
fi
tui_quit $S >/dev/null

# the user's own config, mode 0600: S rewrites it and it stays theirs, 0600
printf '# mine\n[display]\nhistory = 4\n' >"$conf"
chown 65534:65534 "$conf"
chmod 0600 "$conf"
S=s2
TUI_ENV="env -u XDG_CONFIG_HOME HOME=$H SUDO_UID=65534" tui_run $S 160 30 --sim spr-2s
tui_wait $S '^0 +0 +0 ' 10 || fail start2 "$(tui_dump $S)"
tui_keys $S + S
if tui_wait $S "saved to $conf" 5 && grep -q '^# mine' "$conf" && grep -Eq '^interval *= *0\.5' "$conf" &&
	[ "$(stat -c '%u:%g %a' "$conf")" = "65534:65534 600" ]; then
	pass existing_config_keeps_owner_and_mode
else
	fail existing_config_keeps_owner_and_mode "$(stat -c '%u:%g %a' "$conf") $(tui_dump $S)"
fi
tui_quit $S >/dev/null
t_done
