# shellcheck shell=bash
# Shared by the tests: TAP output (scripts/tap.sh), the rig's paths from
# the environment, and running objtool the way kbuild does.

# shellcheck source=../../scripts/rig-env.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/rig-env.sh"
rig_need TREE OBJTOOL_BASELINE OBJTOOL_PATCHED VMLINUX_O
: "${OBJTOOL_ARGS?}"

RIG_SCRIPTS=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../scripts" && pwd)

# shellcheck source=../../scripts/tap.sh
. "$RIG_SCRIPTS/tap.sh" objtool

# run_objtool <objtool> <input> <dir> [args...]
#   Run objtool on a copy of <input> named vmlinux.o in <dir>, from <dir>, so
#   that messages name the same file in every run; leaves vmlinux.o, stdout,
#   stderr and rc there.  A run over 5 minutes is a hang.  objtool takes
#   more options from an OBJTOOL_ARGS in its environment, and make passes
#   the rig's (kbuild's arguments for VMLINUX_O) to the tests: only what
#   the test asks for reaches it.
run_objtool() {
	local objtool=$1 input=$2 dir=$3 rc=0
	shift 3

	mkdir -p "$dir"
	cp "$input" "$dir/vmlinux.o"
	(cd "$dir" && env -u OBJTOOL_ARGS timeout 300 "$objtool" "$@" vmlinux.o \
		>stdout 2>stderr) || rc=$?
	echo "$rc" >"$dir/rc"
}

# same_run <dir-a> <dir-b>: true if object, stdout, stderr and exit status are
# the same; otherwise says what differs as TAP comments.
same_run() {
	local a=$1 b=$2 f ok=true

	for f in rc stdout stderr; do
		if ! cmp -s "$a/$f" "$b/$f"; then
			ktap_print_msg "$f differs:"
			diff "$a/$f" "$b/$f" | head -10 | sed 's/^/#   /'
			ok=false
		fi
	done
	if ! cmp -s "$a/vmlinux.o" "$b/vmlinux.o"; then
		ktap_print_msg "object differs:"
		"$RIG_SCRIPTS/elf-diff.sh" "$a/vmlinux.o" "$b/vmlinux.o" | sed 's/^/#   /'
		ok=false
	fi
	$ok
}

# made_up_object <generator> <size> <object> [args...]: assemble what
#   tests/lib/<generator> writes for <size> [args...] into <object>.
made_up_object() {
	"$(dirname "${BASH_SOURCE[0]}")/$1" "$2" "${@:4}" >"$3.S"
	gcc -c "$3.S" -o "$3"
}

# made_up_baseline <name> <check> <generator> <size> [generator args...] \
#	-- [objtool args...]
#   $WORK/<name>.o assembled from tests/lib/<generator> (made_up_object),
#   the baseline's run of it with [objtool args...] in $WORK/base-<name>,
#   and one TAP check that the run reports what the object plants, so that
#   the object tests something: `<check> <run dir>`.
made_up_baseline() {
	local name=$1 check=$2 gen=$3 size=$4 gen_args=()
	shift 4
	while [ "$1" != -- ]; do
		gen_args+=("$1")
		shift
	done
	shift

	made_up_object "$gen" "$size" "$WORK/$name.o" "${gen_args[@]}"
	run_objtool "$OBJTOOL_BASELINE" "$WORK/$name.o" "$WORK/base-$name" "$@"
	ktap_print_msg "$name: baseline exit $(cat "$WORK/base-$name/rc"), $(wc -l <"$WORK/base-$name/stderr") warning lines"
	ktap_check "$name: the baseline reports what the object plants" \
		"$check" "$WORK/base-$name"
}

# at_threads <what> <compare> <input> <baseline-dir> <runs> "<threads...>"
#	[args...]
#   One TAP check per thread count, "<input>, threads=<t>: <what>": the
#   patched objtool, run <runs> times at each on <input> with [args...],
#   passes `<compare> <baseline-dir> <run-dir> <input>` every time, where
#   <baseline-dir> holds the baseline's run_objtool run.
at_threads() {
	local what=$1 compare=$2 input=$3 base=$4 runs=$5 threads=$6 t r same
	shift 6

	for t in $threads; do
		same=true
		for ((r = 1; r <= runs; r++)); do
			run_objtool "$OBJTOOL_PATCHED" "$input" "$WORK/p" --threads="$t" "$@"
			"$compare" "$base" "$WORK/p" "$input" || same=false
			rm -rf "$WORK/p"
		done
		ktap_check "${input##*/}, threads=$t: $what, $runs runs" $same
	done
}

# identical_at_threads <input> <baseline-dir> <runs> "<threads...>" [args...]
#   at_threads: writes what the baseline wrote (same_run).
identical_at_threads() {
	at_threads "identical to the baseline" same_run "$@"
}

# fails_as_baseline_at_threads <input> <baseline-dir> <runs> "<threads...>"
#	[args...]
#   at_threads, for an input the baseline reports a fatal error on: the
#   baseline's stdout and stderr, and a clean failure (failed_cleanly)
#   where 6.12 exits 0 (patch 0002).
fails_as_baseline_at_threads() {
	at_threads "the baseline's messages, a non-zero exit, not written" \
		fails_as_baseline "$@"
}

# fails_as_baseline <baseline-dir> <run-dir> <input>
fails_as_baseline() {
	cmp -s "$1/stderr" "$2/stderr" && cmp -s "$1/stdout" "$2/stdout" &&
		failed_cleanly "$2" "$3"
}

# plant_undecodable <input> <output>: a copy of <input> with 64 bytes of
# 0x62 (an EVEX prefix with no valid instruction) in the middle of .text.
plant_undecodable() {
	local off len
	read -r off len < <("$RIG_SCRIPTS/elf-section.sh" "$1" .text)
	cp "$1" "$2"
	head -c 64 /dev/zero | tr '\0' '\142' |
		dd of="$2" bs=1 seek=$((off + len / 2)) conv=notrunc status=none
}

# failed_cleanly <dir> <input>: the run_objtool run in <dir> failed as a
# broken input must: a non-zero exit that is not timeout's (124), a
# message on stderr, and the object left as it was.
failed_cleanly() {
	local dir=$1 input=$2 rc
	rc=$(cat "$dir/rc")
	[ "$rc" != 0 ] && [ "$rc" != 124 ] && [ -s "$dir/stderr" ] &&
		cmp -s "$input" "$dir/vmlinux.o"
}
