#!/usr/bin/env bash
# Print the section table of an ELF object, one section per line:
# "<index> <name> <type> <address> <offset> <size>", the address in hex as
# readelf prints it (kernel addresses do not fit awk's doubles), offset and
# size in decimal.  The null section 0 is left out.  The one place the rig
# reads readelf's section table.
#
#   elf-sections.sh <object>
set -euo pipefail

readelf -S -W "$1" |
	gawk 'match($0, /^ *\[ *([0-9]+)\] (.*)/, m) && m[1] != 0 {
		split(m[2], f, " ")
		print m[1], f[1], f[2], f[3], strtonum("0x" f[4]), strtonum("0x" f[5])
	}'
