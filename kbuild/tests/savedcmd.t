#!/usr/bin/env bash
# The command lines are the pristine tree's: every savedcmd_ line of every
# .cmd file of the small configuration's two builds, with each tree's path
# replaced by one name, sorted, is the same on both sides; and so is every
# compiler command make would run with W=1 (make -n W=1, which changes every
# command line and so lists them all).  A planted extra flag must be caught.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" savedcmd
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

# The series changes these on purpose, and only these:
#   0011, 0012: kallsyms and sorttable are linked from objects, sharing
#               elf-parse.o, instead of being compiled from one file each;
#   0015: scripts/basic/depcheck is new;
#   0021: the missing-syscalls check is a target with a command of its own;
#   0025: each module's .mod.o is assembled from a .mod.S, not compiled
#         from a .mod.c, and scripts/mod/module-offsets.s is new.
#   0026: modpost is linked with -lpthread, sumversion.o compiled with
#         -D_GNU_SOURCE.
#   0027, 0028: each module's .ko command assembles its .mod.S (without
#         the preprocessor) before the link, and there is no .mod.o
#         command of its own.
#   0030: the kernel image is compressed by pigz where it is installed.
DIFFER_OK='^[-+]scripts/\.(kallsyms|sorttable|elf-parse|kallsyms-sysmap)(\.o)?\.cmd:'
DIFFER_OK+='|^[-+]scripts/basic/\.depcheck\.cmd:'
DIFFER_OK+='|^[-+]\.\.checked-syscalls\.cmd:'
DIFFER_OK+='|^[-+]scripts/mod/\.(modpost|sumversion\.o)\.cmd:|^[-+].*HOSTCC  scripts/mod/sumversion\.o'
DIFFER_OK+='|\.mod\.[cS]([ ;]|$)|^\+scripts/mod/\.module-offsets\.s\.cmd:|^\+.* -o scripts/mod/module-offsets\.s '
DIFFER_OK+='|^[-+][^ ]*\.ko\.cmd:savedcmd_[^ ]*\.ko := '
DIFFER_OK+='|^[-+]arch/x86/boot/compressed/\.vmlinux\.bin\.gz\.cmd:'

# savedcmds <side>: "file: command" for every saved command, paths made
# tree-neutral.
savedcmds() {
	local out src
	out=$(side_out "$1") src=$(side_src "$1")
	(cd "$out" && find . -name '.*.cmd' -print0 |
		xargs -0 grep -H '^savedcmd_' | sed 's|^\./||') |
		sed -e "s|$src|SRCTREE|g" -e "s|$out|OBJTREE|g" | LC_ALL=C sort
}

# w1_commands <side>: the compiler commands of make -n W=1, tree-neutral.
w1_commands() {
	local out src
	out=$(side_out "$1") src=$(side_src "$1")
	small_make "$1" -n -j1 W=1 bzImage modules 2>&1 |
		grep -E '(^| )(ccache )?gcc .* -c ' |
		sed -e "s|$src|SRCTREE|g" -e "s|$out|OBJTREE|g" | LC_ALL=C sort
}

ktap_print_header
ktap_set_plan 4

savedcmds pristine >"$WORK/pristine"
savedcmds patched >"$WORK/patched"
ktap_print_msg "$(wc -l <"$WORK/pristine") saved commands in the pristine build"
same_commands() {
	diff -u "$1" "$2" >"$WORK/diff.raw" || true
	grep -E '^[-+][^-+]' "$WORK/diff.raw" | grep -vE "$DIFFER_OK" >"$WORK/diff" || true
	[ -s "$WORK/diff" ] || return 0
	cut -c1-300 "$WORK/diff" | sed -n '1,10s/^/# /p'
	return 1
}
ktap_check "every saved command line is the pristine tree's" \
	same_commands "$WORK/pristine" "$WORK/patched"

w1_commands pristine >"$WORK/w1-pristine"
w1_commands patched >"$WORK/w1-patched"
ktap_print_msg "$(wc -l <"$WORK/w1-pristine") compiler commands with W=1"
ktap_check "W=1: the compiler commands are the pristine tree's" \
	same_commands "$WORK/w1-pristine" "$WORK/w1-patched"
ktap_check "W=1 adds warnings (the commands differ from the saved ones)" \
	grep -q -- '-Wmissing-declarations' "$WORK/w1-patched"

# Planted: one flag more on one command line is caught.
sed '0,/ -c -o /s// -fplanted -c -o /' "$WORK/patched" >"$WORK/planted"
ktap_check "planted: one extra flag on one command is caught" \
	not same_commands "$WORK/pristine" "$WORK/planted"

ktap_finished
