#!/usr/bin/env bash
# syms-object.sh <n> <kind>: an x86-64 assembler file, on stdout, for
# add_insn_syms() on threads: <n> functions back to back, each an ENDBR
# and a return, with one unreachable instruction after it that no function
# holds; every eighth from the first starts a local symbol that spans it
# and the five after (their holes too), so that decode ranges split it:
#   notype  the spans are notype symbols: the hole after each function is
#           the span's, and warned once per span (the symbol has warned)
#   func    the spans are function symbols: their ENDBRs past the first
#           count as inside a function (--stats)
#   end     as notype, and a function symbol at the end of .text: an
#           error, which the serial walk prints
set -euo pipefail

n=${1:?usage: syms-object.sh <functions> <kind>}
kind=${2:?usage: syms-object.sh <functions> <kind>}

case $kind in
notype) type=notype ;;
func) type=function ;;
end) type=notype ;;
*)
	echo "syms-object.sh: unknown kind $kind" >&2
	exit 2
	;;
esac

printf '\t.text\n'
for ((k = 0; k < n; k++)); do
	if ((k % 8 == 0 && k + 6 <= n)); then
		printf '\t.type span_%s, @%s\nspan_%s:\n' "$k" "$type" "$k"
	fi
	printf '\t.globl f_%s\n\t.type f_%s, @function\nf_%s:\n' "$k" "$k" "$k"
	printf '\tendbr64\n\tret\n\t.size f_%s, .-f_%s\n' "$k" "$k"
	printf '\tpush %%rbx\n'
	if ((k % 8 == 5)); then
		printf '\t.size span_%s, .-span_%s\n' "$((k - 5))" "$((k - 5))"
	fi
done
if [ "$kind" = end ]; then
	printf '\t.globl f_end\n\t.type f_end, @function\nf_end:\n\t.size f_end, 0\n'
fi
