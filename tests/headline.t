#!/usr/bin/env bash
# README.md's headline table is what scripts/headline.py makes from the
# committed results (make readme puts it there), never pasted by hand.
# Needs nothing built; runs alone.  Planted: a changed figure is caught.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "TAP version 13"
echo "1..2"
if "$top/scripts/readme-headline.sh" --check "$top/README.md"; then
	echo "ok 1 README.md's headline table is scripts/headline.py's (make readme)"
else
	echo "not ok 1 README.md's headline table is scripts/headline.py's (make readme)"
	fail=1
fi
# Planted: README.md with one of the table's figures changed.
sed -E '/^<!-- headline:begin -->$/,/^<!-- headline:end -->$/ s/\| ([0-9]+\.[0-9]{3}) \|/| 9.999 |/' \
	"$top/README.md" >"$tmp/README.md"
if ! cmp -s "$top/README.md" "$tmp/README.md" &&
	! "$top/scripts/readme-headline.sh" --check "$tmp/README.md"; then
	echo "ok 2 planted: a changed figure is caught"
else
	echo "not ok 2 planted: a changed figure is caught"
	fail=1
fi
[ -z "${fail:-}" ]
