# shellcheck shell=bash
# kbuild's environment for scripts/link-vmlinux.sh, as link-env.sh recorded
# it in a built tree, and running commands in it.  Sourced by relink.sh,
# bench.sh and tests/kallsyms.t.
#
#   load_kbuild_env <kernel-out>
#       -> kbuild_env[] (NAME=value), link_args[] (link-vmlinux.sh's three),
#          kbuild_srctree, kbuild_shell

# shellcheck disable=SC2034 # the variables are for the callers
load_kbuild_env() {
	local kout=$1
	if [ ! -f "$kout/link-env" ] || [ ! -f "$kout/link-args" ]; then
		die "$kout has no link-env/link-args: run link-tail/link-env.sh first"
	fi
	mapfile -d '' kbuild_env <"$kout/link-env"
	mapfile -t link_args <"$kout/link-args"
	kbuild_srctree=$(printf '%s\n' "${kbuild_env[@]}" | sed -n 's/^srctree=//p')
	kbuild_shell=$(printf '%s\n' "${kbuild_env[@]}" | sed -n 's/^CONFIG_SHELL=//p')
}

# in_kbuild_env <dir> <command...>: from <dir>, in that environment alone
# (CCACHE_DISABLE passes through, for benchmarks).
in_kbuild_env() {
	local dir=$1
	shift
	(cd "$dir" && env -i "${kbuild_env[@]}" \
		${CCACHE_DISABLE:+CCACHE_DISABLE="$CCACHE_DISABLE"} "$@")
}

# kbuild_assemble <kernel-out> <base>: <base>.S to <base>.o with
# link-vmlinux.sh's assembler command, from the build directory (its include
# paths are relative to it).
kbuild_assemble() {
	# shellcheck disable=SC2016 # expanded by the inner shell
	in_kbuild_env "$1" sh -c \
		'${CC} ${NOSTDINC_FLAGS} ${LINUXINCLUDE} ${KBUILD_CPPFLAGS} \
		 ${KBUILD_AFLAGS} ${KBUILD_AFLAGS_KERNEL} -c -o "$1.o" "$1.S"' sh "$2"
}
