#!/usr/bin/env bash
# A rerun of make test (or make boot, link-tail, kbuild) does not walk
# kbuild's tree again when the kernels are of the trees as they are now:
# make kernel-test-current and make small-current only say so.  Planted:
# with the test kernel's record naming another commit, make
# kernel-test-current would build it again (make -n).  And make small-current with no
# $SMALL yet (as on a fresh clone: build-small.sh once skipped there, as a
# test does, and built nothing) makes it, linking the current builds.
# Needs the rig's builds; runs in kbuild's sequence (Makefile).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/tap.sh" rerun

record=${KOUT:-$top/build/kernel-test}/.rig-built

ktap_print_header
ktap_set_plan 5

[ -f "$record" ] || ktap_skip_all "no $record: make test builds it"

make -s --no-print-directory -C "$top" kernel-test-current small-current >"$WORK/out" 2>&1 ||
	ktap_exit_fail_msg "make kernel-test-current small-current failed: $(tail -3 "$WORK/out")"
sed 's/^/# /' "$WORK/out"
ktap_check "the three builds are found current" \
	test "$(grep -c ' is of this tree: not built again' "$WORK/out")" -eq 3
ktap_check "no kernel is built (kbuild's tree is not walked)" \
	not grep -q '(bzImage modules' "$WORK/out"

make -s --no-print-directory -C "$top" small-current SMALL="$WORK/small" >"$WORK/fresh" 2>&1 ||
	ktap_exit_fail_msg "make small-current SMALL=<new dir> failed: $(tail -3 "$WORK/fresh")"
sed 's/^/# /' "$WORK/fresh"
ktap_check "no \$SMALL yet: both small builds are found current" \
	test "$(grep -c ' is of this tree: not built again' "$WORK/fresh")" -eq 2
links_to_both() {
	[ "$(readlink "$1/patched")" = "$TREE/.rig-small" ] &&
		[ "$(readlink "$1/pristine")" = "$BASE_TREE/.rig-small" ]
}
ktap_check "no \$SMALL yet: it is made, linking to both builds" links_to_both "$WORK/small"

cp -p "$record" "$WORK/record"
trap 'cp -p "$WORK/record" "$record"; rm -rf "$WORK"' EXIT
sed -i '1s/^/0/' "$record"
make -n --no-print-directory -C "$top" kernel-test-current >"$WORK/planted" 2>&1 || true
ktap_check "planted: a build of another commit would be built again" \
	grep -q 'scripts/build-kernel.sh' "$WORK/planted"

ktap_finished
