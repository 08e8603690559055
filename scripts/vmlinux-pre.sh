#!/usr/bin/env bash
# From a finished kernel build, recreate vmlinux.o as it was before objtool
# ran (relinking vmlinux.a as scripts/Makefile.vmlinux_o does) and save the
# objtool arguments kbuild used.  Both come from .vmlinux.o.cmd, not retyped.
#
#   vmlinux-pre.sh <kernel-output-dir>
#     -> vmlinux.pre.o, objtool-args (one line), objtool-cmd (kbuild's command)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

cd "$1"
[ -f .vmlinux.o.cmd ] || die "$1/.vmlinux.o.cmd missing: is the kernel built?"

cmd=$(sed -n 's/^savedcmd_vmlinux\.o := //p' .vmlinux.o.cmd)
[ -n "$cmd" ] || die "no savedcmd_vmlinux.o in $1/.vmlinux.o.cmd"

# "<ld ...> -o vmlinux.o ... ; <objtool> <args> vmlinux.o"
ld_cmd=${cmd%%; *}
objtool_cmd=${cmd#*; }
[ "$ld_cmd" != "$cmd" ] ||
	die "kbuild did not run objtool on vmlinux.o (no CONFIG_X86_KERNEL_IBT/LTO?)"
case "$ld_cmd" in
*" -o vmlinux.o "*) ;;
*) die "unexpected vmlinux.o link command: $ld_cmd" ;;
esac
case "$objtool_cmd" in
*"/objtool "*" vmlinux.o") ;;
*) die "unexpected objtool command: $objtool_cmd" ;;
esac

args=${objtool_cmd#* }
args=${args% vmlinux.o}

if [ ! -f vmlinux.pre.o ] || [ vmlinux.pre.o -ot vmlinux.o ]; then
	quiet LD "vmlinux.pre.o"
	# shellcheck disable=SC2086 # kbuild's command, split as make would
	run ${ld_cmd/ -o vmlinux.o / -o vmlinux.pre.o.tmp }
	mv vmlinux.pre.o.tmp vmlinux.pre.o
fi
printf '%s\n' "$args" >objtool-args
printf '%s\n' "$objtool_cmd" >objtool-cmd
