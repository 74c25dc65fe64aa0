#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
"""include_graph.py: read the #include "..." lines under src/ and fail on a cycle between folders or
between modules (a module is NAME.c with its NAME.h, and NAME_impl.h, the private part it shares
with its sibling files), and on a folder that includes from a folder above it in LAYERS.

  scripts/include_graph.py [SRC_DIR]        exit 0 when clean, 1 with the cycles named
  scripts/include_graph.py --dot [SRC_DIR]  the folder graph in Graphviz form
"""
import os
import re
import sys

INC = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)

# The folders from the top down: each may include from itself and from folders below it.
LAYERS = [
    '.',            # main.c
    'cmd',          # the program's top: options, modes, batch loop
    'ui',           # the ncurses front end: the loop, the view table, the mouse
    'ui/views',     # one file per view with its own state; what they share (view.h)
    'ui/widgets',   # what the views draw with: text, columns, formats, colours, keys, layout
    'out',          # CSV, JSON, text, OpenMetrics, reports
    'app',          # the running session: sources, the event list's owners, derived figures
    'fleet',        # the fleet engine: many hosts' rows from a Prometheus query API or their exporters
    'config',       # settings and event sets
    'hw/sim',       # simulated machines
    'pci',          # PMON discovery through libpci
    'replay',       # perf stat -x recordings
    'hw/sample',    # sampling: rings, records, symbols, the hot functions
    'hw/perf',      # perf_event groups per CPU
    'hw/model',     # frames, budget, top-down
    'hw/events',    # the event language and the event list
    'hw/catalog',   # vendor event names
    'hw/sys',       # sysfs, /proc, the kernel seam, topology, PMUs
    'base',         # the error convention and other helpers every layer uses
]


def modules(src):
    """Map 'folder/name' -> list of file paths (name.c, name.h)."""
    mods = {}
    for dirpath, _, files in os.walk(src):
        for f in files:
            if f.endswith(('.c', '.h')):
                rel = os.path.relpath(os.path.join(dirpath, f), src)
                mod = os.path.splitext(rel)[0]
                if mod.endswith('_impl'):
                    mod = mod[:-len('_impl')]
                mods.setdefault(mod, []).append(rel)
    return mods


def resolve(src, from_rel, inc):
    """An include as the compiler finds it: beside the file first, then under src/ (-Isrc)."""
    here = os.path.normpath(os.path.join(os.path.dirname(from_rel), inc))
    if os.path.exists(os.path.join(src, here)):
        return here
    if os.path.exists(os.path.join(src, inc)):
        return os.path.normpath(inc)
    return None


def edges(src, mods):
    mod_edges, missing = {}, []
    for mod, files in mods.items():
        out = mod_edges.setdefault(mod, set())
        for rel in files:
            with open(os.path.join(src, rel), encoding='utf-8', errors='replace') as fh:
                for inc in INC.findall(fh.read()):
                    target = resolve(src, rel, inc)
                    if target is None:
                        missing.append((rel, inc))
                        continue
                    tmod = os.path.splitext(target)[0]
                    if tmod.endswith('_impl'):
                        tmod = tmod[:-len('_impl')]
                    if tmod != mod:
                        out.add(tmod)
    return mod_edges, missing


def folder(mod):
    d = os.path.dirname(mod)
    return d if d else '.'


def sccs(graph):
    """Tarjan's strongly connected components, iteratively (no recursion limit)."""
    index, low, on, stack, out, n = {}, {}, set(), [], [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = n[0]; n[0] += 1; stack.append(root); on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = n[0]; n[0] += 1; stack.append(w); on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop(); on.discard(w); comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def main(argv):
    dot = '--dot' in argv
    args = [a for a in argv if a != '--dot']
    src = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src')
    mods = modules(src)
    mod_edges, missing = edges(src, mods)
    fold = {}
    for m, outs in mod_edges.items():
        for t in outs:
            if folder(m) != folder(t):
                fold.setdefault(folder(m), set()).add(folder(t))
        fold.setdefault(folder(m), set())
    if dot:
        print('digraph folders {')
        for f in sorted(fold):
            for t in sorted(fold[f]):
                print(f'  "{f}" -> "{t}";')
        print('}')
        return 0
    bad = 0
    for rel, inc in missing:
        print(f'include_graph: {rel}: #include "{inc}" names no file under {src}')
        bad += 1
    for comp in sccs(fold):
        print('include_graph: folder cycle: ' + ' <-> '.join(comp))
        for f in comp:
            print(f'  {f} includes from ' + ', '.join(sorted(t for t in fold[f] if t in comp)))
        bad += 1
    for f in sorted(fold):
        if f not in LAYERS:
            print(f'include_graph: folder {f} is not in LAYERS (scripts/include_graph.py): place it')
            bad += 1
            continue
        for t in sorted(fold[f]):
            if t in LAYERS and LAYERS.index(t) < LAYERS.index(f):
                print(f'include_graph: {f} includes from {t}, a folder above it')
                bad += 1
    for comp in sccs(mod_edges):
        print('include_graph: file cycle: ' + ' <-> '.join(comp))
        bad += 1
    nf = len(fold)
    print(f'include_graph: {len(mods)} modules in {nf} folders, {bad} problem(s)')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
