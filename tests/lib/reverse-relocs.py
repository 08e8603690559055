#!/usr/bin/env python3
"""Write a copy of a 64-bit little-endian ELF object with the entries of
one SHT_RELA section in reverse order: the same relocations, not in offset
order, which linkers and assemblers always write and nothing requires.

    reverse-relocs.py <in.o> <out.o> <section-name>
"""
import struct
import sys

SHT_RELA = 4


def main():
    src, dst, name = sys.argv[1:4]
    data = bytearray(open(src, "rb").read())
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        sys.exit(f"{src}: not a 64-bit little-endian ELF object")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    if shnum == 0:
        shnum, = struct.unpack_from("<Q", data, shoff + 0x20)

    def shdr(i):
        return struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)

    strtab_off = shdr(shstrndx)[4]
    for i in range(shnum):
        sh_name, sh_type, _, _, off, size, _, _, _, entsize = shdr(i)
        end = data.index(b"\0", strtab_off + sh_name)
        if data[strtab_off + sh_name:end].decode() != name:
            continue
        if sh_type != SHT_RELA or entsize == 0:
            sys.exit(f"{src}: {name} is not a RELA section")
        entries = [data[off + j:off + j + entsize] for j in range(0, size, entsize)]
        data[off:off + size] = b"".join(reversed(entries))
        open(dst, "wb").write(data)
        return
    sys.exit(f"{src}: no section {name}")


main()
