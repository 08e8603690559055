#!/usr/bin/env bash
# modpost on bad input: the patched tree's modpost, built with ASan and
# UBSan, fed bad copies of a module object of the small build (corrupt-elf.py:
# empty, truncated, among them cuts whose section header table straddles
# the end of the mapped page, wrong class, corrupt section and symbol
# tables, relocations, .modinfo), each alone.  Each must be refused: exit
# 1, a message naming the file, no sanitizer report, no signal, nothing
# written.  The object itself goes through without a report.  The same
# check run on the pristine modpost, built the same way, must fail (it
# reads past its mapping: the fault the patched one fixes).  Then through
# make M= modules, the path a user takes: a bad rig_exp.o of
# fixtures/modmod, its mtime kept, fails naming it, without a crash,
# Module.symvers and the .mod.S as they were.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" modpost-bad-input
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

ktap_print_header
small_modules

build_modpost "$TREE" "$patched" "$WORK/modpost" || ktap_exit_fail_msg "could not build the patched modpost with ASan"
build_modpost "$BASE_TREE" "$pristine" "$WORK/modpost-pristine" ||
	ktap_exit_fail_msg "could not build the pristine modpost with ASan"

# A module object whose section header table crosses a page boundary.
mkdir "$WORK/cases"
base=
for m in "${modules[@]}"; do
	if "$KBUILD_RIG/corrupt-elf.py" --straddle "$patched/$m.o" "$WORK/cases" >"$WORK/case-names"; then
		base=$patched/$m.o
		break
	fi
done
[ -n "$base" ] || ktap_exit_fail_msg "no module object whose section headers cross a page boundary"
mapfile -t cases <"$WORK/case-names"
# Through make M= modules: fixtures/modmod built against the patched small
# build, then rig_exp.o replaced by a bad copy with its mtime (the
# truncations, a corrupt symbol name, the wrong class), and modules.order
# touched so that modpost runs again.
mm=$WORK/modmod
cp -a "$KBUILD_RIG/fixtures/modmod" "$mm"
small_make patched -s M="$mm" modules >"$WORK/modmod.log" 2>&1 ||
	ktap_exit_fail_msg "fixtures/modmod did not build (modmod.log)"
cp -p "$mm/rig_exp.o" "$WORK/rig_exp.o.good"
mkdir "$WORK/ext-cases"
mapfile -t ext_cases < <("$KBUILD_RIG/corrupt-elf.py" "$WORK/rig_exp.o.good" "$WORK/ext-cases" |
	grep -E '^(truncated-.*|symbol-name-huge|wrong-class)$')
ktap_set_plan $((${#cases[@]} + 2 + ${#ext_cases[@]}))
ktap_print_msg "bad copies of $(basename "$base"): ${#cases[@]}"

export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1

# modpost_on <modpost> <object>: run it in a directory of its own, as the
# build runs it for one module; its output in <object>.out, its exit
# status in <object>.rc
modpost_on() {
	local dir
	dir=$(dirname "$2")/run-$(basename "$2" .o)
	rm -rf "$dir"
	mkdir "$dir"
	cp "$2" "$dir/"
	rc=0
	(cd "$dir" && timeout 30 "$1" -M -w -o Module.symvers "$(basename "$2")") >"$2.out" 2>&1 || rc=$?
	echo "$rc" >"$2.rc"
}
# sanitized <output>: a sanitizer reported something
sanitized() {
	grep -qE 'Sanitizer|runtime error:' "$1"
}

cp "$base" "$WORK/good.o"
modpost_on "$WORK/modpost" "$WORK/good.o"
good_passes() {
	[ "$(cat "$WORK/good.o.rc")" = 0 ] && ! sanitized "$WORK/good.o.out" && [ -s "$WORK/run-good/good.mod.S" ]
}
ktap_check "the object itself: exit 0, its .mod.S written, no sanitizer report" good_passes

# refused <object>: exit 1, named, no report, nothing written
refused() {
	local dir
	dir=$(dirname "$1")/run-$(basename "$1" .o)
	[ "$(cat "$1.rc")" = 1 ] && grep -qF "$(basename "$1")" "$1.out" && ! sanitized "$1.out" &&
		[ ! -e "$dir/Module.symvers" ] && [ -z "$(find "$dir" -name '*.mod.[cS]')" ]
}
for c in "${cases[@]}"; do
	modpost_on "$WORK/modpost" "$WORK/cases/$c.o"
	ktap_check "$c: refused, naming it, no sanitizer report, nothing written ($(grep -m1 -o 'ERROR: modpost: .*' "$WORK/cases/$c.o.out" | cut -c17-90 || true))" \
		refused "$WORK/cases/$c.o"
done

# The pristine modpost on the same cases: the check must catch it.
mkdir "$WORK/pristine-cases"
cp "$WORK/cases/"*.o "$WORK/pristine-cases/"
caught=()
for c in "${cases[@]}"; do
	modpost_on "$WORK/modpost-pristine" "$WORK/pristine-cases/$c.o"
	refused "$WORK/pristine-cases/$c.o" || caught+=("$c")
done
ktap_print_msg "the pristine modpost is not refusing ${#caught[@]} of ${#cases[@]}: ${caught[*]}"
pristine_caught() {
	[ "${#caught[@]}" -gt 0 ] && grep -qE 'Sanitizer|runtime error:' "$WORK/pristine-cases/"*.out
}
ktap_check "planted: the pristine modpost, which reads past its mapping, fails the check" pristine_caught

sums() {
	(cd "$mm" && md5sum Module.symvers ./*.mod.S)
}
before=$(sums)
# through_make <case>: make M= modules with rig_exp.o that case
through_make() {
	local rc=0
	# (set -e does not hold in a function ktap_check runs)
	cp "$WORK/ext-cases/$1.o" "$mm/rig_exp.o" || return 1
	touch -r "$WORK/rig_exp.o.good" "$mm/rig_exp.o"
	touch "$mm/modules.order"
	small_make patched -s M="$mm" modules >"$WORK/make-$1.log" 2>&1 || rc=$?
	cp -p "$WORK/rig_exp.o.good" "$mm/rig_exp.o"
	ktap_print_msg "make M= with rig_exp.o $1: exit $rc, $(grep -m1 -o 'ERROR: modpost: .*' "$WORK/make-$1.log" | cut -c1-90 || true)"
	[ "$rc" -ne 0 ] && ! crashed "$WORK/make-$1.log" && grep -q 'rig_exp\.o' "$WORK/make-$1.log" &&
		[ "$(sums)" = "$before" ]
}
for c in "${ext_cases[@]}"; do
	ktap_check "make M= modules, rig_exp.o $c: fails naming it, no crash, nothing written" through_make "$c"
done

ktap_finished
