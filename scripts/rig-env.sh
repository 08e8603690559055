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

# rig_need <VAR>...: what a test needs of the rig's environment.  Unless
# every VAR is set, and names something that exists where it is a path,
# the test is skipped whole (TAP "1..0 # SKIP", which prove counts as a
# skip, not a failure), naming what is missing: a clone with nothing
# built skips what needs builds instead of failing.
rig_need() {
	local v rig_missing=()
	for v; do
		if [ -z "${!v:-}" ] || { [[ ${!v} == /* ]] && [ ! -e "${!v}" ]; }; then
			rig_missing+=("$v${!v:+ (${!v})}")
		fi
	done
	[ ${#rig_missing[@]} -eq 0 ] && return 0
	echo "1..0 # SKIP needs ${rig_missing[*]}: the rig's trees and builds (make test builds them and writes build/rig.env)"
	exit 0
}
