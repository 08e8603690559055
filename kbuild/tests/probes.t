#!/usr/bin/env bash
# shellcheck disable=SC2016 # make's $(call ...), literal on purpose
# A make with nothing to do runs no compiler or linker probes any more, and
# at most a handful of compilers at all: a no-op make bzImage modules, traced
# with strace -f (programs started), counting the compiler and linker runs
# (ccache, gcc, cc1, as, ld) and among them the probes: kbuild's try-run
# (cc-option, cc-disable-warning, as-option, as-instr: a compile into
# .tmp_<pid>/tmp) and ld-option (ld with its flags and -v).  On the small
# configuration, both trees: the pristine tree must run some probes (or the
# count is blind), the patched tree none, and a probe planted on the patched
# tree's command line must be counted.  The patched tree's no-op make, on the
# small configuration and on the kernel the tests check ($KOUT, the
# defconfig less some drivers, if built), starts
# at most $MAX_RUNS compilers and linkers (what is left: $(CC) --version for
# kbuild's compiler-upgrade check, ld -v for compile.h, and objtool's build
# asking its compilers whether they are clang and how old libelf is).
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" probes
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

MAX_RUNS=10

# trace <name> <source tree> <output dir> <build's make arguments> [more
# make arguments...]: a no-op make bzImage modules of that build, its
# programs in $WORK/<name>.strace.  The build's arguments (one string,
# split at spaces) are those it was built with; the others go to the traced
# make only.  An untraced make first: the first make after a full build
# still relinks the setup code (on both sides).
trace() {
	local name=$1 src=$2 out=$3 build_args
	read -ra build_args <<<"$4"
	shift 4
	kernel_make "$src" "$out" -s -j"$(nproc)" "${build_args[@]}" bzImage modules >/dev/null
	TRACE="strace -f --seccomp-bpf -qq -s 256 -e trace=execve -e signal=none -o $WORK/$name.strace" \
		kernel_make "$src" "$out" -s -j"$(nproc)" "${build_args[@]}" "$@" bzImage modules >/dev/null
}

# trace_small <name> <side> [more make arguments...]: trace of the small
# build of that side.
trace_small() {
	local name=$1 side=$2
	shift 2
	trace "$name" "$(side_src "$side")" "$(side_out "$side")" "$SMALL_ARGS" "$@"
}

# count <name>: "<compiler and linker runs> <probes among them>".
count() {
	started "$WORK/$1.strace" | gawk '
	{
		match($0, /execve\("[^"]*"/)
		prog = substr($0, RSTART + 8, RLENGTH - 9)
		sub(".*/", "", prog)
		if (prog !~ /^(ccache|gcc|cc1|as|ld|collect2)$/)
			next
		runs++
		if ($0 ~ /"\.tmp_[0-9]+\/tmp/ ||
		    (prog == "ld" && $0 ~ /, "-v"\]/ && $0 !~ /\["ld", "-v"\]/))
			probes++
	}
	END { print runs + 0, probes + 0 }'
}

ktap_print_header
ktap_set_plan 6

trace_small pristine pristine
trace_small patched patched
read -r pristine_runs pristine_probes < <(count pristine)
read -r patched_runs patched_probes < <(count patched)
ktap_print_msg "pristine: $pristine_runs compiler and linker runs, $pristine_probes of them probes"
ktap_print_msg "patched:  $patched_runs compiler and linker runs, $patched_probes of them probes"

ktap_check "the pristine tree's no-op make runs probes (the count sees them)" \
	test "$pristine_probes" -gt 0
ktap_check "the patched tree's no-op make runs no probe" \
	test "$patched_probes" -eq 0
ktap_check "the patched tree runs fewer compilers than the pristine one by the probes" \
	test "$patched_runs" -le $((pristine_runs - pristine_probes))
ktap_check "the patched tree's no-op make starts at most $MAX_RUNS compilers and linkers" \
	test "$patched_runs" -le "$MAX_RUNS"

# A command-line variable is expanded where it is used: this one runs a
# cc-option when make checks init/calibrate.o's command (and adds nothing
# to the command, which would rebuild the object).
trace_small planted patched 'CFLAGS_calibrate.o=$(if $(call cc-option,-fno-common),)'
read -r _ planted_probes < <(count planted)
ktap_print_msg "planted: $planted_probes probes"
ktap_check "planted: a probe on the patched tree's command line is counted" \
	test "$planted_probes" -gt 0

if [ -f "${KOUT:-}/vmlinux" ]; then
	trace kernel-test "$TREE" "$KOUT" ""
	read -r kernel_runs _ < <(count kernel-test)
	ktap_print_msg "test kernel (patched): $kernel_runs compiler and linker runs"
	ktap_check "the patched test kernel's no-op make starts at most $MAX_RUNS compilers and linkers" \
		test "$kernel_runs" -le "$MAX_RUNS"
else
	ktap_test_skip "no test kernel in \$KOUT (${KOUT:-unset}): make kernel-test"
fi

ktap_finished
