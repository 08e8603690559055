#!/usr/bin/env bash
# Every patch of the series passes checkpatch.pl --strict, or its commit
# message justifies what remains.
set -euo pipefail
: "${TREE:?run the tests through make test}" "${PATCHES:?}"
exec "$(dirname "$0")/../scripts/check-patches.sh" "$TREE" "$PATCHES"
