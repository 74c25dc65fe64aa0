# SPDX-License-Identifier: GPL-2.0-or-later
# Copyright (C) 2026 The pmutop authors
# mkcpio.py: write a directory as a gzip'd newc cpio archive (an initramfs), every entry owned by root.
# Python rather than cpio(1): no extra host package, and no fakeroot to make the files root's.
# Usage: python3 mkcpio.py DIR OUT.cpio.gz
import gzip
import os
import stat
import sys


def header(out, ino, mode, size, name, rdev=(0, 0), nlink=1):
    data = name.encode() + b"\0"
    fields = (ino, mode, 0, 0, nlink, 0, size, 0, 0, rdev[0], rdev[1], len(data), 0)
    out.write(b"070701" + b"".join(b"%08X" % f for f in fields) + data)
    out.write(b"\0" * (-(110 + len(data)) % 4))


def main():
    root, dest = sys.argv[1], sys.argv[2]
    ino = 1
    with gzip.open(dest, "wb", compresslevel=1) as out:
        # the console init writes to: the kernel opens /dev/console before running /init
        header(out, ino, stat.S_IFDIR | 0o755, 0, "dev", nlink=2)
        ino += 1
        header(out, ino, stat.S_IFCHR | 0o600, 0, "dev/console", rdev=(5, 1))
        for top, dirs, files in os.walk(root):
            dirs.sort()
            for name in sorted(dirs) + sorted(files):
                path = os.path.join(top, name)
                rel = os.path.relpath(path, root)
                if rel == "dev":
                    continue
                st = os.lstat(path)
                ino += 1
                if stat.S_ISLNK(st.st_mode):
                    target = os.readlink(path).encode()
                    header(out, ino, stat.S_IFLNK | 0o777, len(target), rel)
                    out.write(target + b"\0" * (-len(target) % 4))
                elif stat.S_ISDIR(st.st_mode):
                    header(out, ino, stat.S_IFDIR | stat.S_IMODE(st.st_mode), 0, rel, nlink=2)
                else:
                    with open(path, "rb") as f:
                        body = f.read()
                    header(out, ino, stat.S_IFREG | stat.S_IMODE(st.st_mode), len(body), rel)
                    out.write(body + b"\0" * (-len(body) % 4))
        header(out, 0, 0, 0, "TRAILER!!!")


if __name__ == "__main__":
    main()
