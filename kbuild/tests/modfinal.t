#!/usr/bin/env bash
# Module finalisation gives what it gave before, now that modpost writes
# <module>.mod.S and kbuild assembles it (0025).  Compared with the
# pristine tree's build of the small configuration (make small) and of
# fixtures/modmod (external modules of every kind, built with M= against
# each side): per module, the sections modpost's descriptor fills
# (mod-sections.sh: .modinfo, .gnu.linkonce.this_module and its
# relocations, __ksymtab*, __kcrctab*, __ksymtab_strings, __versions), and
# what depmod makes of the installed modules.  Then on the patched side:
# no .mod.c is compiled, a changed module is the only one finalised again
# (in the kernel build and in an external one), finalisation in batches
# (0027) stops at a module that fails, removes its .ko and finishes on the
# next make, make clean (M= and of the kernel build) removes the .mod.S,
# and modpost's errors on bad input leave every file it writes as it was.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" modfinal
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

ktap_print_header
ktap_set_plan 17

small_modules

# same_descriptors <pristine-dir> <patched-dir> <module>...: mod-sections.sh
# on each module, what differs printed as diagnostics.  One share of the
# modules per CPU (a third of a second each, 220 of them), the reports
# then printed in module order.
same_descriptors() {
	local a=$1 b=$2 i jobs
	shift 2
	jobs=$(nproc)
	for ((i = 0; i < jobs; i++)); do
		descriptors_share "$a" "$b" "$i" "$jobs" "$@" >"$WORK/descriptors.$i" &
	done
	wait
	sort -n "$WORK"/descriptors.* | cut -d' ' -f2- >"$WORK/descriptors"
	rm -f "$WORK"/descriptors.*
	[ -s "$WORK/descriptors" ] || return 0
	sed 's/^/# /' "$WORK/descriptors"
	return 1
}

# descriptors_share <a> <b> <share> <shares> <module>...: the modules of
# that share compared, "<index> <module>.ko: <what differs>" for each that
# differs.
descriptors_share() {
	local a=$1 b=$2 share=$3 shares=$4 n=0 m out
	shift 4
	for m in "$@"; do
		n=$((n + 1))
		[ $(((n - 1) % shares)) -eq "$share" ] || continue
		out=$("$KBUILD_RIG/mod-sections.sh" "$a/$m.ko" "$b/$m.ko") && continue
		echo "$n $m.ko: ${out//$'\n'/; }"
	done
}

ktap_print_msg "${#modules[@]} modules in the small configuration"
ktap_check "every module's descriptor sections are the pristine tree's" \
	same_descriptors "$pristine" "$patched" "${modules[@]}"

# Planted: one byte of .modinfo and one relocation addend of
# __this_module changed in a copy of a module with an init.
planted=$WORK/planted.ko
flip_byte() {
	local off
	off=$("$KBUILD_RIG/../scripts/elf-section.sh" "$planted" "$1" | cut -d' ' -f1)
	printf '\x7f' | dd of="$planted" bs=1 seek=$((off + $2)) conv=notrunc status=none
}
plant_descriptor() {
	local m
	for m in "${modules[@]}"; do
		readelf -rW "$patched/$m.ko" | grep -q ' init_module + 0$' || continue
		cp "$patched/$m.ko" "$planted"
		flip_byte .modinfo 2
		flip_byte .rela.gnu.linkonce.this_module 16
		echo "$m"
		return
	done
}
m=$(plant_descriptor)
[ -n "$m" ] || ktap_exit_fail_msg "no module with an init to plant in"
out=$("$KBUILD_RIG/mod-sections.sh" "$pristine/$m.ko" "$planted" || true)
planted_caught() {
	grep -q '^\.modinfo: bytes differ' <<<"$out" &&
		grep -q '^\.gnu\.linkonce\.this_module: relocations differ' <<<"$out"
}
ktap_check "planted: a changed .modinfo byte and relocation addend are named" planted_caught

# What the configuration covers, counted on the patched side.
modinfo_of() {
	objcopy -O binary -j .modinfo "$1" /dev/stdout | tr '\0' '\n'
}
declare -A kinds=()
count() {
	kinds[$1]=$((${kinds[$1]:-0} + 1))
}
for m in "${modules[@]}"; do
	ko=$patched/$m.ko
	sections=$("$KBUILD_RIG/../scripts/elf-sections.sh" "$ko" | cut -d' ' -f2)
	info=$(modinfo_of "$ko")
	relocs=$(readelf -rW "$ko")
	grep -q '^__ksymtab$' <<<"$sections" && count exports
	grep -q '^__ksymtab_gpl$' <<<"$sections" && count gpl-only-exports
	grep -q '^import_ns=' <<<"$info" && count namespace-imports
	grep -q '^alias=usb:' <<<"$info" && count device-table-aliases
	grep -q '^parm=' <<<"$info" && count parameters
	if grep -q ' init_module + 0$' <<<"$relocs" && ! grep -q ' cleanup_module + 0$' <<<"$relocs"; then
		count init-without-exit
	fi
	[ "$(wc -w <"$patched/$m.mod")" -gt 1 ] && count multi-object
done
# Exports into a namespace: Module.symvers' fifth field, for a module.
kinds[namespaced-exports]=$(gawk -F'\t' '$3 != "vmlinux" && $5 != ""' "$patched/Module.symvers" | wc -l)
missing=()
for kind in exports gpl-only-exports namespaced-exports namespace-imports \
	device-table-aliases parameters init-without-exit multi-object; do
	ktap_print_msg "$kind: ${kinds[$kind]:-0}"
	[ "${kinds[$kind]:-0}" -gt 0 ] || missing+=("$kind")
done
covers_every_kind() {
	[ "${#modules[@]}" -ge 50 ] && [ "${#missing[@]}" -eq 0 ]
}
ktap_check "the configuration has 50 or more modules, some of every kind${missing[*]:+ (none: ${missing[*]})}" \
	covers_every_kind

# depmod's files for the installed modules (modules_install runs it).
for side in "${SIDES[@]}"; do
	small_make "$side" -s INSTALL_MOD_PATH="$WORK/install-$side" modules_install \
		>"$WORK/install-$side.log" 2>&1 ||
		ktap_exit_fail_msg "$side: modules_install failed (install-$side.log)"
done
release=$(cat "$patched/include/config/kernel.release")
depmod_files() {
	(cd "$WORK/install-$1/lib/modules/$release" && find . -maxdepth 1 -type f -name 'modules.*' | sort)
}
same_depmod() {
	local f ok=0
	[ "$(depmod_files pristine)" = "$(depmod_files patched)" ] || return 1
	for f in $(depmod_files pristine); do
		cmp -s "$WORK/install-"{pristine,patched}"/lib/modules/$release/$f" && continue
		ktap_print_msg "differs: $f"
		ok=1
	done
	[ -s "$WORK/install-patched/lib/modules/$release/modules.alias" ] && return "$ok"
}
ktap_check "depmod's files (modules.alias, modules.dep, modules.symbols, ...) are the pristine tree's" \
	same_depmod

every_mod_s() {
	local m
	for m in "${modules[@]}"; do
		[ -s "$patched/$m.mod.S" ] || return 1
	done
}
ktap_check "the patched build has a .mod.S for every module" every_mod_s

# The external modules, built against each side.
ext=(rig_exp rig_imp rig_alias rig_multi)
for side in "${SIDES[@]}"; do
	cp -r "$KBUILD_RIG/fixtures/modmod" "$WORK/modmod-$side"
	small_make "$side" -j"$(nproc)" M="$WORK/modmod-$side" modules \
		>"$WORK/modmod-$side.log" 2>&1 ||
		ktap_exit_fail_msg "$side: fixtures/modmod failed to build (modmod-$side.log)"
done
mm=$WORK/modmod-patched
ktap_check "external modules: each one's descriptor sections are the pristine tree's" \
	same_descriptors "$WORK/modmod-pristine" "$mm" "${ext[@]}"
escapes_read() {
	local aliases
	aliases=$(modinfo_of "$mm/rig_alias.ko" | grep '^alias=of:')
	grep -qF "Crig,tab$(printf '\t')stop" <<<"$aliases" &&
		grep -qF "Crig,backslash" <<<"$aliases" &&
		grep -qF "Crig,octA-hexA" <<<"$aliases"
}
ktap_check "external modules: rig_alias's escapes read as the compiler read them (\\t a tab, \\s an s, \\101 an A)" \
	escapes_read
# <module>.ko's saved command: the .mod.S assembled (0025), with the link
# (0027).
finalised_as_assembly() {
	local m
	for m in "${ext[@]}"; do
		[ -s "$mm/$m.mod.S" ] && [ ! -e "$mm/$m.mod.c" ] || return 1
		grep -qE "^savedcmd_.* -c +-o [^ ]*/$m\.mod\.o [^ ]*/$m\.mod\.S;" "$mm/.$m.ko.cmd" || return 1
	done
}
ktap_check "external modules: a .mod.S for each, no .mod.c, assembled" finalised_as_assembly

# One module's source changed: make V=1 assembles and links that module
# alone, and compiles no .mod.c.
sed -i 's/"rig_imp: %d %s\\n"/"rig_imp (changed): %d %s\\n"/' "$mm/rig_imp.c"
grep -q 'rig_imp (changed)' "$mm/rig_imp.c" || ktap_exit_fail_msg "could not change rig_imp.c"
small_make patched V=1 M="$mm" modules >"$WORK/v1.log" 2>&1 ||
	ktap_exit_fail_msg "the rebuild failed (v1.log)"
# outputs <suffix> [log]: the files of that suffix make's commands wrote
outputs() {
	grep -oE -- "-o [^ ]*\\.$1( |;|\$)" "${2:-$WORK/v1.log}" | sed 's|^-o .*/||; s/[ ;]$//' | sort -u | tr '\n' ' '
}
ktap_print_msg "assembled: $(outputs mod.o); linked: $(outputs ko)"
refinalised_alone() {
	[ "$(outputs mod.o)" = "rig_imp.mod.o " ] && [ "$(outputs ko)" = "rig_imp.ko " ] &&
		grep -q 'rig_imp\.mod\.S' "$WORK/v1.log" && ! grep -q '\.mod\.c' "$WORK/v1.log"
}
ktap_check "one changed module: only its .mod.S is assembled and its .ko linked, no .mod.c compiled (V=1)" \
	refinalised_alone

# Batches (0027): a module whose .mod.S does not assemble, after a module
# of the same batch that has to be linked again: the make fails naming it,
# the module before it is linked, its .ko is removed, no batch script is
# left; with the .mod.S restored, the next make links that module alone,
# the same .ko as before.
mapfile -t order <"$mm/modules.order"
first=$(basename "${order[0]}" .o) second=$(basename "${order[1]}" .o)
cp "$mm/$second.mod.S" "$WORK/second.mod.S"
cp "$mm/$second.ko" "$WORK/second.ko"
echo '	.rig_not_a_directive' >>"$mm/$second.mod.S"
touch "$mm/$first.mod.S"
rc=0
small_make patched -s M="$mm" modules >"$WORK/batch-fail.log" 2>&1 || rc=$?
ktap_print_msg "$second.mod.S broken: exit $rc, $(grep -m1 'rig_not_a_directive' "$WORK/batch-fail.log" || true)"
batch_failed() {
	[ "$rc" -ne 0 ] && grep -q "$second\.mod\.S.*rig_not_a_directive" "$WORK/batch-fail.log" &&
		[ ! -e "$mm/$second.ko" ] && [ "$mm/$first.ko" -nt "$mm/$first.mod.S" ] &&
		[ -z "$(find "$mm" -name '.tmp_modfinal*')" ]
}
ktap_check "batches: a module that fails to assemble fails the make, its .ko removed, the one before it linked" \
	batch_failed
cp "$WORK/second.mod.S" "$mm/$second.mod.S"
small_make patched V=1 M="$mm" modules >"$WORK/batch-again.log" 2>&1 ||
	ktap_exit_fail_msg "the make after the failure failed (batch-again.log)"
ktap_print_msg "then linked: $(outputs ko "$WORK/batch-again.log")"
batch_finished() {
	[ "$(outputs ko "$WORK/batch-again.log")" = "$second.ko " ] &&
		cmp "$WORK/second.ko" "$mm/$second.ko"
}
ktap_check "batches: the next make links that module alone, the same .ko as before" batch_finished

# Bad input to modpost: what it writes is left as it was.
sums() {
	(cd "$mm" && md5sum Module.symvers ./*.mod.S)
}
before=$(sums)
cp "$mm/rig_exp.o" "$WORK/rig_exp.o.good"
head -c 3000 "$WORK/rig_exp.o.good" >"$mm/rig_exp.o"
touch -r "$WORK/rig_exp.o.good" "$mm/rig_exp.o"
rc=0
small_make patched -s M="$mm" modules >"$WORK/truncated.log" 2>&1 || rc=$?
ktap_print_msg "truncated rig_exp.o: exit $rc, $(grep -m1 'rig_exp\.o' "$WORK/truncated.log" || true)"
# refused <rc> <log>: make failed because a tool refused the input, saying
# so and naming rig_exp.o, and nothing crashed
refused() {
	[ "$1" -ne 0 ] && ! crashed "$2" && grep -q 'rig_exp\.o' "$2"
}
truncated_refused() {
	refused "$rc" "$WORK/truncated.log" && [ "$(sums)" = "$before" ]
}
ktap_check "bad input: a truncated object fails naming it, no crash, Module.symvers and the .mod.S as they were" \
	truncated_refused
# Planted: a make that died of a segfault is not a refusal.
printf 'modpost: rig_exp.o\nmake[2]: *** [scripts/Makefile.modpost:145: Module.symvers] Error 139\n' >"$WORK/crash.log"
ktap_check "planted: a modpost that crashed on rig_exp.o is not taken for a refusal" not refused 2 "$WORK/crash.log"
cp -p "$WORK/rig_exp.o.good" "$mm/rig_exp.o"

rc=0
small_make patched -s M="$mm" KBUILD_EXTRA_SYMBOLS="$WORK/missing/Module.symvers" modules \
	>"$WORK/missing.log" 2>&1 || rc=$?
ktap_print_msg "missing Module.symvers: exit $rc, $(grep -m1 'missing' "$WORK/missing.log" || true)"
missing_refused() {
	[ "$rc" -ne 0 ] && grep -q "$WORK/missing/Module.symvers" "$WORK/missing.log" &&
		[ "$(sums)" = "$before" ]
}
ktap_check "bad input: a missing Module.symvers fails naming it, nothing written" missing_refused

small_make patched -s M="$mm" clean >"$WORK/clean.log" 2>&1 ||
	ktap_exit_fail_msg "make clean failed (clean.log)"
no_mod_s() {
	[ -z "$(find "$mm" -name '*.mod.S' -o -name '*.mod.o' -o -name '*.ko')" ]
}
ktap_check "make M= clean removes the .mod.S files" no_mod_s

# The kernel build: one module's source touched, make V=1 compiles that
# module's object, and assembles and links that module alone.
touched=drivers/usb/serial/ftdi_sio
[ -f "$patched/$touched.ko" ] || ktap_exit_fail_msg "no $touched.ko in the small configuration"
MTIME_DIR=$WORK/mtimes
mkdir -p "$MTIME_DIR"
keep_mtime "$TREE/$touched.c"
touch "$TREE/$touched.c"
small_make patched V=1 -j"$(nproc)" modules >"$WORK/intree.log" 2>&1 ||
	ktap_exit_fail_msg "the kernel build's make after the touch failed (intree.log)"
restore_mtimes
ktap_print_msg "touched $touched.c: assembled $(outputs mod.o "$WORK/intree.log"); linked $(outputs ko "$WORK/intree.log")"
intree_alone() {
	local name=${touched##*/}
	[ "$(outputs mod.o "$WORK/intree.log")" = "$name.mod.o " ] &&
		[ "$(outputs ko "$WORK/intree.log")" = "$name.ko " ] &&
		same_descriptors "$pristine" "$patched" "$touched"
}
ktap_check "the kernel build: one module's source touched, that module alone assembled and linked" intree_alone

# make clean of a copy of the patched kernel build.
copy=$(side_copy patched modfinal-clean-test)
rm -rf "$copy"
cp -a "$patched" "$copy"
kernel_make "$TREE" "$copy" -s clean >"$WORK/kclean.log" 2>&1 ||
	ktap_exit_fail_msg "make clean failed (kclean.log)"
left=$(find "$copy" -name '*.mod.S' | wc -l)
rm -rf "$copy"
ktap_check "make clean of the kernel build removes every .mod.S ($left left)" test "$left" -eq 0

ktap_finished
