#!/usr/bin/env bash
# Every patch of the series is signed off by its author, the series' one
# author (scripts/check-signoffs.sh); and the check fails on a copy of the
# series with a patch from someone else and one with its sign-off gone.
set -euo pipefail
here=$(dirname "$0")
patches=${PATCHES:-$here/../patches}
check=$here/../scripts/check-signoffs.sh

work=$(mktemp -d "${TMPDIR:-/tmp}/signoffs.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "TAP version 13"
echo "1..3"

if "$check" "$patches" >"$work/out"; then
	echo "ok 1 every patch is signed off by its author, the series' author"
else
	sed -n 's/^not ok/# not ok/p' "$work/out"
	echo "not ok 1 every patch is signed off by its author, the series' author"
fi

# plant <n> <sed script>: a copy of the series, its last patch edited
plant() {
	rm -rf "$work/p"
	cp -r "$patches" "$work/p"
	last=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$work/p/series" | tail -1)
	sed -i "$2" "$work/p/$last"
	if "$check" "$work/p" >/dev/null; then
		echo "not ok $1 planted ($3): not caught"
	else
		echo "ok $1 planted ($3): caught"
	fi
}
plant 2 's/^From: .*/From: Someone Else <someone@example.org>/' "the last patch from someone else"
plant 3 '/^Signed-off-by: /d' "the last patch's sign-off gone"
