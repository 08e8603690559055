#!/usr/bin/env bash
# Authorship the kernel's way, on every patch of the series.  The series'
# porter is the first patch's author.  A patch is signed off by its author;
# a patch whose author is someone else (a port of their code) keeps their
# Signed-off-by, and the porter's follows it with a bracketed note of what
# the port changed between the two, as stable backports do; nobody else
# signs off (a sign-off is never invented); a patch that says "Based on"
# (a rewrite) names the original with a Link:.  Prints TAP.
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
porter=$(header "$patches/${series[0]}" From)
n=0 failed=0
for p in "${series[@]}"; do
	n=$((n + 1))
	f=$patches/$p
	from=$(header "$f" From)
	# The trailers are the message's last paragraph, before the ---.
	msg=$(sed '/^---$/q' "$f" | sed '$d')
	mapfile -t sobs < <(sed -n 's/^Signed-off-by: //p' <<<"$msg")
	last=
	[ "${#sobs[@]}" -eq 0 ] || last=${sobs[${#sobs[@]}-1]}
	why=
	if [ "${#sobs[@]}" -eq 0 ]; then
		why="no Signed-off-by"
	elif [ "$last" != "$porter" ]; then
		why="last signed off by $last, not the porter $porter"
	elif [ "$from" = "$porter" ] && [ "${#sobs[@]}" -ne 1 ]; then
		why="the porter's own patch signed off by ${sobs[*]}"
	elif [ "$from" != "$porter" ]; then
		# From: "Name" <mail> and Signed-off-by: Name <mail>
		author=${from//\"/}
		if [ "${#sobs[@]}" -ne 2 ] || [ "${sobs[0]}" != "$author" ]; then
			why="a port of $author's code must keep their Signed-off-by, then the porter's (has: ${sobs[*]})"
		elif ! awk -v a="Signed-off-by: $author" -v b="Signed-off-by: $porter" '
			$0 == a { s = 1; next }
			s == 1 && /^\[.*/ { s = 2 }
			s == 2 && /\]$/ { s = 3 }
			$0 == b { exit !(s == 3) }' <<<"$msg"; then
			why="no bracketed note of what the port changed between $author's and the porter's sign-offs"
		fi
	fi
	if [ -z "$why" ] && grep -q '^Based on ' <<<"$msg" && ! grep -q '^Link: ' <<<"$msg"; then
		why="says \"Based on\" without a Link: to the original"
	fi
	if [ -z "$why" ]; then
		echo "ok $n $p"
	else
		echo "not ok $n $p: $why"
		failed=$((failed + 1))
	fi
done
[ "$failed" -eq 0 ]
