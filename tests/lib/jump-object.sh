#!/usr/bin/env bash
# jump-object.sh <n>: an x86-64 assembler file, on stdout, of <n> local
# functions in .text whose jumps add_jump_destinations() treats in every
# way it can: a conditional jump inside the function; a tail call to the
# next function (no relocation: a sibling call only because it lands on a
# function's start); a loop back to the function's own start; a jump into
# the middle of the next function; and, after every fourth function, code
# of no symbol that jumps inside itself and then to a function.
set -euo pipefail

n=${1:?usage: jump-object.sh <functions>}

# shellcheck source=asm-symbols.sh
. "$(dirname "$0")/asm-symbols.sh"

printf '\t.section .text, "ax"\n'
for ((k = 0; k < n; k++)); do
	next=l_$(((k + 1) % n))
	case $((k % 4)) in
	0) local_func "l_$k" "\\ttest %edi, %edi\\n\\tjz 1f\\n\\tnop\\n1:\\tjmp $next\\n" ;;
	1) local_func "l_$k" "\\tdec %edi\\n\\tjnz l_$k\\n\\tret\\n" ;;
	2) local_func "l_$k" "\\ttest %edi, %edi\\n\\tjnz .Lmid_$((k + 1))\\n\\tret\\n" ;;
	3)
		local_func "l_$k" "\\tnop\\n.Lmid_$k:\\n\\tret\\n"
		printf '.Lhole_%s:\n\ttest %%edi, %%edi\n\tjz 1f\n\tnop\n1:\tjmp %s\n' "$k" "$next"
		;;
	esac
done
