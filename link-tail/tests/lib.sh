# shellcheck shell=bash
# Shared by link-tail's tests: TAP and a scratch directory
# (scripts/tap.sh), the rig's paths from the environment.

# shellcheck source=../../scripts/rig-env.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/rig-env.sh"
rig_need TREE BASE_TREE KOUT LINK_TOOLS

LINK_TAIL=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
RIG_SCRIPTS=$LINK_TAIL/../scripts
# shellcheck disable=SC2034 # used by the tests that source this
KALLSYMS_PATCHED=$KOUT/scripts/kallsyms
# shellcheck disable=SC2034
KALLSYMS_PRISTINE=$LINK_TOOLS/kallsyms
PRISTINE_MKSYSMAP=$BASE_TREE/scripts/mksysmap
export LC_ALL=C

# shellcheck source=../../scripts/tap.sh
. "$RIG_SCRIPTS/tap.sh" link-tail

# same_file <a> <b>: cmp, naming the differing ELF sections (or the first
# differing lines of a text file) as TAP comments.
same_file() {
	local a=$1 b=$2
	cmp -s "$a" "$b" && return 0
	ktap_print_msg "$a and $b differ:"
	if [ "$(head -c 4 "$a")" = $'\x7fELF' ]; then
		"$RIG_SCRIPTS/elf-diff.sh" "$a" "$b" | sed 's/^/#   /'
	else
		diff "$a" "$b" | head -10 | sed 's/^/#   /'
	fi
	return 1
}

# symtab_offset_field <elf>: the file offset of .symtab's sh_offset, in a
# 64-bit ELF file (Elf64_Shdr: 64 bytes, sh_offset at 24), for breaking it.
symtab_offset_field() {
	local shoff
	shoff=$(readelf -hW "$1" | gawk '/Start of section headers/ { print $5 }')
	"$RIG_SCRIPTS/elf-sections.sh" "$1" |
		gawk -v shoff="$shoff" '$2 == ".symtab" { print shoff + $1 * 64 + 24 }'
}

# The reference System.map listing: pristine 6.12's nm -n | mksysmap.
nm_sysmap() {
	nm -n "$1" | sed -f "$PRISTINE_MKSYSMAP"
}

# host_opts <name> [<tree>]: the -I and -D options kbuild compiled the
# patched tree's scripts/<name>.o with, one a line, their $TREE paths
# moved into <tree> (default $TREE), for building that host program again
# (with the sanitizers, or the pristine tree's) as kbuild built it.
host_opts() {
	local cmd
	cmd=$(sed -n "s|^savedcmd_scripts/$1.o := ||p" "$KOUT/scripts/.$1.o.cmd")
	grep -oE -- '-(I *[^ ]+|D[^ ]+)' <<<"${cmd//"$TREE/"/"${2:-$TREE}/"}" | tr -d ' '
}
