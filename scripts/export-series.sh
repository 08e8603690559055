#!/usr/bin/env bash
# The series written out as git format-patch writes it, from a tree's
# branch patched: every commit past the tag pristine, numbered
# [PATCH nn/NN] across the whole series, into <patches-dir>, and
# <patches-dir>/series listing them in order (its comment lines kept).
# The tree's record of what it applied (.git/rig-applied, rig-series) is
# brought up to the files written, which are those very commits, so that
# make tree does not apply them again.  Then make cover-letter.
#
#   export-series.sh <tree> <patches-dir>
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: ${0##*/} <tree> <patches-dir>"
tree=$1 patches=$2
g() { git -C "$tree" "$@"; }
g rev-parse -q --verify 'pristine^{commit}' >/dev/null || die "$tree: no tag pristine (make tree)"
[ "$(g rev-parse --abbrev-ref HEAD)" = patched ] || die "$tree: not on branch patched"
[ -z "$(g status --porcelain --untracked-files=no)" ] ||
	die "$tree has uncommitted changes: commit them first"

work=$(mktemp -d "${TMPDIR:-/tmp}/export-series.XXXXXX")
trap 'rm -rf "$work"' EXIT
# Headers first in each patch: checkpatch reads a patch in order, and
# takes a type a new header defines for a variable in a .c file before it.
printf '%s\n' '*.h' '*' >"$work.order"
run g format-patch --quiet --numbered --no-thread --subject-prefix=PATCH \
	-O"$work.order" -o "$work" pristine..patched
rm -f "$work.order"
mapfile -t files < <(cd "$work" && ls -- *.patch)
mapfile -t commits < <(g rev-list --reverse pristine..patched)
[ "${#files[@]}" -eq "${#commits[@]}" ] || die "format-patch wrote ${#files[@]} patches for ${#commits[@]} commits"

# The old series' files go (the new ones may be named otherwise), then the
# new ones and their series, comments first as they were.
mapfile -t old < <(series_patches "$patches" 2>/dev/null || true)
for f in "${old[@]}"; do
	rm -f "$patches/$f"
done
{
	grep '^#' "$patches/series" 2>/dev/null || true
	printf '%s\n' "${files[@]}"
} >"$work/series"
cp "$work"/*.patch "$patches/"
mv "$work/series" "$patches/series"

for i in "${!files[@]}"; do
	echo "$(sha1sum <"$patches/${files[$i]}" | cut -d' ' -f1) ${commits[$i]}"
done >"$tree/.git/rig-applied"
series_id "$patches" >"$tree/.git/rig-series"
quiet EXPORT "${#files[@]} patches to $patches"
