#!/usr/bin/env bash
# Threaded objtool writes exactly the serial tool's bytes on vmlinux.o:
# baseline objtool and patched objtool at every thread count, each run on a
# fresh copy with kbuild's arguments, several times; the object, stdout,
# stderr and exit status must all be the same, and match kbuild's vmlinux.o.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

THREADS=${IDENTITY_THREADS:-1 2 3 4 8 16 default}
REPEAT=${IDENTITY_REPEAT:-2}
read -ra args <<<"$OBJTOOL_ARGS"

ktap_print_header
read -ra threads <<<"$THREADS"
ktap_set_plan $((${#threads[@]} * REPEAT + 2))

run_objtool "$OBJTOOL_BASELINE" "$VMLINUX_O" "$WORK/baseline" "${args[@]}"
if [ "$(cat "$WORK/baseline/rc")" = 0 ]; then
	ktap_test_pass "baseline objtool runs on $(basename "$VMLINUX_O")"
else
	ktap_print_msg "baseline failed:" "$(head -5 "$WORK/baseline/stderr")"
	ktap_test_fail "baseline objtool runs on $(basename "$VMLINUX_O")"
fi

# kbuild's own vmlinux.o, when the input is the rig's vmlinux.pre.o.
kbuild_o=$(dirname "$VMLINUX_O")/vmlinux.o
if [ "$(basename "$VMLINUX_O")" != vmlinux.pre.o ] || [ ! -f "$kbuild_o" ]; then
	ktap_test_skip "baseline output equals kbuild's vmlinux.o (not a rig build)"
elif cmp -s "$WORK/baseline/vmlinux.o" "$kbuild_o"; then
	ktap_test_pass "baseline output equals kbuild's vmlinux.o"
else
	"$RIG_SCRIPTS/elf-diff.sh" "$WORK/baseline/vmlinux.o" "$kbuild_o" | sed 's/^/# /'
	ktap_test_fail "baseline output equals kbuild's vmlinux.o"
fi

for t in "${threads[@]}"; do
	opt=()
	[ "$t" = default ] || opt=(--threads="$t")
	for r in $(seq "$REPEAT"); do
		dir=$WORK/patched-$t-$r
		run_objtool "$OBJTOOL_PATCHED" "$VMLINUX_O" "$dir" "${opt[@]}" "${args[@]}"
		ktap_check "threads=$t run $r: identical to baseline" \
			same_run "$WORK/baseline" "$dir"
		rm -rf "$dir"
	done
done

ktap_finished
