#!/usr/bin/env bash
# How many threads objtool starts by default, counted with strace -f
# (clone and clone3 calls) on vmlinux.pre.o with kbuild's arguments and
# --dry-run: threads only for vmlinux.o (--link without --module), and only
# as many as the CPUs this process may run on (its affinity mask, set with
# taskset), not the CPUs online.  --threads=N starts threads whatever the
# mask and --module say.  The 2-CPU cases are skipped on a 1-CPU machine.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

read -ra args <<<"$OBJTOOL_ARGS"

ktap_print_header
ktap_set_plan 5

# clones <taskset CPU list> [objtool arguments...]: the threads one run on
# vmlinux.pre.o starts.
clones() {
	local cpus=$1
	shift
	(cd "$WORK" && env -u OBJTOOL_ARGS timeout 300 taskset -c "$cpus" \
		strace -f --seccomp-bpf -qq -e trace=clone,clone3 -e signal=none -o clones.strace \
		"$OBJTOOL_PATCHED" --dry-run "$@" "$VMLINUX_O" >/dev/null 2>&1) || true
	grep -cE '(clone|clone3)\(.*= [0-9]+$' "$WORK/clones.strace" || true
}

one=$(clones 0 "${args[@]}")
ktap_print_msg "one CPU allowed: $one threads started"
ktap_check "one CPU allowed: vmlinux.o is checked on this thread only" test "$one" -eq 0

forced=$(clones 0 --threads=4 "${args[@]}")
ktap_print_msg "one CPU allowed, --threads=4: $forced threads started"
ktap_check "one CPU allowed, --threads=4: threads are started" test "$forced" -gt 0

if [ "$(nproc)" -ge 2 ]; then
	two=$(clones 0,1 "${args[@]}")
	ktap_print_msg "two CPUs allowed: $two threads started"
	ktap_check "two CPUs allowed: threads are started" test "$two" -gt 0
	ktap_check "two CPUs allowed: fewer threads than --threads=4 starts" \
		test "$two" -lt "$forced"

	module=$(clones 0,1 --module "${args[@]}")
	ktap_print_msg "two CPUs allowed, --module: $module threads started"
	ktap_check "two CPUs allowed, --module: no threads by default" test "$module" -eq 0
else
	for what in "threads are started" "fewer than --threads=4" "--module: none"; do
		ktap_test_skip "two CPUs allowed: $what (one CPU here)"
	done
fi

ktap_finished
