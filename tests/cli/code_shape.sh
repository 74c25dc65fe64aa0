#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# code_shape.sh: the architecture holds (docs/architecture.md): no folder includes from a folder above
# it, no include circle between folders or files, no function over 120 lines, no folder of more than
# about 15 .c files. The checkers themselves are checked on small trees that break each rule.
. "$(dirname "$0")/../lib.sh"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
check includes_layered python3 "$ROOT/scripts/include_graph.py" "$ROOT/src"
check code_within_limits python3 "$ROOT/scripts/code_shape.py" "$ROOT/src"

# A file circle, a folder circle and a layer break must each be found.
T=$TMPD/src
mkdir -p "$T/hw/sys" "$T/app" "$T/base"
printf '#include "b.h"\n' > "$T/base/a.h"; printf '#include "a.h"\n' > "$T/base/b.h"
: > "$T/app/x.c"; printf '#include "app/x.h"\n' > "$T/hw/sys/y.c"; : > "$T/app/x.h"
python3 "$ROOT/scripts/include_graph.py" "$T" > "$TMPD/out" 2>&1
if grep -q 'file cycle: base/a <-> base/b' "$TMPD/out" && grep -q 'hw/sys includes from app, a folder above it' "$TMPD/out"; then
	pass finds_cycles_and_breaks
else fail finds_cycles_and_breaks "$(cat "$TMPD/out")"; fi
# A long function and a crowded folder must each be found.
mkdir -p "$T/many"
for i in $(seq 1 17); do : > "$T/many/f$i.c"; done
{ printf 'int long_one(void)\n{\n'; for i in $(seq 1 125); do printf '\t(void)0;\n'; done; printf '}\n'; } > "$T/many/f1.c"
python3 "$ROOT/scripts/code_shape.py" "$T" > "$TMPD/out" 2>&1
if grep -q 'many holds 17 .c files' "$TMPD/out" && grep -q 'many/f1.c:2: long_one is 127 lines' "$TMPD/out"; then
	pass finds_long_and_crowded
else fail finds_long_and_crowded "$(cat "$TMPD/out")"; fi
t_done
