#!/usr/bin/env python3
"""Reverse the order of the fixed-size entries in a byte range of a file,
in place: a relocation section's entries, given its file offset and size
(scripts/elf-section.sh) and the size of one entry.

    reverse-entries.py <file> <offset> <size> <entry-size>
"""
import sys


def main():
    path = sys.argv[1]
    off, size, entsize = (int(a) for a in sys.argv[2:5])
    if entsize <= 0 or size % entsize:
        sys.exit(f"{path}: {size} bytes are not whole {entsize}-byte entries")
    with open(path, "r+b") as f:
        f.seek(off)
        data = f.read(size)
        entries = [data[i:i + entsize] for i in range(0, size, entsize)]
        f.seek(off)
        f.write(b"".join(reversed(entries)))


main()
