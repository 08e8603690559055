#!/usr/bin/env bash
# Broken input to kallsyms' ELF reader: a clear message, a non-zero exit
# that is not a crash, and nothing written (no System.map, no table file).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

gcc -O0 -o "$WORK/good" "$LINK_TAIL/fixtures/symbols.c"
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
put "$(broken shoff-past-end)" 40 '\xff\xff\xff\xff\xff\xff\x00\x00'
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

cases=(truncated not-elf no-symtab shoff-past-end shnum-too-big
       symtab-past-end strtab-unterminated name-past-strtab)

ktap_print_header
ktap_set_plan $((${#cases[@]} * 2 + 1))

# fails_cleanly <what> <command...>: exit 1..125, a message, no output file.
fails_cleanly() {
	local rc=0
	rm -f "$WORK/out.map" "$WORK/out.bin"
	"$@" >"$WORK/out.S" 2>"$WORK/err" || rc=$?
	ktap_print_msg "exit $rc: $(head -1 "$WORK/err")"
	[ "$rc" -gt 0 ] && [ "$rc" -lt 126 ] && [ -s "$WORK/err" ] &&
		[ ! -e "$WORK/out.map" ] && [ ! -e "$WORK/out.bin" ]
}

for c in "${cases[@]}"; do
	ktap_check "$c: System.map: error, non-zero exit, nothing written" \
		fails_cleanly "$KALLSYMS_PATCHED" --sysmap="$WORK/out.map" "$WORK/$c"
	ktap_check "$c: tables: error, non-zero exit, nothing written" \
		fails_cleanly "$KALLSYMS_PATCHED" --all-symbols --sysmap="$WORK/out.map" \
			"$WORK/$c" "$WORK/out.bin"
done

# And the check itself fails where the input is fine.
ktap_check "planted: a good file is not taken for a bad one" \
	not fails_cleanly "$KALLSYMS_PATCHED" --sysmap="$WORK/out.map" "$good"

ktap_finished
