# shellcheck shell=bash
# The rig's environment for a test run on its own (prove path/to/x.t): the
# trees, builds and objtool binaries make passes to the tests, as make last
# wrote them to build/rig.env ($RIG_ENV).  A test run through make has
# them already and reads nothing.
if [ -z "${TREE:-}" ]; then
	RIG_ENV=${RIG_ENV:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build/rig.env}
	if [ -f "$RIG_ENV" ]; then
		# shellcheck source=/dev/null
		. "$RIG_ENV"
	fi
fi
