#!/usr/bin/env bash
# x86_64 defconfig "bzImage modules" build of a tree, out of tree, with ccache.
#
#   build-kernel.sh <source-tree> <output-dir>
#
# ccache lives outside the clone ($CCACHE_DIR, default ~/.cache/objtool-threads)
# and CCACHE_BASEDIR makes its hashes independent of where the clone is.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

src=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)

export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/objtool-threads/ccache}
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(dirname "$src")}
export CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
# A fixed identity keeps init/version.c and friends cacheable across builds.
export KBUILD_BUILD_TIMESTAMP="${KBUILD_BUILD_TIMESTAMP:-Thu Jan  1 00:00:00 UTC 2026}"
export KBUILD_BUILD_USER=rig KBUILD_BUILD_HOST=objtool-threads

kmake() {
	run make -s -C "$src" O="$out" CC="$RIG_KBUILD_CC" "$@"
}

if [ ! -f "$out/.config" ]; then
	quiet CONFIG "x86_64_defconfig"
	kmake x86_64_defconfig >/dev/null
fi

quiet KERNEL "$out (bzImage modules, -j$(nproc))"
kmake -j"$(nproc)" bzImage modules
