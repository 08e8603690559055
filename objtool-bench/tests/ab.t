#!/usr/bin/env bash
# ab.sh, the two-objtool comparison each objtool patch quotes: a table row
# per thread count when both write the same output, and a stop naming what
# differs, with no time reported, when they do not.  On a small object.
set -euo pipefail
. "$(dirname "$0")/../../tests/lib/common.sh"

rig_need KOUT
bench=$(cd "$(dirname "$0")/.." && pwd)
export VMLINUX_O=$KOUT/kernel/sched/core.o OBJTOOL_ARGS RUNS=2

ktap_print_header
ktap_set_plan 6

# A relative path for one of them: the runs happen in their own directories.
rc=0
(cd "$(dirname "$OBJTOOL_PATCHED")" &&
	"$bench/ab.sh" "$OBJTOOL_PATCHED" "./$(basename "$OBJTOOL_PATCHED")" 1 2) >"$WORK/same.log" 2>&1 || rc=$?
sed 's/^/#   /' "$WORK/same.log"
rows() { [ "$rc" = 0 ] && grep -q '^| 1 | 2 | ' "$1" && grep -q '^| 2 | 2 | ' "$1"; }
ktap_check "the same objtool twice, once by a relative path: a row per thread count (exit $rc)" \
	rows "$WORK/same.log"

# "none": no --threads, which the baseline rejects.
rc=0
"$bench/ab.sh" "$OBJTOOL_BASELINE" "$OBJTOOL_PATCHED" none >"$WORK/none.log" 2>&1 || rc=$?
sed 's/^/#   /' "$WORK/none.log"
ktap_check "none: the baseline and the patched objtool without --threads, a row (exit $rc)" \
	grep -q '^| none | 2 | ' "$WORK/none.log"
rc=0
"$bench/ab.sh" "$OBJTOOL_BASELINE" "$OBJTOOL_PATCHED" none/2 >"$WORK/mixed.log" 2>&1 || rc=$?
sed 's/^/#   /' "$WORK/mixed.log"
ktap_check "none/2: the baseline without --threads, the patched objtool at 2 (exit $rc)" \
	grep -q '^| none/2 | 2 | ' "$WORK/mixed.log"
rc=0
"$bench/ab.sh" "$OBJTOOL_BASELINE" "$OBJTOOL_PATCHED" 1 >"$WORK/one.log" 2>&1 || rc=$?
ktap_check "... while at 1 the baseline's refusal of --threads is reported as a difference (exit $rc)" \
	grep -q 'differ' "$WORK/one.log"

# B flips two bytes of .text after a correct run at 2 threads.
rc=0
FAKE=corrupt REAL_OBJTOOL=$OBJTOOL_PATCHED "$bench/ab.sh" "$OBJTOOL_PATCHED" "$bench/tests/fake-objtool.sh" 2 \
	>"$WORK/differ.log" 2>&1 || rc=$?
sed 's/^/#   /' "$WORK/differ.log"
stopped() { [ "$rc" != 0 ] && grep -q "vmlinux.o differ" "$1" && grep -q '^  \.text: ' "$1"; }
ktap_check "different objects: stopped, .text named (exit $rc)" stopped "$WORK/differ.log"
ktap_check "... and no time reported" not grep -q '^| 2 |' "$WORK/differ.log"

ktap_finished
