#!/usr/bin/env bash
# Every patch of the series passes checkpatch.pl --strict, or its commit
# message justifies what remains.
set -euo pipefail
# shellcheck source=../scripts/rig-env.sh
. "$(dirname "$0")/../scripts/rig-env.sh"
: "${TREE:?run make test once (it writes build/rig.env), or the test through make}" "${PATCHES:?}"
exec "$(dirname "$0")/../scripts/check-patches.sh" "$TREE" "$PATCHES"
