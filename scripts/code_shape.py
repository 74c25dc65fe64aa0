#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
"""code_shape.py: the limits that keep the code readable: no function over MAX_FUNC lines (from the
'{' that opens it in column 0 to its '}' in column 0), no folder with more than MAX_FILES .c files.

  scripts/code_shape.py [SRC_DIR]   exit 0 when within the limits, 1 with each breach named
"""
import os
import re
import sys

MAX_FUNC = 120
MAX_FILES = 16   # "about 15"

HEAD = re.compile(r'^[A-Za-z_][\w \*,()\[\]]*\(.*$')


def functions(path):
    """(name, first line, length) of each function body in a C file."""
    out, name, start = [], None, None
    with open(path, encoding='utf-8', errors='replace') as fh:
        lines = fh.read().split('\n')
    for i, line in enumerate(lines):
        if start is None and line == '{':
            j = i - 1
            while j >= 0 and not HEAD.match(lines[j]):
                j -= 1
            m = re.search(r'(\w+)\s*\(', lines[j]) if j >= 0 else None
            name, start = (m.group(1) if m else '?'), i
        elif start is not None and line == '}':
            out.append((name, start + 1, i - start + 1))
            start = None
    return out


def main(argv):
    src = argv[0] if argv else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src')
    bad = 0
    for dirpath, _, files in sorted(os.walk(src)):
        cs = sorted(f for f in files if f.endswith('.c'))
        rel = os.path.relpath(dirpath, src)
        if len(cs) > MAX_FILES:
            print(f'code_shape: {rel} holds {len(cs)} .c files (at most {MAX_FILES}): split it by subsystem')
            bad += 1
        for f in cs:
            for name, line, n in functions(os.path.join(dirpath, f)):
                if n > MAX_FUNC:
                    print(f'code_shape: {os.path.join(rel, f)}:{line}: {name} is {n} lines (at most {MAX_FUNC})')
                    bad += 1
    print(f'code_shape: {bad} problem(s)')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
