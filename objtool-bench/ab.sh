#!/usr/bin/env bash
# Two objtools side by side on VMLINUX_O, for one patch's figures: at each
# thread count, RUNS (9) alternating pairs after a warm-up pair, each run on
# a fresh copy made outside the timing; the medians and the median of the
# per-pair ratios B/A.  Both must write the same object, stdout, stderr and
# exit status at every thread count first, or no time is reported.
#
#   ab.sh <objtool-a> <objtool-b> [threads...]     (default: 1 2)
#
# A thread count of "none" runs both without --threads: for objtools from
# before the option (the baseline, the series' steps before the threads).
# "<a>/<b>" gives each its own, e.g. none/2: A without --threads, B with 2.
#
# Environment: VMLINUX_O OBJTOOL_ARGS (the rig's: build/rig.env), RUNS.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../scripts/rig-env.sh"
. "$here/../scripts/lib.sh"
# shellcheck source=scripts/pairs.sh
. "$here/../scripts/pairs.sh"

[ $# -ge 2 ] || die "usage: ab.sh <objtool-a> <objtool-b> [threads...]"
# Absolute: the runs happen in their own directories.
a=$(realpath -- "$1") b=$(realpath -- "$2")
shift 2
threads=("$@")
[ ${#threads[@]} -gt 0 ] || threads=(1 2)
: "${VMLINUX_O:?run make test or make sweep once (build/rig.env), or set VMLINUX_O}"
: "${OBJTOOL_ARGS?}"
for bin in "$a" "$b"; do
	[ -x "$bin" ] || die "$bin: no such objtool"
done
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "RUNS: '$RUNS' is not a positive number"
read -ra args <<<"$OBJTOOL_ARGS"

work=$(mktemp -d "${TMPDIR:-/tmp}/objtool-ab.XXXXXX")
trap 'rm -rf "$work"' EXIT
exit_on_signals

# run_in <objtool> <threads> <dir>: one timed run on a fresh copy, made
# outside the timing; prints the wall seconds.
run_in() {
	local opt=()
	[ "$2" = none ] || opt=(--threads="$2")
	fresh_copy "$3"
	wall objtool_in "$3" "$1" "${opt[@]}" "${args[@]}"
}

echo "| threads | pairs | A median s | B median s | B/A (median of pair ratios) |"
echo "| ---: | ---: | ---: | ---: | ---: |"
for t in "${threads[@]}"; do
	[[ $t =~ ^([1-9][0-9]*|none)(/([1-9][0-9]*|none))?$ ]] ||
		die "'$t' is not a thread count (N, none, or <a>/<b> of them)"
	t_a=${t%/*} t_b=${t#*/}
	run_in "$a" "$t_a" "$work/a" >/dev/null
	run_in "$b" "$t_b" "$work/b" >/dev/null
	for f in vmlinux.o stdout stderr rc; do
		if ! cmp -s "$work/a/$f" "$work/b/$f"; then
			if [ "$f" = vmlinux.o ]; then
				"$here/../scripts/elf-diff.sh" "$work/a/$f" "$work/b/$f" >&2 || true
			fi
			die "at threads=$t the two objtools' $f differ: no time is reported for different output"
		fi
	done
	: >"$work/times"
	for ((i = 1; i <= RUNS; i++)); do
		if ((i % 2)); then
			ta=$(run_in "$a" "$t_a" "$work/a"); tb=$(run_in "$b" "$t_b" "$work/b")
		else
			tb=$(run_in "$b" "$t_b" "$work/b"); ta=$(run_in "$a" "$t_a" "$work/a")
		fi
		echo "$ta,$tb" >>"$work/times"
	done
	gawk -F, -v t="$t" -f "$here/../scripts/median.awk" -e '
		{ n++; x[n] = $1; y[n] = $2; r[n] = $2 / $1 }
		END { printf "| %s | %d | %.3f | %.3f | %.3f |\n", t, n, median(x, n), median(y, n), median(r, n) }' "$work/times"
done
