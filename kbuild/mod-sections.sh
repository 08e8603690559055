#!/usr/bin/env bash
# Compare what module finalisation puts in two builds of one module: the
# sections modpost's descriptor fills (.modinfo, .gnu.linkonce.this_module,
# __ksymtab*, __kcrctab*, __ksymtab_strings, __versions), by name: type,
# flags, bytes, and their relocations by offset, type, symbol name and
# addend (symbol indexes and section order may differ).  Prints one line
# per section that differs, "<section>: <what>", and exits 1 if any does.
#
#   mod-sections.sh <a.ko> <b.ko>
#
# The one known difference is left out: __versions' alignment (gcc aligns
# an array of 32 bytes or more to 32; the assembly gives the structure's 8,
# and the loader reads the section by size without allocating it).
set -euo pipefail
here=$(dirname "$0")

a=$1 b=$2
descriptor='^([.]modinfo|[.]gnu[.]linkonce[.]this_module|__ksymtab.*|__kcrctab.*|__versions)$'

# "<name> <type> <flags> <alignment> <offset> <size>" of the descriptor's sections.
sections() {
	"$here/../scripts/elf-sections.sh" "$1" |
		gawk -v re="$descriptor" '$2 ~ re { print $2, $3, $7, $8, $5, $6 }'
}

# The bytes of one section, in hex.
section_bytes() {
	local off=$2 size=$3
	[ "$size" -gt 0 ] || return 0
	tail -c +"$((off + 1))" "$1" | head -c "$size" | od -An -tx1 -v
}

# The relocations of one section: "offset type symbol+addend", one a line.
relocations() {
	readelf -rW "$1" | gawk -v want=".rela$2" '
		/^Relocation section / { cur = $3; gsub("\047", "", cur); next }
		cur == want && $1 ~ /^[0-9a-f]+$/ && NF >= 5 {
			$2 = ""; $4 = ""; print
		}'
}

declare -A info_a info_b
while read -r name rest; do info_a[$name]=$rest; done < <(sections "$a")
while read -r name rest; do info_b[$name]=$rest; done < <(sections "$b")

differ=0
report() {
	echo "$1: $2"
	differ=1
}
for name in $(printf '%s\n' "${!info_a[@]}" "${!info_b[@]}" | sort -u); do
	if [ -z "${info_a[$name]:-}" ] || [ -z "${info_b[$name]:-}" ]; then
		report "$name" "only in ${info_a[$name]:+$a}${info_b[$name]:+$b}"
		continue
	fi
	read -r type_a flags_a align_a off_a size_a <<<"${info_a[$name]}"
	read -r type_b flags_b align_b off_b size_b <<<"${info_b[$name]}"
	[ "$type_a $flags_a" = "$type_b $flags_b" ] ||
		report "$name" "type/flags $type_a $flags_a vs $type_b $flags_b"
	[ "$name" = __versions ] || [ "$align_a" = "$align_b" ] ||
		report "$name" "alignment $align_a vs $align_b"
	[ "$(section_bytes "$a" "$off_a" "$size_a")" = "$(section_bytes "$b" "$off_b" "$size_b")" ] ||
		report "$name" "bytes differ (sizes $size_a, $size_b)"
	[ "$(relocations "$a" "$name")" = "$(relocations "$b" "$name")" ] ||
		report "$name" "relocations differ"
done
exit "$differ"
