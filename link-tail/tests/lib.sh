# shellcheck shell=bash
# Shared by link-tail's tests: TAP (the tree's ktap_helpers.sh), the rig's
# paths from the environment, and a scratch directory removed on exit.

: "${TREE:?run the tests through make test}" "${BASE_TREE:?}" "${KOUT:?}"
: "${LINK_TOOLS:?}"

# shellcheck source=/dev/null
. "$TREE/tools/testing/selftests/kselftest/ktap_helpers.sh"

LINK_TAIL=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RIG_SCRIPTS=$LINK_TAIL/../scripts
# shellcheck disable=SC2034 # used by the tests that source this
KALLSYMS_PATCHED=$KOUT/scripts/kallsyms
# shellcheck disable=SC2034
KALLSYMS_PRISTINE=$LINK_TOOLS/kallsyms
PRISTINE_MKSYSMAP=$BASE_TREE/scripts/mksysmap
export LC_ALL=C

WORK=$(mktemp -d "${TMPDIR:-/tmp}/link-tail-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
# A cancelled run (^C, kill, a closed terminal) exits through the EXIT
# trap too, instead of going on after the handler.
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

# As ktap_test_result, without splitting the command's words again.
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

# same_file <a> <b>: cmp, naming the differing ELF sections (or the first
# differing lines of a text file) as TAP comments.
same_file() {
	local a=$1 b=$2
	cmp -s "$a" "$b" && return 0
	ktap_print_msg "$a and $b differ:"
	if [ "$(head -c 4 "$a")" = $'\x7fELF' ]; then
		"$RIG_SCRIPTS/elf-diff.sh" "$a" "$b" | sed 's/^/#   /'
	else
		diff "$a" "$b" | head -10 | sed 's/^/#   /'
	fi
	return 1
}

# The reference System.map listing: pristine 6.12's nm -n | mksysmap.
nm_sysmap() {
	nm -n "$1" | sed -f "$PRISTINE_MKSYSMAP"
}
