#!/usr/bin/env bash
# Link vmlinux again from a built tree's link inputs (vmlinux.o and the
# other objects link-vmlinux.sh takes), with a chosen tree's
# scripts/link-vmlinux.sh and a chosen kallsyms and sorttable, in a
# directory of its own; then x86's post-link step (vmlinux.relocs) and, with
# BZIMAGE=1, the bzImage, by kbuild's own rules.
#
#   relink.sh <kernel-out> <link-tree> <tools-dir> <mode> <dest>
#
# <link-tree> provides link-vmlinux.sh and what it reads from $srctree
# (scripts/mksysmap in the pristine tree); <tools-dir> holds kallsyms and
# sorttable.  <mode> is "built" (the configuration as built),
# "kallsyms-all-off" or "kallsyms-off": the link as it runs with that option
# turned off in include/config/auto.conf (the objects stay as built, so
# kallsyms-off defines the tables kernel/kallsyms.o refers to at _text).
# init/version-timestamp.o is taken as built: link-vmlinux.sh's own make
# call for it is skipped (MAKE=true).
#
# Needs link-env and link-args in <kernel-out> (link-env.sh).
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"
. "$(dirname "$0")/kbuild-env.sh"

kout=$(cd "$1" && pwd) link_tree=$(cd "$2" && pwd) tools=$(cd "$3" && pwd)
mode=$4 dest=$5

load_kbuild_env "$kout"

rm -rf "$dest"
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)

# What link-vmlinux.sh, its assembler runs and the post-link step read.
inputs=(vmlinux.o .vmlinux.export.o init/version-timestamp.o
	arch/x86/kernel/vmlinux.lds include arch/x86/include/generated
	arch/x86/tools/relocs scripts/basic)
# The bzImage: the boot directory and the EFI stub the decompressor links.
[ "${BZIMAGE:-0}" = 1 ] && inputs+=(arch/x86/boot drivers/firmware/efi/libstub)
for f in "${inputs[@]}"; do
	[ -e "$kout/$f" ] || continue
	mkdir -p "$dest/$(dirname "$f")"
	cp -a --reflink=auto "$kout/$f" "$dest/$f"
done
rm -f "$dest/arch/x86/boot/bzImage" "$dest/arch/x86/boot/compressed/vmlinux.relocs"
install -m 755 "$tools/kallsyms" "$tools/sorttable" "$dest/scripts/"

auto_conf=$dest/include/config/auto.conf
case "$mode" in
built) ;;
kallsyms-all-off)
	sed -i '/^CONFIG_KALLSYMS_ALL=/d' "$auto_conf" ;;
kallsyms-off)
	sed -i '/^CONFIG_KALLSYMS\(_ALL\|_ABSOLUTE_PERCPU\)\?=/d' "$auto_conf"
	# kernel/kallsyms.o was built in and refers to the tables, which a
	# link without kallsyms does not make: define them at _text (not as
	# absolute symbols, which x86's relocs tool rejects).
	for sym in offsets names num_syms relative_base token_table \
		   token_index markers seqs_of_names; do
		link_args[2]+=" --defsym=kallsyms_$sym=_text"
	done ;;
*) die "unknown mode $mode" ;;
esac

# With LINK_TRACE=1, link-vmlinux.sh runs under bash -x with a timestamp on
# each command (trace), and each step's end is noted in steps (bench.sh).
runner=("$kbuild_shell")
if [ "${LINK_TRACE:-0}" = 1 ]; then
	# bash ignores PS4 from the environment when run as root: set it
	# inside, then run the script as itself ($0, arguments).
	# shellcheck disable=SC2016 # expanded by the traced shell
	runner=(bash -c 'PS4="+ \$EPOCHREALTIME "; set -x; . "$0" "$@"')
fi
step() {
	[ "${LINK_TRACE:-0}" = 1 ] && echo "$1 $EPOCHREALTIME" >>"$dest/steps"
	return 0
}

quiet RELINK "$dest ($mode, ${link_tree##*/}'s link-vmlinux.sh)"
step start
in_kbuild_env "$dest" srctree="$link_tree" MAKE=true KBUILD_VERBOSE= "${runner[@]}" \
	"$link_tree/scripts/link-vmlinux.sh" "${link_args[@]}" \
	>"$dest/link.log" 2>"$dest/trace" ||
	{ cat "$dest/link.log" "$dest/trace" >&2; die "link failed"; }
step link-vmlinux.sh

# x86: vmlinux.relocs from vmlinux, then its relocations stripped.
in_kbuild_env "$dest" make -s -f "$kbuild_srctree/arch/x86/Makefile.postlink" vmlinux \
	>>"$dest/link.log" 2>&1 || { cat "$dest/link.log" >&2; die "post-link failed"; }
step post-link

if [ "${BZIMAGE:-0}" = 1 ]; then
	in_kbuild_env "$dest" make -s -f "$kbuild_srctree/scripts/Makefile.build" \
		obj=arch/x86/boot arch/x86/boot/bzImage >>"$dest/link.log" 2>&1 ||
		{ cat "$dest/link.log" >&2; die "bzImage failed"; }
	step bzImage
fi
