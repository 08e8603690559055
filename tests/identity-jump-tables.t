#!/usr/bin/env bash
# add_jump_table_alts() on threads (patch 0045): the turns of a family (a
# function and its .cold part) run on a thread when no other family's
# code is involved, their messages kept and printed in symbol order; the
# others run serially in their turn, and a family with no dynamic jump is
# left out.  On made-up objects (lib/jump-table-object.sh) with switch
# tables in functions, in .cold parts before and after their functions,
# and behind aliases (`own`, where every table must be found for the
# cases to be reachable); where an earlier function's jump into a
# table function stops its table search (`shared`); where a table is
# broken, fatally, at every eighth function (`broken`: only the first
# may be reported); and with a family of two .cold parts (`odd`: every
# turn serial), the object, stdout, stderr and exit status are the
# baseline's at every thread count, three runs each; for `broken`, stdout
# and stderr are, the exit is non-zero and nothing is written (patch
# 0002: the baseline exits 0 and writes the half-annotated object).  (Planted, by hand:
# not marking the families that jump into another's code fails `shared`
# at every thread count; threaded turns warning straight to stderr fails
# `broken` at every thread count.)
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

THREADS="1 2 3 4 8 16"
RUNS=3
FUNCTIONS=400
KINDS="own shared broken odd"
ARGS="--stackval --orc --link --backtrace"

# What the baseline must report for the object to test anything (`own`:
# nothing, every case reached through its table).
declare -A expect=(
	[shared]="g_0() falls through to next function f_0()"
	[broken]="f_0+0xd: can't find switch jump table"
	[odd]="f_2.cold.1+0x0: unreachable instruction"
)

ktap_print_header
read -ra threads <<<"$THREADS"
read -ra kinds <<<"$KINDS"
read -ra a <<<"$ARGS"
ktap_set_plan $((${#kinds[@]} * (1 + ${#threads[@]})))

reports() {
	if [ "$kind" = own ]; then
		[ ! -s "$1/stderr" ]
	else
		grep -qF -- "${expect[$kind]}" "$1/stderr"
	fi
}
for kind in "${kinds[@]}"; do
	made_up_baseline "$kind" reports jump-table-object.sh "$FUNCTIONS" "$kind" -- "${a[@]}"
	if [ "$kind" = broken ]; then
		fails_as_baseline_at_threads "$WORK/$kind.o" "$WORK/base-$kind" "$RUNS" "$THREADS" "${a[@]}"
	else
		identical_at_threads "$WORK/$kind.o" "$WORK/base-$kind" "$RUNS" "$THREADS" "${a[@]}"
	fi
done

ktap_finished
