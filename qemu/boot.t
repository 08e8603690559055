#!/usr/bin/env bash
# Boot the patched kernel in qemu (TCG), run qemu/init's checks in the guest
# and report them, plus the host's own: the guest powered off by itself, its
# TAP is complete, and the console shows no WARNING, BUG, Oops, panic or
# unwinder error.  KERNEL= boots another bzImage with the same checks; the
# initramfs's modules and System.map are $KOUT's, so it must be of that
# build (checked first, by build id).  QEMU_ACCEL=kvm uses KVM instead of
# TCG where /dev/kvm is usable (TCG stays the default: KVM hangs on some
# nested VMs, this project's among them).
set -euo pipefail
. "$(dirname "$0")/../tests/lib/common.sh"

rig_need KOUT
: "${QEMU_WORK:?}"
here=$(cd "$(dirname "$0")" && pwd)
KERNEL=${KERNEL:-$KOUT/arch/x86/boot/bzImage}

ktap_print_header
[ -f "$KERNEL" ] || ktap_exit_fail_msg "no kernel at $KERNEL"
case "${QEMU_ACCEL:=tcg}" in
tcg) accel=(-accel tcg) ;;
kvm)
	if [ ! -r /dev/kvm ] || [ ! -w /dev/kvm ]; then
		ktap_exit_fail_msg "QEMU_ACCEL=kvm: /dev/kvm is missing or not usable by $(id -un)"
	fi
	accel=(-accel kvm -cpu host)
	;;
*) ktap_exit_fail_msg "QEMU_ACCEL=$QEMU_ACCEL: it is tcg (the default) or kvm" ;;
esac
if ! why=$("$here/same-build.sh" "$KERNEL" "$KOUT" "$TREE"); then
	ktap_exit_fail_msg "$why: its modules and System.map are not in the initramfs; KERNEL= must be a bzImage of $KOUT"
fi
if ! "$here/mkinitramfs.sh" "$TREE" "$KOUT" "$QEMU_WORK" >"$WORK/mkinitramfs.log" 2>&1; then
	sed 's/^/# /' "$WORK/mkinitramfs.log"
	ktap_exit_fail_msg "could not build the initramfs"
fi
sed 's/^/# /' "$WORK/mkinitramfs.log"

log=$QEMU_WORK/console.log
rc=0
timeout "${BOOT_TIMEOUT:-300}" qemu-system-x86_64 "${accel[@]}" -m 1G -smp 1 \
	-nographic -no-reboot -monitor none -serial stdio -display none \
	-kernel "$KERNEL" -initrd "$QEMU_WORK/initramfs.cpio.gz" \
	-append "console=ttyS0 nokaslr panic=-1 oops=panic" \
	</dev/null >"$log" 2>&1 || rc=$?
tr -d '\r' <"$log" >"$log.tmp" && mv "$log.tmp" "$log"
ktap_print_msg "console log: $log (qemu exit $rc, accel $QEMU_ACCEL)"

# The guest's TAP, renumbered into this test's.
sed -n '/^==TAP-BEGIN==$/,/^==TAP-END==$/p' "$log" >"$QEMU_WORK/guest.tap"
plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$QEMU_WORK/guest.tap")
results=0
while IFS= read -r line; do
	case "$line" in
	"ok "*"# SKIP"*) ktap_test_skip "guest: $(sed 's/^ok [0-9]* //; s/ *# SKIP.*//' <<<"$line")" ;;
	"ok "*) ktap_test_pass "guest: ${line#ok [0-9]* }" ;;
	"not ok "*) ktap_test_fail "guest: ${line#not ok [0-9]* }" ;;
	"#"*) echo "$line" ;;
	*) continue ;;
	esac
	case "$line" in "#"*) ;; *) results=$((results + 1)) ;; esac
done <"$QEMU_WORK/guest.tap"

# The modules the guest loaded were finalised the series' way: each one's
# .mod.o assembled from the .mod.S modpost wrote (0025), by the command
# that links its .ko (0027).
from_mod_s() {
	local m cmd
	while read -r m; do
		# An external module's modules.order names it by absolute path.
		case $m in /*) ;; *) m=$1/$m ;; esac
		cmd=$(dirname "$m")/.$(basename "$m" .o).ko.cmd
		grep -q '^savedcmd_.* -c -o [^ ]*\.mod\.o [^ ]*\.mod\.S; ' "$cmd" || return 1
	done <"$1/modules.order"
}
ktap_check "the kernel's modules were finalised from .mod.S" from_mod_s "$KOUT"
ktap_check "the test modules were finalised from .mod.S" from_mod_s "$QEMU_WORK/modules"

# The image the guest booted was compressed by pigz (0030): not the bytes
# gzip -n -9 writes, and it decompresses to the payload.
by_pigz() {
	local gz=$KOUT/arch/x86/boot/compressed/vmlinux.bin.gz
	gzip -dc "$gz" | cmp -s - <(image_payload "$KOUT") &&
		not cmp -s <(image_payload "$KOUT" | gzip -n -9 -c) "$gz"
}
ktap_check "the kernel image was compressed by pigz" by_pigz

complete() { [ -n "$plan" ] && [ "$results" = "$plan" ]; }
ktap_check "guest reported all its checks ($results of ${plan:-no plan})" complete
ktap_check "guest powered off by itself (qemu exit $rc)" \
	grep -q 'reboot: Power down' "$log"
# The kernel's messages, without the guest's own TAP block.
bad=$(sed '/^==TAP-BEGIN==$/,/^==TAP-END==$/d' "$log" |
	grep -E 'WARNING:|BUG:|Oops|Kernel panic|unwind.*(fail|error|bad)' | head -5 || true)
[ -z "$bad" ] || printf '%s\n' "$bad" | sed 's/^/#   /'
ktap_check "console free of WARNING, BUG, Oops, panic, unwinder errors" [ -z "$bad" ]

ktap_set_plan $((KTAP_TESTNO - 1))
ktap_finished
