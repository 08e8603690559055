# shellcheck shell=bash
# Shared by kbuild/'s tests and benchmark: the small configuration built by
# the pristine tree ($BASE_TREE -> $SMALL/pristine) and by the patched one
# ($TREE -> $SMALL/patched), and make run on them as build-kernel.sh runs it.

# shellcheck source=../scripts/rig-env.sh
. "$(dirname "${BASH_SOURCE[0]}")/../scripts/rig-env.sh"

KBUILD_RIG=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../scripts/lib.sh
. "$KBUILD_RIG/../scripts/lib.sh"

# The trees and where the small builds go, as make passes them.  Only
# named here: a test skips by itself when they do not exist yet
# (rig_need), while build-small.sh, which makes $SMALL, and the
# benchmarks must run, or stop with an error, not skip.
for v in TREE BASE_TREE SMALL; do
	[ -n "${!v:-}" ] || die "\$$v is not set: run this through make (make small)"
done

# shellcheck disable=SC2034 # used by the scripts that source this
SIDES=(pristine patched)

# As make small builds it: one kernel release for both trees, and one build
# number, however often each side has been linked (a "#10" where the other
# has "#9" moves every symbol after the banner, and kallsyms may need a pass
# more on one side).
SMALL_ARGS="LOCALVERSION= KBUILD_BUILD_VERSION=1"

# The files a build of the patched tree writes that a build of the pristine
# tree does not (or the other way round), as the series makes it:
#   0003, 0008: objtool's timing.o (--timing) and parallel.o (its threads);
#   0010: kallsyms' binary data, .incbin'd by the .S of each pass;
#   0011, 0012: the objects kallsyms and sorttable are now linked from;
#   0015: depcheck, and its list and fragment in each directory (rewritten
#         by every make, as they are not targets);
#   0017: the include/config/ files of the new CC_HAS_, LD_HAS_ and AS_HAS_
#         symbols (the options probed in Kconfig);
#   0021: the missing-syscalls check's stamp and its command (and no
#         dependency file left behind, which the pristine tree rewrites);
#   0025: each module's <module>.mod.S where the pristine tree writes a
#         .mod.c, and scripts/mod/module-offsets.h with what makes it.
#   0027: no .mod.o command of its own (the .ko's assembles the .mod.S),
#         so the pristine tree's .<module>.mod.o.cmd.
# shellcheck disable=SC2034 # used by the tests that source this
SERIES_OWN='^\.tmp_vmlinux[0-9]*\.kallsyms[0-9]*\.bin$'
SERIES_OWN+='|^tools/objtool/\.?(timing|parallel)\.o(\.cmd)?$'
SERIES_OWN+='|^scripts/\.?(elf-parse|kallsyms-sysmap|kallsyms|sorttable)\.o(\.cmd)?$'
SERIES_OWN+='|^scripts/basic/\.?depcheck(\.cmd)?$|(^|/)\.depcheck\.(in|mk)$'
SERIES_OWN+='|^include/config/(CC|LD|AS)_HAS_[A-Z0-9_]+$'
SERIES_OWN+='|^\.\.?checked-syscalls(\.cmd)?$|^\.missing-syscalls\.d$'
SERIES_OWN+='|\.mod\.[cS]$|^scripts/mod/\.?module-offsets\.[hs](\.cmd)?$'
SERIES_OWN+='|(^|/)\.[^/]*\.mod\.o\.cmd$'

side_src() {
	case $1 in
	pristine) echo "$BASE_TREE" ;;
	patched) echo "$TREE" ;;
	*) die "no side $1" ;;
	esac
}

# side_out <side>: that side's build of the small configuration.  It lies
# in the side's source tree, a dot directory (which the kernel's .gitignore
# ignores), so that kbuild's srctree is ".." on both sides: the command
# lines are then the same on both.  $SMALL/<side> links to it.
side_out() {
	echo "$(side_src "$1")/.rig-small"
}

# side_copy <side> <name>: where a test or benchmark keeps a copy of that
# side's build (or another build of the small configuration): beside it in
# the source tree, for the same reason.
side_copy() {
	echo "$(side_src "$1")/.rig-small-$2"
}

# small_make <side> [make arguments...]: make in that side's build of the
# small configuration.
small_make() {
	local side=$1
	shift
	small_make_at "$(side_src "$side")" "$(side_out "$side")" "$@"
}

# small_make_at <source tree> <build> [make arguments...]: the same for any
# tree's build of the small configuration.
small_make_at() {
	local src=$1 out=$2 args
	shift 2
	read -ra args <<<"$SMALL_ARGS"
	kernel_make "$src" "$out" "${args[@]}" "$@"
}

# build_depcheck <out> <depcheck.c> [gcc flags...]: depcheck as the tests
# run it, with ASan and UBSan.
build_depcheck() {
	local out=$1 src=$2
	shift 2
	gcc -std=gnu11 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
		-I "$TREE/scripts/include" "$@" -o "$out" "$src"
}

# build_modpost <source tree> <build> <out>: that tree's modpost with ASan
# and UBSan, as build_depcheck builds depcheck; its generated headers from
# the build
build_modpost() {
	local src=$1 build=$2 out=$3 f objs=()
	mkdir -p "$out.d"
	for f in modpost file2alias sumversion symsearch; do
		gcc -std=gnu11 -g -O1 -w -fsanitize=address,undefined -fno-sanitize-recover=undefined \
			-D_GNU_SOURCE -I "$src/scripts/include" -I "$build/scripts/mod" \
			-c -o "$out.d/$f.o" "$src/scripts/mod/$f.c" || return 1
		objs+=("$out.d/$f.o")
	done
	gcc -fsanitize=address,undefined -o "$out" "${objs[@]}" -lpthread
}
# keep_mtime <file>: note a source file's mtime in $MTIME_DIR before a test
# or benchmark touches it (the first time only).  restore_mtimes puts them
# all back, so that the trees' other builds do not rebuild for the touches,
# nor mktree.sh's git reset rewrite the files as changed.
keep_mtime() {
	local ref=$MTIME_DIR/${1//\//%}
	[ -e "$ref" ] && return 0
	touch -r "$1" "$ref"
	printf '%s\n' "$1" >>"$MTIME_DIR/files"
}
restore_mtimes() {
	local f
	[ -f "$MTIME_DIR/files" ] || return 0
	while read -r f; do
		touch -r "$MTIME_DIR/${f//\//%}" "$f"
	done <"$MTIME_DIR/files"
}

# started <strace file>: the programs a make traced with strace -f -e
# trace=execve started, one line each as strace wrote the call (the pid
# first).  strace splits an execve that another process interrupts over two
# lines ("<unfinished ...>", then "<... execve resumed> ... = 0"); the call
# is kept by pid until its result says whether the program ran.
started() {
	gawk '
	/ execve\(.*<unfinished \.\.\.>$/ { pending[$1] = $0; next }
	/<\.\.\. execve resumed>/ {
		if ($0 ~ / = 0$/ && ($1 in pending))
			print pending[$1]
		delete pending[$1]
		next
	}
	/ execve\(/ && / = 0$/' "$1"
}

# small_modules: stop the test unless both small builds have their modules;
# then pristine and patched are their output directories and modules the
# modules of modules.order (without .o).
small_modules() {
	local side
	for side in "${SIDES[@]}"; do
		[ -f "$(side_out "$side")/modules.order" ] ||
			ktap_exit_fail_msg "no $(side_out "$side")/modules.order: run make small"
	done
	# shellcheck disable=SC2034 # set for the tests that call this
	pristine=$(side_out pristine) patched=$(side_out patched)
	# shellcheck disable=SC2034 # set for the tests that call this
	mapfile -t modules < <(sed 's/\.o$//' "$pristine/modules.order")
}

# crashed <log>: a make log in which a command died of a signal (make's
# "Error 139" is 128 + SIGSEGV) or the shell reported one, as opposed to a
# tool refusing its input with an error of its own.
crashed() {
	grep -qE 'Error (129|13[0-9]|14[0-9]|15[0-9])$|Segmentation fault|Bus error|Aborted|core dumped' "$1"
}

# modpost_replay <build> <dir> <modpost> [arguments...]: the modpost command
# saved in <dir>/.Module.symvers.cmd, run in <build> by <modpost> (or by a
# command such as taskset or strace that runs the modpost after it).
modpost_replay() {
	local build=$1 dir=$2 args
	shift 2
	args=$(sed -n 's|^savedcmd_[^ ]* := *scripts/mod/modpost ||p' "$dir/.Module.symvers.cmd")
	[ -n "$args" ] || die "no modpost command in $dir/.Module.symvers.cmd"
	(cd "$build" && eval "\"\$@\" $args")
}

# What kbuild/bench.sh and bench-build.sh share.
#
# bench_results <suffix>: the results directory, $RESULTS or
# build/results/kbuild/<host>-<date><suffix> (results_dir), made; its
# absolute path.
bench_results() {
	local dir
	dir=$(results_dir kbuild)
	[ -n "${RESULTS:-}" ] || dir+=$1
	mkdir -p "$dir"
	(cd "$dir" && pwd)
}

# bench_machine: machine.txt, the machine, its tools and the series.
bench_machine() {
	echo "# machine"
	echo "$(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
	gcc --version | sed -n 1p
	make --version | sed -n 1p
	ccache --version | sed -n 1p
	echo "series: $(sha1sum <"$KBUILD_RIG/../patches/series" | cut -c1-12)"
}

# pristine_defconfig <dir>: the pristine tree's defconfig build there,
# built first if there is none (about as long as make kernel cold).
pristine_defconfig() {
	[ ! -f "$1/vmlinux" ] || return 0
	quiet KERNEL "$1 (the pristine tree's defconfig, for the comparison)"
	"$KBUILD_RIG/../scripts/build-kernel.sh" "$BASE_TREE" "$1"
}
