#!/usr/bin/env bash
# Print "<file offset> <size>" (decimal) of one section of an ELF object,
# or fail if it has no such section.
#
#   elf-section.sh <object> <section-name>
set -euo pipefail

"$(dirname "$0")/elf-sections.sh" "$1" |
	gawk -v name="$2" -v file="$1" '!found && $2 == name { print $5, $6; found = 1 }
	     END { if (!found) { print "no section " name " in " file > "/dev/stderr"; exit 1 } }'
