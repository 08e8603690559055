#!/usr/bin/env bash
# Build a tree's objtool standalone, the way kbuild builds it, with ccache.
#
#   build-objtool.sh <source-tree> <output-dir>     -> <output-dir>/objtool
#
# A standalone "make -C tools/objtool" in 6.12 takes its flags from
# KBUILD_HOSTCFLAGS/KBUILD_HOSTLDFLAGS (and builds at -O0 without them), so
# pass kbuild's own host flags; OBJTOOL_EXTRA_CFLAGS/LDFLAGS add to them
# (e.g. -fsanitize=thread for the race tests).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

src=$(cd "$1" && pwd)
mkdir -p "$2/tools/objtool"
out=$(cd "$2" && pwd)

# KBUILD_HOSTCFLAGS as the 6.12 top-level Makefile sets it.
cflags="-Wall -Wmissing-prototypes -Wstrict-prototypes -O2 -fomit-frame-pointer -std=gnu11 $(getconf LFS_CFLAGS 2>/dev/null || true)"
cflags+=" ${OBJTOOL_EXTRA_CFLAGS:-}"
ldflags="${OBJTOOL_EXTRA_LDFLAGS:-}"

quiet OBJTOOL "$out/objtool"
log=$out/build.log
# With ccache (kbuild_env): tests/series-steps.t builds the objtool of
# every step of the series in one place, and most objects of a step are
# those of the step before (rebuilds of the rig's objtools hit it too).
if ! (kbuild_env "$src" && run make -C "$src/tools" O="$out" subdir=tools \
	HOSTCC="$RIG_KBUILD_CC" \
	KBUILD_HOSTCFLAGS="$cflags" KBUILD_HOSTLDFLAGS="$ldflags" \
	-j"$(nproc)" objtool) >"$log" 2>&1; then
	cat "$log" >&2
	die "objtool build in $src failed (log: $log)"
fi
[ "${V:-0}" = 1 ] && cat "$log"
ln -sf tools/objtool/objtool "$out/objtool"
