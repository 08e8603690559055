#!/usr/bin/env bash
# function-object.sh <n> <kind>: an x86-64 assembler file, on stdout, for
# validate_functions(), whose walks run on threads where they stay in their
# own function's code.  Each object has a .noinstr.text section first,
# whose functions always walk serially (noinstr), of one function per four
# of <n> that pushes and jumps to code of no function in .text.b; then
# <n> functions in .text.b:
#   own      functions that warn (a modified stack frame at a return, in
#            the function, in its .cold part, or after an alternative whose
#            replacement pushes), or not; no shared code
#   shared   every fourth jumps to the same code of no function as a
#            .noinstr.text function, with another stack depth: the later
#            walk to reach it warns (stack state mismatch), the earlier
#            one does not
#   foreign  every fourth is a local function symbol whose code a global
#            notype symbol of the same place and size takes: its walk has
#            no function and goes where it jumps, as in `shared`
set -euo pipefail

n=${1:?usage: function-object.sh <functions> <kind>}
kind=${2:?usage: function-object.sh <functions> <kind>}

# shellcheck source=asm-symbols.sh
. "$(dirname "$0")/asm-symbols.sh"

alt() {	# alt <label>: an alt_instr entry, 2 bytes replaced by a push
	printf '\t.pushsection .altinstructions, "a"\n'
	printf '\t.long %s_orig - .\n\t.long %s_repl - .\n\t.long 0\n' "$1" "$1"
	printf '\t.byte 2\n\t.byte 1\n\t.popsection\n'
	printf '\t.pushsection .altinstr_replacement, "ax"\n'
	printf '%s_repl:\n\tpush %%rax\n\t.popsection\n' "$1"
}

case $kind in
own|shared|foreign) ;;
*)
	echo "function-object.sh: unknown kind $kind" >&2
	exit 2
	;;
esac

printf '\t.section .noinstr.text, "ax"\n'
for ((g = 0; g < n / 4; g++)); do
	if [ "$kind" = own ]; then
		func "n_$g" '\tret\n'
	else
		func "n_$g" "\\tpush %rbx\\n\\tjmp .Ls_$g\\n"
	fi
done

printf '\t.section .text.b, "ax"\n'
for ((k = 0; k < n; k++)); do
	if ((k % 4 == 3)) && [ "$kind" != own ]; then
		g=$((k / 4))
		if [ "$kind" = shared ]; then
			func "s_$g" "\\tjmp .Ls_$g\\n"
		else
			# x_ first in the symbol table (local), y_ after it
			# at the same place, so y_ is the code's symbol.
			printf '\t.type x_%s, @function\nx_%s:\n' "$g" "$g"
			printf '\t.globl y_%s\n\t.type y_%s, @notype\ny_%s:\n' "$g" "$g" "$g"
			printf '\tjmp .Ls_%s\n' "$g"
			printf '\t.size y_%s, .-y_%s\n\t.size x_%s, .-x_%s\n' "$g" "$g" "$g" "$g"
		fi
		# In the hole after the function: code of no function.
		printf '.Ls_%s:\n\tnop\n\tret\n' "$g"
		continue
	fi
	case $((k % 4)) in
	0) func "f_$k" '\tpush %rbx\n\tret\n' ;;
	1) func "f_$k" '\ttest %eax, %eax\n\tjz 1f\n\tpush %rbx\n\tpop %rbx\n1:\tret\n' ;;
	2)	# a .cold part that returns with a pushed register
		func "f_$k" "\\ttest %eax, %eax\\n\\tjnz f_$k.cold\\n\\tret\\n"
		local_func "f_$k.cold" '\tpush %rbx\n\tret\n'
		;;
	3)	# an alternative whose replacement pushes
		func "f_$k" "f_${k}_orig:\\n\\tnop\\n\\tnop\\n\\tret\\n"
		alt "f_$k"
		;;
	esac
done
