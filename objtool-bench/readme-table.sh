#!/usr/bin/env bash
# Put a sweep's summary.md into objtool-bench/README.md, between the lines
#   <!-- sweep-summary: <results-dir> -->  and  <!-- /sweep-summary -->
# so that the table there is the summary's, not a copy edited by hand
# (objtool-bench/tests/readme.t checks it).
#
#   readme-table.sh <results-dir> [README.md]
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

results=$1
readme=${2:-$(dirname "$0")/README.md}
[ -f "$results/summary.md" ] || die "$results/summary.md: no such file (summarize.sh first)"

name=${results%/}
name=objtool-bench/results/${name##*/}
"$(dirname "$0")/../scripts/md-block.sh" "$readme" \
	'^<!-- sweep-summary: .* -->$' "<!-- sweep-summary: $name -->" '^<!-- /sweep-summary -->$' \
	<"$results/summary.md"
