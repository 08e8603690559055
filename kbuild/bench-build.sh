#!/usr/bin/env bash
# The series' headline figures (make bench-build; a benchmark, not a test):
# whole makes of the pristine tree vs the patched one, on the rig's
# defconfig (build/kernel-pristine vs build/kernel) and on its small
# configuration (build/small/pristine vs patched), side by side: $RUNS (9)
# alternating pairs after a warm-up pair where a make takes under a minute,
# $CLEAN_RUNS (3) for the clean builds.  Cases, each "make bzImage modules":
#
#   noop     nothing changed
#   vma      after touch mm/vma.c (one object recompiled, then the link
#            tail: objtool, kallsyms, the links, modpost, finalisation)
#   header   after touch include/linux/syscalls.h (162 objects of the
#            defconfig include it)
#   clean    from an empty build directory with the configuration only,
#            ccache warm (the rig's builds of both trees filled it): what
#            remains is the build's own overhead and its serial tail; no
#            warm-up pair (two more whole builds, and the cache is warm)
#
# Then where each case's time goes: one more make of each side, its
# processes traced with bpftrace (kbuild/build-trace.bt: starts, programs,
# exits; root, as make deps installs it) and split by
# kbuild/build-phases.py into compile, objtool, links, kallsyms, modules,
# image, make and other; the traced make's total is shown beside the
# untraced median (PHASES_ONLY=1 with RESULTS= a finished run: the traced
# makes alone, again).  CASES=regex picks cases by
# "<config>-<case>" (e.g. small-noop, defconfig-clean).  Results under
# $RESULTS (default build/results/kbuild/<host>-<date>-build): summary.md,
# pairs.csv, phases.csv (and programs.csv, each phase's programs), phases.md
# and phases.png.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$KBUILD_RIG/../scripts/pairs.sh"

: "${KOUT:?}"
results=$(bench_results "-build")
cases=${CASES:-.}
CLEAN_RUNS=${CLEAN_RUNS:-3}
jobs=$(nproc)
kpristine=$(dirname "$KOUT")/kernel-pristine
export LC_ALL=C
header=include/linux/syscalls.h
source_file=mm/vma.c
MTIME_DIR=$(mktemp -d "${TMPDIR:-/tmp}/bench-build.XXXXXX")
for t in "$BASE_TREE" "$TREE"; do
	keep_mtime "$t/$header"
	keep_mtime "$t/$source_file"
done
# The clean builds' directories sit beside the rig's own builds, so that
# the relative paths the compilers see (and ccache hashes) are the same.
clean_dir() {
	case $1 in
	small) side_copy "$2" clean ;;
	defconfig) echo "$(dirname "$KOUT")/clean-$2" ;;
	esac
}
cleanup() {
	restore_mtimes
	rm -rf "$MTIME_DIR" "$(clean_dir small pristine)" "$(clean_dir small patched)" \
		"$(clean_dir defconfig pristine)" "$(clean_dir defconfig patched)"
}
trap cleanup EXIT
exit_on_signals

# The breakdown needs bpftrace, and root to load it: said before an hour of
# timing, not after.
command -v bpftrace >/dev/null || die "no bpftrace: make deps installs it"
[ "$(id -u)" = 0 ] || die "the phases' trace (bpftrace) needs root"

wanted() {
	grep -qE "$cases" <<<"$1"
}

if wanted "defconfig-noop defconfig-vma defconfig-header defconfig-clean"; then
	pristine_defconfig "$kpristine"
fi

# build_make <config> <side> <build-dir> [make arguments...]: make as the
# rig builds that configuration, in <build-dir>.
build_make() {
	local config=$1 side=$2 dir=$3
	shift 3
	case $config in
	small) small_make_at "$(side_src "$side")" "$dir" -s "$@" ;;
	defconfig) kernel_make "$(side_src "$side")" "$dir" -s "$@" ;;
	esac
}
# rig_dir <config> <side>: the rig's build of that configuration by that tree
rig_dir() {
	case $1 in
	small) side_out "$2" ;;
	defconfig) if [ "$2" = pristine ]; then echo "$kpristine"; else echo "$KOUT"; fi ;;
	esac
}

# case_cmd <config> <case> <side>: the timed make, as a string for eval
case_cmd() {
	local config=$1 case=$2 side=$3 dir
	dir=$(rig_dir "$config" "$side")
	[ "$case" != clean ] || dir=$(clean_dir "$config" "$side")
	echo "build_make $config $side $dir -j$jobs bzImage modules"
}
# case_prep <config> <case> <side>: what comes before it, untimed
case_prep() {
	local config=$1 case=$2 side=$3 src
	src=$(side_src "$side")
	case $case in
	noop) echo ":" ;;
	vma) echo "touch $src/$source_file" ;;
	header) echo "touch $src/$header" ;;
	clean) echo "fresh_build $config $side" ;;
	esac
}
# fresh_build <config> <side>: an empty build directory with the rig
# build's configuration
fresh_build() {
	local dir
	dir=$(clean_dir "$1" "$2")
	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$(rig_dir "$1" "$2")/.config" "$dir/.config"
}

bench_machine >"$results/machine.txt"

csv=$results/pairs.csv
table=$results/summary.md
if [ -z "${PHASES_ONLY:-}" ]; then
	echo "case,pair,a_seconds,b_seconds" >"$csv"
	{
		echo "| case (A pristine, B the series) | pairs | A s | B s | B/A |"
		echo "| --- | --- | --- | --- | --- |"
	} >"$table"
else
	[ -f "$csv" ] || die "PHASES_ONLY=1: no $csv to go with the phases (RESULTS= a finished run)"
fi
phases=$results/phases.csv
echo "case,side,phase,seconds" >"$phases"
programs=$results/programs.csv
echo "case,side,phase,program,seconds" >"$programs"

# trace_case <config> <case> <side>: one more make of that side, its
# processes traced (kbuild/build-trace.bt), split into phases (rows of
# phases.csv; "traced" is its total).
trace_case() {
	local config=$1 case=$2 side=$3 trace tracer i
	trace=$results/$config-$case-$side.trace
	eval "$(case_prep "$config" "$case" "$side")" >/dev/null
	BPFTRACE_STRLEN=200 bpftrace "$KBUILD_RIG/build-trace.bt" >"$trace" 2>"$trace.err" &
	tracer=$!
	for ((i = 0; i < 120; i++)); do
		grep -qs '^ready$' "$trace" && break
		kill -0 "$tracer" 2>/dev/null || die "bpftrace failed: $(grep -v RLIMIT_MEMLOCK "$trace.err")"
		sleep 0.5
	done
	grep -q '^ready$' "$trace" || die "bpftrace did not start in a minute"
	TRACE="$KBUILD_RIG/run-with-pid.sh $trace.pid" \
		eval "$(case_cmd "$config" "$case" "$side")" >/dev/null 2>&1 ||
		die "the traced make of $config-$case ($side) failed"
	kill -INT "$tracer"
	wait "$tracer" || true
	"$KBUILD_RIG/build-phases.py" --programs "$trace" "$(cat "$trace.pid")" |
		gawk -v c="$config-$case" -v s="$side" -v phases="$phases" -v programs="$programs" '
		$1 == "program" { if (++n <= 12) printf "%s,%s,%s,%s,%s\n", c, s, $2, $3, $4 >>programs; next }
		{ printf "%s,%s,%s,%s\n", c, s, ($1 == "total" ? "traced" : $1), $2 >>phases }'

	rm -f "$trace" "$trace.err" "$trace.pid"
}

for config in small defconfig; do
	for case in noop vma header clean; do
		name=$config-$case
		wanted "$name" || continue
		if [ "$case" = clean ]; then
			n=$CLEAN_RUNS warmup=0
		else
			n=$RUNS warmup=1
		fi
		if [ -z "${PHASES_ONLY:-}" ]; then
			quiet BENCH "$name ($n pairs)"
			RUNS=$n WARMUP_PAIRS=$warmup pair "$name" "$csv" \
				"$(case_cmd "$config" "$case" pristine)" "$(case_cmd "$config" "$case" patched)" \
				"$(case_prep "$config" "$case" pristine)" "$(case_prep "$config" "$case" patched)" |
				tee -a "$table"
		elif [ "$case" != clean ]; then
			# Out of the state the pairs leave it in: what was touched
			# rebuilt, untraced.
			for side in pristine patched; do
				eval "$(case_prep "$config" "$case" "$side")"
				eval "$(case_cmd "$config" "$case" "$side")" >/dev/null 2>&1
			done
		fi
		quiet TRACE "$name (bpftrace, one make each)"
		for side in pristine patched; do
			trace_case "$config" "$case" "$side"
		done
	done
done

"$KBUILD_RIG/phases-table.sh" "$csv" "$phases" >"$results/phases.md"
"$KBUILD_RIG/plot-phases.sh" "$phases" "$results/phases.png"
cat "$table" "$results/phases.md"
echo "results in $results"
