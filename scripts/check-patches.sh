#!/usr/bin/env bash
# checkpatch.pl --strict on every patch of the series, with the tree's own
# checkpatch.  Prints TAP; a patch may keep a message only if its commit
# message names it ("checkpatch: <TYPE>" in a justification paragraph).
#
#   check-patches.sh <tree> <patches-dir>
set -euo pipefail
. "$(dirname "$0")/lib.sh"

tree=$1 patches=$2
mapfile -t series < <(series_patches "$patches")

echo "TAP version 13"
echo "1..${#series[@]}"
n=0 failed=0
for p in "${series[@]}"; do
	n=$((n + 1))
	# On stdin: given the path of a patch inside a git work tree,
	# checkpatch reports every blank line as trailing whitespace.
	out=$("$tree/scripts/checkpatch.pl" --strict --quiet --no-tree \
		--show-types - <"$patches/$p" 2>&1 || true)
	unjustified=()
	while read -r type; do
		[ -n "$type" ] || continue
		grep -q "checkpatch: $type" "$patches/$p" || unjustified+=("$type")
	done < <(sed -n 's/^\(WARNING\|ERROR\|CHECK\):\([A-Z_]*\):.*/\2/p' <<<"$out" | sort -u)
	if [ ${#unjustified[@]} -eq 0 ]; then
		echo "ok $n $p"
	else
		echo "not ok $n $p: unjustified ${unjustified[*]}"
		printf '%s\n' "$out" | sed 's/^/# /'
		failed=$((failed + 1))
	fi
done
[ "$failed" -eq 0 ]
