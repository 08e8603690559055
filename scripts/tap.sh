# shellcheck shell=bash
# What every TAP test of the rig starts with: the tree's ktap_helpers.sh,
# ktap_check and not, and a scratch directory $WORK that goes away however
# the test ends.
#
#   . scripts/tap.sh <name>     (TREE in the environment)

: "${TREE:?run the tests through make test}"

# Named from the top of the rig, where tests/shellcheck.t runs shellcheck: a
# bare lib.sh is looked up in the checked script's directory, and
# link-tail/tests/lib.sh (which sources this file) then sources itself, a
# hundred levels deep (30 s a file).
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# shellcheck source=/dev/null
. "$TREE/tools/testing/selftests/kselftest/ktap_helpers.sh"

# ktap_test_result splits its command's words again ($@ unquoted); this
# runs the command as given.
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

WORK=$(mktemp -d "${TMPDIR:-/tmp}/${1:-rig}-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
exit_on_signals
