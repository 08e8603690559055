#!/usr/bin/env bash
# make small: the small configuration (small.config on tinyconfig) built by
# the pristine and by the patched tree, with lib.sh's SMALL_ARGS (the same
# kernel release and build number on both sides).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

for side in "${SIDES[@]}"; do
	KBUILD_ARGS=$SMALL_ARGS "$KBUILD_RIG/../scripts/build-kernel.sh" \
		"$(side_src "$side")" "$(side_out "$side")" "$KBUILD_RIG/small.config"
done
