#!/usr/bin/env bash
# For every kallsyms pass of the real link (the empty first one and each
# .tmp_vmlinuxN), with and without --all-symbols and --absolute-percpu: the
# pristine scripts/kallsyms on nm -n | mksysmap of that vmlinux and the
# patched one on the vmlinux itself give the same object once assembled as
# link-vmlinux.sh assembles them (the .S text differs: .incbin).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# shellcheck source=../../scripts/lib.sh
. "$RIG_SCRIPTS/lib.sh"
# shellcheck source=../kbuild-env.sh
. "$LINK_TAIL/kbuild-env.sh"
load_kbuild_env "$KOUT"

passes=(empty "$KOUT"/.tmp_vmlinux[0-9])
option_sets=("" "--all-symbols" "--absolute-percpu" "--all-symbols --absolute-percpu")

ktap_print_header
ktap_set_plan $((${#passes[@]} * ${#option_sets[@]} + 1))

# assemble <dir>: kallsyms.S in <dir> to kallsyms.o, as link-vmlinux.sh does.
assemble() {
	kbuild_assemble "$KOUT" "$1/kallsyms"
}

# Both objects come from the same path, so nothing but their tables differs.
same_tables() {
	local vmlinux=$1 opts=$2 d=$WORK/as
	rm -rf "$d" "$WORK"/*.rc "$WORK"/*.err && mkdir -p "$d"

	if [ "$vmlinux" = empty ]; then
		: >"$WORK/in.syms"
		: >"$WORK/in.elf"
	else
		nm_sysmap "$vmlinux" >"$WORK/in.syms"
		ln -sf "$vmlinux" "$WORK/in.elf"
	fi

	# A combination the pristine tool refuses (--all-symbols without
	# --absolute-percpu puts the per-CPU symbols at 0, out of range on
	# x86_64) must be refused the same way: same message, same status.
	# shellcheck disable=SC2086 # option words
	"$KALLSYMS_PRISTINE" $opts "$WORK/in.syms" >"$d/kallsyms.S" 2>"$WORK/pristine.err" ||
		echo $? >"$WORK/pristine.rc"
	# shellcheck disable=SC2086
	"$KALLSYMS_PATCHED" $opts "$WORK/in.elf" "$d/kallsyms.bin" >"$d/patched.S" 2>"$WORK/patched.err" ||
		echo $? >"$WORK/patched.rc"
	same_file "$WORK/pristine.err" "$WORK/patched.err" || return 1
	if [ -e "$WORK/pristine.rc" ] || [ -e "$WORK/patched.rc" ]; then
		ktap_print_msg "both refuse: $(head -1 "$WORK/pristine.err")"
		[ -e "$WORK/pristine.rc" ] && same_file "$WORK/pristine.rc" "$WORK/patched.rc"
		return
	fi

	assemble "$d" || return 1
	mv "$d/kallsyms.o" "$WORK/pristine.o"
	mv "$d/patched.S" "$d/kallsyms.S"
	assemble "$d" || return 1
	mv "$d/kallsyms.o" "$WORK/patched.o"

	same_file "$WORK/pristine.o" "$WORK/patched.o"
}

for pass in "${passes[@]}"; do
	for opts in "${option_sets[@]}"; do
		ktap_check "${pass#"$KOUT/"} ${opts:-(no options)}: same object as pristine kallsyms" \
			same_tables "$pass" "$opts"
	done
done

# Planted: one symbol fewer in the pristine input must show.
nm_sysmap "$KOUT/.tmp_vmlinux1" | sed '1000d' >"$WORK/in.syms"
mkdir -p "$WORK/as"
"$KALLSYMS_PRISTINE" --all-symbols --absolute-percpu "$WORK/in.syms" >"$WORK/as/kallsyms.S"
assemble "$WORK/as"
mv "$WORK/as/kallsyms.o" "$WORK/short.o"
"$KALLSYMS_PATCHED" --all-symbols --absolute-percpu "$KOUT/.tmp_vmlinux1" \
	"$WORK/as/kallsyms.bin" >"$WORK/as/kallsyms.S"
assemble "$WORK/as"
ktap_check "planted: a table missing one symbol is told apart" \
	not cmp -s "$WORK/short.o" "$WORK/as/kallsyms.o"

ktap_finished
