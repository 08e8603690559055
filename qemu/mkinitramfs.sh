#!/usr/bin/env bash
# Build the boot test's initramfs: Debian's busybox-static, qemu/init, the
# kernel build's own modules (modules_install) and the test modules built
# out of tree against it, System.map and the values the guest checks
# against.  Nothing else from the host.
#
#   mkinitramfs.sh <source-tree> <kernel-output-dir> <work-dir>  -> <work-dir>/initramfs.cpio.gz
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../scripts/lib.sh"

tree=$(cd "$1" && pwd) kout=$(cd "$2" && pwd)
mkdir -p "$3"
work=$(cd "$3" && pwd)
busybox=/bin/busybox
# ldd fails on a static binary, which is what the initramfs needs.
if [ ! -x "$busybox" ] || ldd "$busybox" >/dev/null 2>&1; then
	die "$busybox is not Debian's busybox-static (make deps)"
fi

# Out-of-tree modules, through modpost like any external module, made as
# the rig makes its kernels (kernel_make: its CC and kbuild_env).
rm -rf "$work/modules"
cp -r "$here/modules" "$work/modules"
quiet MODULES "$work/modules"
kernel_make "$tree" "$kout" -s M="$work/modules" modules >"$work/modules.log" 2>&1 ||
	{ cat "$work/modules.log" >&2; die "building the test modules failed"; }

root=$work/root
rm -rf "$root"
release=$(cat "$kout/include/config/kernel.release")
mkdir -p "$root"/{bin,proc,sys,dev,expected}
cp "$busybox" "$root/bin/busybox"
ln -s busybox "$root/bin/sh"
install -m 755 "$here/init" "$root/init"
# The build's modules under kernel/, with modules.order and modules.builtin.
kernel_make "$tree" "$kout" -s INSTALL_MOD_PATH="$root" DEPMOD=true modules_install \
	>"$work/modules_install.log" 2>&1 ||
	{ cat "$work/modules_install.log" >&2; die "installing the kernel's modules failed"; }
rm -f "$root/lib/modules/$release/build" "$root/lib/modules/$release/source"
mkdir -p "$root/lib/modules/$release/extra"
cp "$work"/modules/*.ko "$root/lib/modules/$release/extra/"
# modules.dep and modules.alias, for busybox's modprobe and modinfo, from
# the host's depmod.
depmod -b "$root" -F "$kout/System.map" "$release"
cp "$kout/System.map" "$root/System.map"

echo "$release" >"$root/expected/release"
"$here/kallsyms-count.sh" "$kout/vmlinux" >"$root/expected/kallsyms_num_syms"
# Text, data, and a static function from the middle of the text.
{
	echo start_kernel
	echo init_task
	awk '$2 == "t" && $3 ~ /^[a-z_]+$/ { n++; if (n == 2000) { print $3; exit } }' "$kout/System.map"
} >"$root/expected/sample_symbols"
if grep -q '^CONFIG_MODULE_SRCVERSION_ALL=y' "$kout/.config"; then
	modinfo -F srcversion "$work/modules/orctest.ko" >"$root/expected/srcversion"
fi

quiet CPIO "$work/initramfs.cpio.gz"
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) | gzip -9 >"$work/initramfs.cpio.gz"
