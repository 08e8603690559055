#!/usr/bin/env bash
# Relocations out of offset order: nothing requires linkers to write them
# in order, and patch 0018 walks them in order (sorting them first when
# they are not).  On a copy of vmlinux.pre.o with .rela.text reversed, the
# patched objtool at 1 and 2 threads writes what the baseline writes.
# (Planted, by hand: a build that skips the sort writes a different
# .ibt_endbr_seal here.)
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

read -ra args <<<"$OBJTOOL_ARGS"

ktap_print_header
ktap_set_plan 3

"$(dirname "$0")/lib/reverse-relocs.py" "$VMLINUX_O" "$WORK/reversed.o" .rela.text
# The first entry's r_offset is now above the last one's (Elf64_Rela: 24
# bytes, r_offset first).
reversed() {
	local off size first last
	read -r off size < <("$RIG_SCRIPTS/elf-section.sh" "$1" .rela.text)
	first=$(od -An -tu8 -j "$off" -N8 "$1" | tr -d ' ')
	last=$(od -An -tu8 -j $((off + size - 24)) -N8 "$1" | tr -d ' ')
	ktap_print_msg ".rela.text: $((size / 24)) entries, first at $first, last at $last"
	[ "$size" -gt 24000 ] && [ "$first" -gt "$last" ]
}
ktap_check "the copy's .rela.text is in reverse offset order" reversed "$WORK/reversed.o"

run_objtool "$OBJTOOL_BASELINE" "$WORK/reversed.o" "$WORK/base" "${args[@]}"
for t in 1 2; do
	run_objtool "$OBJTOOL_PATCHED" "$WORK/reversed.o" "$WORK/p$t" --threads="$t" "${args[@]}"
	ktap_check "reversed relocations, threads=$t: identical to the baseline" \
		same_run "$WORK/base" "$WORK/p$t"
done

ktap_finished
