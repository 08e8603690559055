#!/usr/bin/env bash
# prefix-object.sh <n> <kind>: an x86-64 assembler file, on stdout, for
# add_prefix_symbols() with --prefix=16: <n> functions in .text, each
# after 16 bytes of NOPs, three in four of them local (a local prefix
# symbol moves the first global symbol to the end of the symbol table, and
# every relocation that names it), and a .data table of pointers to the
# global ones, so that each has relocations.
#   spread   the functions push and pop a register (a stack change the
#            prefix's ORC entries take), and refer to the next global one
#   nops     pairs of functions: 8 bytes of NOPs that run into the next,
#            NOPs and a return: the second's prefix holds the first
set -euo pipefail

n=${1:?usage: prefix-object.sh <functions> <kind>}
kind=${2:?usage: prefix-object.sh <functions> <kind>}

case $kind in
spread|nops) ;;
*)
	echo "prefix-object.sh: unknown kind $kind" >&2
	exit 2
	;;
esac

name() {	# name <k>: g_<k> for the global functions, l_<k> for the others
	if (($1 % 4 == 0)); then echo "g_$1"; else echo "l_$1"; fi
}

printf '\t.section .text, "ax"\n'
for ((k = 0; k < n; k++)); do
	f=$(name "$k")
	if [ "$kind" = nops ] && ((k % 2)); then
		:	# right after the one before: its prefix is that function
	else
		printf '\t.nops 16, 1\n'
	fi
	if ((k % 4 == 0)); then
		printf '\t.globl %s\n' "$f"
	fi
	printf '\t.type %s, @function\n%s:\n' "$f" "$f"
	if [ "$kind" = spread ]; then
		printf '\tpush %%rbx\n\tlea g_%s(%%rip), %%rbx\n\tpop %%rbx\n\tret\n' \
			$(((k / 4 + 1) * 4 % n))
	elif ((k % 2)); then
		printf '\t.nops 7\n\tret\n'
	else
		printf '\t.nops 8\n'
	fi
	printf '\t.size %s, .-%s\n' "$f" "$f"
done

printf '\t.section .data, "aw"\n'
for ((k = 0; k < n; k += 4)); do
	printf '\t.quad g_%s\n\t.quad g_%s + 1\n' "$k" "$k"
done
