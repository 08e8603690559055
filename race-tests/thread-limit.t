#!/usr/bin/env bash
# A thread objtool cannot start (pthread_create() failing with EAGAIN under
# a pids or process limit) does not fail the run or change its output.
# pthread-limit.c, preloaded, lets the first N threads start and refuses
# the rest; objtool at --threads=16 on vmlinux.pre.o must then exit, write
# and print exactly what the baseline objtool does, and the refusals must
# have happened (the preload logs them), or the test proves nothing.  With
# --timing, each refusal is reported.  N: 0 (no thread at all) and 3.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

read -ra args <<<"$OBJTOOL_ARGS"
ALLOWED=(0 3)

ktap_print_header
ktap_set_plan $((3 * ${#ALLOWED[@]}))

gcc -std=gnu11 -O2 -shared -fPIC -o "$WORK/pthread-limit.so" \
	"$RACE_TESTS/pthread-limit.c" -ldl
run_objtool "$OBJTOOL_BASELINE" "$VMLINUX_O" "$WORK/base" "${args[@]}"

# each_reported <refusals> <reports> <dir>: there were refusals, one report
# each, and the run in <dir> exited as the baseline's did.
each_reported() {
	[ "$1" -gt 0 ] && [ "$2" -eq "$1" ] && cmp -s "$WORK/base/rc" "$3/rc"
}

for ok in "${ALLOWED[@]}"; do
	dir=$WORK/ok$ok
	log=$WORK/refused$ok
	LD_PRELOAD=$WORK/pthread-limit.so RIG_PTHREAD_CREATE_OK=$ok RIG_PTHREAD_LOG=$log \
		run_objtool "$OBJTOOL_PATCHED" "$VMLINUX_O" "$dir" --threads=16 "${args[@]}"
	refused=$(grep -c '^EAGAIN$' "$log" 2>/dev/null || true)
	ktap_print_msg "$ok threads allowed: ${refused:-0} refused, exit $(cat "$dir/rc")"
	ktap_check "$ok threads allowed: pthread_create() was refused" test "${refused:-0}" -gt 0
	ktap_check "$ok threads allowed: the baseline's object, stdout, stderr and exit status" \
		same_run "$WORK/base" "$dir"

	rm -f "$log"
	LD_PRELOAD=$WORK/pthread-limit.so RIG_PTHREAD_CREATE_OK=$ok RIG_PTHREAD_LOG=$log \
		run_objtool "$OBJTOOL_PATCHED" "$VMLINUX_O" "$dir.timing" --threads=16 --timing "${args[@]}"
	refused=$(grep -c '^EAGAIN$' "$log" 2>/dev/null || true)
	reported=$(grep -c '^objtool: threads: pthread_create: Resource temporarily unavailable: continuing on' \
		"$dir.timing/stderr" || true)
	ktap_print_msg "$ok threads allowed, --timing: ${refused:-0} refused, $reported reported"
	ktap_check "$ok threads allowed, --timing: each refusal reported, the baseline's exit status" \
		each_reported "${refused:-0}" "$reported" "$dir.timing"
done

ktap_finished
