#!/usr/bin/env bash
# Record what scripts/link-vmlinux.sh needs to run again outside make on a
# built tree: kbuild's exported environment (link-env, NUL-separated, less
# make's own job-control variables) and its three arguments (link-args, one
# per line), from .vmlinux.cmd.
#
#   link-env.sh <kernel-out>
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

kout=$(cd "$1" && pwd)
mk=$(cd "$(dirname "$0")" && pwd)/link-env.mk

[ -f "$kout/.vmlinux.cmd" ] || die "$kout/.vmlinux.cmd missing: is the kernel built?"

# Nothing to do unless the link or the configuration changed since.
if [ "$kout/link-env" -nt "$kout/.vmlinux.cmd" ] &&
   [ "$kout/link-env" -nt "$kout/include/config/auto.conf" ] &&
   [ "$kout/link-args" -nt "$kout/.vmlinux.cmd" ]; then
	exit 0
fi

# savedcmd_vmlinux := <shell> <srctree>/scripts/link-vmlinux.sh "LD" "LDFLAGS" "LDFLAGS_vmlinux"; ...
cmd=$(sed -n 's/^savedcmd_vmlinux := //p' "$kout/.vmlinux.cmd")
gawk -v cmd="$cmd" 'BEGIN {
	n = patsplit(cmd, args, /"[^"]*"/)
	if (n < 3) exit 1
	for (i = 1; i <= 3; i++) print substr(args[i], 2, length(args[i]) - 2)
}' >"$kout/link-args.tmp" || die "unexpected vmlinux link command: $cmd"

# CC as scripts/build-kernel.sh gives it, so that a rerun of kbuild's rules
# with this environment sees the command lines the build saved.
make -s --no-print-directory -C "$kout" -f Makefile -f "$mk" CC="$RIG_KBUILD_CC" \
	RIG_LINK_ENV="$kout/link-env.tmp0" rig-link-env
grep -qz '^srctree=' "$kout/link-env.tmp0" ||
	die "make did not export the kbuild environment"
# Job-control and recursion state belong to that make, not to a rerun.
gawk 'BEGIN { RS = "\0"; ORS = "\0" }
	!/^(MAKEFLAGS|MFLAGS|MAKELEVEL|MAKEOVERRIDES|MAKE_TERMOUT|MAKE_TERMERR)=/' \
	"$kout/link-env.tmp0" >"$kout/link-env.tmp"
rm -f "$kout/link-env.tmp0"
mv "$kout/link-env.tmp" "$kout/link-env"
mv "$kout/link-args.tmp" "$kout/link-args"
