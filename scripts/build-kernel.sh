#!/usr/bin/env bash
# x86_64 "bzImage modules" build of a tree, out of tree, with ccache: the
# defconfig, or tinyconfig plus a fragment (the rig's small configuration).
#
#   build-kernel.sh <source-tree> <output-dir> [<config-fragment>]
#
# Extra make arguments come from $KBUILD_ARGS (word-split), e.g. LOCALVERSION=;
# make runs as lib.sh's kernel_make runs it (kbuild_env: ccache and all).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

src=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)

fragment=${3:+$(cd "$(dirname "$3")" && pwd)/${3##*/}}
read -ra kbuild_args <<<"${KBUILD_ARGS:-}"

kmake() {
	kernel_make "$src" "$out" -s "${kbuild_args[@]}" "$@"
}

if [ -z "$fragment" ] && [ ! -f "$out/.config" ]; then
	quiet CONFIG "x86_64_defconfig"
	kmake x86_64_defconfig >/dev/null
elif [ -n "$fragment" ] && ! cmp -s "$fragment" "$out/.rig-fragment"; then
	quiet CONFIG "tinyconfig + ${fragment##*/}"
	kmake tinyconfig >/dev/null
	grep '^CONFIG_' "$fragment" >>"$out/.config"
	# Kconfig warns for each symbol the fragment sets again: expected here.
	kmake olddefconfig 2> >(grep -v 'warning: override: reassigning to symbol' >&2) >/dev/null
	# Every line of the fragment must have stuck: a dependency Kconfig
	# silently dropped would change what the checks cover.
	while read -r line; do
		grep -qxF -- "$line" "$out/.config" ||
			die "${fragment##*/}: '$line' is not in the resulting .config"
	done < <(grep '^CONFIG_' "$fragment")
	cp "$fragment" "$out/.rig-fragment"
fi

quiet KERNEL "$out (bzImage modules, -j$(nproc))"
kmake -j"$(nproc)" bzImage modules
