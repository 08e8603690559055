#!/usr/bin/env bash
# ab.sh, the two-objtool comparison each objtool patch quotes: a table row
# per thread count when both write the same output, and a stop naming what
# differs, with no time reported, when they do not.  On a small object.
set -euo pipefail
. "$(dirname "$0")/../../tests/lib/common.sh"

: "${KOUT:?}"
bench=$(cd "$(dirname "$0")/.." && pwd)
export VMLINUX_O=$KOUT/kernel/sched/core.o OBJTOOL_ARGS RUNS=2

ktap_print_header
ktap_set_plan 3

# A relative path for one of them: the runs happen in their own directories.
rc=0
(cd "$(dirname "$OBJTOOL_PATCHED")" &&
	"$bench/ab.sh" "$OBJTOOL_PATCHED" "./$(basename "$OBJTOOL_PATCHED")" 1 2) >"$WORK/same.log" 2>&1 || rc=$?
sed 's/^/#   /' "$WORK/same.log"
rows() { [ "$rc" = 0 ] && grep -q '^| 1 | 2 | ' "$1" && grep -q '^| 2 | 2 | ' "$1"; }
ktap_check "the same objtool twice, once by a relative path: a row per thread count (exit $rc)" \
	rows "$WORK/same.log"

# B flips two bytes of .text after a correct run at 2 threads.
rc=0
FAKE=corrupt REAL_OBJTOOL=$OBJTOOL_PATCHED "$bench/ab.sh" "$OBJTOOL_PATCHED" "$bench/tests/fake-objtool.sh" 2 \
	>"$WORK/differ.log" 2>&1 || rc=$?
sed 's/^/#   /' "$WORK/differ.log"
stopped() { [ "$rc" != 0 ] && grep -q "vmlinux.o differ" "$1" && grep -q '^  \.text: ' "$1"; }
ktap_check "different objects: stopped, .text named (exit $rc)" stopped "$WORK/differ.log"
ktap_check "... and no time reported" not grep -q '^| 2 |' "$WORK/differ.log"

ktap_finished
