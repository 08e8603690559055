#!/usr/bin/env bash
# Broken objects: a clear error, a non-zero exit, no hang with threads left
# behind, and nothing written; at 4 threads exactly as on the serial path
# (--threads=1).  The pristine 6.12 objtool is no reference here: it exits 0
# on all three (patches 0001 and 0002).
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

read -ra args <<<"$OBJTOOL_ARGS"

ktap_print_header
ktap_set_plan 6

# truncated: the section headers are past the end of the file.
size=$(stat -c %s "$VMLINUX_O")
head -c $((size / 2)) "$VMLINUX_O" >"$WORK/truncated.o"

# bad-shoff: e_shoff (8 bytes at 0x28) points far past the end.
cp "$VMLINUX_O" "$WORK/bad-shoff.o"
printf '\xff\xff\xff\xff\xff\xff\xff\x7f' |
	dd of="$WORK/bad-shoff.o" bs=1 seek=40 conv=notrunc status=none

# undecodable: 0x62 bytes (an EVEX prefix with no valid instruction) in
# the middle of .text.
cp "$VMLINUX_O" "$WORK/undecodable.o"
read -r off len < <("$RIG_SCRIPTS/elf-section.sh" "$VMLINUX_O" .text)
head -c 64 /dev/zero | tr '\0' '\142' |
	dd of="$WORK/undecodable.o" bs=1 seek=$((off + len / 2)) conv=notrunc status=none

# A non-zero exit that is not timeout's (124), a message, the input intact.
failed_cleanly() {
	local dir=$1 input=$2 rc
	rc=$(cat "$dir/rc")
	[ "$rc" != 0 ] && [ "$rc" != 124 ] && [ -s "$dir/stderr" ] &&
		cmp -s "$input" "$dir/vmlinux.o"
}

for bad in truncated bad-shoff undecodable; do
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
