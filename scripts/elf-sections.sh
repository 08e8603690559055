#!/usr/bin/env bash
# Print the section table of an ELF object, one section per line:
# "<index> <name> <type> <address> <offset> <size> <flags> <alignment>", the
# address in hex as readelf prints it (kernel addresses do not fit awk's
# doubles), offset, size and alignment in decimal, flags as readelf's
# letters ("-" for none).  The null section 0 is left out.  The one place
# the rig reads readelf's section table.
#
#   elf-sections.sh <object>
set -euo pipefail

readelf -S -W "$1" |
	gawk 'match($0, /^ *\[ *([0-9]+)\] (.*)/, m) && m[1] != 0 {
		# Name Type Address Off Size ES [Flg] Lk Inf Al: Flg may be empty.
		n = split(m[2], f, " ")
		flags = n == 10 ? f[7] : "-"
		print m[1], f[1], f[2], f[3], strtonum("0x" f[4]), strtonum("0x" f[5]), flags, f[n]
	}'
