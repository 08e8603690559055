# shellcheck shell=bash
# Shared by kbuild/'s tests and benchmark: the small configuration built by
# the pristine tree ($BASE_TREE -> $SMALL/pristine) and by the patched one
# ($TREE -> $SMALL/patched), and make run on them as build-kernel.sh runs it.

: "${TREE:?run through make (make kbuild, make test)}" "${BASE_TREE:?}" "${SMALL:?}"

KBUILD_RIG=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../scripts/lib.sh
. "$KBUILD_RIG/../scripts/lib.sh"

# shellcheck disable=SC2034 # used by the scripts that source this
SIDES=(pristine patched)

# As make small builds it: one kernel release for both trees, and one build
# number, however often each side has been linked (a "#10" where the other
# has "#9" moves every symbol after the banner, and kallsyms may need a pass
# more on one side).
SMALL_ARGS="LOCALVERSION= KBUILD_BUILD_VERSION=1"

side_src() {
	case $1 in
	pristine) echo "$BASE_TREE" ;;
	patched) echo "$TREE" ;;
	*) die "no side $1" ;;
	esac
}

side_out() {
	echo "$SMALL/$1"
}

# small_make <side> [make arguments...]: make in that side's build of the
# small configuration, in a subshell with the rig's kbuild environment.
small_make() {
	local side=$1 src
	shift
	src=$(side_src "$side")
	(
		kbuild_env "$src"
		read -ra args <<<"$SMALL_ARGS"
		make -C "$src" O="$(side_out "$side")" CC="$RIG_KBUILD_CC" "${args[@]}" "$@"
	)
}
