#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# screen_canon.py: `tmux capture-pane -p -e -N` on stdin, written in one canonical form on stdout, so
# that the same screen always reads the same: tmux writes each attribute change relative to the cell
# before (across lines), and a blank cell it has erased differs from one never written; both depend
# on the order of the program's earlier redraws, not on what is shown. Here each line starts from
# the default attributes, each change is written whole (ESC[0;...m) and the line ends with ESC[0m
# when it changed any; trailing blanks that show nothing (no background, not reversed) are dropped.
import re
import sys

TOKEN = re.compile(r"\x1b\[([0-9;]*)m|\x1b\(([0B])|(.)", re.S)


def sgr(state, params):
    """Apply one SGR sequence's parameters to state (attrs set, fg, bg)."""
    attrs, fg, bg = state
    p = [int(x) if x else 0 for x in params.split(";")] if params else [0]
    i = 0
    while i < len(p):
        c = p[i]
        if c == 0:
            attrs, fg, bg = frozenset(), None, None
        elif c in (1, 2, 3, 4, 5, 7, 8, 9):
            attrs = attrs | {c}
        elif c == 22:
            attrs = attrs - {1, 2}
        elif c in (23, 24, 25, 27, 28, 29):
            attrs = attrs - {c - 20}
        elif 30 <= c <= 37 or 90 <= c <= 97:
            fg = str(c)
        elif 40 <= c <= 47 or 100 <= c <= 107:
            bg = str(c)
        elif c in (38, 48) and i + 1 < len(p):
            n = 3 if p[i + 1] == 5 else 5 if p[i + 1] == 2 else 2
            val = ";".join(str(x) for x in p[i:i + n])
            if c == 38:
                fg = val
            else:
                bg = val
            i += n - 1
        elif c == 39:
            fg = None
        elif c == 49:
            bg = None
        i += 1
    return (frozenset(attrs), fg, bg)


def code(state, acs):
    attrs, fg, bg = state
    parts = ["0"] + [str(a) for a in sorted(attrs)] + [x for x in (fg, bg) if x]
    return "\x1b[" + ";".join(parts) + "m" + ("\x1b(0" if acs else "")


def main():
    default = (frozenset(), None, None)
    state, acs = default, False
    text = sys.stdin.read()
    for line in (text[:-1] if text.endswith("\n") else text).split("\n"):
        cells = []
        for m in TOKEN.finditer(line):
            if m.group(1) is not None:
                state = sgr(state, m.group(1))
            elif m.group(2) is not None:
                acs = m.group(2) == "0"
            else:
                cells.append((m.group(3), state, acs))
        while cells and cells[-1][0] == " " and cells[-1][1][2] is None and 7 not in cells[-1][1][0]:
            cells.pop()
        out, cur = [], (default, False)
        for ch, st, a in cells:
            if (st, a) != cur:
                out.append(code(st, a) if (st, a) != (default, False) else "\x1b[0m\x1b(B" if cur[1] else "\x1b[0m")
                cur = (st, a)
            out.append(ch)
        if cur != (default, False):
            out.append("\x1b[0m" + ("\x1b(B" if cur[1] else ""))
        sys.stdout.write("".join(out) + "\n")


main()
