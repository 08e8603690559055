#!/usr/bin/env bash
# The same identity on smaller objects with threading forced, several
# ranges per section, including objects that warn: warnings must come out
# the same and in the same order.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

rig_need KOUT
# Built-in objects: with IBT kbuild runs objtool only on vmlinux.o, so these
# are untouched.  traps.o, mce/core.o and smp.o warn under --noinstr.
OBJECTS=${IDENTITY_OBJECTS:-kernel/sched/core.o mm/memory.o fs/namei.o
	arch/x86/entry/entry_64.o arch/x86/kernel/traps.o
	arch/x86/kernel/cpu/mce/core.o arch/x86/kernel/smp.o}
THREADS="1 2 3 4 8 16"
read -ra args <<<"$OBJTOOL_ARGS"
args+=(--noinstr)

ktap_print_header
read -ra objects <<<"${OBJECTS//$'\n'/ }"
ktap_set_plan $((${#objects[@]} * 6 + 1))

warned=0
for o in "${objects[@]}"; do
	run_objtool "$OBJTOOL_BASELINE" "$KOUT/$o" "$WORK/base" "${args[@]}"
	n=$(wc -l <"$WORK/base/stderr")
	warned=$((warned + (n > 0)))
	ktap_print_msg "$o: baseline exit $(cat "$WORK/base/rc"), $n warning lines"
	for t in $THREADS; do
		run_objtool "$OBJTOOL_PATCHED" "$KOUT/$o" "$WORK/p" --threads="$t" "${args[@]}"
		ktap_check "$o threads=$t: identical" same_run "$WORK/base" "$WORK/p"
		rm -rf "$WORK/p"
	done
	rm -rf "$WORK/base"
done

# Warning order is only checked if some objects do warn.
ktap_check "objects that printed warnings: $warned" [ "$warned" -gt 0 ]

ktap_finished
