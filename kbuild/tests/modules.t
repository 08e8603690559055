#!/usr/bin/env bash
# What modpost writes for the modules is the pristine tree's.  On the small
# configuration (MODVERSIONS, MODULE_SRCVERSION_ALL), built by both trees:
# each module's srcversion as modinfo reads it from the .ko, Module.symvers
# and modules.order are the same.  So are the srcversion and the descriptor
# (mod-sections.sh) of fixtures/srcmod, built with M= against each tree,
# whose sources hold what modpost's source-version parser treats specially.
# (modfinal.t compares every module's descriptor.)
# Planted: one byte of a string in srcmod changed on the patched side must
# change its srcversion.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" modules
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

# build_srcmod <side> <dir> [sed script]: fixtures/srcmod copied to <dir>
# (its strings file edited by the sed script), built with M= against that
# side's small build.
build_srcmod() {
	rm -rf "$2"
	cp -r "$KBUILD_RIG/fixtures/srcmod" "$2"
	[ -z "${3:-}" ] || sed -i "$3" "$2/rig_srcver_strings.c"
	small_make "$1" -s -j"$(nproc)" M="$2" modules >>"$WORK/make-$1.log" 2>&1
}

srcversion() {
	modinfo -F srcversion "$1"
}

ktap_print_header
ktap_set_plan 7

small_modules
ktap_print_msg "${#modules[@]} modules"
ktap_check "the same modules.order" cmp -s "$pristine/modules.order" "$patched/modules.order"
ktap_check "the same Module.symvers" cmp -s "$pristine/Module.symvers" "$patched/Module.symvers"

differ=() missing=()
for m in "${modules[@]}"; do
	a=$(srcversion "$pristine/$m.ko") b=$(srcversion "$patched/$m.ko")
	[ -n "$a" ] || missing+=("$m")
	[ "$a" = "$b" ] || differ+=("$m.ko srcversion")
done
for f in "${differ[@]}"; do
	ktap_print_msg "differs: $f"
done
ktap_check "every module's srcversion is the pristine tree's" \
	test "${#differ[@]}" -eq 0
ktap_check "every module has a srcversion (MODULE_SRCVERSION_ALL)" \
	test "${#missing[@]}" -eq 0

for side in "${SIDES[@]}"; do
	build_srcmod "$side" "$WORK/srcmod-$side" ||
		ktap_exit_fail_msg "$side: srcmod failed to build (make-$side.log)"
done
a=$(srcversion "$WORK/srcmod-pristine/rig_srcver.ko")
b=$(srcversion "$WORK/srcmod-patched/rig_srcver.ko")
ktap_print_msg "srcmod: pristine $a, patched $b"
ktap_check "srcmod: a srcversion" test -n "$a"
same_srcmod() {
	[ "$a" = "$b" ] &&
		"$KBUILD_RIG/mod-sections.sh" "$WORK"/srcmod-{pristine,patched}/rig_srcver.ko
}
ktap_check "srcmod: the pristine tree's srcversion and descriptor" same_srcmod

# Planted: one byte inside a string literal (hashed as it is) changed.
build_srcmod patched "$WORK/srcmod-planted" 's/an \\"escaped\\" quote/an \\"escaped\\" quotE/'
grep -q quotE "$WORK/srcmod-planted/rig_srcver_strings.c" || ktap_exit_fail_msg "could not plant"
ktap_check "planted: a changed string changes srcmod's srcversion" \
	test "$(srcversion "$WORK/srcmod-planted/rig_srcver.ko")" != "$b"

ktap_finished
