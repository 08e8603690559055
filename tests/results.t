#!/usr/bin/env bash
# The committed results stay small and findable: RESULTS.md is what
# scripts/results-index.sh makes now (make results), a README cites every
# committed run, and all of them stay within 2 MB.  Needs nothing built;
# runs alone.  Planted: a limit below their size is caught.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
echo "TAP version 13"
echo "1..2"
if "$top/scripts/results-index.sh" --check; then
	echo "ok 1 RESULTS.md current, every run cited, within 2048 KB"
else
	echo "not ok 1 RESULTS.md current, every run cited, within 2048 KB"
	fail=1
fi
if ! RESULTS_LIMIT_KB=1 "$top/scripts/results-index.sh" --check >/dev/null; then
	echo "ok 2 planted: a limit of 1 KB is exceeded"
else
	echo "not ok 2 planted: a limit of 1 KB is exceeded"
	fail=1
fi
[ -z "${fail:-}" ]
