#!/usr/bin/env bash
# Print "<file offset> <size>" (decimal) of one section of an ELF object,
# or fail if it has no such section.
#
#   elf-section.sh <object> <section-name>
set -euo pipefail

readelf -S -W "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
	gawk -v name="$2" '$1 == name { print strtonum("0x" $4), strtonum("0x" $5); found = 1; exit }
	     END { if (!found) { print "no section " name " in " FILENAME > "/dev/stderr"; exit 1 } }'
