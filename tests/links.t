#!/usr/bin/env bash
# Every relative link in the rig's Markdown files ([text](path) and
# [text](path#anchor)) names a file or folder that exists, from the file
# that holds it.  Web links and in-page anchors are not followed.  Needs
# nothing built; runs alone.  Planted: a link to a missing file is caught.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

# links <file.md>: its relative link targets, one a line, anchors cut off
links() {
	grep -oE '\]\([^)[:space:]]+\)' "$1" | sed -E 's/^\]\(//; s/\)$//' |
		grep -vE '^([a-z]+:|#|mailto:)' | sed 's/#.*//' | sed '/^$/d'
}

# broken <file.md>: the links of it that do not resolve
broken() {
	local dir link
	dir=$(dirname "$1")
	while read -r link; do
		[ -e "$dir/$link" ] || echo "$link"
	done < <(links "$1")
}

mapfile -t docs < <(git ls-files '*.md' 2>/dev/null || find . -name '*.md' -not -path './build/*')
echo "TAP version 13"
echo "1..$((${#docs[@]} + 1))"
n=0 failed=0
for f in "${docs[@]}"; do
	n=$((n + 1))
	bad=$(broken "$f")
	if [ -z "$bad" ]; then
		echo "ok $n $f: every relative link resolves"
	else
		echo "not ok $n $f: links to what does not exist"
		while read -r link; do echo "#   $link"; done <<<"$bad"
		failed=$((failed + 1))
	fi
done

n=$((n + 1))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'See [this](no-such-file.md) and [that](https://example.org).\n' >"$tmp/planted.md"
if [ "$(broken "$tmp/planted.md")" = no-such-file.md ]; then
	echo "ok $n planted: a link to a missing file is caught, a web link is not"
else
	echo "not ok $n planted: a link to a missing file is caught, a web link is not"
	failed=$((failed + 1))
fi
[ "$failed" -eq 0 ]
