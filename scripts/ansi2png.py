#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
"""ansi2png.py: render a terminal capture with ANSI colours (tmux capture-pane -e -p) to a PNG.

Usage: ansi2png.py CAPTURE.txt OUT.png [--cols N] [--rows N] [--title TEXT]
Needs Pillow and a monospace TrueType font (DejaVu Sans Mono, from fonts-dejavu-core).
"""
import re
import sys

from PIL import Image, ImageDraw, ImageFont

FONT_DIRS = ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF"]
FONT_SIZE = 15
# a dark theme close to common terminal defaults (xterm colours, softened)
PALETTE = [
    (0x1c, 0x1c, 0x1c), (0xcd, 0x3c, 0x3c), (0x4e, 0xc9, 0x4e), (0xd7, 0xba, 0x3d),
    (0x4a, 0x7d, 0xd6), (0xb8, 0x5c, 0xc9), (0x3c, 0xb8, 0xc9), (0xd0, 0xd0, 0xd0),
    (0x6c, 0x6c, 0x6c), (0xf0, 0x5a, 0x5a), (0x6e, 0xe9, 0x6e), (0xf5, 0xdc, 0x5a),
    (0x6e, 0x9d, 0xf6), (0xd8, 0x7c, 0xe9), (0x5c, 0xd8, 0xe9), (0xff, 0xff, 0xff),
]
DEFAULT_FG = (0xd0, 0xd0, 0xd0)
DEFAULT_BG = (0x12, 0x14, 0x18)
SGR = re.compile(r"\x1b\[([0-9;:]*)m")
OTHER_ESC = re.compile(r"\x1b(\[[0-9;?]*[A-Za-z]|\][^\x07]*\x07|[()][A-Z0-9])")


def xterm256(n):
    if n < 16:
        return PALETTE[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return (steps[n // 36], steps[(n // 6) % 6], steps[n % 6])
    v = 8 + (n - 232) * 10
    return (v, v, v)


class Style:
    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = None
        self.bg = None
        self.bold = self.dim = self.underline = self.reverse = False

    def copy(self):
        s = Style()
        s.__dict__.update(self.__dict__)
        return s

    def apply(self, params):
        codes = [int(p) if p else 0 for p in re.split(r"[;:]", params)] if params else [0]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0:
                self.reset()
            elif c == 1:
                self.bold = True
            elif c == 2:
                self.dim = True
            elif c == 4:
                self.underline = True
            elif c == 7:
                self.reverse = True
            elif c == 22:
                self.bold = self.dim = False
            elif c == 24:
                self.underline = False
            elif c == 27:
                self.reverse = False
            elif 30 <= c <= 37:
                self.fg = PALETTE[c - 30]
            elif c == 39:
                self.fg = None
            elif 40 <= c <= 47:
                self.bg = PALETTE[c - 40]
            elif c == 49:
                self.bg = None
            elif 90 <= c <= 97:
                self.fg = PALETTE[c - 90 + 8]
            elif 100 <= c <= 107:
                self.bg = PALETTE[c - 100 + 8]
            elif c in (38, 48) and i + 1 < len(codes):
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    col = xterm256(codes[i + 2])
                    i += 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    col = tuple(codes[i + 2:i + 5])
                    i += 4
                else:
                    col = None
                if c == 38:
                    self.fg = col
                else:
                    self.bg = col
                i += 1
            i += 1

    def colours(self):
        fg = self.fg or DEFAULT_FG
        bg = self.bg or DEFAULT_BG
        if self.bold and self.fg in PALETTE[:8]:
            fg = PALETTE[PALETTE.index(self.fg) + 8]
        if self.reverse:
            fg, bg = (self.bg or DEFAULT_BG), (self.fg or DEFAULT_FG)
        if self.dim:
            fg = tuple((a + b) // 2 for a, b in zip(fg, bg))
        return fg, bg


def parse(text):
    """Lines of (char, Style) cells."""
    rows = []
    style = Style()
    for line in text.split("\n"):
        cells = []
        pos = 0
        while pos < len(line):
            m = SGR.match(line, pos)
            if m:
                style.apply(m.group(1))
                pos = m.end()
                continue
            m = OTHER_ESC.match(line, pos)
            if m:
                pos = m.end()
                continue
            ch = line[pos]
            if ch == "\r":
                pos += 1
                continue
            cells.append((ch, style.copy()))
            pos += 1
        rows.append(cells)
    while rows and not rows[-1]:
        rows.pop()
    return rows


def find_font(name):
    for d in FONT_DIRS:
        try:
            return ImageFont.truetype(f"{d}/{name}", FONT_SIZE)
        except OSError:
            continue
    sys.exit(f"ansi2png: font {name} not found (install fonts-dejavu-core)")


def render(rows, cols, nrows, title, out):
    font = find_font("DejaVuSansMono.ttf")
    bold = find_font("DejaVuSansMono-Bold.ttf")
    left, top, right, bottom = font.getbbox("M")
    cw = round(font.getlength("M"))
    ch = FONT_SIZE + 4
    pad = 10
    bar = 26 if title else 0
    w = cols * cw + 2 * pad
    h = nrows * ch + 2 * pad + bar
    img = Image.new("RGB", (w, h), DEFAULT_BG)
    d = ImageDraw.Draw(img)
    if title:
        d.rectangle([0, 0, w, bar], fill=(0x2a, 0x2d, 0x34))
        for i, c in enumerate([(0xff, 0x5f, 0x57), (0xfe, 0xbc, 0x2e), (0x28, 0xc8, 0x40)]):
            d.ellipse([10 + i * 18, 8, 20 + i * 18, 18], fill=c)
        d.text((70, 5), title, font=font, fill=(0xb0, 0xb0, 0xb0))
    for y, cells in enumerate(rows[:nrows]):
        py = pad + bar + y * ch
        for x, (c, st) in enumerate(cells[:cols]):
            fg, bg = st.colours()
            px = pad + x * cw
            if bg != DEFAULT_BG:
                d.rectangle([px, py, px + cw - 1, py + ch - 1], fill=bg)
            if c in "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588":
                # block elements drawn as boxes so they sit on the cell's baseline
                level = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588".index(c) + 1
                bh = round(ch * level / 8)
                d.rectangle([px, py + ch - bh, px + cw - 1, py + ch - 1], fill=fg)
            elif c != " ":
                d.text((px, py + 1), c, font=bold if st.bold else font, fill=fg)
            if st.underline:
                d.line([px, py + ch - 2, px + cw - 1, py + ch - 2], fill=fg)
    img.save(out)


def main(argv):
    args = [a for a in argv[1:]]
    opts = {"--cols": None, "--rows": None, "--title": None}
    pos = []
    i = 0
    while i < len(args):
        if args[i] in opts and i + 1 < len(args):
            opts[args[i]] = args[i + 1]
            i += 2
        else:
            pos.append(args[i])
            i += 1
    if len(pos) != 2:
        sys.exit(__doc__)
    with open(pos[0], encoding="utf-8", errors="replace") as f:
        rows = parse(f.read())
    cols = int(opts["--cols"]) if opts["--cols"] else max((len(r) for r in rows), default=80)
    nrows = int(opts["--rows"]) if opts["--rows"] else len(rows)
    render(rows, cols, nrows, opts["--title"], pos[1])


if __name__ == "__main__":
    main(sys.argv)
