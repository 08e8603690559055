#!/usr/bin/env bash
# Whether a kernel build of the rig is of the tree as it is now: the tree's
# commit (mktree.sh commits each new source or series), the configuration
# fragment and the make arguments it was built with.  make test, make boot
# and the other targets that only need a kernel skip kbuild's tree walk
# when it is; make kernel and make small always walk it.  Edits made by
# hand in build/linux are not seen: make kernel after them.
#
#   built-from.sh record <tree> <output-dir> [<fragment>]   after a build
#   built-from.sh check <tree> <output-dir> [<fragment>]    0 if current
# $KBUILD_ARGS counts as for build-kernel.sh.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 3 ] || die "usage: built-from.sh record|check <tree> <output-dir> [<fragment>]"
mode=$1 tree=$2 out=$3 fragment=${4:-}

identity() {
	git -C "$tree" rev-parse HEAD
	if [ -n "$fragment" ]; then
		sha1sum <"$fragment"
	fi
	echo "args: ${KBUILD_ARGS:-}"
}

case $mode in
record)
	identity >"$out/.rig-built.tmp"
	mv "$out/.rig-built.tmp" "$out/.rig-built"
	;;
check)
	[ -f "$out/.rig-built" ] && [ -f "$out/vmlinux" ] &&
		cmp -s "$out/.rig-built" <(identity) || exit 1
	quiet KERNEL "$out is of this tree: not built again (make kernel, make small do)"
	;;
*) die "built-from.sh: no mode $mode" ;;
esac
