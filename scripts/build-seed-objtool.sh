#!/usr/bin/env bash
# Build the objtool of the series up to one patch: the commit mktree.sh
# applied that patch as, its objtool sources alone (objtool_sources).  The
# sweep's middle objtool is the series up to the port of the seed's objtool
# patch (SEED_PATCH).
#
#   build-seed-objtool.sh <patched-tree> <patches-dir> <patch-number> <output-dir>
#     -> <output-dir>/objtool, rebuilt only when that commit changes
set -euo pipefail
. "$(dirname "$0")/lib.sh"

tree=$1 patches=$2 number=$3 out=$4
[[ $number =~ ^[0-9]{4}$ ]] || die "patch number '$number' is not four digits (0008)"
applied_file=$tree/.git/rig-applied
[ -s "$applied_file" ] || die "$tree has no applied series (make tree)"

mapfile -t series < <(series_patches "$patches")
mapfile -t applied <"$applied_file"
commit=""
for i in "${!series[@]}"; do
	case ${series[$i]} in
	"$number"-*) ;;
	*) continue ;;
	esac
	read -r sum commit <<<"${applied[$i]:-x x}"
	# The tree must hold this very patch, not an older version of it.
	[ "$sum" = "$(sha1sum <"$patches/${series[$i]}" | cut -d' ' -f1)" ] ||
		die "$tree does not have ${series[$i]} as it is now (make tree)"
	break
done
[ -n "$commit" ] || die "no patch $number-* in $patches/series"

mkdir -p "$out"
if [ "$(cat "$out/commit" 2>/dev/null)" = "$commit" ] && [ -x "$out/objtool" ]; then
	exit 0
fi
rm -rf "$out/src" "$out/commit"
objtool_sources "$tree" "$commit" "$out/src"
"$(dirname "$0")/build-objtool.sh" "$out/src" "$out"
echo "$commit" >"$out/commit"
