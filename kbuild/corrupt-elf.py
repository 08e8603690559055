#!/usr/bin/env python3
"""Bad copies of a 64-bit little-endian ELF object or executable, for the
tests that feed modpost, kallsyms and sorttable bad input.

    corrupt-elf.py [--straddle] [--section NAME]... [--symbol NAME]... <elf> <dir>

writes <dir>/<case>.o (<dir>/<case> for an executable) for each case
below and lists the case names on stdout, one a line; with --straddle,
fails (exit 3, writing nothing) unless the file's section header table
crosses a page boundary, so that some truncations straddle the end of the
last mapped page.  Each case breaks one thing a reader must check before
it reads through it: the file's length (truncations, among them ones whose
section header table straddles the end of the last mapped page), the ELF
class, the section header table, a section's extent or name, the string
tables' links and terminating NULs, the symbol table's entry size, a
symbol's name or section, a relocation's symbol or target.  --section NAME
adds cases for that section: its size or offset past the end of the file,
its size one byte short of whole entries; --symbol NAME, for that symbol:
its name, section index and value out of range.
"""
import struct
import sys

EHDR = struct.Struct('<16sHHIQQQIHHHHHH')
SHDR = struct.Struct('<IIQQQQIIQQ')
SYM = struct.Struct('<IBBHQQ')
SHT_SYMTAB, SHT_STRTAB, SHT_RELA, SHT_NOBITS = 2, 3, 4, 8
ET_REL, ET_EXEC = 1, 2


def main():
    args = sys.argv[1:]
    need_straddle = False
    sections, symbols = [], []
    while args and args[0].startswith('--'):
        opt = args.pop(0)
        if opt == '--straddle':
            need_straddle = True
        elif opt == '--section':
            sections.append(args.pop(0).encode())
        elif opt == '--symbol':
            symbols.append(args.pop(0).encode())
        else:
            sys.exit(f'corrupt-elf.py: unknown option {opt}')
    src, out = args
    data = open(src, 'rb').read()
    ehdr = list(EHDR.unpack_from(data))
    if data[:4] != b'\x7fELF' or data[4] != 2 or data[5] != 1 or ehdr[1] not in (ET_REL, ET_EXEC):
        sys.exit(f'{src}: not a 64-bit little-endian ELF object or executable')
    ext = '.o' if ehdr[1] == ET_REL else ''
    shoff, shnum, shstrndx = ehdr[6], ehdr[12], ehdr[13]
    secs = [list(SHDR.unpack_from(data, shoff + i * SHDR.size)) for i in range(shnum)]

    def shdr_at(i):
        return shoff + i * SHDR.size

    def first(kind):
        return next(i for i, s in enumerate(secs) if s[1] == kind)

    cases = {}

    def case(name, blob):
        cases[name] = bytes(blob)

    def with_ehdr(index, value):
        e = list(ehdr)
        e[index] = value
        b = bytearray(data)
        EHDR.pack_into(b, 0, *e)
        return b

    def with_shdr(i, field, value):
        s = list(secs[i])
        s[field] = value
        b = bytearray(data)
        SHDR.pack_into(b, shdr_at(i), *s)
        return b

    size = len(data)
    case('empty', b'')
    case('short-header', data[:40])
    for n in sorted({64, shoff // 2, shoff - 1, shoff + 1, size - 1}):
        case(f'truncated-{n}', data[:n])
    # Cut inside the section header table so that the table runs past the
    # page the cut ends in: a reader that maps the file reads past the
    # mapping there.
    straddling = [n for n in range(shoff + 1, shoff + shnum * SHDR.size, 64)
                  if -(-n // 4096) * 4096 < shoff + shnum * SHDR.size]
    if need_straddle and not straddling:
        sys.exit(3)
    for n in straddling[:3]:
        case(f'truncated-{n}', data[:n])
    b = bytearray(data)
    b[4] = 1
    case('wrong-class', b)
    case('shoff-past-end', with_ehdr(6, size - 8))
    case('shnum-huge', with_ehdr(12, 0xfff0))
    case('shstrndx-huge', with_ehdr(13, 0xfe00))
    loaded = next(i for i, s in enumerate(secs) if i and s[1] != SHT_NOBITS)
    case('section-offset-past-end', with_shdr(loaded, 4, size * 2))
    symtab = first(SHT_SYMTAB)
    case('symtab-size-past-end', with_shdr(symtab, 5, size * 2))
    case('section-name-huge', with_shdr(loaded, 0, 0xffffff))
    case('symtab-link-huge', with_shdr(symtab, 6, 0xfff0))
    sym1 = secs[symtab][4] + SYM.size
    b = bytearray(data)
    struct.pack_into('<I', b, sym1, 0xffffffff)
    case('symbol-name-huge', b)
    b = bytearray(data)
    struct.pack_into('<H', b, sym1 + 6, 0xfe00)
    case('symbol-section-huge', b)
    rela = next((i for i, s in enumerate(secs) if s[1] == SHT_RELA), None)
    if rela is not None:
        b = bytearray(data)
        r_info = struct.unpack_from('<Q', b, secs[rela][4] + 8)[0]
        struct.pack_into('<Q', b, secs[rela][4] + 8, (0xffffff << 32) | (r_info & 0xffffffff))
        case('relocation-symbol-huge', b)
        case('relocation-target-huge', with_shdr(rela, 7, 0xfff0))
    names = data[secs[shstrndx][4]:secs[shstrndx][4] + secs[shstrndx][5]]

    def section_name(s):
        return names[s[0]:].split(b'\0', 1)[0]
    for i, s in enumerate(secs):
        if section_name(s) == b'.modinfo' and s[5]:
            b = bytearray(data)
            b[s[4] + s[5] - 1] = ord('x')
            case('modinfo-without-nul', b)

    if sections or symbols:
        # The string tables' last NULs and the symbols' entry size: only
        # where asked for, as the cases above are what modpost's test has.
        strtab = secs[symtab][6]
        for i, what in ((strtab, 'strtab'), (shstrndx, 'shstrtab')):
            b = bytearray(data)
            b[secs[i][4] + secs[i][5] - 1] = ord('x')
            case(f'{what}-without-nul', b)
        case('symtab-entsize-zero', with_shdr(symtab, 9, 0))
    for want in sections:
        i = next((i for i, s in enumerate(secs) if section_name(s) == want), None)
        if i is None:
            sys.exit(f'{src}: no section {want.decode()}')
        w = want.decode().lstrip('.')
        case(f'{w}-size-past-end', with_shdr(i, 5, size - secs[i][4] + 1))
        case(f'{w}-offset-past-end', with_shdr(i, 4, size - secs[i][5] // 2))
        case(f'{w}-size-odd', with_shdr(i, 5, secs[i][5] - 1))
    sym_names = data[secs[strtab][4]:secs[strtab][4] + secs[strtab][5]] if symbols else b''
    for want in symbols:
        at = None
        for off in range(secs[symtab][4], secs[symtab][4] + secs[symtab][5], SYM.size):
            st_name = SYM.unpack_from(data, off)[0]
            if sym_names[st_name:].split(b'\0', 1)[0] == want:
                at = off
                break
        if at is None:
            sys.exit(f'{src}: no symbol {want.decode()}')
        w = want.decode()
        b = bytearray(data)
        struct.pack_into('<I', b, at, 0xfffffff0)
        case(f'{w}-name-huge', b)
        b = bytearray(data)
        struct.pack_into('<H', b, at + 6, 0xfe00)
        case(f'{w}-section-huge', b)
        b = bytearray(data)
        struct.pack_into('<Q', b, at + 8, 0xfffffffffffffff0)
        case(f'{w}-value-outside', b)

    for name, blob in cases.items():
        with open(f'{out}/{name}{ext}', 'wb') as f:
            f.write(blob)
        print(name)


if __name__ == '__main__':
    main()
