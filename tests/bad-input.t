#!/usr/bin/env bash
# Broken objects: a clear error, the baseline's exit status, no hang with
# threads left behind, and nothing written.  Threading is forced, so the
# error can come from any of several ranges.
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

# undecodable: 0xff 0xff (ff /7, no such instruction) in the middle of .text.
cp "$VMLINUX_O" "$WORK/undecodable.o"
read -r off len < <(readelf -S -W "$VMLINUX_O" | sed -n 's/^ *\[ *[0-9]*\] //p' |
	gawk '$1 == ".text" { print strtonum("0x" $4), strtonum("0x" $5) }')
head -c 64 /dev/zero | tr '\0' '\377' |
	dd of="$WORK/undecodable.o" bs=1 seek=$((off + len / 2)) conv=notrunc status=none

for bad in truncated bad-shoff undecodable; do
	run_objtool "$OBJTOOL_BASELINE" "$WORK/$bad.o" "$WORK/$bad-base" "${args[@]}"
	run_objtool "$OBJTOOL_PATCHED" "$WORK/$bad.o" "$WORK/$bad-p" --threads=4 "${args[@]}"
	rc=$(cat "$WORK/$bad-p/rc")
	ktap_print_msg "$bad: exit $rc: $(head -2 "$WORK/$bad-p/stderr")"

	# Same message and status as the serial tool, and never a hang (124).
	ktap_check "$bad: same error and exit status as baseline" \
		same_run "$WORK/$bad-base" "$WORK/$bad-p"
	if [ "$rc" != 124 ] && [ -s "$WORK/$bad-p/stderr" ] &&
	   cmp -s "$WORK/$bad.o" "$WORK/$bad-p/vmlinux.o"; then
		ktap_test_pass "$bad: error printed, finished, object not written"
	else
		ktap_test_fail "$bad: error printed, finished, object not written"
	fi
	rm -rf "$WORK/$bad-base" "$WORK/$bad-p"
done

ktap_finished
