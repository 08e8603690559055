#!/usr/bin/env bash
# A thread objtool cannot start (pthread_create() failing with EAGAIN under
# a pids or process limit) does not fail the run.  pthread-limit.c, preloaded,
# lets the first N threads start and refuses the rest; objtool at
# --threads=16 on vmlinux.pre.o must then exit, write and print what the
# baseline objtool does, its stderr the baseline's plus one "continuing on"
# warning for each refusal, and the refusals must have happened (the
# preload logs them), or the test proves nothing.  N: 0 (no thread at all)
# and 3.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

read -ra args <<<"$OBJTOOL_ARGS"
ALLOWED=(0 3)

ktap_print_header
ktap_set_plan $((3 * ${#ALLOWED[@]}))

gcc -std=gnu11 -O2 -shared -fPIC -o "$WORK/pthread-limit.so" \
	"$RACE_TESTS/pthread-limit.c" -ldl
run_objtool "$OBJTOOL_BASELINE" "$VMLINUX_O" "$WORK/base" "${args[@]}"

for ok in "${ALLOWED[@]}"; do
	dir=$WORK/ok$ok
	log=$WORK/refused$ok
	LD_PRELOAD=$WORK/pthread-limit.so RIG_PTHREAD_CREATE_OK=$ok RIG_PTHREAD_LOG=$log \
		run_objtool "$OBJTOOL_PATCHED" "$VMLINUX_O" "$dir" --threads=16 "${args[@]}"
	refused=$(wc -l <"$log" 2>/dev/null || echo 0)
	warned=$(grep -c 'pthread_create: Resource temporarily unavailable: continuing on' "$dir/stderr" || true)
	ktap_print_msg "$ok threads allowed: $refused refused, $warned warnings, exit $(cat "$dir/rc")"
	ktap_check "$ok threads allowed: pthread_create() was refused" test "$refused" -gt 0
	ktap_check "$ok threads allowed: one warning for each refusal" test "$warned" -eq "$refused"
	grep -v 'pthread_create: Resource temporarily unavailable: continuing on' "$dir/stderr" \
		>"$dir/stderr.rest" || true
	mv "$dir/stderr.rest" "$dir/stderr"
	ktap_check "$ok threads allowed: the baseline's object, stdout, stderr and exit status" \
		same_run "$WORK/base" "$dir"
done

ktap_finished
