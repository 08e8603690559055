#!/usr/bin/env bash
# Each objtool patch of the series on its own: the objtool of every commit
# on $TREE's branch "patched" that changes tools/objtool, but the last
# (OBJTOOL_PATCHED, which the other tests check), builds and writes what
# the unpatched objtool writes (object, stdout, stderr, exit status) on
# VMLINUX_O and on smaller objects that warn.  Serially for the patches
# before --threads; from the patch that adds it, at 2 threads on VMLINUX_O
# and at 1 and 2 on the objects.  Last, the check is shown to fail on a
# step whose source is planted with a different warning.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

: "${KOUT:?}"
# traps.o and mce/core.o warn under --noinstr (identity-objects.t).
OBJECTS=(kernel/sched/core.o arch/x86/kernel/traps.o arch/x86/kernel/cpu/mce/core.o)
read -ra args <<<"$OBJTOOL_ARGS"

mapfile -t steps < <(git -C "$TREE" rev-list --reverse pristine..patched -- tools/objtool)
[ ${#steps[@]} -ge 2 ] || ktap_exit_fail_msg "fewer than two objtool patches on $TREE's branch patched"
unset 'steps[-1]'

ktap_print_header
ktap_set_plan $((${#steps[@]} * 3 + 2))

# The plant: a warning worded differently.
PLANT='s/leaves .noinstr.text section/leaves .noinstr.text/'

# build_step <commit> <dir> [sed script]: that commit's objtool, from its
# objtool sources alone, the sed script applied to its check.c first (the
# plant), as <dir>/out/objtool; <dir>/built or <dir>/failed says how it
# went.  Every step builds in the same place ($WORK/build) on the build of
# the step before: only the files the step changed are written into its
# sources (rsync --checksum; the others keep their mtimes), so make
# rebuilds what the step changed and what depends on it, and ccache (the
# tools build names each object by its absolute path, -Wp,-MT) serves the
# objects of an earlier run of this test.  Building each step from
# scratch cost ~40 s of CPU a step, 35 steps.  The place is
# $SERIES_STEPS_BUILD (make test: build/series-steps), the same in every
# run: ccache hashes the object and dependency paths the tools build
# names, so a build in a new directory each run would miss every object
# the last run compiled.  Without it, a directory of the run's own.
STEPS_BUILD=${SERIES_STEPS_BUILD:-$WORK/build}
mkdir -p "$STEPS_BUILD"
exec {steps_lock}>"$STEPS_BUILD.lock"
flock -n "$steps_lock" || ktap_exit_fail_msg "$STEPS_BUILD: another series-steps.t builds there"
build_step() {
	local b=$STEPS_BUILD stage=$WORK/stage
	rm -rf "$stage"
	mkdir -p "$2/out" "$b/src"
	objtool_sources "$TREE" "$1" "$stage"
	[ -z "${3:-}" ] || sed -i "$3" "$stage/tools/objtool/check.c"
	rsync -rlp --checksum --delete "$stage/" "$b/src/"
	if "$RIG_SCRIPTS/build-objtool.sh" "$b/src" "$b/out" >"$2/build.out" 2>&1 &&
		cp "$b/out/tools/objtool/objtool" "$2/out/objtool"; then
		touch "$2/built"
	else
		touch "$2/failed"
	fi
}

# wait_built <dir>: until build_step is done with <dir>; fails if the
# build did.
wait_built() {
	while [ ! -e "$1/built" ] && [ ! -e "$1/failed" ]; do
		sleep 0.2
	done
	[ -e "$1/built" ]
}

# The steps are built one after another in the background while the checks
# run, each check waiting for its own step only.
(
	for i in "${!steps[@]}"; do
		build_step "${steps[$i]}" "$WORK/step$i"
	done
	build_step "${steps[0]}" "$WORK/plant" "$PLANT"
) &
builder=$!
trap 'kill "$builder" 2>/dev/null || true; rm -rf "$WORK"' EXIT

# The unpatched objtool's runs, once.
run_objtool "$OBJTOOL_BASELINE" "$VMLINUX_O" "$WORK/base/vmlinux" "${args[@]}"
for o in "${OBJECTS[@]}"; do
	run_objtool "$OBJTOOL_BASELINE" "$KOUT/$o" "$WORK/base/${o//\//_}" "${args[@]}" --noinstr
done

# same_objects <objtool> <dir> [thread args...]: the objects as the baseline.
same_objects() {
	local objtool=$1 dir=$2 o t ok=true
	shift 2
	for t in "$@"; do
		for o in "${OBJECTS[@]}"; do
			rm -rf "$dir/p"
			# shellcheck disable=SC2086 # "" is no --threads at all
			run_objtool "$objtool" "$KOUT/$o" "$dir/p" $t "${args[@]}" --noinstr
			same_run "$WORK/base/${o//\//_}" "$dir/p" || { ktap_print_msg "$o $t"; ok=false; }
		done
	done
	$ok
}

for i in "${!steps[@]}"; do
	subject=$(git -C "$TREE" log -1 --format=%s "${steps[$i]}")
	dir=$WORK/step$i
	if ! wait_built "$dir"; then
		sed 's/^/#   /' "$dir/build.out" | tail -20
		ktap_test_fail "$subject: builds"
		ktap_test_skip "$subject: VMLINUX_O (no objtool)"
		ktap_test_skip "$subject: objects (no objtool)"
		continue
	fi
	ktap_test_pass "$subject: builds"
	objtool=$dir/out/objtool
	# objtool --help exits 129: its text, not its status.
	if grep -q -- '--threads' <<<"$("$objtool" --help 2>&1 || true)"; then
		vm_threads=--threads=2 obj_threads=(--threads=1 --threads=2)
	else
		vm_threads="" obj_threads=("")
	fi
	# shellcheck disable=SC2086 # no --threads is no argument
	run_objtool "$objtool" "$VMLINUX_O" "$dir/vmlinux" $vm_threads "${args[@]}"
	ktap_check "$subject: VMLINUX_O ${vm_threads:-serially} as the baseline" \
		same_run "$WORK/base/vmlinux" "$dir/vmlinux"
	ktap_check "$subject: ${#OBJECTS[@]} objects ${obj_threads[*]:-serially} as the baseline" \
		same_objects "$objtool" "$dir" "${obj_threads[@]}"
	rm -rf "$dir"
done

# The plant: the first step's objtool with a warning worded differently.
dir=$WORK/plant
if wait_built "$dir"; then
	ktap_test_pass "planted step builds"
	ktap_check "planted step: its objects differ from the baseline" \
		not same_objects "$dir/out/objtool" "$dir" ""
else
	sed 's/^/#   /' "$dir/build.out" | tail -20
	ktap_test_fail "planted step builds"
	ktap_test_skip "planted step: its objects differ from the baseline (no objtool)"
fi

wait "$builder"
ktap_finished
