#!/usr/bin/env bash
# The pristine tree's kallsyms and sorttable, built with exactly the host
# compiler flags kbuild used for the patched ones (read from their .cmd
# files), for comparing the two link tails on the same inputs.
#
#   build-tools.sh <patched-tree> <pristine-tree> <kernel-out> <dest-dir>
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

tree=$1 base=$2 kout=$3 dest=$4

# savedcmd of scripts/<name>.o, compiling <tree>/scripts/<name>.c
host_cc_cmd() {
	local name=$1 cmd
	cmd=$(sed -n "s|^savedcmd_scripts/$name.o := ||p" "$kout/scripts/.$name.o.cmd")
	[ -n "$cmd" ] || die "no savedcmd for scripts/$name.o in $kout: is the kernel built?"
	printf '%s\n' "$cmd"
}

# Compile the pristine <name>.c with the patched build's flags for it.
build_pristine() {
	local name=$1 cmd
	shift
	# Up to date: newer than the pristine source and the flags' .cmd.
	if [ "$dest/$name" -nt "$base/scripts/$name.c" ] &&
	   [ "$dest/$name" -nt "$kout/scripts/.$name.o.cmd" ]; then
		return 0
	fi
	cmd=$(host_cc_cmd "$name")
	cmd=${cmd//"$tree/"/"$base/"}
	cmd=${cmd/"-Wp,-MMD,scripts/.$name.o.d"/}
	cmd=${cmd/" -o scripts/$name.o "/" -o $dest/$name.o "}
	quiet HOSTCC "$dest/$name (pristine)"
	# shellcheck disable=SC2086 # kbuild's command, split as make would
	(cd "$kout" && run $cmd)
	run gcc -o "$dest/$name.tmp" "$dest/$name.o" "$@"
	mv "$dest/$name.tmp" "$dest/$name"
}

mkdir -p "$dest"
build_pristine kallsyms
build_pristine sorttable -lpthread
