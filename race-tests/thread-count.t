#!/usr/bin/env bash
# The threads objtool starts: no more than a pass has items, and each with
# the main thread's stack.  pthread-limit.c, preloaded, logs every thread
# started and the stack size its attributes give.  A one-function object
# at --threads=1024, where no pass has more items than the object has
# sections, must start fewer threads in all than it has sections (one
# pass used to start 1023) and give the baseline's output.  On
# vmlinux.pre.o at --threads=2, every thread must ask for the stack the
# main thread has: ulimit -s as it is, and unlimited (then 8 MiB, where
# glibc's default for threads would be 2 MiB); the output is the
# baseline's.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

read -ra args <<<"$OBJTOOL_ARGS"

ktap_print_header
ktap_set_plan 6

gcc -std=gnu11 -O2 -shared -fPIC -o "$WORK/pthread-limit.so" \
	"$RACE_TESTS/pthread-limit.c" -ldl

# preloaded <log> <objtool> <input> <dir> [args...]: run_objtool with every
# thread allowed, each logged.
preloaded() {
	local log=$1
	shift
	rm -f "$log"
	LD_PRELOAD=$WORK/pthread-limit.so RIG_PTHREAD_CREATE_OK=1000000 RIG_PTHREAD_LOG=$log \
		run_objtool "$@"
}

# started <log>: how many threads started.
started() {
	grep -c '^started' "$1" 2>/dev/null || true
}

# all_asked <log> <size>: threads were started, each asking for <size>.
all_asked() {
	[ "$(started "$1")" -gt 0 ] && ! grep '^started' "$1" | grep -vx "started $2" >/dev/null
}

printf '\t.text\n\t.globl f\n\t.type f, @function\nf:\n\tret\n\t.size f, .-f\n' >"$WORK/one.S"
gcc -c -o "$WORK/one.o" "$WORK/one.S"
sections=$(readelf -S -W "$WORK/one.o" | grep -c '^ *\[ *[0-9]')
run_objtool "$OBJTOOL_BASELINE" "$WORK/one.o" "$WORK/one-base" "${args[@]}"
preloaded "$WORK/one.log" "$OBJTOOL_PATCHED" "$WORK/one.o" "$WORK/one" --threads=1024 "${args[@]}"
n=$(started "$WORK/one.log")
ktap_print_msg "one function at --threads=1024: ${n:-0} threads started, $sections sections"
ktap_check "one function at --threads=1024: fewer threads than sections" \
	test "${n:-0}" -lt "$sections"
ktap_check "one function at --threads=1024: the baseline's object, stdout, stderr and exit status" \
	same_run "$WORK/one-base" "$WORK/one"

run_objtool "$OBJTOOL_BASELINE" "$VMLINUX_O" "$WORK/base" "${args[@]}"

limit=$(ulimit -s)
if [ "$limit" = unlimited ]; then
	want=$((8 << 20))
else
	want=$((limit * 1024))
fi
preloaded "$WORK/stack.log" "$OBJTOOL_PATCHED" "$VMLINUX_O" "$WORK/stack" --threads=2 "${args[@]}"
ktap_print_msg "ulimit -s $limit: $(sort "$WORK/stack.log" 2>/dev/null | uniq -c | tr -s ' \n' ' ')"
ktap_check "vmlinux at --threads=2, ulimit -s $limit: every thread asked for $want bytes of stack" \
	all_asked "$WORK/stack.log" "$want"
ktap_check "vmlinux at --threads=2, ulimit -s $limit: the baseline's output" \
	same_run "$WORK/base" "$WORK/stack"

if [ "$(ulimit -H -s)" = unlimited ]; then
	(ulimit -s unlimited &&
		preloaded "$WORK/unlimited.log" "$OBJTOOL_PATCHED" "$VMLINUX_O" "$WORK/unlimited" \
			--threads=2 "${args[@]}")
	ktap_print_msg "ulimit -s unlimited: $(sort "$WORK/unlimited.log" 2>/dev/null | uniq -c | tr -s ' \n' ' ')"
	ktap_check "vmlinux at --threads=2, ulimit -s unlimited: every thread asked for 8 MiB of stack" \
		all_asked "$WORK/unlimited.log" $((8 << 20))
	ktap_check "vmlinux at --threads=2, ulimit -s unlimited: the baseline's output" \
		same_run "$WORK/base" "$WORK/unlimited"
else
	ktap_test_skip "vmlinux at --threads=2, ulimit -s unlimited: the hard limit is $(ulimit -H -s)"
	ktap_test_skip "vmlinux at --threads=2, ulimit -s unlimited: the baseline's output (no run)"
fi

ktap_finished
