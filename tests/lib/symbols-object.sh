#!/usr/bin/env bash
# symbols-object.sh <n>: an x86-64 assembler file, on stdout, whose symbol
# table read_symbols() must add in table order (patch 0048): <n>
# functions over eight text sections, each after 16 bytes of NOPs (for
# --prefix=16) and with a second name at the same place (an alias: the
# one added last is every alias's alias), a local label of no size inside
# it (listed where the order of adding puts it).
set -euo pipefail

n=${1:?usage: symbols-object.sh <functions>}

for ((s = 0; s < 8; s++)); do
	printf '\t.section .text.s%s, "ax"\n' "$s"
	for ((k = s; k < n; k += 8)); do
		printf '\t.nops 16, 1\n'
		printf '\t.globl f_%s\n\t.type f_%s, @function\n' "$k" "$k"
		printf '\t.type a_%s, @function\n' "$k"
		printf 'f_%s:\na_%s:\n\tpush %%rbx\nl_%s:\n\tpop %%rbx\n\tret\n' "$k" "$k" "$k"
		printf '\t.size f_%s, .-f_%s\n\t.size a_%s, .-a_%s\n' "$k" "$k" "$k" "$k"
	done
done
