#!/usr/bin/env bash
# ThreadSanitizer over the threaded objtool: vmlinux.pre.o with kbuild's
# arguments at 2 and 16 threads (8 and 64 ranges), and smaller objects with
# threading forced at 4.  Any report fails; the report's files, lines and
# threads are printed.  Output must also stay identical to the baseline's.
# (4 threads on vmlinux.pre.o as well: 97 s of a CI run at its 25 minutes,
# 64 s without; TSAN_THREADS="2 4 16" runs it.)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

rig_need KOUT
THREADS=${TSAN_THREADS:-2 16}
OBJECTS=${TSAN_OBJECTS:-kernel/sched/core.o arch/x86/kernel/traps.o fs/namei.o}
read -ra threads <<<"$THREADS"
read -ra objects <<<"$OBJECTS"
read -ra args <<<"$OBJTOOL_ARGS"

ktap_print_header
ktap_set_plan $(( ${#threads[@]} + ${#objects[@]} + 4 ))

# A build that dropped -fsanitize=thread would report no races at all.
instrumented() {
	# Not grep -q: under pipefail, nm killed by SIGPIPE would fail it.
	nm "$1" 2>/dev/null | grep ' __tsan_init$' >/dev/null
}
ktap_check "the objtool under test is instrumented (__tsan_init)" \
	instrumented "$OBJTOOL_TSAN"
ktap_check "planted: the uninstrumented objtool is told apart" \
	not instrumented "$OBJTOOL_PATCHED"

# The detector as run here must see a planted race, or zero means nothing.
gcc -std=c11 -O1 -g -fsanitize=thread "$RACE_TESTS/planted-race.c" -o "$WORK/planted" -lpthread
mkdir -p "$WORK/planted.d"
TSAN_OPTIONS="halt_on_error=0 exitcode=66 log_path=$WORK/planted.d/tsan" \
	timeout 300 "$WORK/planted" >/dev/null 2>&1 || true
ktap_check "ThreadSanitizer reports the planted race" \
	grep -q '^WARNING: ThreadSanitizer: data race' "$WORK/planted.d"/tsan.*

run_objtool "$OBJTOOL_BASELINE" "$VMLINUX_O" "$WORK/base" "${args[@]}"
for t in "${threads[@]}"; do
	run_tsan "$WORK/t$t" "$VMLINUX_O" --threads="$t" "${args[@]}"
	no_reports "$WORK/t$t" "$(basename "$VMLINUX_O") --threads=$t"
	if [ "$t" = "${threads[-1]}" ]; then
		ktap_check "output at --threads=$t under TSAN identical to baseline" \
			same_run "$WORK/base" "$WORK/t$t"
	fi
	rm -rf "$WORK/t$t"
done

for o in "${objects[@]}"; do
	run_tsan "$WORK/o" "$KOUT/$o" --threads=4 --noinstr "${args[@]}"
	no_reports "$WORK/o" "$o --threads=4"
	rm -rf "$WORK/o"
done

ktap_finished
