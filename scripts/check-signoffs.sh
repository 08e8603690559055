#!/usr/bin/env bash
# Every patch of the series is signed off by its author, and every author
# is the series' one author, the first patch's (ports credit the upstream
# author in the message, with a Link:, never with a From: or a
# Signed-off-by of theirs).  Prints TAP.
#
#   check-signoffs.sh <patches-dir>
set -euo pipefail
. "$(dirname "$0")/lib.sh"

patches=$1
mapfile -t series < <(series_patches "$patches")

# header <patch> <name>: the mail header's value, folded lines unfolded.
header() {
	awk -v name="$2" '
		/^$/ { exit }
		/^[ \t]/ { if (cur == name) val = val $0; next }
		{ cur = $0; sub(/:.*/, "", cur); if (cur == name) { val = $0; sub(/^[^:]*: /, "", val) } }
		END { gsub(/[ \t]+/, " ", val); print val }
	' "$1"
}

echo "TAP version 13"
echo "1..${#series[@]}"
first=$(header "$patches/${series[0]}" From)
n=0 failed=0
for p in "${series[@]}"; do
	n=$((n + 1))
	from=$(header "$patches/$p" From)
	mapfile -t sobs < <(sed -n 's/^Signed-off-by: //p' "$patches/$p")
	why=
	if [ "$from" != "$first" ]; then
		why="from $from, not the series' author $first"
	elif [ "${#sobs[@]}" -ne 1 ] || [ "${sobs[0]}" != "$from" ]; then
		why="signed off by ${sobs[*]:-nobody}, not by its author alone"
	fi
	if [ -z "$why" ]; then
		echo "ok $n $p"
	else
		echo "not ok $n $p: $why"
		failed=$((failed + 1))
	fi
done
[ "$failed" -eq 0 ]
