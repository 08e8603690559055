#!/usr/bin/env bash
# add_insn_syms() on threads (patch 0043): each decode range points its
# own instructions at the symbols of its part of the section's symbol
# list; a symbol that goes on past its range's end finishes serially; an
# error leaves the section to the serial walk.  On made-up objects
# (lib/syms-object.sh) whose symbols span several functions, so that the
# ranges split them at every thread count from 2: a notype span, warned
# once (the instructions past a range's end must be the span's, or each
# warns), and a function span, whose ENDBRs past its start count as inside
# a function (--stats; its other lines differ from the baseline's by
# design, so only the ibt lines are compared); and an object with a
# function symbol at the end of .text, whose error must be the baseline's,
# with a non-zero exit (patch 0002) and the object not written.  (Planted,
# by hand: dropping the serial finish of the spans past a range's end
# fails notype and func at 2 threads and more.)
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

THREADS="1 2 3 4 8 16"
RUNS=3
FUNCTIONS=400

ktap_print_header
read -ra threads <<<"$THREADS"
ktap_set_plan $((2 + 2 * ${#threads[@]} + ${#threads[@]} + ${#threads[@]}))

made_up_object syms-object.sh "$FUNCTIONS" "$WORK/notype.o" notype
run_objtool "$OBJTOOL_BASELINE" "$WORK/notype.o" "$WORK/base-notype" --stackval --link
warned_once() {
	ktap_print_msg "notype: baseline $(wc -l <"$WORK/base-notype/stderr") warning lines"
	grep -q 'span_8+0x5: unreachable instruction' "$WORK/base-notype/stderr" &&
		! grep -q 'span_8+0xb: unreachable instruction' "$WORK/base-notype/stderr"
}
ktap_check "notype: the baseline warns once per span" warned_once
identical_at_threads "$WORK/notype.o" "$WORK/base-notype" "$RUNS" "$THREADS" --stackval --link

made_up_object syms-object.sh "$FUNCTIONS" "$WORK/func.o" func
run_objtool "$OBJTOOL_BASELINE" "$WORK/func.o" "$WORK/base-func" --ibt --link
identical_at_threads "$WORK/func.o" "$WORK/base-func" "$RUNS" "$THREADS" --ibt --link
run_objtool "$OBJTOOL_BASELINE" "$WORK/func.o" "$WORK/stats-base" --ibt --link --stats
ibt_lines() { grep '^ibt: ' "$1/stdout"; }
inside() {
	ktap_print_msg "func: baseline $(ibt_lines "$WORK/stats-base" | tr '\n' ' ')"
	ibt_lines "$WORK/stats-base" | grep -q 'ENDBR inside functions: *[1-9]'
}
ktap_check "func: the baseline counts ENDBRs inside the spans" inside
for t in "${threads[@]}"; do
	run_objtool "$OBJTOOL_PATCHED" "$WORK/func.o" "$WORK/stats" --threads="$t" --ibt --link --stats
	ktap_check "func.o, threads=$t: --stats' ibt lines are the baseline's" \
		cmp -s <(ibt_lines "$WORK/stats-base") <(ibt_lines "$WORK/stats")
	rm -rf "$WORK/stats"
done

made_up_object syms-object.sh "$FUNCTIONS" "$WORK/end.o" end
run_objtool "$OBJTOOL_BASELINE" "$WORK/end.o" "$WORK/base-end" --stackval --link
for t in "${threads[@]}"; do
	run_objtool "$OBJTOOL_PATCHED" "$WORK/end.o" "$WORK/end" --threads="$t" --stackval --link
	end_error() {
		grep -q 'f_end(): STT_FUNC at end of section' "$WORK/end/stderr" &&
			cmp -s "$WORK/base-end/stderr" "$WORK/end/stderr" &&
			failed_cleanly "$WORK/end" "$WORK/end.o"
	}
	ktap_check "end.o, threads=$t: the baseline's error, a non-zero exit, not written" end_error
	rm -rf "$WORK/end"
done

ktap_finished
