#!/usr/bin/env bash
# shellcheck disable=SC2016 # make's $(call ...), literal on purpose
# A make with nothing to do runs no compiler or linker probes any more: on
# the small configuration, a no-op make bzImage modules of each tree, traced
# with strace -f (programs started), counting the compiler and linker runs
# (ccache, gcc, cc1, as, ld) and among them the probes: kbuild's try-run
# (cc-option, cc-disable-warning, as-option, as-instr: a compile into
# .tmp_<pid>/tmp) and ld-option (ld with its flags and -v).  The pristine
# tree must run some (or the count is blind), the patched tree none, and a
# probe planted on the patched tree's command line must be counted.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" probes
. "$(dirname "$0")/../lib.sh"

# trace <name> <side> [make arguments...]: a no-op make of that side, its
# programs in $WORK/<name>.strace.  An untraced make first: the first make
# after a full build still relinks the setup code (on both sides).
trace() {
	local name=$1 side=$2
	shift 2
	small_make "$side" -s -j"$(nproc)" bzImage modules >/dev/null
	TRACE="strace -f --seccomp-bpf -qq -s 256 -e trace=execve -e signal=none -o $WORK/$name.strace" \
		small_make "$side" -s -j"$(nproc)" "$@" bzImage modules >/dev/null
}

# count <name>: "<compiler and linker runs> <probes among them>".
count() {
	gawk '
	/execve\(/ && / = 0$/ {
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
	END { print runs + 0, probes + 0 }' "$WORK/$1.strace"
}

ktap_print_header
ktap_set_plan 4

trace pristine pristine
trace patched patched
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

# A command-line variable is expanded where it is used: this one runs a
# cc-option when make checks init/calibrate.o's command (and adds nothing
# to the command, which would rebuild the object).
trace planted patched 'CFLAGS_calibrate.o=$(if $(call cc-option,-fno-common),)'
read -r _ planted_probes < <(count planted)
ktap_print_msg "planted: $planted_probes probes"
ktap_check "planted: a probe on the patched tree's command line is counted" \
	test "$planted_probes" -gt 0

ktap_finished
