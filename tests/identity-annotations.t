#!/usr/bin/env bash
# The annotations that name instructions by section offset, looked up on
# threads (patch 0053) and applied serially, in order: instr_begin and
# instr_end marks (read_instr_hints()) and reachable marks
# (add_dead_ends()).  On made-up objects (lib/annotation-object.sh) with
# more marks than one thread's share (1,024), the object, stdout, stderr
# and exit status are the baseline's at every thread count, three runs
# each; where a mark names no instruction (badbegin, badreach), the
# baseline's message, a non-zero exit and the object not written (patch
# 0002).  (Planted, by hand: looking up each mark's instruction from the
# next mark's relocation fails instr, reach, reachend and badreach at every
# thread count.)
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

THREADS="1 2 3 4 8 16"
RUNS=3
FUNCTIONS=3000
KINDS="instr badbegin reach reachend badreach"
ARGS="--noinstr --orc --link"

ktap_print_header
read -ra threads <<<"$THREADS"
read -ra kinds <<<"$KINDS"
read -ra a <<<"$ARGS"
ktap_set_plan $((${#kinds[@]} * (1 + ${#threads[@]})))

declare -A expect=(
	[instr]="nf_2+0x0: call to out_2() leaves .noinstr.text section"
	[badbegin]="bad .discard.instr_begin entry"
	[reach]="tf_$((FUNCTIONS - 1))+0x3: unreachable instruction"
	[reachend]=".text: unexpected end of section"
	[badreach]="can't find reachable insn at .text+"
)
reports() { grep -qF -- "${expect[$kind]}" "$1/stderr"; }

for kind in "${kinds[@]}"; do
	made_up_baseline "$kind" reports annotation-object.sh "$FUNCTIONS" "$kind" -- "${a[@]}"
	case $kind in
	bad*) fails_as_baseline_at_threads "$WORK/$kind.o" "$WORK/base-$kind" "$RUNS" "$THREADS" "${a[@]}" ;;
	*) identical_at_threads "$WORK/$kind.o" "$WORK/base-$kind" "$RUNS" "$THREADS" "${a[@]}" ;;
	esac
done

ktap_finished
