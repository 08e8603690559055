#!/usr/bin/env bash
# helgrind (valgrind) over the threaded objtool: at 2 and 4 threads on
# smaller objects with threading forced, and on vmlinux.pre.o at the thread
# counts in HELGRIND_VMLINUX_THREADS (make races: 2, every threaded pass
# over many ranges).  drd gives a second opinion on one object.  Any report
# fails; its threads and frames are printed.  make test leaves vmlinux.pre.o
# to tsan.t (2 and 16 threads): under helgrind it took 222 s of a CI run
# that has 25 minutes.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

rig_need KOUT
THREADS=${HELGRIND_THREADS:-2 4}
VMLINUX_THREADS=${HELGRIND_VMLINUX_THREADS:-}
OBJECTS=${HELGRIND_OBJECTS:-kernel/sched/core.o arch/x86/kernel/traps.o}
read -ra threads <<<"$THREADS"
read -ra vmlinux_threads <<<"$VMLINUX_THREADS"
read -ra objects <<<"$OBJECTS"
read -ra args <<<"$OBJTOOL_ARGS"

ktap_print_header
ktap_set_plan $(( ${#vmlinux_threads[@]} + ${#threads[@]} * ${#objects[@]} + 3 ))

# helgrind and drd as run here must see a planted race.
gcc -std=c11 -O1 -g "$RACE_TESTS/planted-race.c" -o "$WORK/planted" -lpthread
for tool in helgrind drd; do
	rc=0
	timeout 300 valgrind --tool=$tool --error-exitcode=66 -q "$WORK/planted" >/dev/null 2>&1 || rc=$?
	ktap_check "$tool reports the planted race (exit $rc)" [ "$rc" = 66 ]
done

[ ${#vmlinux_threads[@]} -gt 0 ] ||
	ktap_print_msg "vmlinux.pre.o: not under helgrind (HELGRIND_VMLINUX_THREADS is empty; make races sets 2)"
for t in "${vmlinux_threads[@]}"; do
	run_valgrind helgrind "$WORK/v$t" "$VMLINUX_O" --threads="$t" "${args[@]}"
	no_reports "$WORK/v$t" "helgrind $(basename "$VMLINUX_O") --threads=$t"
	rm -rf "$WORK/v$t"
done
for t in "${threads[@]}"; do
	for o in "${objects[@]}"; do
		run_valgrind helgrind "$WORK/o" "$KOUT/$o" --threads="$t" --noinstr "${args[@]}"
		no_reports "$WORK/o" "helgrind $o --threads=$t"
		rm -rf "$WORK/o"
	done
done

# drd, on the first object.
run_valgrind drd "$WORK/drd" "$KOUT/${objects[0]}" --threads=4 "${args[@]}"
no_reports "$WORK/drd" "drd ${objects[0]} --threads=4"

ktap_finished
