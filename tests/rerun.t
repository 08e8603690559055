#!/usr/bin/env bash
# A rerun of make test (or make boot, link-tail, kbuild) does not walk
# kbuild's tree again when the kernels are of the trees as they are now:
# make kernel-current and make small-current only say so.  Planted: with
# the defconfig build's record naming another commit, make kernel-current
# would build it again (make -n).  Needs the rig's builds; runs alone.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/tap.sh" rerun

record=${KOUT:-$top/build/kernel}/.rig-built

ktap_print_header
ktap_set_plan 3

[ -f "$record" ] || ktap_skip_all "no $record: make test builds it"

make -s --no-print-directory -C "$top" kernel-current small-current >"$WORK/out" 2>&1 ||
	ktap_exit_fail_msg "make kernel-current small-current failed: $(tail -3 "$WORK/out")"
sed 's/^/# /' "$WORK/out"
ktap_check "the three builds are found current" \
	test "$(grep -c ' is of this tree: not built again' "$WORK/out")" -eq 3
ktap_check "no kernel is built (kbuild's tree is not walked)" \
	not grep -q '(bzImage modules' "$WORK/out"

cp -p "$record" "$WORK/record"
trap 'cp -p "$WORK/record" "$record"; rm -rf "$WORK"' EXIT
sed -i '1s/^/0/' "$record"
make -n --no-print-directory -C "$top" kernel-current >"$WORK/planted" 2>&1 || true
ktap_check "planted: a build of another commit would be built again" \
	grep -q 'scripts/build-kernel.sh' "$WORK/planted"

ktap_finished
