#!/usr/bin/env bash
# validate_functions() on threads (patch 0042): a function's walk runs on
# a thread when it cannot leave its own code, its messages kept and printed
# in symbol order; the others walk serially in their turn.  On made-up
# objects (lib/function-object.sh) where what a walk reports depends on
# what walked before -- code of no function that an earlier, serial
# (noinstr) walk reaches with another stack depth; a function symbol whose
# code another symbol takes, so its walk has no function to stop at --
# and on one where every function warns in its own code, the object,
# stdout, stderr and exit status are the baseline's at every thread count,
# three runs each.  (Planted, by hand: threaded walks warning straight to
# stderr fails `own` at 4 threads and more and `shared` at 2 and more;
# never marking a walk that can leave its code fails `shared` at 2 and
# more; walking on threads when a walk starts in another symbol's code
# fails `foreign` at 2 and more.)
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

THREADS="1 2 3 4 8 16"
RUNS=3
FUNCTIONS=400
KINDS="own shared foreign"
ARGS="--stackval --orc --noinstr --link --backtrace"

# What the baseline must report for the object to test anything.
declare -A expect=(
	[own]="f_2.cold+0x1: return with modified stack frame"
	[shared]="s_0+0x0: (branch)"
	[foreign]="x_0+0x0: (branch)"
)

ktap_print_header
read -ra threads <<<"$THREADS"
read -ra kinds <<<"$KINDS"
read -ra a <<<"$ARGS"
ktap_set_plan $((${#kinds[@]} * (1 + ${#threads[@]})))

reports() { grep -qF -- "${expect[$kind]}" "$1/stderr"; }
for kind in "${kinds[@]}"; do
	made_up_baseline "$kind" reports function-object.sh "$FUNCTIONS" "$kind" -- "${a[@]}"
	identical_at_threads "$WORK/$kind.o" "$WORK/base-$kind" "$RUNS" "$THREADS" "${a[@]}"
done

ktap_finished
