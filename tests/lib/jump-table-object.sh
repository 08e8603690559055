#!/usr/bin/env bash
# jump-table-object.sh <n> <kind>: an x86-64 assembler file, on stdout, for
# add_jump_table_alts(), whose turns run on threads where a function's
# family (it and its .cold part) shares no code with another.  <n>
# functions in .text, of four shapes in turn: a switch on a table in
# .rodata; no table; a table in a .cold part (in .text.unlikely, before
# .text, for half of them: the part's turn comes first); a table and an
# alias of the function (whose turn walks the function's code).
#   own      as above
#   shared   before every table function, a function that jumps to its
#            dynamic jump: the earlier turn's mark there stops the table
#            search, so the table is not found and its cases not walked
#   broken   every eighth table's first entry is the function's start:
#            "can't find switch jump table", fatal at the first of them
#   odd      one function has two .cold parts: every turn runs serially
set -euo pipefail

n=${1:?usage: jump-table-object.sh <functions> <kind>}
kind=${2:?usage: jump-table-object.sh <functions> <kind>}

# shellcheck source=asm-symbols.sh
. "$(dirname "$0")/asm-symbols.sh"

case $kind in
own|shared|broken|odd) ;;
*)
	echo "jump-table-object.sh: unknown kind $kind" >&2
	exit 2
	;;
esac

# switch <k> <first entry>: the dispatch on table .Lt_<k> and three cases;
# the table goes to .rodata.
switch() {
	local c

	printf '\tmov .Lt_%s(,%%rdi,8), %%rax\n' "$1"
	printf '.Lj_%s:\n\tjmp *%%rax\n' "$1"
	for c in 0 1 2; do
		printf '.Lc%s_%s:\n\tmov %s, %%eax\n\tret\n' "$c" "$1" "\$$((c + 1))"
	done
	printf '\t.pushsection .rodata, "a"\n\t.balign 8\n.Lt_%s:\n' "$1"
	printf '\t.quad %s\n\t.quad .Lc1_%s\n\t.quad .Lc2_%s\n' "$2" "$1" "$1"
	printf '\t.popsection\n'
}

# The first entry of table k: its first case, or for `broken`, every
# eighth table's function start.
first_entry() {
	if [ "$kind" = broken ] && (($1 % 8 == 0)); then
		echo ".Ls_$1"
	else
		echo ".Lc0_$1"
	fi
}

printf '\t.section .text.unlikely, "ax"\n'
printf '\t.section .text, "ax"\n'
for ((k = 0; k < n; k++)); do
	if [ "$kind" = shared ] && ((k % 4 != 1)); then
		func "g_$k" "\\ttest %edi, %edi\\n\\tjz .Lj_$k\\n\\tret\\n"
	fi
	case $((k % 4)) in
	0)
		func "f_$k" "$(printf '.Ls_%s:\n\tcmp %s, %%edi\n\tja .Ld_%s\n' "$k" "\$2" "$k"; switch "$k" "$(first_entry "$k")"; printf '.Ld_%s:\n\txor %%eax, %%eax\n\tret\n' "$k")"$'\n'
		;;
	1)
		func "f_$k" '\ttest %edi, %edi\n\tjz 1f\n\tnop\n1:\tret\n'
		;;
	2)
		func "f_$k" "\\ttest %edi, %edi\\n\\tjnz f_$k.cold\\n\\tret\\n"
		if ((k % 8 == 2)); then
			printf '\t.pushsection .text.unlikely, "ax"\n'
		else
			printf '\t.pushsection .text.z, "ax"\n'
		fi
		local_func "f_$k.cold" "$(printf '.Ls_%s:\n' "$k"; switch "$k" "$(first_entry "$k")")"$'\n'
		if [ "$kind" = odd ] && ((k == 2)); then
			local_func "f_$k.cold.1" '\tud2\n'
		fi
		printf '\t.popsection\n'
		;;
	3)
		func "f_$k" "$(printf '.Ls_%s:\n' "$k"; switch "$k" "$(first_entry "$k")")"$'\n'
		printf '\t.globl a_%s\n\t.type a_%s, @function\n' "$k" "$k"
		printf '\t.set a_%s, f_%s\n\t.size a_%s, .-f_%s\n' "$k" "$k" "$k" "$k"
		;;
	esac
done
