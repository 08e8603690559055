#!/usr/bin/env bash
# The whole-text walks that act on a few instructions (patch 0038:
# validate_retpoline, validate_unwind_hints, validate_reachable,
# validate_unrets), whose tests (picks) run on threads and whose actions
# run serially in file order: on made-up objects (lib/walk-object.sh) where
# what a walk reports depends on what it did before -- a symbol that has
# warned, code visited from an earlier hint or UNRET entry, .cold code an
# earlier symbol hole marked ignored -- the object, stdout, stderr and
# exit status are the baseline's at every thread count, three runs each.
# (Planted, by hand: acting on the ranges last-first fails all four at 2
# threads and more; not testing again in act_on_unreachable() whether an
# earlier action made the instruction ignored fails `reachable` at every
# thread count.)
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

THREADS="1 2 3 4 8 16"
RUNS=3
FUNCTIONS=200
KINDS="retpoline unret hints reachable"

declare -A args=(
	[retpoline]="--retpoline --rethunk --link"
	[unret]="--unret --rethunk --link --backtrace"
	[hints]="--stackval --link --backtrace"
	[reachable]="--stackval --link"
)
# What the baseline must report for the object to test anything.
declare -A expect=(
	[retpoline]="indirect call found in MITIGATION_RETPOLINE build"
	[unret]="RET before UNTRAIN"
	[hints]="<=== (hint)"
	[reachable]="c_3.cold+0x0: unreachable instruction"
)
# .cold code after the hole that jumps to it is ignored, not reported.
declare -A absent=([reachable]="c_2.cold")

ktap_print_header
read -ra threads <<<"$THREADS"
read -ra kinds <<<"$KINDS"
ktap_set_plan $((${#kinds[@]} * (1 + ${#threads[@]})))

reports() {
	grep -qF -- "${expect[$kind]}" "$1/stderr" &&
		! grep -qF -- "${absent[$kind]:-no such line}" "$1/stderr"
}
for kind in "${kinds[@]}"; do
	read -ra a <<<"${args[$kind]}"
	made_up_baseline "$kind" reports walk-object.sh "$FUNCTIONS" "$kind" -- "${a[@]}"
	identical_at_threads "$WORK/$kind.o" "$WORK/base-$kind" "$RUNS" "$THREADS" "${a[@]}"
done

ktap_finished
