#!/usr/bin/env bash
# Thread-count sweep of objtool on vmlinux.o: baseline against patched,
# and against the seed's objtool (the series up to the port of the seed's
# objtool patch) between them when OBJTOOL_SEED is set.
#
# For every thread count: WARMUP warm-up pairs (default 1, not recorded),
# then RUNS pairs alternating (A B, B A, ...; with the seed, triplets in
# each of the six orders in turn), each run on a fresh copy of the input.
# Every patched (and seed) output must be byte-identical to the baseline's
# output of its pair (object, and stderr less the timing lines); the first
# mismatch stops the sweep, naming the sections, and keeps the points
# already finished.
#
# Environment: OBJTOOL_BASELINE OBJTOOL_PATCHED VMLINUX_O OBJTOOL_ARGS
#   OBJTOOL_SEED (optional: the third objtool, given --threads like patched)
#   THREADS ("1 2 4 ..."; default 1, 2, 4 ... 2*nproc, nproc, 16)
#   RUNS (pairs per point, default 9)   WARMUP (pairs before them, default 1)
#   RESULTS (output directory)   PATCHES, TREE (named in machine.txt)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../scripts/lib.sh"

: "${OBJTOOL_BASELINE:?}" "${OBJTOOL_PATCHED:?}" "${VMLINUX_O:?}" "${OBJTOOL_ARGS?}"
RUNS=${RUNS:-9}
WARMUP=${WARMUP:-1}
export RUNS WARMUP
RESULTS=$(results_dir objtool-bench)

default_threads() {
	local n=$1 t=1 list=()
	while [ "$t" -le $((2 * n)) ]; do
		list+=("$t")
		t=$((t * 2))
	done
	list+=("$n" 16)
	printf '%s\n' "${list[@]}" | sort -n -u | tr '\n' ' '
}

THREADS=${THREADS:-$(default_threads "$(nproc)")}
read -ra threads <<<"$THREADS"
[ ${#threads[@]} -gt 0 ] || die "THREADS is empty"
for t in "${threads[@]}"; do
	[[ $t =~ ^[1-9][0-9]*$ ]] || die "THREADS: '$t' is not a thread count (1, 2, ...)"
done
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "RUNS: '$RUNS' is not a positive number"
[[ $WARMUP =~ ^[0-9]+$ ]] || die "WARMUP: '$WARMUP' is not a number of pairs (0, 1, ...)"
tools=(baseline patched)
[ -z "${OBJTOOL_SEED:-}" ] || tools=(baseline seed patched)
for bin in "$OBJTOOL_BASELINE" "$OBJTOOL_PATCHED" ${OBJTOOL_SEED:+"$OBJTOOL_SEED"}; do
	[ -x "$bin" ] || die "$bin: no such objtool (make objtool)"
done
[ -f "$VMLINUX_O" ] || die "VMLINUX_O=$VMLINUX_O: no such file"
[ "$(head -c 4 "$VMLINUX_O" | od -An -c | tr -d ' ')" = '177ELF' ] ||
	die "VMLINUX_O=$VMLINUX_O is not an ELF object"
command -v /usr/bin/time >/dev/null || die "/usr/bin/time missing (make deps)"

mkdir -p "$RESULTS"
work=$(mktemp -d "${TMPDIR:-/tmp}/objtool-sweep.XXXXXX")

# On a stop, summarize the points that finished before the one that failed.
finish() {
	local rc=$?
	rm -rf "$work"
	if [ "$rc" != 0 ] && [ "$(wc -l <"$RESULTS/sweep.csv")" -gt 1 ]; then
		echo "  PARTIAL summary of the finished points:" >&2
		"$here/summarize.sh" "$RESULTS" >&2 || true
	fi
	exit "$rc"
}
trap finish EXIT
exit_on_signals
read -ra args <<<"$OBJTOOL_ARGS"

# No "identical" column: a pair that differs stops the sweep before it is
# recorded, so every row is of a byte-identical pair.
echo "tool,threads,run,wall,user,sys,rss_kb" >"$RESULTS/sweep.csv"
"$here/machine.sh" >"$RESULTS/machine.txt"
echo "threads,run,pass,seconds" >"$RESULTS/passes-raw.csv"

# run_one <tool> <threads> -> $work/<tool>/{vmlinux.o,stderr,time}
run_one() {
	local tool=$1 t=$2 bin opt=() dir=$work/$1 rc=0

	case $tool in
	baseline) bin=$OBJTOOL_BASELINE ;;
	seed) bin=$OBJTOOL_SEED opt=(--threads="$t" --timing) ;;
	patched) bin=$OBJTOOL_PATCHED opt=(--threads="$t" --timing) ;;
	esac
	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$VMLINUX_O" "$dir/vmlinux.o"
	(cd "$dir" && /usr/bin/time -f '%e,%U,%S,%M' -o time \
		"$bin" "${opt[@]}" "${args[@]}" vmlinux.o >stdout 2>stderr) || rc=$?
	if [ "$rc" != 0 ]; then
		echo "$tool objtool failed (exit $rc) at threads=$t:" >&2
		grep -v '^objtool: timing:' "$dir/stderr" | head -20 >&2
		die "stopping; finished points are in $RESULTS"
	fi
}

# Compare the pair's (or triplet's) outputs with the baseline's; on a
# mismatch say where and stop.
check_identical() {
	local t=$1 tool
	for tool in "${tools[@]:1}"; do
		grep -v '^objtool: timing:' "$work/$tool/stderr" >"$work/$tool/stderr.cmp" || true
		if cmp -s "$work/baseline/vmlinux.o" "$work/$tool/vmlinux.o" &&
		   cmp -s "$work/baseline/stderr" "$work/$tool/stderr.cmp" &&
		   cmp -s "$work/baseline/stdout" "$work/$tool/stdout"; then
			continue
		fi
		echo "$tool objtool at threads=$t is NOT identical to the baseline:" >&2
		"$here/../scripts/elf-diff.sh" "$work/baseline/vmlinux.o" "$work/$tool/vmlinux.o" >&2
		diff "$work/baseline/stderr" "$work/$tool/stderr.cmp" | head -10 >&2 || true
		die "no speed is reported for wrong output; finished points are in $RESULTS"
	done
}

# order <run>: the tools in the order of that run: A B and B A in turn, or
# with three tools each of the six orders in turn (each tool first, second
# and last equally often over six runs).
order() {
	local run=$1
	if [ ${#tools[@]} = 2 ]; then
		if [ $(((run % 2 + 2) % 2)) = 1 ]; then echo "baseline patched"; else echo "patched baseline"; fi
		return
	fi
	local orders=("baseline seed patched" "patched baseline seed" "seed patched baseline"
		      "patched seed baseline" "baseline patched seed" "seed baseline patched")
	echo "${orders[$(((run % 6 + 6) % 6))]}"
}

record() {
	local tool=$1 t=$2 run=$3
	echo "$tool,$t,$run,$(cat "$work/$tool/time")" >>"$RESULTS/sweep.csv"
	if [ "$tool" = patched ]; then
		sed -n "s/^objtool: timing: \([a-z_]*\) \([0-9.]*\)$/$t,$run,\1,\2/p" \
			"$work/patched/stderr" >>"$RESULTS/passes-raw.csv"
	fi
}

start=$(date +%s) done_runs=0
total_runs=$(( ${#threads[@]} * (RUNS + WARMUP) * ${#tools[@]} ))
point=0
for t in "${threads[@]}"; do
	point=$((point + 1))
	for run in $(seq $((1 - WARMUP)) "$RUNS"); do
		# Runs up to 0 are the warm-ups.
		for tool in $(order "$run"); do
			run_one "$tool" "$t"
			done_runs=$((done_runs + 1))
		done
		check_identical "$t"
		if [ "$run" -gt 0 ]; then
			for tool in "${tools[@]}"; do
				record "$tool" "$t" "$run"
			done
		fi
		elapsed=$(( $(date +%s) - start ))
		eta=$(( elapsed * (total_runs - done_runs) / done_runs ))
		if [ "$run" -le 0 ]; then
			pair="warm-up $((run + WARMUP))/$WARMUP"
		else
			pair="pair $run/$RUNS"
		fi
		printf '  SWEEP   threads=%-3s (point %d/%d) %s  ETA %dm%02ds\n' \
			"$t" "$point" "${#threads[@]}" "$pair" $((eta / 60)) $((eta % 60))
	done
done

"$here/summarize.sh" "$RESULTS"
"$here/plot.sh" "$RESULTS"
echo "  RESULTS $RESULTS"
