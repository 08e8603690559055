#!/usr/bin/env bash
# Name the ELF sections in which two objects differ: those whose headers
# differ and those holding differing bytes.
#
#   elf-diff.sh a.o b.o
set -euo pipefail

a=$1 b=$2

# "name offset size" for every section.
sections() {
	"$(dirname "$0")/elf-sections.sh" "$1" | gawk '{ print $2, $5, $6 }'
}

hdr_a=$(sections "$a") hdr_b=$(sections "$b")
if [ "$hdr_a" != "$hdr_b" ]; then
	echo "section headers differ:"
	diff <(echo "$hdr_a") <(echo "$hdr_b") | sed -n 's/^[<>] /  /p' | sort -u | head -20
fi

# cmp -l prints 1-based offsets; map the first 100000 to sections.
cmp -l "$a" "$b" 2>/dev/null | head -n 100000 | awk '{ print $1 - 1 }' |
	gawk -v hdr="$hdr_a" '
	BEGIN {
		n = split(hdr, lines, "\n")
		for (i = 1; i <= n; i++) {
			split(lines[i], f, " ")
			name[i] = f[1]; off[i] = f[2]; size[i] = f[3]
		}
	}
	{
		where = "outside any section (ELF or section header)"
		for (i = 1; i <= n; i++)
			if ($1 >= off[i] && $1 < off[i] + size[i]) {
				where = name[i]
				break
			}
		count[where]++
	}
	END {
		for (w in count)
			printf "  %s: %d bytes differ\n", w, count[w]
	}' | sort
