#!/usr/bin/env bash
# kallsyms --sysmap (the patched tree's C mksysmap) lists exactly what
# pristine 6.12's "nm -n | sed -f scripts/mksysmap" lists, on every kind of
# ELF file the link and a user may give it; and kbuild's own System.map and
# .tmp_vmlinux*.syms are that listing.  Under LLVM=1 the pristine listing
# is llvm-nm's, the same.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# One input of each kind: the final and an intermediate vmlinux, vmlinux.o
# (relocatable, the largest), a module, a 32-bit object and a user program.
ko=$(find "$KOUT" -name '*.ko' | sort | head -1)
as --32 -o "$WORK/symbols32.o" "$LINK_TAIL/fixtures/symbols32.S"
gcc -fcommon -O0 -o "$WORK/symbols" "$LINK_TAIL/fixtures/symbols.c"
inputs=("$KOUT/vmlinux" "$KOUT/.tmp_vmlinux2" "$KOUT/vmlinux.o" "$ko"
	"$WORK/symbols32.o" "$WORK/symbols")
syms=("$KOUT"/.tmp_vmlinux[0-9].syms)

ktap_print_header
# LLVM=1 makes kbuild's NM llvm-nm: the pristine System.map is then
# llvm-nm's listing through mksysmap, and the C reader must give that one
# too.  The vmlinux files and vmlinux.o here are gcc's (a clang-built
# kernel is not in make test); a missing llvm-nm is a named skip.
llvm_inputs=("$KOUT/vmlinux" "$KOUT/.tmp_vmlinux2" "$KOUT/vmlinux.o")
LLVM_NM=$(command -v llvm-nm || true)

ktap_set_plan $((${#inputs[@]} + ${#syms[@]} + ${#llvm_inputs[@]} + 4))

# Each listing is compared whole: the C reader must get the type letters,
# the filters and nm's order (address, then name, then symbol table order).
matches_nm() {
	local elf=$1 out=$WORK/c.map
	rm -f "$out"
	"$KALLSYMS_PATCHED" --sysmap="$out" "$elf" || return 1
	nm_sysmap "$elf" >"$WORK/nm.map"
	[ -s "$WORK/nm.map" ] && same_file "$WORK/nm.map" "$out"
}

for elf in "${inputs[@]}"; do
	ktap_check "${elf#"$KOUT/"}: kallsyms --sysmap equals nm -n | mksysmap" \
		matches_nm "$elf"
done

matches_llvm_nm() {
	local elf=$1 out=$WORK/c.map
	rm -f "$out"
	"$KALLSYMS_PATCHED" --sysmap="$out" "$elf" || return 1
	"$LLVM_NM" -n "$elf" | sed -f "$PRISTINE_MKSYSMAP" >"$WORK/llvm.map"
	[ -s "$WORK/llvm.map" ] && same_file "$WORK/llvm.map" "$out"
}
for elf in "${llvm_inputs[@]}"; do
	if [ -z "$LLVM_NM" ]; then
		ktap_test_skip "${elf#"$KOUT/"}: no llvm-nm (make deps installs llvm)"
		continue
	fi
	ktap_check "${elf#"$KOUT/"}: kallsyms --sysmap equals llvm-nm -n | mksysmap (LLVM=1)" \
		matches_llvm_nm "$elf"
done

# What the build wrote: each intermediate link's .syms, and System.map.
listing_of() {
	nm_sysmap "$1" >"$WORK/nm.map" && same_file "$WORK/nm.map" "$2"
}
for s in "${syms[@]}"; do
	ktap_check "${s#"$KOUT/"} (written by the build) equals nm -n | mksysmap" \
		listing_of "${s%.syms}" "$s"
done
ktap_check "System.map (written by the build) equals nm -n vmlinux | mksysmap" \
	listing_of "$KOUT/vmlinux" "$KOUT/System.map"

# The comparison itself must be able to fail: against nm's unsorted order,
# and against a mksysmap that lost its type filter, the listings differ.
"$KALLSYMS_PATCHED" --sysmap="$WORK/c.map" "$KOUT/vmlinux"
nm -p "$KOUT/vmlinux" | sed -f "$PRISTINE_MKSYSMAP" >"$WORK/unsorted.map"
ktap_check "planted: a listing in symbol table order is told apart" \
	not cmp -s "$WORK/unsorted.map" "$WORK/c.map"
if [ -n "$LLVM_NM" ]; then
	"$LLVM_NM" -p "$KOUT/vmlinux" | sed -f "$PRISTINE_MKSYSMAP" >"$WORK/llvm-unsorted.map"
	ktap_check "planted: llvm-nm's listing in symbol table order is told apart" \
		not cmp -s "$WORK/llvm-unsorted.map" "$WORK/c.map"
else
	ktap_test_skip "planted: llvm-nm's unsorted listing (no llvm-nm)"
fi
sed '/^\/ \[aNUw\] \/d$/d' "$PRISTINE_MKSYSMAP" >"$WORK/mksysmap-no-types"
nm -n "$KOUT/vmlinux" | sed -f "$WORK/mksysmap-no-types" >"$WORK/unfiltered.map"
ktap_check "planted: a listing without mksysmap's type filter is told apart" \
	not cmp -s "$WORK/unfiltered.map" "$WORK/c.map"

ktap_finished
