#!/usr/bin/env bash
# Put scripts/headline.py's table into README.md between its
# <!-- headline:begin --> and <!-- headline:end --> markers (make readme),
# or, with --check, say whether it is there as the script makes it now.
#
#   readme-headline.sh [--check] [README.md]
set -euo pipefail
. "$(dirname "$0")/lib.sh"

check=
[ "${1:-}" != --check ] || { check=1; shift; }
top=$(cd "$(dirname "$0")/.." && pwd)
readme=${1:-$top/README.md}

for marker in begin end; do
	grep -qx "<!-- headline:$marker -->" "$readme" ||
		die "$readme has no <!-- headline:$marker --> line"
done
table=$(python3 "$top/scripts/headline.py" "$top")
new=$(gawk -v table="$table" '
	/^<!-- headline:begin -->$/ { print; print table; skip = 1; next }
	/^<!-- headline:end -->$/ { skip = 0 }
	!skip' "$readme")
if [ -n "$check" ]; then
	[ "$new" = "$(cat "$readme")" ]
else
	printf '%s\n' "$new" >"$readme.tmp"
	mv "$readme.tmp" "$readme"
fi
