#!/usr/bin/env bash
# Is a bzImage the kernel of a build directory?  Its vmlinux, unpacked with
# the tree's extract-vmlinux, must carry the build's GNU build id: the
# initramfs boot.t makes holds that build's modules and System.map, which
# fit no other kernel.  Prints a one-line reason when it is not.
#
#   same-build.sh <bzImage> <build-dir> <source-tree>
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

image=$1 kout=$2 tree=$3
tmp=$(mktemp "${TMPDIR:-/tmp}/same-build.XXXXXX")
trap 'rm -f "$tmp"' EXIT

want=$(build_id "$kout/vmlinux")
[ -n "$want" ] || { echo "$kout/vmlinux has no build id to compare with"; exit 1; }
if ! "$tree/scripts/extract-vmlinux" "$image" >"$tmp" 2>/dev/null; then
	echo "$image: no kernel found in it (not a bzImage?)"
	exit 1
fi
have=$(build_id "$tmp")
if [ "$have" != "$want" ]; then
	echo "$image is not a kernel of $kout (build id ${have:-none}, the build's $want)"
	exit 1
fi
