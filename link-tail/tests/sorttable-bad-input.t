#!/usr/bin/env bash
# Bad input to scripts/sorttable, which sorts vmlinux's tables in place:
# the patched and the pristine sorttable, both built with ASan and UBSan and
# the flags kbuild gave the patched one, fed bad copies of a small
# executable with the tables sorttable sorts (fixtures/tables.c; cases from
# kbuild/corrupt-elf.py, those that break what sorttable reads).  The
# patched one must refuse each: exit 1, a message naming the file, no
# sanitizer report, no signal, and the file as it was.  On good input both
# must write the same bytes (the pristine one as kbuild builds it): the
# fixture and the test kernel's .tmp_vmlinux2.
# Planted: the pristine sorttable fails the same checks (it reads past the
# file and writes before it checks).  Through make there is no such path: a
# user's bad object stops ld, and sorttable reads only what ld just wrote.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1

# build <out> <tree> <sources...>: <tree>'s sorttable with the sanitizers
# and the -D and -I options kbuild used for the patched tree's
# scripts/sorttable.o (its paths moved into <tree>, as build-tools.sh does).
build() {
	local out=$1 tree=$2 opts
	shift 2
	mapfile -t opts < <(host_opts sorttable "$tree")
	gcc -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
		"${opts[@]}" -o "$out" "$@" -lpthread
}

ktap_print_header
[ -s "$KOUT/scripts/.sorttable.o.cmd" ] ||
	ktap_skip_all "no built kernel with sorttable in $KOUT"
[ -x "$LINK_TOOLS/sorttable" ] ||
	ktap_skip_all "no pristine sorttable in $LINK_TOOLS (link-tail/build-tools.sh)"

build "$WORK/sorttable" "$TREE" "$TREE/scripts/sorttable.c" "$TREE/scripts/elf-parse.c" ||
	ktap_exit_fail_msg "could not build the patched sorttable with ASan"
build "$WORK/sorttable-pristine" "$BASE_TREE" "$BASE_TREE/scripts/sorttable.c" ||
	ktap_exit_fail_msg "could not build the pristine sorttable with ASan"

gcc -O0 -no-pie -o "$WORK/tables" "$LINK_TAIL/fixtures/tables.c"
mkdir "$WORK/cases"
"$LINK_TAIL/../kbuild/corrupt-elf.py" --section __ex_table --section .orc_unwind_ip \
	--section .orc_unwind --symbol main_extable_sort_needed \
	"$WORK/tables" "$WORK/cases" >"$WORK/all-cases"
# What sorttable does not read is no error to it: the relocations, other
# symbols' sections, .symtab's link (it finds .strtab by name).
mapfile -t cases < <(grep -v -E '^(relocation-.*|symbol-section-huge|symtab-link-huge)$' "$WORK/all-cases")

ktap_set_plan $((${#cases[@]} + 3))

# sort_copy <sorttable> <file> <copy>: the tool run on a copy of <file>;
# its stdout and stderr in <copy>.out, its exit status in <copy>.rc.
sort_copy() {
	local rc=0
	cp "$2" "$3"
	# Each run takes milliseconds; the pristine one loops forever on some.
	timeout 10 "$1" "$3" >"$3.out" 2>&1 || rc=$?
	echo "$rc" >"$3.rc"
}

# sorted_same <file>: the patched sorttable (with the sanitizers) and the
# pristine one as kbuild builds it (build-tools.sh: UBSan reports a shift
# in the pristine tools/le_byteshift.h on any real vmlinux) exit 0 on
# copies of it, writing the same bytes, and change it.
sorted_same() {
	sort_copy "$WORK/sorttable" "$1" "$WORK/good.patched"
	sort_copy "$LINK_TOOLS/sorttable" "$1" "$WORK/good.pristine"
	ktap_print_msg "exit $(cat "$WORK/good.patched.rc") and $(cat "$WORK/good.pristine.rc")"
	[ "$(cat "$WORK/good.patched.rc") $(cat "$WORK/good.pristine.rc")" = "0 0" ] &&
		same_file "$WORK/good.patched" "$WORK/good.pristine" &&
		! cmp -s "$1" "$WORK/good.patched"
}

# refused <sorttable> <case>: exit 1, a message naming the file, no
# sanitizer report, the file unchanged.
refused() {
	local copy=$WORK/run/$2
	mkdir -p "$WORK/run"
	sort_copy "$1" "$WORK/cases/$2" "$copy"
	[ "$(cat "$copy.rc")" = 1 ] && grep -qF "$copy" "$copy.out" &&
		! grep -qE 'Sanitizer|runtime error' "$copy.out" &&
		cmp -s "$WORK/cases/$2" "$copy"
}

ktap_check "good input: the fixture's tables sorted as the pristine sorttable sorts them" \
	sorted_same "$WORK/tables"
if [ -s "$KOUT/.tmp_vmlinux2" ]; then
	ktap_check "good input: the test kernel's .tmp_vmlinux2 sorted as the pristine sorttable sorts it" \
		sorted_same "$KOUT/.tmp_vmlinux2"
else
	ktap_test_skip "no $KOUT/.tmp_vmlinux2 (a kernel linked with kallsyms)"
fi
rm -f "$WORK"/good.*

crashed=()
for c in "${cases[@]}"; do
	if ! ktap_check "$c: refused, named, no sanitizer report, the file unchanged" \
		refused "$WORK/sorttable" "$c"; then
		sed 's/^/#   /' "$WORK/run/$c.out" | head -5
	fi
	refused "$WORK/sorttable-pristine" "$c" || crashed+=("$c")
	rm -f "$WORK/run/$c"
done

ktap_print_msg "the pristine sorttable fails the check on ${#crashed[@]} of ${#cases[@]}: ${crashed[*]}"
ktap_check "planted: the check fails the pristine sorttable" [ "${#crashed[@]}" -gt 0 ]

ktap_finished
