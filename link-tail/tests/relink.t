#!/usr/bin/env bash
# The link's products do not change: vmlinux.o and the other link inputs of
# the patched build, linked again with the *pristine* tree's
# link-vmlinux.sh, kallsyms, mksysmap and sorttable, give the patched
# build's vmlinux, System.map, vmlinux.relocs and bzImage byte for byte.
# The same holds with KALLSYMS_ALL and with KALLSYMS turned off for the link
# (the patched tree then writes System.map without nm, and without
# kallsyms tables), comparing a pristine and a patched relink.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

products=(vmlinux System.map arch/x86/boot/compressed/vmlinux.relocs)
modes=(kallsyms-all-off kallsyms-off)

ktap_print_header
ktap_set_plan $(((${#products[@]} + 1) + ${#modes[@]} * (${#products[@]} + 1) + 2))

mkdir -p "$WORK/patched-tools"
cp "$KOUT/scripts/kallsyms" "$KOUT/scripts/sorttable" "$WORK/patched-tools/"

relink() {
	"$LINK_TAIL/relink.sh" "$KOUT" "$@" >/dev/null
}

# As built: pristine link tail vs what kbuild produced with the series.
BZIMAGE=1 relink "$BASE_TREE" "$LINK_TOOLS" built "$WORK/pristine-built"
for f in "${products[@]}" arch/x86/boot/bzImage; do
	ktap_check "as built: $f equals the pristine link tail's" \
		same_file "$WORK/pristine-built/$f" "$KOUT/$f"
done

for mode in "${modes[@]}"; do
	relink "$BASE_TREE" "$LINK_TOOLS" "$mode" "$WORK/pristine-$mode"
	relink "$TREE" "$WORK/patched-tools" "$mode" "$WORK/patched-$mode"
	for f in "${products[@]}"; do
		ktap_check "$mode: $f equals the pristine link tail's" \
			same_file "$WORK/pristine-$mode/$f" "$WORK/patched-$mode/$f"
	done
	# The mode took effect: the link differs from the one as built.
	ktap_check "$mode: the link is not the one as built" \
		not cmp -s "$WORK/pristine-$mode/vmlinux" "$KOUT/vmlinux"
	rm -rf "$WORK/pristine-$mode" "$WORK/patched-$mode"
done

# Planted: one changed byte in vmlinux fails the comparison, naming the section.
cp "$WORK/pristine-built/vmlinux" "$WORK/planted"
read -r off len < <("$RIG_SCRIPTS/elf-section.sh" "$WORK/planted" .rodata)
printf '\x5a' | dd of="$WORK/planted" bs=1 seek=$((off + len / 2)) conv=notrunc status=none
same_file "$WORK/planted" "$KOUT/vmlinux" >"$WORK/planted.log" || true
ktap_check "planted: a changed byte fails the comparison" \
	not same_file "$WORK/planted" "$KOUT/vmlinux"
ktap_check "planted: the differing section is named" grep -q '\.rodata' "$WORK/planted.log"

ktap_finished
