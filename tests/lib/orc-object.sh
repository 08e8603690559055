#!/usr/bin/env bash
# orc-object.sh <n>: an x86-64 assembler file, on stdout, for the ORC
# tables: <n> functions back to back (no padding, so a function's first
# instruction follows one with an entry), where every fourth from the
# second is STACK_FRAME_NON_STANDARD (no entry: the join must add one where
# a range starts there), every fourth from the third holds an alternative,
# and every eighth from the seventh starts inside the alternative of the
# one before (the walk must go on from the alternative's end, not from the
# function).
set -euo pipefail

n=${1:?usage: orc-object.sh <functions>}

alt() {	# alt <label>: an alt_instr entry for <label>'s two bytes
	printf '\t.pushsection .altinstructions, "a"\n'
	printf '\t.long %s_orig - .\n\t.long %s_repl - .\n\t.long 0\n' "$1" "$1"
	printf '\t.byte 2\n\t.byte 2\n\t.popsection\n'
	printf '\t.pushsection .altinstr_replacement, "ax"\n'
	printf '%s_repl:\n\txor %%eax, %%eax\n\t.popsection\n' "$1"
}

printf '\t.text\n'
for ((k = 0; k < n; k++)); do
	f=f_$k
	printf '\t.globl %s\n\t.type %s, @function\n%s:\n' "$f" "$f" "$f"
	if ((k % 8 == 6)); then
		# The alternative's second byte is the next function's first,
		# its first at another stack depth, so that where the walk
		# starts shows in the entries.
		printf '\tpush %%rbx\n%s_orig:\n\tnop\n' "$f"
		printf '\t.size %s, .-%s\n' "$f" "$f"
		alt "$f"
		continue
	fi
	if ((k % 8 == 7)); then
		printf '\tnop\n\tret\n\t.size %s, .-%s\n' "$f" "$f"
		continue
	fi
	if ((k % 4 == 2)); then
		printf '%s_orig:\n\tnop\n\tnop\n' "$f"
		alt "$f"
	fi
	printf '\tpush %%rbx\n\tpop %%rbx\n\tret\n\t.size %s, .-%s\n' "$f" "$f"
	if ((k % 4 == 1)); then
		printf '\t.pushsection .discard.func_stack_frame_non_standard, "aw"\n'
		printf '\t.quad %s\n\t.popsection\n' "$f"
	fi
done
