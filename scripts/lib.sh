# shellcheck shell=bash
# Helpers shared by the rig's scripts: kbuild-style quiet output and errors.

# Print "  TAG     what" unless V=1, where the command itself is echoed.
quiet() {
	printf '  %-7s %s\n' "$1" "$2"
}

die() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

# Run a command, echoing it first when V=1.
run() {
	if [ "${V:-0}" = 1 ]; then
		printf '%s\n' "$*" >&2
	fi
	"$@"
}

# A cancelled run (^C, kill, a closed terminal) exits through the EXIT
# trap, so that its cleanup runs, instead of going on after the handler.
exit_on_signals() {
	trap 'exit 130' INT
	trap 'exit 143' TERM
	trap 'exit 129' HUP
}

# The compiler the rig builds the kernel with (build-kernel.sh), which
# link-env.sh must give kbuild too for its command lines to match.
# shellcheck disable=SC2034 # used by the scripts that source this
RIG_KBUILD_CC="ccache gcc"

# kbuild_env <source-tree>: the environment every kernel build of the rig
# runs in.  ccache lives outside the clone ($CCACHE_DIR, default
# ~/.cache/objtool-threads) and CCACHE_BASEDIR makes its hashes independent
# of where the clone is; a fixed identity keeps init/version.c and friends
# cacheable across builds.  Depend mode (CCACHE_DEPEND) takes the headers
# from the compiler's own -MMD file instead of running the preprocessor
# first: a miss, which is every object on a new machine, then costs the
# compile alone (a kernel object here: about 20% less than ccache's
# default mode).  Hits are direct-mode hits as before.
kbuild_env() {
	# objtool adds an OBJTOOL_ARGS in its environment to every command
	# line; the rig's (the run on vmlinux.o, from make) is for the rig's
	# own objtool runs, not for the ones kbuild makes of each object
	# (kbuild/tests/objtool-env.t).  kbuild_env runs in a subshell.
	export -n OBJTOOL_ARGS
	export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/objtool-threads/ccache}
	export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(dirname "$1")}
	export CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
	# A CCACHE_DEPEND or CCACHE_NODEPEND of the user's wins.
	[ -n "${CCACHE_DEPEND+set}${CCACHE_NODEPEND+set}" ] || export CCACHE_DEPEND=1
	export KBUILD_BUILD_TIMESTAMP="${KBUILD_BUILD_TIMESTAMP:-Thu Jan  1 00:00:00 UTC 2026}"
	export KBUILD_BUILD_USER=rig KBUILD_BUILD_HOST=objtool-threads
}

# kernel_make <source-tree> <output-dir> [make arguments...]: make in an
# out-of-tree build of a kernel tree, the way the rig builds kernels: in a
# subshell with kbuild_env and the rig's CC.  $TRACE (word-split), if set,
# runs before make (kbuild/bench.sh's strace).
kernel_make() {
	local src=$1 out=$2
	shift 2
	(
		kbuild_env "$src"
		read -ra tracer <<<"${TRACE:-}"
		run "${tracer[@]}" make -C "$src" O="$out" CC="$RIG_KBUILD_CC" "$@"
	)
}

# image_payload <kernel-build>: what x86's vmlinux.bin.gz compresses in that
# build: vmlinux.bin, then vmlinux.relocs where the configuration needs them
# (vmlinux.bin.all-y in arch/x86/boot/compressed/Makefile).
image_payload() {
	local dir=$1/arch/x86/boot/compressed
	cat "$dir/vmlinux.bin"
	if grep -qx 'CONFIG_X86_NEED_RELOCS=y' "$1/.config"; then
		cat "$dir/vmlinux.relocs"
	fi
}

# series_patches <patches-dir>: the patch files patches/series names, in
# order (comments and blank lines dropped).
series_patches() {
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^[[:space:]]*$/d' "$1/series"
}

# series_id <patches-dir>: one sha1 over patches/series and every patch it
# names, which changes whenever the series does.
series_id() {
	local -a series
	mapfile -t series < <(series_patches "$1")
	(cd "$1" && cat series "${series[@]}") | sha1sum | cut -d' ' -f1
}

# build_id <file>: its GNU build id, which names the exact build of a
# program or kernel; nothing if it has none or is no ELF file.
build_id() {
	{ readelf -n "$1" 2>/dev/null || true; } | sed -n 's/^ *Build ID: //p'
}

# objtool_sources <git-tree> <commit> <dir>: the parts of that commit's
# tools/ a standalone objtool build reads (scripts/build-objtool.sh), under
# <dir>/tools; a sixth of tools/, so unpacked in 0.3 s instead of 1.7.
objtool_sources() {
	mkdir -p "$3"
	git -C "$1" archive "$2" tools/Makefile tools/objtool tools/build \
		tools/lib tools/include tools/arch tools/scripts | tar -C "$3" -xf -
}

# results_dir <folder>: where a benchmark of <folder> writes when RESULTS=
# names nothing: build/results/<folder>/<host>-<date> (ignored, like all of
# build/).  A run is committed to <folder>/results/ only where a README
# cites it (scripts/results-index.sh lists those).
results_dir() {
	local top
	top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	echo "${RESULTS:-$top/build/results/$1/$(hostname -s)-$(date +%Y%m%d-%H%M%S)}"
}
