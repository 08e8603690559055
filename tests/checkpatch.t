#!/usr/bin/env bash
# Every patch of the series passes checkpatch.pl --strict, or its commit
# message justifies what remains.
set -euo pipefail
# shellcheck source=../scripts/rig-env.sh
. "$(dirname "$0")/../scripts/rig-env.sh"
rig_need TREE PATCHES
exec "$(dirname "$0")/../scripts/check-patches.sh" "$TREE" "$PATCHES"
