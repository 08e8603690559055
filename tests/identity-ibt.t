#!/usr/bin/env bash
# validate_ibt() on threads (patch 0033; its data relocations, 0044): a
# made-up object whose relocations reach ENDBRs, functions without one and
# instructions past one, across ranges and sections, from the text and
# from data sections (one of more relocations than a chunk of the data
# lookups; lib/ibt-object.sh), gives the same warnings in the same order,
# the same .ibt_endbr_seal and the same exit status as the baseline, at
# every thread count, three times each.  (Planted, by hand: applying the
# ranges' results last range first, or the data chunks' last chunk first,
# reorders the warnings here at every thread count.)
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

THREADS="1 2 3 4 8 16"
RUNS=3
args=(--ibt --link)

ktap_print_header
read -ra threads <<<"$THREADS"
ktap_set_plan $((2 + ${#threads[@]}))

made_up_object ibt-object.sh 300 "$WORK/ibt.o"

run_objtool "$OBJTOOL_BASELINE" "$WORK/ibt.o" "$WORK/base" "${args[@]}"
# The object has to exercise what the pass does: both kinds of warning,
# one function warned about once only, and ENDBRs left to seal.
exercises_ibt() {
	local text data
	text=$(grep -c ': relocation to !ENDBR' "$WORK/base/stderr" || true)
	data=$(grep -c ': data relocation to !ENDBR' "$WORK/base/stderr" || true)
	ktap_print_msg "baseline: exit $(cat "$WORK/base/rc"), $text text and $data data warnings"
	[ "$text" -gt 100 ] && [ "$data" -gt 10 ] &&
		"$RIG_SCRIPTS/elf-section.sh" "$WORK/base/vmlinux.o" .ibt_endbr_seal >/dev/null
}
ktap_check "the baseline warns both ways and seals ENDBRs" exercises_ibt

# Fewer text warnings than functions that load a !ENDBR address twice: the
# ones after a function's first are not printed (sym->warned).
once_per_function() {
	[ "$(grep ': relocation to !ENDBR' "$WORK/base/stderr" | cut -d: -f4 |
		sed 's/+.*//' | sort | uniq -d | wc -l)" = 0 ]
}
ktap_check "the baseline warns once per function" once_per_function

identical_at_threads "$WORK/ibt.o" "$WORK/base" "$RUNS" "$THREADS" "${args[@]}"

ktap_finished
