#!/usr/bin/env bash
# add_prefix_symbols() with its search on threads (patch 0046): each
# function's prefix is found on a thread, the symbols are made serially in
# symbol order, and the relocations of the global symbols that local ones
# move are rewritten once, at the end, on threads.  On made-up objects
# (lib/prefix-object.sh) of local and global functions, each global named
# by relocations and moved more than once (three local prefixes for each
# global), and of functions whose prefix holds the function before them,
# the object, stdout, stderr and exit status are the baseline's at every
# thread count, three runs each.  (Planted, by hand: leaving the moved
# symbols' relocations unwritten fails both kinds at every thread count,
# and so does taking each function's prefix from the next one's search.)
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

THREADS="1 2 3 4 8 16"
RUNS=3
FUNCTIONS=400
KINDS="spread nops"
ARGS="--prefix=16 --stackval --orc --link"

ktap_print_header
read -ra threads <<<"$THREADS"
read -ra kinds <<<"$KINDS"
read -ra a <<<"$ARGS"
ktap_set_plan $((${#kinds[@]} * (1 + ${#threads[@]})))

# Every function gets its prefix symbol.
prefixed() {
	local nr
	nr=$(readelf -sW "$1/vmlinux.o" | grep -c ' __pfx_' || true)
	ktap_print_msg "$kind: $nr prefix symbols"
	[ "$nr" = "$FUNCTIONS" ]
}
for kind in "${kinds[@]}"; do
	made_up_baseline "$kind" prefixed prefix-object.sh "$FUNCTIONS" "$kind" -- "${a[@]}"
	identical_at_threads "$WORK/$kind.o" "$WORK/base-$kind" "$RUNS" "$THREADS" "${a[@]}"
done

ktap_finished
