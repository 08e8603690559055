#!/usr/bin/env bash
# Broken objects: a clear error, a non-zero exit, no hang with threads left
# behind, and nothing written; at 4 threads exactly as on the serial path
# (--threads=1), data decoded across a range's start included.  The pristine 6.12 objtool is no reference here: it exits 0
# on all three (patches 0001 and 0002).
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

read -ra args <<<"$OBJTOOL_ARGS"

ktap_print_header
ktap_set_plan 8

# truncated: the section headers are past the end of the file.
size=$(stat -c %s "$VMLINUX_O")
head -c $((size / 2)) "$VMLINUX_O" >"$WORK/truncated.o"

# bad-shoff: e_shoff (8 bytes at 0x28) points far past the end.
cp "$VMLINUX_O" "$WORK/bad-shoff.o"
printf '\xff\xff\xff\xff\xff\xff\xff\x7f' |
	dd of="$WORK/bad-shoff.o" bs=1 seek=40 conv=notrunc status=none

# undecodable: bytes no instruction starts with, in the middle of .text.
plant_undecodable "$VMLINUX_O" "$WORK/undecodable.o"

# overrun: data in the text across function symbols, where the threaded
# decode splits the text into ranges.  Before one early function and every
# function in the second half of .text that starts with endbr64, a padding
# byte becomes 0xe8: a call whose displacement is the endbr64, so each
# symbol is inside an instruction and decoding goes on in step.  The
# single walk names the first such function (the early one); the threaded
# decode must too, not a function a range happened to start at.
cp "$VMLINUX_O" "$WORK/overrun.o"
read -r text_off text_len < <("$RIG_SCRIPTS/elf-section.sh" "$VMLINUX_O" .text)
text_idx=$("$RIG_SCRIPTS/elf-sections.sh" "$VMLINUX_O" | gawk '$2 == ".text" { print $1 }')
planted=$(readelf -sW "$VMLINUX_O" |
	gawk -v idx="$text_idx" -v base="$text_off" -v half=$((text_len / 2)) '
		$4 == "FUNC" && $7 == idx {
			off = strtonum("0x" $2)
			if (off > half || ++early == 50) print base + off
		}' |
	"$(dirname "$0")/lib/plant-overruns.py" "$WORK/overrun.o")
ktap_print_msg "overrun: 0xe8 planted before $planted functions"

for bad in truncated bad-shoff undecodable overrun; do
	run_objtool "$OBJTOOL_PATCHED" "$WORK/$bad.o" "$WORK/$bad-1" --threads=1 "${args[@]}"
	run_objtool "$OBJTOOL_PATCHED" "$WORK/$bad.o" "$WORK/$bad-4" --threads=4 "${args[@]}"
	ktap_print_msg "$bad: exit $(cat "$WORK/$bad-4/rc"): $(head -2 "$WORK/$bad-4/stderr")"
	ktap_check "$bad: error, non-zero exit, object not written" \
		failed_cleanly "$WORK/$bad-4" "$WORK/$bad.o"
	ktap_check "$bad: at 4 threads exactly as on the serial path" \
		same_run "$WORK/$bad-1" "$WORK/$bad-4"
	rm -rf "$WORK/$bad-1" "$WORK/$bad-4"
done

ktap_finished
