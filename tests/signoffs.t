#!/usr/bin/env bash
# Authorship the kernel's way (scripts/check-signoffs.sh): every patch of
# the series signed off by its author; a port of someone else's code keeps
# their From: and Signed-off-by, then the porter's with a bracketed note of
# what the port changed; no invented sign-off; a rewrite ("Based on") has a
# Link:.  The check fails on copies of the series with each of those
# broken.  Needs nothing built; runs alone.
set -euo pipefail
here=$(dirname "$0")
patches=${PATCHES:-$here/../patches}
check=$here/../scripts/check-signoffs.sh

work=$(mktemp -d "${TMPDIR:-/tmp}/signoffs.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "TAP version 13"
echo "1..7"

if "$check" "$patches" >"$work/out"; then
	echo "ok 1 every patch's authorship and sign-offs as the kernel has them"
else
	sed -n 's/^not ok/# not ok/p' "$work/out"
	echo "not ok 1 every patch's authorship and sign-offs as the kernel has them"
fi

# plant <n> <patch> <sed script> <what>: a copy of the series with one
# patch edited, which the check must refuse
plant() {
	local f
	rm -rf "$work/p"
	cp -r "$patches" "$work/p"
	f=$(ls "$work/p/$2"-*.patch)
	sed -i "$3" "$f"
	if cmp -s "$f" "$patches/${f##*/}"; then
		echo "not ok $1 planted ($4): the edit changed nothing"
	elif "$check" "$work/p" >/dev/null; then
		echo "not ok $1 planted ($4): not caught"
	else
		echo "ok $1 planted ($4): caught"
	fi
}
last=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$patches/series" | tail -1 | cut -c1-4)
plant 2 "$last" 's/^From: .*/From: Someone Else <someone@example.org>/' "a patch from someone else who did not sign it off"
plant 3 "$last" '/^Signed-off-by: /d' "a patch's sign-off gone"
plant 4 "$last" 's/^\(Signed-off-by: .*\)/Signed-off-by: Someone Else <someone@example.org>\n\1/' "an invented sign-off"
plant 5 0009 '/^Signed-off-by: Lorenzo/d' "a port without its author's sign-off"
plant 6 0009 '/^\[objtool-threads: /d' "a port without the note of what it changed"
plant 7 0013 '/^Link: /d' "a rewrite without a Link: to the original"
