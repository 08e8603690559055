#!/usr/bin/env bash
# read_symbols() on threads (patch 0048): each section's symbols added to
# its tree and list on a thread, in table order, and the symbol hashes by
# runs of buckets.  On a made-up object (lib/symbols-object.sh) of eight
# text sections of functions with aliases and local labels inside them,
# where which alias is every alias's alias and where a label is listed
# depend on the order of adding, and where --prefix=16 makes a symbol for
# each function in list order, the object, stdout, stderr and exit status
# are the baseline's at every thread count, three runs each.  (Planted, by
# hand: adding each section's symbols in reverse table order fails at
# every thread count.)
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

THREADS="1 2 3 4 8 16"
RUNS=3
FUNCTIONS=400
ARGS="--prefix=16 --stackval --orc --link"

ktap_print_header
read -ra threads <<<"$THREADS"
read -ra a <<<"$ARGS"
ktap_set_plan $((1 + ${#threads[@]}))

# Every function and its alias gets its prefix symbol.
prefixed() {
	local nr
	nr=$(readelf -sW "$1/vmlinux.o" | grep -c ' __pfx_' || true)
	ktap_print_msg "symbols: $nr prefix symbols"
	[ "$nr" = $((2 * FUNCTIONS)) ]
}
made_up_baseline symbols prefixed symbols-object.sh "$FUNCTIONS" -- "${a[@]}"
identical_at_threads "$WORK/symbols.o" "$WORK/base-symbols" "$RUNS" "$THREADS" "${a[@]}"

ktap_finished
