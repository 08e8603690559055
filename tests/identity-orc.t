#!/usr/bin/env bash
# The ORC tables built per range on threads (patch 0034): a made-up object
# of functions back to back (lib/orc-object.sh) where a range's first
# entry equals the one before it (the join drops it), where a range starts
# at a function without CFI after one with (the join adds an entry), and
# where a function starts inside the alternative of the one before (the
# ranges are walked again as whole sections).  The object, stdout, stderr
# and exit status are the baseline's at every thread count, three runs
# each.  (Planted, by hand: without the drop or without the add the object
# differs at 2, 3 and 4 threads; without the whole-section walk at 8 and
# 16.)
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

THREADS="1 2 3 4 8 16"
RUNS=3
args=(--orc --link)

ktap_print_header
read -ra threads <<<"$THREADS"
ktap_set_plan $((1 + ${#threads[@]}))

made_up_object orc-object.sh 400 "$WORK/orc.o"

run_objtool "$OBJTOOL_BASELINE" "$WORK/orc.o" "$WORK/base" "${args[@]}"
has_orc() {
	ktap_print_msg "baseline: exit $(cat "$WORK/base/rc"), $(wc -l <"$WORK/base/stderr") warning lines"
	"$RIG_SCRIPTS/elf-section.sh" "$WORK/base/vmlinux.o" .orc_unwind >/dev/null
}
ktap_check "the baseline writes ORC tables for the object" has_orc

identical_at_threads "$WORK/orc.o" "$WORK/base" "$RUNS" "$THREADS" "${args[@]}"

ktap_finished
