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

# skew <kind> <k>: how far the bad kind's mark, at function <k>, is off
skew() {
	if [ "$kind" = "$1" ] && (($2 == n / 2)); then
		echo "$3"
	fi
}

if [ "$kind" = instr ] || [ "$kind" = badbegin ]; then
	printf '\t.section .noinstr.text, "ax"\n'
	for ((k = 0; k < n; k++)); do
		if ((k % 3 == 2)); then
			func "nf_$k" "\\tcall out_$k\\n\\tret\\n"
			continue
		fi
		func "nf_$k" ".Lb_$k:\\tnop
$(mark .discard.instr_begin ".Lb_$k" "$(skew badbegin "$k" +2)")
	call out_$k
.Le_$k:	nop
$(mark .discard.instr_end ".Le_$k")
	ret
"
	done
	exit 0
fi

printf '\t.section .text, "ax"\n'
for ((k = 0; k < n; k++)); do
	body="\\tud2\\n.Lr_$k:\\n"
	if ((k + 1 < n)) || [ "$kind" = reachend ]; then
		body+="$(mark .discard.reachable ".Lr_$k" "$(skew badreach "$k" -1)")
"
	fi
	if ((k + 1 < n)) || [ "$kind" != reachend ]; then
		body+="\\tnop\\n\\tret\\n"
	fi
	func "tf_$k" "$body"
done
