#!/usr/bin/env bash
# walk-object.sh <n> <kind>: an x86-64 assembler file, on stdout, of <n>
# functions for one of the whole-text walks that act on a few
# instructions, each with warnings whose order or number depends on what
# the walk did before:
#   retpoline  indirect jumps and calls, naked returns; a function's second
#              one is not reported (its symbol has warned already)
#   unret      VALIDATE_UNRET_BEGIN functions that return, call through a
#              register, or call a shared helper that returns (reported
#              for the first caller only: the helper is visited then)
#   hints      unwind hints on code no function start reaches, returning
#              with a modified stack; every third jumps on to a second hint,
#              which is then visited already
#   reachable  unreachable code after returns and noreturn calls, and code
#              in symbol holes that jumps to a .cold function, which makes
#              the .cold code ignored if it comes later in the file
set -euo pipefail

n=${1:?usage: walk-object.sh <functions> <kind>}
kind=${2:?usage: walk-object.sh <functions> <kind>}

# shellcheck source=asm-symbols.sh
. "$(dirname "$0")/asm-symbols.sh"

# hint <label>: an UNWIND_HINT_TYPE_CALL (sp + 8) at <label>
hint() {
	printf '%s:\n\t.pushsection .discard.unwind_hints\n' "$1"
	printf '\t.long %s - .\n\t.short 8\n\t.byte 5\n\t.byte 2\n\t.byte 0\n' "$1"
	printf '\t.balign 4\n\t.popsection\n'
}

unret_begin() {	# unret_begin <label>
	printf '%s:\n\t.pushsection .discard.validate_unret\n' "$1"
	printf '\t.long %s - .\n\t.popsection\n' "$1"
}

printf '\t.text\n'
for ((k = 0; k < n; k++)); do
	case $kind in
	retpoline)
		case $((k % 4)) in
		0) func "f_$k" '\tjmp *%rax\n' ;;
		1) func "f_$k" '\tcall *%rax\n\tcall *%rbx\n\tret\n' ;;
		2) func "f_$k" '\tret\n' ;;
		3) func "f_$k" '\tpush %rbx\n\tpop %rbx\n\tjmp f_0\n' ;;
		esac
		;;
	unret)
		# One helper for every 16 functions, called from 4 of them
		# in different ranges.
		if ((k % 16 == 0)); then
			func "h_$((k / 16))" '\tnop\n\tret\n'
		fi
		unret_begin ".Lu_$k"
		case $((k % 4)) in
		0) func "f_$k" "\\tcall h_$((k / 16))\\n\\tret\\n" ;;
		1) func "f_$k" '\tcall *%rax\n\tret\n' ;;
		2) func "f_$k" '\tnop\n\tret\n' ;;
		3) func "f_$k" '\tjmp f_2\n' ;;
		esac
		;;
	hints)
		body='\tpush %rbx\n\tpop %rbx\n\tret\n'
		case $((k % 3)) in
		0) body+="$(hint ".Lh_$k")"'\n\tpush %rbx\n\tret\n' ;;
		1) body+="$(hint ".Lh_$k")"'\n\tpush %rbx\n\tjmp .Li_'$k'\n'
		   body+="$(hint ".Li_$k")"'\n\tpush %rcx\n\tret\n' ;;
		esac
		func "f_$k" "$body"
		;;
	reachable)
		case $((k % 4)) in
		0) func "f_$k" '\tret\n\tpush %rbx\n\tpush %rbx\n' ;;
		1) func "f_$k" '\tpush %rbp\n\tmov %rsp, %rbp\n\tcall panic\n\tpop %rbp\n\tret\n' ;;
		2)	# the hole before its .cold code
			func "f_$k" '\tret\n'
			printf '\tpush %%rbx\n\tjmp c_%s.cold\n' "$k"
			func "c_$k" '\tret\n'
			local_func "c_$k.cold" '\tpush %rbx\n\tpop %rbx\n\tret\n'
			;;
		3)	# the .cold code before the hole
			func "c_$k" '\tret\n'
			local_func "c_$k.cold" '\tpush %rbx\n\tpop %rbx\n\tret\n'
			func "f_$k" '\tret\n'
			printf '\tpush %%rbx\n\tjmp c_%s.cold\n' "$k"
			;;
		esac
		;;
	*)
		echo "walk-object.sh: unknown kind $kind" >&2
		exit 2
		;;
	esac
done
