#!/usr/bin/env bash
# --threads: exactly N from 1 to 1024, with the baseline's result at both
# bounds; anything else is a usage error with a message, and nothing is
# written.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

: "${KOUT:?}"
obj=$KOUT/kernel/fork.o
read -ra args <<<"$OBJTOOL_ARGS"

ktap_print_header
ktap_set_plan 9

for bad in 0 -1 abc 2x "" 1025; do
	run_objtool "$OBJTOOL_PATCHED" "$obj" "$WORK/bad" --threads="$bad" "${args[@]}"
	rc=$(cat "$WORK/bad/rc")
	if [ "$rc" != 0 ] && grep -q -- "threads" "$WORK/bad/stderr" &&
	   cmp -s "$obj" "$WORK/bad/vmlinux.o"; then
		ktap_test_pass "--threads='$bad' is a usage error (exit $rc)"
	else
		ktap_print_msg "exit $rc; stderr: $(head -3 "$WORK/bad/stderr")"
		ktap_test_fail "--threads='$bad' is a usage error"
	fi
	rm -rf "$WORK/bad"
done

# Accepted: the lower and the upper bound (1024, a thread per range and
# more threads than ranges) write what the baseline objtool writes, and
# print and exit alike.
run_objtool "$OBJTOOL_BASELINE" "$obj" "$WORK/base" "${args[@]}"
for good in 1 1024; do
	run_objtool "$OBJTOOL_PATCHED" "$obj" "$WORK/good" --threads="$good" "${args[@]}"
	ktap_check "--threads=$good: the baseline's object, output and exit status" \
		same_run "$WORK/base" "$WORK/good"
	rm -rf "$WORK/good"
done

run_objtool "$OBJTOOL_PATCHED" "$obj" "$WORK/timing" --timing "${args[@]}"
# Each threaded pass, followed by the part of it on the threads (0037);
# pick_insns picks for validate_retpoline and validate_unrets (0038);
# validate_functions walks most functions on threads (0042); hints finds
# the jump tables on threads (0045), prefix_symbols the prefixes (0046),
# elf_read the symbols (0048), classify_symbols the table (0050).
THREADED="elf_read classify_symbols decode jump_dests call_dests hints pick_insns validate_functions validate_reachable validate_ibt prefix_symbols orc"
timing_ok() {
	local pass threaded=()

	for pass in $THREADED; do
		grep -A1 "^objtool: timing: $pass [0-9.]*$" "$WORK/timing/stderr" |
			grep -q "^objtool: timing: $pass.threaded [0-9.]*$" || return 1
	done
	mapfile -t threaded < <(sed -n 's/^objtool: timing: \([a-z_]*\)\.threaded .*/\1/p' "$WORK/timing/stderr")
	[ "${threaded[*]}" = "$THREADED" ]
}
ktap_check "--timing prints the threaded passes and their time on threads" timing_ok

ktap_finished
