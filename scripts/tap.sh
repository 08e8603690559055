# shellcheck shell=bash
# What every TAP test of the rig starts with: the rig's environment
# (rig-env.sh), TAP output and ktap_check (ktap.sh), and a scratch
# directory $WORK that goes away however the test ends.
#
#   . scripts/tap.sh <name>

# shellcheck source=scripts/rig-env.sh
. "$(dirname "${BASH_SOURCE[0]}")/rig-env.sh"
rig_need TREE

# Named from the top of the rig, where tests/shellcheck.t runs shellcheck: a
# bare lib.sh is looked up in the checked script's directory, and
# link-tail/tests/lib.sh (which sources this file) then sources itself, a
# hundred levels deep (30 s a file).
# shellcheck source=scripts/lib.sh
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# shellcheck source=scripts/ktap.sh
. "$(dirname "${BASH_SOURCE[0]}")/ktap.sh"

WORK=$(mktemp -d "${TMPDIR:-/tmp}/${1:-rig}-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
exit_on_signals
