#!/usr/bin/env bash
# The lock-free instruction hash, driven by hash-stress.c through objtool's
# own insn_hash.h: plain, under ThreadSanitizer and under helgrind; and a
# deliberately broken push must be caught, or the test proves nothing.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

src=$RACE_TESTS/hash-stress.c
inc=(-I"$TREE/tools/include" -I"$TREE/tools/objtool/include")

ktap_print_header
ktap_set_plan 4

cc() { gcc -std=gnu11 -g -Wall -Wextra "$@" -lpthread; }

cc -O2 "${inc[@]}" "$src" -o "$WORK/hs"
cc -O1 -fsanitize=thread "${inc[@]}" "$src" -o "$WORK/hs-tsan"

# Enough entries that the threads overlap for long on two CPUs, whatever
# the scheduler does at their start.
ktap_check "16 threads x 200000 entries into 4 buckets" timeout 300 "$WORK/hs" 16 200000 2

rc=0
TSAN_OPTIONS="halt_on_error=1 exitcode=66" timeout 300 "$WORK/hs-tsan" 8 5000 2 \
	>"$WORK/tsan.out" 2>&1 || rc=$?
[ "$rc" = 0 ] || sed 's/^/#   /' "$WORK/tsan.out" | head -40
ktap_check "under ThreadSanitizer: no reports (exit $rc)" [ "$rc" = 0 ]

rc=0
timeout 600 valgrind --tool=helgrind --error-exitcode=66 -q "$WORK/hs" 4 2000 2 \
	>"$WORK/hg.out" 2>&1 || rc=$?
[ "$rc" = 0 ] || sed 's/^/#   /' "$WORK/hg.out" | head -40
ktap_check "under helgrind: no reports (exit $rc)" [ "$rc" = 0 ]

# A push with a plain store instead of the compare-and-swap loses entries.
mkdir -p "$WORK/broken/objtool"
sed -e 's/^\t} while (!__atomic_compare_exchange_n(&head->first, &first, node,$/\t\t__atomic_store_n(\&head->first, node, __ATOMIC_RELAXED);\n\t} while (0 \&\& !__atomic_compare_exchange_n(\&head->first, \&first, node,/' \
	"$TREE/tools/objtool/include/objtool/insn_hash.h" >"$WORK/broken/objtool/insn_hash.h"
cc -O2 -I"$WORK/broken" "${inc[@]}" "$src" -o "$WORK/hs-broken"
# Whether a lost update happens is up to the scheduler: up to 5 tries.
rc=0
for try in 1 2 3 4 5; do
	timeout 300 "$WORK/hs-broken" 16 200000 2 >"$WORK/broken.out" 2>&1 || rc=$?
	ktap_print_msg "broken push, try $try: $(tail -1 "$WORK/broken.out")"
	[ "$rc" = 0 ] || break
done

# The sed must have changed the header, and the broken push must fail.
caught() {
	! cmp -s "$WORK/broken/objtool/insn_hash.h" \
		"$TREE/tools/objtool/include/objtool/insn_hash.h" && [ "$rc" != 0 ]
}
ktap_check "a push without compare-and-swap is caught" caught

ktap_finished
