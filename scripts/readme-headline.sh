#!/usr/bin/env bash
# Put scripts/headline.py's table into README.md between its
# <!-- headline:begin --> and <!-- headline:end --> markers (make readme),
# or, with --check, say whether it is there as the script makes it now.
#
#   readme-headline.sh [--check] [README.md]
set -euo pipefail

check=()
[ "${1:-}" != --check ] || { check=(--check); shift; }
top=$(cd "$(dirname "$0")/.." && pwd)
readme=${1:-$top/README.md}

# The table first: a failing headline.py must leave README.md alone.
table=$(python3 "$top/scripts/headline.py" "$top")
"$top/scripts/md-block.sh" "${check[@]}" "$readme" \
	'^<!-- headline:begin -->$' '<!-- headline:begin -->' '^<!-- headline:end -->$' <<<"$table"
