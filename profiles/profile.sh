#!/usr/bin/env bash
# Where objtool's time goes on vmlinux.o, serial and threaded: perf over
# the patched objtool at each thread count (the report by symbol, the call
# chains, and the folded stacks any flame graph tool draws), and objtool's
# own per-pass times (--timing) as a table with the Amdahl bound they imply.
#
# perf profiles OBJTOOL_PROFILE, the patched objtool built again with -g and
# frame pointers (make profile builds it: build/objtool-profile), so that
# call chains and symbols resolve; the per-pass times are OBJTOOL_PATCHED's,
# the build the sweep measures, RUNS runs per thread count taken round-robin.
#
# Environment: OBJTOOL_PATCHED OBJTOOL_PROFILE VMLINUX_O OBJTOOL_ARGS
#   THREADS ("1 2 <nproc>" by default)  RUNS (timing runs each, default 5)
#   PERF_EVENT (default cpu-clock: works in VMs without a PMU)
#   RESULTS (default build/results/profiles/<host>-<date>)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../scripts/lib.sh"

: "${OBJTOOL_PATCHED:?}" "${OBJTOOL_PROFILE:?}" "${VMLINUX_O:?}" "${OBJTOOL_ARGS?}"
RUNS=${RUNS:-5}
# shellcheck source=scripts/pairs.sh
. "$here/../scripts/pairs.sh"
PERF_EVENT=${PERF_EVENT:-cpu-clock}
RESULTS=$(results_dir profiles)
THREADS=${THREADS:-$(printf '%s\n' 1 2 "$(nproc)" | sort -n -u | tr '\n' ' ')}
read -ra threads <<<"$THREADS"
read -ra args <<<"$OBJTOOL_ARGS"

[ ${#threads[@]} -gt 0 ] || die "THREADS is empty"
for t in "${threads[@]}"; do
	[[ $t =~ ^[1-9][0-9]*$ ]] || die "THREADS: '$t' is not a thread count (1, 2, ...)"
done
[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "RUNS: '$RUNS' is not a positive number"
for bin in "$OBJTOOL_PATCHED" "$OBJTOOL_PROFILE"; do
	[ -x "$bin" ] || die "$bin: no such objtool (make profile builds both)"
done
[ -f "$VMLINUX_O" ] || die "VMLINUX_O=$VMLINUX_O: no such file"
command -v perf >/dev/null || die "perf missing (make deps: linux-perf)"

mkdir -p "$RESULTS"
work=$(mktemp -d "${TMPDIR:-/tmp}/objtool-profile.XXXXXX")
trap 'rm -rf "$work"' EXIT
exit_on_signals

# ran_ok <dir>: the objtool_in run there succeeded, or stop with its
# messages.
ran_ok() {
	local rc
	rc=$(cat "$1/rc")
	[ "$rc" = 0 ] && return
	grep -v '^objtool: timing:' "$1/stderr" | head -20 >&2
	die "objtool failed on $VMLINUX_O (exit $rc)"
}

# perf, once per thread count.
perf record -e "$PERF_EVENT" -o "$work/probe.data" -- true >/dev/null 2>&1 ||
	die "perf cannot record here (perf_event_paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null)): run as root or lower it"
for t in "${threads[@]}"; do
	quiet PERF "objtool --threads=$t"
	out=$RESULTS/t$t
	mkdir -p "$out"
	fresh_copy "$work/perf$t"
	objtool_in "$work/perf$t" perf record -q -e "$PERF_EVENT" -F 999 -g \
		-o "$work/perf$t.data" -- "$OBJTOOL_PROFILE" --threads="$t" "${args[@]}"
	ran_ok "$work/perf$t"
	report=(perf report -i "$work/perf$t.data" --stdio --percent-limit 0.3)
	"${report[@]}" --no-children --sort dso,sym -g none 2>/dev/null >"$out/by-symbol.txt"
	"${report[@]}" --children --sort sym -g graph,2,caller 2>/dev/null >"$out/call-chains.txt"
	perf script -i "$work/perf$t.data" -F ip,sym 2>/dev/null |
		gawk -f "$here/fold.awk" | sort >"$out/folded.txt"
	rm -rf "$work/perf$t" "$work/perf$t.data"
done

# objtool's own per-pass times, round-robin over the thread counts.
echo "threads,run,pass,seconds" >"$RESULTS/passes-raw.csv"
for run in $(seq "$RUNS"); do
	for t in "${threads[@]}"; do
		quiet TIMING "objtool --threads=$t (run $run/$RUNS)"
		fresh_copy "$work/time"
		secs=$(wall objtool_in "$work/time" "$OBJTOOL_PATCHED" --threads="$t" --timing "${args[@]}")
		ran_ok "$work/time"
		{
			sed -n "s/^objtool: timing: \([a-z_.]*\) \([0-9.]*\)$/$t,$run,\1,\2/p" "$work/time/stderr"
			echo "$t,$run,wall,$secs"
		} >>"$RESULTS/passes-raw.csv"
		rm -rf "$work/time"
	done
done

{
	echo "object: $VMLINUX_O ($(stat -c %s "$VMLINUX_O") bytes)"
	echo "objtool args: $OBJTOOL_ARGS"
	echo "profiled: $OBJTOOL_PROFILE; timed: $OBJTOOL_PATCHED"
	echo "perf: $(perf --version), event $PERF_EVENT at 999 Hz, frame-pointer call chains"
	echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), nproc $(nproc)"
	echo "threads: ${threads[*]}; timing runs: $RUNS each"
} >"$RESULTS/machine.txt"

"$here/passes.sh" "$RESULTS" >"$RESULTS/passes.md"
cat "$RESULTS/passes.md"
echo "  RESULTS $RESULTS"
