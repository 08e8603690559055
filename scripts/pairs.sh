# shellcheck shell=bash
# Side-by-side timing: two commands alternated A B, B A, ... over $RUNS
# pairs (default 9) after one warm-up pair; the median of each and of the
# per-pair ratios B/A.  Sourced by link-tail/bench.sh, kbuild/bench.sh and
# objtool-bench/ab.sh; the objtool helpers by ab.sh and profiles/profile.sh.

: "${RUNS:=9}"

# wall <command...>: run it, print its wall-clock seconds.
wall() {
	local t0 t1
	t0=$EPOCHREALTIME
	"$@" >/dev/null 2>&1 || { echo "bench: command failed: $*" >&2; return 1; }
	t1=$EPOCHREALTIME
	gawk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f\n", b - a }'
}

# fresh_copy <dir>: <dir>, emptied, with a copy of $VMLINUX_O as vmlinux.o,
# made before a timed run rather than inside it.
fresh_copy() {
	rm -rf "$1"
	mkdir -p "$1"
	cp "$VMLINUX_O" "$1/vmlinux.o"
}

# objtool_in <dir> <command...>: the command (an objtool and its arguments,
# or a wrapper of it) on <dir>/vmlinux.o, from <dir>; stdout, stderr and
# the exit status (rc) are left there.  Never fails: the caller reads rc.
# Ten minutes is a hang.  Not with the rig's OBJTOOL_ARGS in the
# environment, where objtool would read it as more options.
objtool_in() {
	local dir=$1 rc=0
	shift
	(cd "$dir" && env -u OBJTOOL_ARGS timeout 600 "$@" vmlinux.o >stdout 2>stderr) || rc=$?
	echo "$rc" >"$dir/rc"
}

# pair <name> <csv> <cmd-a> <cmd-b> [<prep-a> <prep-b>]: the commands are
# strings for eval, each run after its untimed preparation (if any);
# <name> is a CSV field, without commas.  $WARMUP_PAIRS (1) unrecorded
# pairs come first.
# Appends "name,pair,a,b" rows to <csv>; prints "name  a_med  b_med  ratio".
pair() {
	local name=$1 csv=$2 a=$3 b=$4 prep_a=${5:-:} prep_b=${6:-:} i ta tb
	timed_a() { eval "$prep_a" >/dev/null 2>&1 && wall eval "$a"; }
	timed_b() { eval "$prep_b" >/dev/null 2>&1 && wall eval "$b"; }
	for ((i = 0; i < ${WARMUP_PAIRS:-1}; i++)); do
		timed_a >/dev/null
		timed_b >/dev/null
	done
	for ((i = 1; i <= RUNS; i++)); do
		if ((i % 2)); then
			ta=$(timed_a); tb=$(timed_b)
		else
			tb=$(timed_b); ta=$(timed_a)
		fi
		echo "$name,$i,$ta,$tb" >>"$csv"
	done
	gawk -F, -v name="$name" -f "${BASH_SOURCE[0]%/*}/median.awk" -e '
	$1 == name { n++; a[n] = $3; b[n] = $4; r[n] = $3 > 0 ? $4 / $3 : 0 }
	END { printf "| %s | %d | %.3f | %.3f | %.3f |\n", name, n,
		     median(a, n), median(b, n), median(r, n) }' "$csv"
}
