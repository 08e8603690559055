#!/usr/bin/env bash
# Print kallsyms_num_syms as linked into a vmlinux: the number of symbols
# /proc/kallsyms lists for the kernel image.
#
#   kallsyms-count.sh <vmlinux>
set -euo pipefail

vmlinux=$1
addr=$(nm "$vmlinux" | awk '$3 == "kallsyms_num_syms" { print $1 }')
[ -n "$addr" ] || { echo "no kallsyms_num_syms in $vmlinux" >&2; exit 1; }
a=$((16#$addr))

# File offset = address - section address + section offset, in bash's
# 64-bit arithmetic (awk's doubles lose the low bits of kernel addresses).
while read -r _index _name type sa so ss _flags _align; do
	[ "$type" != NOBITS ] || continue
	sa=$((16#$sa))
	# Unsigned a >= sa and a < sa + ss, for addresses with the top bit set.
	if [ "$sa" != 0 ] && [ $((a - sa)) -ge 0 ] && [ $((a - sa)) -lt "$ss" ]; then
		od -An -tu4 -j $((a - sa + so)) -N4 "$vmlinux" | tr -d ' '
		exit 0
	fi
done < <("$(dirname "$0")/../scripts/elf-sections.sh" "$vmlinux")
echo "kallsyms_num_syms ($addr) is in no section of $vmlinux" >&2
exit 1
