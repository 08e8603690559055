#!/usr/bin/env bash
# Print kallsyms_num_syms as linked into a vmlinux: the number of symbols
# /proc/kallsyms lists for the kernel image.
#
#   kallsyms-count.sh <vmlinux>
set -euo pipefail

vmlinux=$1
addr=$(nm "$vmlinux" | awk '$3 == "kallsyms_num_syms" { print $1 }')
[ -n "$addr" ] || { echo "no kallsyms_num_syms in $vmlinux" >&2; exit 1; }

# File offset = address - section address + section offset.
readelf -S -W "$vmlinux" | sed -n 's/^ *\[ *[0-9]*\] //p' |
	gawk -v a="$addr" '
	BEGIN { a = strtonum("0x" a) }
	$2 != "NOBITS" {
		sa = strtonum("0x" $3); so = strtonum("0x" $4); ss = strtonum("0x" $5)
		if (sa && a >= sa && a < sa + ss) { print a - sa + so; exit }
	}' | {
	read -r off || { echo "kallsyms_num_syms not in a section of $vmlinux" >&2; exit 1; }
	od -An -tu4 -j "$off" -N4 "$vmlinux" | tr -d ' '
}
