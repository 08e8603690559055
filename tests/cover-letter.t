#!/usr/bin/env bash
# patches/0000-cover-letter.patch is what scripts/cover-letter.sh makes of
# the series and patches/cover-letter.txt now (make cover-letter), and
# names every patch of patches/series.  Needs the patched tree (make tree).
# Planted: a cover letter one patch short is caught.
set -euo pipefail
. "$(dirname "$0")/../scripts/tap.sh" cover-letter
rig_need TREE PATCHES

ktap_print_header
git -C "$TREE" rev-parse -q --verify refs/heads/patched >/dev/null 2>&1 ||
	ktap_skip_all "no patched tree in $TREE (make tree)"
ktap_set_plan 3

cp -r "$PATCHES" "$WORK/patches"
"$(dirname "$0")/../scripts/cover-letter.sh" "$TREE" "$WORK/patches" >/dev/null
ktap_check "the cover letter is cover-letter.sh's of the series now (make cover-letter)" \
	cmp -s "$PATCHES/0000-cover-letter.patch" "$WORK/patches/0000-cover-letter.patch"

# names_every_patch <cover letter>: its shortlog holds each patch's subject
# (as git mailinfo reads it, [PATCH n/m] dropped)
names_every_patch() {
	local p subject missing=0
	while read -r p; do
		subject=$(git mailinfo /dev/null /dev/null <"$PATCHES/$p" | sed -n 's/^Subject: //p')
		grep -qF -- "${subject:0:60}" "$1" || { ktap_print_msg "not in it: $p"; missing=1; }
	done < <(series_patches "$PATCHES")
	return "$missing"
}
ktap_check "its shortlog names every patch of patches/series" \
	names_every_patch "$PATCHES/0000-cover-letter.patch"

last=$(series_patches "$PATCHES" | tail -1)
last_subject=$(git mailinfo /dev/null /dev/null <"$PATCHES/$last" | sed -n 's/^Subject: //p')
grep -vF -- "${last_subject:0:60}" "$PATCHES/0000-cover-letter.patch" >"$WORK/short.patch"
ktap_check "planted: a cover letter without the last patch is caught" \
	not names_every_patch "$WORK/short.patch"

ktap_finished
