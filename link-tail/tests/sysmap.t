#!/usr/bin/env bash
# kallsyms --sysmap (the patched tree's C mksysmap) lists exactly what
# pristine 6.12's "nm -n | sed -f scripts/mksysmap" lists, on every kind of
# ELF file the link and a user may give it; and kbuild's own System.map and
# .tmp_vmlinux*.syms are that listing.
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
ktap_set_plan $((${#inputs[@]} + ${#syms[@]} + 3))

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
sed '/^\/ \[aNUw\] \/d$/d' "$PRISTINE_MKSYSMAP" >"$WORK/mksysmap-no-types"
nm -n "$KOUT/vmlinux" | sed -f "$WORK/mksysmap-no-types" >"$WORK/unfiltered.map"
ktap_check "planted: a listing without mksysmap's type filter is told apart" \
	not cmp -s "$WORK/unfiltered.map" "$WORK/c.map"

ktap_finished
