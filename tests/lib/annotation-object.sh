#!/usr/bin/env bash
# annotation-object.sh <n> <kind>: an x86-64 assembler file, on stdout, of
# annotations that name instructions by section offset, which objtool
# looks up:
#   instr      <n> functions in .noinstr.text, two in three of them calling
#              out of it between instrumentation_begin() and _end() marks
#              (--noinstr reports the calls of the others)
#   badbegin   the same, one instr_begin mark, half way, naming the middle
#              of the CALL after its NOP
#   reach      <n> functions in .text that end in a UD2 marked reachable,
#              all but the last (the only unreachable code)
#   reachend   the same, the last one's mark at the very end of .text
#   badreach   reach, one mark, half way, naming the middle of its UD2
set -euo pipefail

n=${1:?usage: annotation-object.sh <functions> <kind>}
kind=${2:?usage: annotation-object.sh <functions> <kind>}

case $kind in
instr|badbegin|reach|reachend|badreach) ;;
*)
	echo "annotation-object.sh: unknown kind $kind" >&2
	exit 2
	;;
esac

# shellcheck source=asm-symbols.sh
. "$(dirname "$0")/asm-symbols.sh"

# mark <section> <label> [<skew>]: an annotation naming <label><skew>
mark() {
	printf '\t.pushsection %s\n\t.long %s%s - .\n\t.popsection\n' "$1" "$2" "${3:-}"
}

# The bad kinds' mark is at function <n>/2.  No subshells in the loops:
# they are most of the time taken for a few thousand functions.
half=$((n / 2))

if [ "$kind" = instr ] || [ "$kind" = badbegin ]; then
	printf '\t.section .noinstr.text, "ax"\n'
	for ((k = 0; k < n; k++)); do
		func_begin "nf_$k"
		if ((k % 3 == 2)); then
			printf '\tcall out_%s\n\tret\n' "$k"
		else
			skew=
			if [ "$kind" = badbegin ] && ((k == half)); then
				skew=+2
			fi
			printf '.Lb_%s:\tnop\n' "$k"
			mark .discard.instr_begin ".Lb_$k" "$skew"
			printf '\tcall out_%s\n.Le_%s:\tnop\n' "$k" "$k"
			mark .discard.instr_end ".Le_$k"
			printf '\tret\n'
		fi
		func_end "nf_$k"
	done
	exit 0
fi

printf '\t.section .text, "ax"\n'
for ((k = 0; k < n; k++)); do
	func_begin "tf_$k"
	printf '\tud2\n.Lr_%s:\n' "$k"
	if ((k + 1 < n)) || [ "$kind" = reachend ]; then
		skew=
		if [ "$kind" = badreach ] && ((k == half)); then
			skew=-1
		fi
		mark .discard.reachable ".Lr_$k" "$skew"
	fi
	if ((k + 1 < n)) || [ "$kind" != reachend ]; then
		printf '\tnop\n\tret\n'
	fi
	func_end "tf_$k"
done
