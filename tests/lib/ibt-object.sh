#!/usr/bin/env bash
# ibt-object.sh <n>: an x86-64 assembler file, on stdout, for validate_ibt():
# two text sections of <n> functions each, every third without an ENDBR, two
# data sections of function pointers (the second with 5000, some to a
# function's second instruction).  Each function loads two others'
# addresses (the function and its second instruction) and one absolutely,
# so relocations reach ENDBRs (used: not sealed), functions without one and
# instructions past one (warned about, the first per function only), in
# other functions and other ranges; half the ENDBRs are never referenced
# and go to .ibt_endbr_seal.
set -euo pipefail

n=${1:?usage: ibt-object.sh <functions per section>}

for sec in .text .text.other; do
	printf '\t.section %s, "ax", @progbits\n' "$sec"
	for ((k = 0; k < n; k++)); do
		f=f${sec//./_}_$k
		# Only odd targets: the even ENDBRs stay unused.
		j=$(((k * 14 + 3) % n))
		g=f${sec//./_}_$j
		second=$((j % 3 ? 4 : 7))
		# Aligned, so no target directly follows a function with an
		# ENDBR (noendbr_range() would accept it).
		printf '\t.p2align 4\n\t.globl %s\n\t.type %s, @function\n%s:\n' "$f" "$f" "$f"
		if ((k % 3)); then
			printf '\tendbr64\n'
		fi
		printf '\tlea %s(%%rip), %%rax\n' "$g"
		printf '\tlea %s+%d(%%rip), %%rcx\n' "$g" "$second"
		printf '\tmovq $%s, %%rdx\n' "$g"
		printf '\tret\n\tint3\n\t.size %s, .-%s\n' "$f" "$f"
	done
done
printf '\t.data\n'
for ((k = 0; k < n; k += 5)); do
	printf '\t.quad f_text_%d\n' "$k"
done
# More than validate_ibt() looks up in one chunk of a data section's
# relocations (4096, 0044): functions and their second instructions.
printf '\t.section .data.more, "aw"\n'
for ((r = 0; r < 5000; r++)); do
	k=$(((r * 7) % n))
	if ((r % 2)); then
		printf '\t.quad f_text_other_%d+%d\n' "$k" "$((k % 3 ? 4 : 7))"
	else
		printf '\t.quad f_text_%d\n' "$k"
	fi
done
