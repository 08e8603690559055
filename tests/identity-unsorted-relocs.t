#!/usr/bin/env bash
# Relocations out of offset order: nothing requires linkers to write them
# in order, and patch 0023 walks them in order (sorting them first when
# they are not).  On a copy of vmlinux.pre.o with .rela.text reversed, the
# patched objtool at 1 and 2 threads writes what the baseline writes.
# (Planted, by hand: a build that skips the sort writes a different
# .ibt_endbr_seal here.)
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

read -ra args <<<"$OBJTOOL_ARGS"

ktap_print_header
ktap_set_plan 3

# Elf64_Rela: 24 bytes, r_offset first.
cp "$VMLINUX_O" "$WORK/reversed.o"
read -r rela_off rela_size < <("$RIG_SCRIPTS/elf-section.sh" "$VMLINUX_O" .rela.text)
"$(dirname "$0")/lib/reverse-entries.py" "$WORK/reversed.o" "$rela_off" "$rela_size" 24
# The first entry's r_offset is now above the last one's.
reversed() {
	local first last
	first=$(od -An -tu8 -j "$rela_off" -N8 "$1" | tr -d ' ')
	last=$(od -An -tu8 -j $((rela_off + rela_size - 24)) -N8 "$1" | tr -d ' ')
	ktap_print_msg ".rela.text: $((rela_size / 24)) entries, first at $first, last at $last"
	[ "$rela_size" -gt 24000 ] && [ "$first" -gt "$last" ]
}
ktap_check "the copy's .rela.text is in reverse offset order" reversed "$WORK/reversed.o"

run_objtool "$OBJTOOL_BASELINE" "$WORK/reversed.o" "$WORK/base" "${args[@]}"
for t in 1 2; do
	run_objtool "$OBJTOOL_PATCHED" "$WORK/reversed.o" "$WORK/p$t" --threads="$t" "${args[@]}"
	ktap_check "reversed relocations, threads=$t: identical to the baseline" \
		same_run "$WORK/base" "$WORK/p$t"
done

ktap_finished
