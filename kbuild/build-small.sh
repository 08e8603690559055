#!/usr/bin/env bash
# make small: the small configuration (small.config on tinyconfig) built by
# the pristine and by the patched tree, with lib.sh's SMALL_ARGS (the same
# kernel release and build number on both sides).  IF_CHANGED=1: a side
# whose build is of its tree as it is now is left alone (built-from.sh).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

export KBUILD_ARGS=$SMALL_ARGS
for side in "${SIDES[@]}"; do
	set -- "$(side_src "$side")" "$(side_out "$side")" "$KBUILD_RIG/small.config"
	if [ -n "${IF_CHANGED:-}" ] && "$KBUILD_RIG/../scripts/built-from.sh" check "$@"; then
		continue
	fi
	"$KBUILD_RIG/../scripts/build-kernel.sh" "$@"
	"$KBUILD_RIG/../scripts/built-from.sh" record "$@"
	"$KBUILD_RIG/../scripts/build-cache.sh" save "$@"
done
# $SMALL/<side>: where a user looks for the builds (side_out in lib.sh);
# a build left there by an earlier layout of the rig goes.
mkdir -p "$SMALL"
for side in "${SIDES[@]}"; do
	[ -L "$SMALL/$side" ] || rm -rf "${SMALL:?}/$side"
	ln -sfn "$(side_out "$side")" "$SMALL/$side"
done
