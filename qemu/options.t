#!/usr/bin/env bash
# boot.t's options refused before anything boots: a KERNEL= that is not a
# bzImage of the rig's build (the small configuration's, by build id) and
# an unknown QEMU_ACCEL; a copy of the build's own bzImage is accepted.
set -euo pipefail
. "$(dirname "$0")/../tests/lib/common.sh"

rig_need KOUT SMALL
here=$(cd "$(dirname "$0")" && pwd)

ktap_print_header
ktap_set_plan 4

cp "$KOUT/arch/x86/boot/bzImage" "$WORK/copy"
ktap_check "a copy of the build's bzImage is of the build" \
	"$here/same-build.sh" "$WORK/copy" "$KOUT" "$TREE"

other=$SMALL/patched/arch/x86/boot/bzImage
why=$("$here/same-build.sh" "$other" "$KOUT" "$TREE" || true)
ktap_print_msg "$why"
ktap_check "another build's bzImage is not, named with both build ids" \
	grep -q "is not a kernel of $KOUT (build id [0-9a-f]*, the build's [0-9a-f]*)" <<<"$why"

# refused <log> <message> VAR=value...: boot.t stops with <message>
# at once (no initramfs made: a 10 s limit) and fails.
refused() {
	local log=$1 want=$2
	shift 2
	! env "$@" QEMU_WORK="$WORK/qemu" timeout 10 "$here/boot.t" >"$log" 2>&1 &&
		grep -q "^Bail out! .*$want" "$log"
}
ktap_check "boot.t refuses KERNEL= of another build" \
	refused "$WORK/kernel.log" "KERNEL= must be a bzImage of" KERNEL="$other"
ktap_check "boot.t refuses QEMU_ACCEL=nope" \
	refused "$WORK/accel.log" "QEMU_ACCEL=nope: it is tcg" QEMU_ACCEL=nope

ktap_finished
