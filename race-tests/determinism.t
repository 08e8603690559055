#!/usr/bin/env bash
# 6 runs at the highest thread count give the same bytes and stderr
# (DETERMINISM_RUNS; tests/identity-vmlinux.t repeats every thread count too).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

RUNS=${DETERMINISM_RUNS:-6}
THREADS=${DETERMINISM_THREADS:-16}
read -ra args <<<"$OBJTOOL_ARGS"

ktap_print_header
ktap_set_plan "$RUNS"

run_objtool "$OBJTOOL_PATCHED" "$VMLINUX_O" "$WORK/first" --threads="$THREADS" "${args[@]}"
ktap_check "run 1 at --threads=$THREADS exits 0" [ "$(cat "$WORK/first/rc")" = 0 ]
for r in $(seq 2 "$RUNS"); do
	run_objtool "$OBJTOOL_PATCHED" "$VMLINUX_O" "$WORK/r" --threads="$THREADS" "${args[@]}"
	ktap_check "run $r at --threads=$THREADS: same bytes and stderr as run 1" \
		same_run "$WORK/first" "$WORK/r"
	rm -rf "$WORK/r"
done

ktap_finished
