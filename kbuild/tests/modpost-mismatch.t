#!/usr/bin/env bash
# modpost keeps its section mismatch answer for each pair of sections
# instead of matching the names again for every relocation (0029).  What it
# reports is the pristine tree's: fixtures/secmod (two modules whose
# references cross from .text, .data and .init.text into init, exit and
# ordinary sections, interleaved) built against the patched small build,
# then modpost's command for them run by the pristine tree's modpost and by
# the patched one, each twice: the same stdout, stderr and exit status.
# Planted: a modpost that keeps the answer by target section alone (not by
# source section too) reports something else, and is caught.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" modpost-mismatch
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

ktap_print_header
ktap_set_plan 4

small_modules

# The fixture's objects; its modpost fails, as it should: the small
# configuration makes section mismatches errors (-E).
fixture=$WORK/secmod
cp -r "$KBUILD_RIG/fixtures/secmod" "$fixture"
small_make patched V=1 M="$fixture" modules >"$WORK/build.log" 2>&1 || true
args=$(sed -n 's|^ *scripts/mod/modpost ||p' "$WORK/build.log")
if [ -z "$args" ] || [ ! -f "$fixture/rig_mismatch_more.o" ]; then
	ktap_exit_fail_msg "fixtures/secmod did not get as far as modpost (build.log)"
fi

# report <name> <modpost>: its stdout, stderr and exit status under $WORK/<name>
report() {
	local rc=0
	(cd "$patched" && eval "\"\$2\" $args") >"$WORK/$1.out" 2>"$WORK/$1.err" || rc=$?
	echo "$rc" >"$WORK/$1.rc"
}
same_report() {
	local part
	for part in out err rc; do
		cmp -s "$WORK/$1.$part" "$WORK/$2.$part" || {
			ktap_print_msg "$1 and $2: $part differs"
			diff "$WORK/$1.$part" "$WORK/$2.$part" | sed -n '1,6s/^/# /p'
			return 1
		}
	done
}

for run in 1 2; do
	report "pristine$run" "$pristine/scripts/mod/modpost"
	report "patched$run" "$patched/scripts/mod/modpost"
done
mismatches=$(grep -c 'section mismatch in reference' "$WORK/pristine1.err" || true)
ktap_print_msg "the pristine modpost: exit $(cat "$WORK/pristine1.rc"), $mismatches section mismatches reported"
enough_reported() {
	[ "$mismatches" -ge 8 ] && [ "$(cat "$WORK/pristine1.rc")" -ne 0 ] &&
		grep -q 'rig_mismatch_more: section mismatch' "$WORK/pristine1.err"
}
ktap_check "the fixture's mismatches are reported, in both modules, and fail modpost (-E)" enough_reported
ktap_check "the patched modpost reports what the pristine one reports (stdout, stderr, exit status)" \
	same_report pristine1 patched1
again() {
	same_report pristine2 patched2 && same_report patched1 patched2
}
ktap_check "and again, both, the same as the first time" again

# Planted: the answer kept by target section only.
sed 's/if (cached->fsecndx_plus1 != fsecndx + 1) {/if (!cached->fsecndx_plus1) {/' \
	"$TREE/scripts/mod/modpost.c" >"$WORK/planted-modpost.c"
! cmp -s "$TREE/scripts/mod/modpost.c" "$WORK/planted-modpost.c" ||
	ktap_exit_fail_msg "could not plant: section_mismatch_cached() changed"
gcc -O2 -std=gnu11 -I "$TREE/scripts/include" -I "$TREE/scripts/mod" -I "$patched/scripts/mod" \
	-o "$WORK/planted-modpost" "$WORK/planted-modpost.c" \
	"$patched"/scripts/mod/{file2alias,sumversion,symsearch}.o -lpthread
report planted "$WORK/planted-modpost"
ktap_check "planted: an answer kept by target section only is caught" \
	not same_report pristine1 planted

ktap_finished
