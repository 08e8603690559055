# shellcheck shell=bash
# TAP output for the rig's tests, with the names and meaning of kselftest's
# ktap_helpers.sh (tools/testing/selftests/kselftest/), so that a test reads
# like a kselftest, but the rig's own: it needs no unpacked kernel tree, and
# quotes what it prints.  ktap_check and not, at the end, are the rig's.

KTAP_TESTNO=1
KTAP_CNT_PASS=0
KTAP_CNT_FAIL=0
KTAP_CNT_SKIP=0
KTAP_PLAN=0

ktap_print_header() {
	echo "TAP version 13"
}

ktap_print_msg() {
	echo "# $*"
}

ktap_set_plan() {
	KTAP_PLAN=$1
	echo "1..$KTAP_PLAN"
}

# ktap_skip_all <reason>: nothing to test here; prove counts the file as
# skipped.
ktap_skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}

__ktap_test() {
	local result=$1 description=$2 directive=${3:-}
	echo "$result $KTAP_TESTNO $description${directive:+ # $directive}"
	KTAP_TESTNO=$((KTAP_TESTNO + 1))
}

ktap_test_pass() {
	__ktap_test ok "$1"
	KTAP_CNT_PASS=$((KTAP_CNT_PASS + 1))
}

ktap_test_skip() {
	__ktap_test ok "$1" SKIP
	KTAP_CNT_SKIP=$((KTAP_CNT_SKIP + 1))
}

ktap_test_fail() {
	__ktap_test "not ok" "$1"
	KTAP_CNT_FAIL=$((KTAP_CNT_FAIL + 1))
}

ktap_print_totals() {
	echo "# Totals: pass:$KTAP_CNT_PASS fail:$KTAP_CNT_FAIL xfail:0 xpass:0 skip:$KTAP_CNT_SKIP error:0"
}

ktap_exit_fail_msg() {
	echo "Bail out! $*"
	ktap_print_totals
	exit 1
}

# ktap_finished: the totals; success if every planned test passed or was
# skipped.
ktap_finished() {
	ktap_print_totals
	[ $((KTAP_CNT_PASS + KTAP_CNT_SKIP)) -eq "$KTAP_PLAN" ] || exit 1
	exit 0
}

# ktap_check <description> <command...>: the command's success as a test.
ktap_check() {
	local description=$1
	shift
	if "$@"; then
		ktap_test_pass "$description"
	else
		ktap_test_fail "$description"
	fi
}

# not <command...>: the command fails (for ktap_check).
not() {
	! "$@"
}
