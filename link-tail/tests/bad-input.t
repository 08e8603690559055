#!/usr/bin/env bash
# Broken input to kallsyms' ELF reader, the patched tree's kallsyms built
# with ASan and UBSan: a clear message, a non-zero exit that is not a crash
# or a sanitizer report, and nothing written (no System.map, no table
# file), for System.map alone and with the tables.  The cases: a few made
# here (not ELF, stripped, and the like) and kbuild/corrupt-elf.py's, on a
# small program (fixtures/symbols.c).  An empty file is the first link's
# empty table, not an error: it must go through without a report (the
# pristine kallsyms passes qsort() a null table there, 0059).  A table that
# cannot be built (a symbol out of range) must leave neither file (0060).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

export ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1

# build_kallsyms <out>: the patched kallsyms with the sanitizers and the -I
# options kbuild compiled it with.
build_kallsyms() {
	local opts
	mapfile -t opts < <(host_opts kallsyms)
	(cd "$KOUT" && gcc -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
		"${opts[@]}" -o "$1" "$TREE/scripts/kallsyms.c" \
		"$TREE/scripts/kallsyms-sysmap.c" "$TREE/scripts/elf-parse.c")
}

ktap_print_header
[ -s "$KOUT/scripts/.kallsyms.o.cmd" ] || ktap_skip_all "no built kernel in $KOUT"
kallsyms=$WORK/kallsyms
build_kallsyms "$kallsyms" || ktap_exit_fail_msg "could not build kallsyms with ASan and UBSan"

gcc -O0 -no-pie -o "$WORK/good" "$LINK_TAIL/fixtures/symbols.c"
good=$WORK/good
size=$(stat -c %s "$good")

# put <file> <offset> <bytes as printf escapes>: overwrite bytes in place.
put() {
	printf '%b' "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

broken() {
	local name=$1
	cp "$good" "$WORK/$name"
	echo "$WORK/$name"
}

head -c $((size / 2)) "$good" >"$WORK/truncated"
echo "just some text, not an ELF file" >"$WORK/not-elf"
strip -o "$WORK/no-symtab" "$good"
# e_shoff (8 bytes at 0x28) far past the end.
put "$(broken shoff-far-past-end)" 40 '\xff\xff\xff\xff\xff\xff\x00\x00'
# e_shnum (at 0x3c) larger than the headers that fit in the file.
put "$(broken shnum-too-big)" 60 '\xff\x7f'
# .symtab's sh_offset pointing past the end of the file.
put "$(broken symtab-past-end)" "$(symtab_offset_field "$good")" '\xff\xff\xff\xff\xff\xff\x00\x00'
# .strtab without its terminating NUL.
read -r off len < <("$RIG_SCRIPTS/elf-section.sh" "$good" .strtab)
put "$(broken strtab-unterminated)" $((off + len - 1)) 'x'
# A symbol whose name lies outside .strtab (st_name of symbol 1).
read -r soff _ < <("$RIG_SCRIPTS/elf-section.sh" "$good" .symtab)
put "$(broken name-past-strtab)" $((soff + 24)) '\xff\xff\xff\x7f'

cases=(truncated not-elf no-symtab shoff-far-past-end shnum-too-big
       symtab-past-end strtab-unterminated name-past-strtab)

# corrupt-elf.py's cases, but for what kallsyms does not read (the empty
# file aside): a section's contents other than the symbols', the first
# symbol's section index (a local symbol that nm lists as it is), the
# relocations.  data_var's value out of range breaks only the tables.
mkdir "$WORK/generated"
"$LINK_TAIL/../kbuild/corrupt-elf.py" --section .symtab --section .strtab \
	--symbol data_var "$good" "$WORK/generated" >"$WORK/generated.list"
while read -r c; do
	case $c in
	empty|section-offset-past-end|symbol-section-huge|relocation-*|data_var-value-outside) ;;
	*) mv "$WORK/generated/$c" "$WORK/$c" && cases+=("$c") ;;
	esac
done <"$WORK/generated.list"

ktap_set_plan $((${#cases[@]} * 2 + 4))

# fails_cleanly <command...>: exit 1..125, a message, no sanitizer report,
# no output file.
fails_cleanly() {
	local rc=0
	rm -f "$WORK/out.map" "$WORK/out.bin"
	"$@" >"$WORK/out.S" 2>"$WORK/err" || rc=$?
	ktap_print_msg "exit $rc: $(head -1 "$WORK/err")"
	[ "$rc" -gt 0 ] && [ "$rc" -lt 126 ] && [ -s "$WORK/err" ] &&
		! grep -qE 'Sanitizer|runtime error' "$WORK/err" &&
		[ ! -e "$WORK/out.map" ] && [ ! -e "$WORK/out.bin" ]
}

# succeeds_cleanly <command...>: exit 0, no sanitizer report.
succeeds_cleanly() {
	local rc=0
	"$@" >"$WORK/out.S" 2>"$WORK/err" || rc=$?
	ktap_print_msg "exit $rc: $(head -1 "$WORK/err")"
	[ "$rc" = 0 ] && ! grep -qE 'Sanitizer|runtime error' "$WORK/err"
}

for c in "${cases[@]}"; do
	ktap_check "$c: System.map: error, non-zero exit, nothing written" \
		fails_cleanly "$kallsyms" --sysmap="$WORK/out.map" "$WORK/$c"
	ktap_check "$c: tables: error, non-zero exit, nothing written" \
		fails_cleanly "$kallsyms" --all-symbols --sysmap="$WORK/out.map" \
			"$WORK/$c" "$WORK/out.bin"
done

ktap_check "empty (the first link): an empty table, no sanitizer report" \
	succeeds_cleanly "$kallsyms" --all-symbols --sysmap="$WORK/out.map" \
		"$WORK/generated/empty" "$WORK/out.bin"
ktap_check "data_var out of range: the tables refused, neither file left" \
	fails_cleanly "$kallsyms" --all-symbols --sysmap="$WORK/out.map" \
		"$WORK/generated/data_var-value-outside" "$WORK/out.bin"
ktap_check "data_var out of range: System.map alone is fine" \
	succeeds_cleanly "$kallsyms" --sysmap="$WORK/out.map" "$WORK/generated/data_var-value-outside"

# And the check itself fails where the input is fine.
ktap_check "planted: a good file is not taken for a bad one" \
	not fails_cleanly "$kallsyms" --sysmap="$WORK/out.map" "$good"

ktap_finished
