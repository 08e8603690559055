#!/usr/bin/env bash
# An error inside one range of a large text section, with many ranges
# running: objtool prints the error the serial path (--threads=1) prints,
# exits non-zero promptly (within twice the serial run's time) with every
# thread joined, and writes nothing.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

read -ra args <<<"$OBJTOOL_ARGS"
THREADS=16

ktap_print_header
ktap_set_plan 6

read -r text_off text_len < <("$RIG_SCRIPTS/elf-section.sh" "$VMLINUX_O" .text)

# undecodable: bytes no instruction starts with, in the middle of .text.
plant_undecodable "$VMLINUX_O" "$WORK/undecodable.o"

# nowhere: the first near "jmp rel32" (e9, no reloc) after the middle of
# .text gets a displacement far past the end of the section.
jmp_off=$(objdump -d -j .text --start-address=$((text_len / 2)) \
		--stop-address=$((text_len / 2 + 65536)) -r "$VMLINUX_O" |
	gawk '/^ *[0-9a-f]+:\te9 ([0-9a-f][0-9a-f] ){4} *\tjmp / { sub(":", "", $1); addr = $1; next }
	      addr && /R_X86_64/ { addr = ""; next }
	      addr { print addr; exit }' || true)
cp "$VMLINUX_O" "$WORK/nowhere.o"
if [ -n "$jmp_off" ]; then
	printf '\x00\x00\x00\x70' |
		dd of="$WORK/nowhere.o" bs=1 seek=$((text_off + 0x$jmp_off + 1)) conv=notrunc status=none
fi
ktap_print_msg "jump to nowhere at .text+0x${jmp_off:-(none found)}"

# wall: the rig's (scripts/pairs.sh), which the benchmarks time with.
# shellcheck source=scripts/pairs.sh
. "$RIG_SCRIPTS/pairs.sh"

for bad in undecodable nowhere; do
	serial=$(wall run_objtool "$OBJTOOL_PATCHED" "$WORK/$bad.o" "$WORK/$bad-1" --threads=1 "${args[@]}")
	threaded=$(wall run_objtool "$OBJTOOL_PATCHED" "$WORK/$bad.o" "$WORK/$bad-n" --threads=$THREADS "${args[@]}")
	rc=$(cat "$WORK/$bad-n/rc")
	ktap_print_msg "$bad: exit $rc after ${threaded}s (serial ${serial}s): $(head -1 "$WORK/$bad-n/stderr")"
	# Promptly: the threads stop at the failing range much as the serial
	# walk stops at the failing instruction; twice its time leaves room for
	# this machine's noise, a hang takes run_objtool's 300 s.
	ktap_check "$bad: promptly (at most twice the serial run's time)" \
		gawk -v s="$serial" -v t="$threaded" 'BEGIN { exit !(t <= 2 * s) }'
	ktap_check "$bad: the serial path's error and exit status" \
		same_run "$WORK/$bad-1" "$WORK/$bad-n"
	ktap_check "$bad: error printed, non-zero exit, object not written" \
		failed_cleanly "$WORK/$bad-n" "$WORK/$bad.o"
	rm -rf "$WORK/$bad-1" "$WORK/$bad-n"
done

ktap_finished
