#!/usr/bin/env bash
# add_jump_destinations() setting a jump's destination in the threaded
# lookup (patch 0047) when the jump stays inside its symbol's code and
# lands on no symbol's start, the others still applied serially, in file
# order.  On a made-up object (lib/jump-object.sh) with jumps inside
# functions, tail calls without relocations (sibling calls only because
# they land on a function's start), loops back to a function's start,
# jumps into another function's middle and jumps in code of no symbol,
# the object, stdout, stderr and exit status are the baseline's at every
# thread count, three runs each.  (Planted, by hand: setting every found
# destination in the lookup, sibling calls included, fails at every
# thread count.)
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

THREADS="1 2 3 4 8 16"
RUNS=3
FUNCTIONS=400
ARGS="--stackval --orc --link"

ktap_print_header
read -ra threads <<<"$THREADS"
read -ra a <<<"$ARGS"
ktap_set_plan $((1 + ${#threads[@]}))

# The jump into another function's middle.
reports() { grep -qF "l_2() falls through to next function l_3()" "$1/stderr"; }
made_up_baseline jumps reports jump-object.sh "$FUNCTIONS" -- "${a[@]}"
identical_at_threads "$WORK/jumps.o" "$WORK/base-jumps" "$RUNS" "$THREADS" "${a[@]}"

ktap_finished
