#!/usr/bin/env python3
"""Plant data that decodes across function symbols: for each function
start read from stdin (a file offset, decimal, one per line) whose first
instruction is endbr64 (f3 0f 1e fa) after a padding byte (nop or int3),
turn that byte into 0xe8.  The decoder then reads a 5-byte call whose
displacement is the endbr64 and lands on the function's second
instruction: the symbol is inside an instruction, nothing is undecodable.
Prints how many were planted.

    plant-overruns.py <object> < offsets
"""
import sys

ENDBR64 = b"\xf3\x0f\x1e\xfa"


def main():
    planted = 0
    with open(sys.argv[1], "r+b") as f:
        for line in sys.stdin:
            if not line.strip():
                continue
            off = int(line)
            f.seek(off - 1)
            head = f.read(5)
            if head[0] in (0x90, 0xCC) and head[1:] == ENDBR64:
                f.seek(off - 1)
                f.write(b"\xe8")
                planted += 1
    print(planted)


main()
