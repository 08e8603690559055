# shellcheck shell=bash
# Shared by the race tests: run objtool under ThreadSanitizer or helgrind,
# count the reports, and print each report's summary (file, line, threads)
# as TAP comments.

. "$(dirname "${BASH_SOURCE[0]}")/../tests/lib/common.sh"

rig_need OBJTOOL_TSAN

# run_tsan <dir> <input> [objtool args...]: reports counted in <dir>/reports.
run_tsan() {
	local dir=$1 input=$2
	shift 2
	mkdir -p "$dir"
	TSAN_OPTIONS="halt_on_error=0 exitcode=66 log_path=$dir/tsan history_size=4" \
		run_objtool "$OBJTOOL_TSAN" "$input" "$dir" "$@"
	cat "$dir"/tsan.* 2>/dev/null >"$dir/tsan.log" || true
	grep -c '^WARNING: ThreadSanitizer' "$dir/tsan.log" >"$dir/reports" || true
}

# run_valgrind <tool> <dir> <input> [objtool args...]: the patched objtool
# under valgrind's helgrind or drd, on a copy of <input>; the errors it
# counted in <dir>/reports, its exit status in <dir>/rc, its log in
# <dir>/<tool>.log.  Half an hour is a hang.
run_valgrind() {
	local tool=$1 dir=$2 input=$3 rc=0
	shift 3
	mkdir -p "$dir"
	cp "$input" "$dir/vmlinux.o"
	(cd "$dir" && env -u OBJTOOL_ARGS timeout 1800 valgrind --tool="$tool" --error-exitcode=66 \
		--suppressions="$RACE_TESTS/helgrind.supp" --log-file="$tool.log" \
		"$OBJTOOL_PATCHED" "$@" vmlinux.o >stdout 2>stderr) || rc=$?
	echo "$rc" >"$dir/rc"
	sed -n 's/^==[0-9]*== ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' \
		"$dir/$tool.log" | tail -1 >"$dir/reports"
}

# Print what a report names: the kind, the first frames, the threads.
show_reports() {
	local log=$1
	grep -E '^(WARNING: ThreadSanitizer|SUMMARY:|  (Write|Read|Previous|Atomic).*thread|    #[0-2] )|Possible data race|by 0x|Thread #' \
		"$log" | head -60 | sed 's/^/#   /'
}

# no_reports <dir> <what>: a TAP line; the reports shown when there are any.
no_reports() {
	local dir=$1 what=$2 n
	n=$(cat "$dir/reports" 2>/dev/null || echo "?")
	if [ "$n" = 0 ] && [ "$(cat "$dir/rc")" = 0 ]; then
		ktap_test_pass "$what: 0 reports"
	else
		ktap_print_msg "$what: $n reports, exit $(cat "$dir/rc")"
		show_reports "$dir"/*.log
		ktap_test_fail "$what: 0 reports"
	fi
}

RACE_TESTS=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
