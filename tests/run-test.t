#!/usr/bin/env bash
# scripts/run-test.sh, how prove runs every test: a test that outlives the
# limit its folder's settings file gives it (its own line, else the
# folder's timeout=) fails with exit 124 and a message naming the limit,
# its children stopped too; a test within it keeps its own exit status.
# Needs nothing built; runs alone.
set -euo pipefail
# shellcheck source=../scripts/ktap.sh
. "$(dirname "$0")/../scripts/ktap.sh"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/run-test-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
run=$(dirname "$0")/../scripts/run-test.sh

ktap_print_header
ktap_set_plan 4

mkdir "$WORK/t"
cat >"$WORK/t/hang.t" <<'T'
#!/usr/bin/env bash
echo 1..1
sleep 300 &
echo $! >"$(dirname "$0")/child"
wait
T
printf '#!/usr/bin/env bash\necho 1..1\necho ok 1\n' >"$WORK/t/quick.t"
printf '#!/usr/bin/env bash\necho 1..1\necho "not ok 1"\nexit 3\n' >"$WORK/t/fails.t"
printf 'timeout=60\nhang.t=2\n' >"$WORK/t/settings"

# gone <pid>: no such process, or a zombie (an init that does not reap,
# as in some containers, leaves one)
gone() {
	local state
	state=$(ps -o stat= -p "$1" 2>/dev/null || true)
	[ -z "$state" ] || [[ $state == Z* ]]
}

# stopped_at_limit: hang.t ends within seconds with 124, says why, and its
# child is gone
stopped_at_limit() {
	local rc=0 start=$SECONDS
	"$run" "$WORK/t/hang.t" >"$WORK/out" 2>&1 || rc=$?
	ktap_print_msg "exit $rc after $((SECONDS - start)) s: $(tail -1 "$WORK/out")"
	sleep 1
	[ "$rc" = 124 ] && [ $((SECONDS - start)) -lt 40 ] &&
		grep -q 'stopped at its time limit, 2 s' "$WORK/out" &&
		gone "$(cat "$WORK/t/child")"
}
ktap_check "a test past its own limit (hang.t=2) fails with 124, named, its child stopped" stopped_at_limit
quiet_run() {
	"$run" "$1" >"$WORK/out" 2>&1
}
ktap_check "a test within the folder's limit passes" quiet_run "$WORK/t/quick.t"
rc=0
"$run" "$WORK/t/fails.t" >/dev/null 2>&1 || rc=$?
ktap_check "a failing test keeps its exit status (3)" [ "$rc" = 3 ]
# Planted: with a limit longer than the hang, the check above must fail
# (here with a 4 s hang, not 300, to stay short).
sed -i 's/sleep 300/sleep 4/' "$WORK/t/hang.t"
printf 'hang.t=30\n' >"$WORK/t/settings"
ktap_check "planted: a test that ends on its own within its limit is not taken for a stopped one" \
	not stopped_at_limit

ktap_finished
