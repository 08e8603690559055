#!/usr/bin/env bash
# kbuild's benchmark (not a test): make with little or nothing to do,
# pristine tree vs patched, side by side ($RUNS alternating pairs after a
# warm-up pair, $HEADER_RUNS (3) for the one-header cases; medians and the
# median of the per-pair ratios).  Cases:
#
#   noop-small       make bzImage modules, nothing changed, small config
#   header-small     include/linux/syscalls.h touched, then make, small config
#   noop-defconfig   make bzImage modules, nothing changed, the defconfig
#                    (the pristine tree's defconfig build is made first, in
#                    $BUILD/kernel-pristine, if there is none)
#   header-defconfig include/linux/syscalls.h touched, then make, defconfig
#   noop-defconfig-0015  the no-op make of the patched defconfig without
#                    depcheck (make depcheck=, which Makefile.build then
#                    leaves unused) vs with: patch 0015 alone
#   noop-defconfig-0016  pristine vs the patched tree without depcheck:
#                    0016 (and the series' other patches, which a no-op
#                    make does not run)
#   modfinal-small   make modules after deleting every *.mod.o and *.ko
#                    (untimed), small config: module finalisation (0025)
#   modpost-small    modpost alone, as the small build runs it for its
#                    modules (the saved command, in a copy of the patched
#                    build): the pristine tree's modpost vs the patched one
#   modpost-srcversion  the same for an external module, fixtures/srcmod
#                    with 4.3 MiB of generated header, whose srcversion
#                    hashing is nearly all of modpost's work (0022)
#   modpost-defconfig   the same for the defconfig's vmlinux.o and modules
#                    (a copy of what modpost reads), whose section mismatch
#                    check is most of modpost's work (0029)
#   image-defconfig  the defconfig's image compressed again and its bzImage
#                    made: gzip vs pigz, the patched tree (0030)
#   (MODPOST_A=<modpost program> compares that one with the patched tree's
#   in the modpost cases, instead of the pristine tree's: one patch's share;
#   SMALL_A=<source tree>:<build> and SMALL_B=... replace the pristine and
#   the patched side of modfinal-small, e.g. a series less its last patch)
#
# Then where a patched no-op make of the defconfig spends its time: make's
# own processes and the ones it starts, from strace -f (programs started).  CASES=regex picks
# cases.  Results under $RESULTS (default build/results/kbuild/<host>-<date>).
set -euo pipefail
. "$(dirname "$0")/lib.sh"
. "$KBUILD_RIG/../scripts/pairs.sh"

: "${KOUT:?}"
results=$(bench_results "")
cases=${CASES:-.}
# A one-header case rebuilds for half a minute or more: fewer pairs.
HEADER_RUNS=${HEADER_RUNS:-3}
jobs=$(nproc)
kpristine=$(dirname "$KOUT")/kernel-pristine
export LC_ALL=C
# The header the one-header cases touch gets its mtime back at the end.
header=include/linux/syscalls.h
MTIME_DIR=$(mktemp -d "${TMPDIR:-/tmp}/kbuild-bench.XXXXXX")
scratch=$(mktemp -d "${TMPDIR:-/tmp}/kbuild-bench-scratch.XXXXXX")
keep_mtime "$BASE_TREE/$header"
keep_mtime "$TREE/$header"
trap 'restore_mtimes; rm -rf "$MTIME_DIR" "$scratch" "$(side_copy patched modpost-bench)" "$(dirname "$KOUT")/modpost-bench-defconfig"' EXIT
exit_on_signals

# defconfig_make <pristine|patched> [make arguments...]
defconfig_make() {
	local side=$1
	shift
	case $side in
	pristine) kernel_make "$BASE_TREE" "$kpristine" -s "$@" ;;
	patched) kernel_make "$TREE" "$KOUT" -s "$@" ;;
	esac
}

if grep -qE "$cases" <<<"noop-defconfig noop-defconfig-0015 noop-defconfig-0016 header-defconfig"; then
	pristine_defconfig "$kpristine"
fi

bench_machine >"$results/machine.txt"

csv=$results/pairs.csv
echo "case,pair,a_seconds,b_seconds" >"$csv"
table=$results/summary.md
{
	echo "| case (A vs B, as kbuild/bench.sh says) | pairs | A s | B s | B/A |"
	echo "| --- | --- | --- | --- | --- |"
} >"$table"

# run_case <name> <pairs> <cmd-a> <cmd-b> [<prep-a> <prep-b>]
run_case() {
	local name=$1 RUNS=$2
	shift 2
	grep -qE "$cases" <<<"$name" || return 0
	quiet BENCH "$name ($RUNS pairs)"
	pair "$name" "$csv" "$@" | tee -a "$table"
}

# make bench-kbuild has brought the rig's builds up to date, and each case
# starts with a warm-up pair.
run_case noop-small "$RUNS" \
	"small_make pristine -s -j$jobs bzImage modules" \
	"small_make patched -s -j$jobs bzImage modules"
run_case header-small "$HEADER_RUNS" \
	"touch $BASE_TREE/$header; small_make pristine -s -j$jobs bzImage modules" \
	"touch $TREE/$header; small_make patched -s -j$jobs bzImage modules"
# modfinal_side <pristine|patched> <SMALL_A or SMALL_B>: "<source>:<build>"
# of the small configuration that side of modfinal-small makes
modfinal_side() {
	local side=$1 override=$2
	if [ -z "$override" ]; then
		echo "$(side_src "$side"):$(side_out "$side")"
		return
	fi
	[[ $override == *:* ]] || die "SMALL_A/SMALL_B: <source tree>:<build>, not $override"
	[ -f "${override#*:}/modules.order" ] || die "${override#*:}: no modules built there"
	echo "$(realpath "${override%%:*}"):$(realpath "${override#*:}")"
}
# modfinal_make <source>:<build> [make arguments...]
modfinal_make() {
	small_make_at "${1%%:*}" "${1#*:}" "${@:2}"
}
no_modfinal() {
	find "${1#*:}" \( -name '*.mod.o' -o -name '*.ko' \) -delete
}
modfinal_a=$(modfinal_side pristine "${SMALL_A:-}")
modfinal_b=$(modfinal_side patched "${SMALL_B:-}")
# Module finalisation from scratch: what is timed is make modules, which
# runs modpost and then finalises every module (.mod.o, .ko), without ccache
# (which would serve every .mod.o from its cache, as a first build cannot).
run_case modfinal-small "$RUNS" \
	"CCACHE_DISABLE=1 modfinal_make $modfinal_a -s -j$jobs modules" \
	"CCACHE_DISABLE=1 modfinal_make $modfinal_b -s -j$jobs modules" \
	"no_modfinal $modfinal_a" "no_modfinal $modfinal_b"
run_case noop-defconfig "$RUNS" \
	"defconfig_make pristine -j$jobs bzImage modules" \
	"defconfig_make patched -j$jobs bzImage modules"
run_case noop-defconfig-0015 "$RUNS" \
	"defconfig_make patched -j$jobs depcheck= bzImage modules" \
	"defconfig_make patched -j$jobs bzImage modules"
run_case noop-defconfig-0016 "$RUNS" \
	"defconfig_make pristine -j$jobs bzImage modules" \
	"defconfig_make patched -j$jobs depcheck= bzImage modules"
run_case header-defconfig "$HEADER_RUNS" \
	"touch $BASE_TREE/$header; defconfig_make pristine -j$jobs bzImage modules" \
	"touch $TREE/$header; defconfig_make patched -j$jobs bzImage modules"
# The kernel image compressed again (its .gz deleted, untimed) and the
# bzImage made from it: the patched tree with gzip (KPGZIP= no such
# program) vs with pigz (0030).
no_image_gz() {
	rm -f "$KOUT/arch/x86/boot/compressed/vmlinux.bin.gz"
}
run_case image-defconfig "$RUNS" \
	"defconfig_make patched -j$jobs KPGZIP=rig-no-such-pigz bzImage" \
	"defconfig_make patched -j$jobs bzImage" \
	no_image_gz no_image_gz
if grep -qE "$cases" <<<"image-defconfig"; then
	# The image as make leaves it (the last pair may have ended with gzip).
	defconfig_make patched -j"$jobs" bzImage >/dev/null
fi

if grep -qE "$cases" <<<"modpost-small modpost-srcversion modpost-defconfig"; then
	modpost_a=$(realpath "${MODPOST_A:-$(side_out pristine)/scripts/mod/modpost}")
	# The copy of the build sits beside it: its .cmd files name the sources
	# by relative paths.
	mp_build=$(side_copy patched modpost-bench)
	rm -rf "$mp_build"
	cp -a "$(side_out patched)" "$mp_build"
	# The big module outside any kernel build: srcversion hashes the
	# headers of the module's own directory, named by absolute paths.
	srcmod=$scratch/srcmod-big
	cp -r "$KBUILD_RIG/fixtures/srcmod" "$srcmod"
	gawk 'BEGIN {
		for (i = 0; i < 40000; i++)
			printf "/* entry %d */\nstatic const char rig_big_%d[] __maybe_unused =\n\t\"entry \\\"%d\\\" of the generated header\";\n", i, i, i
	}' >"$srcmod/rig_srcver_big.h"
	sed -i 's|^#include "rig_srcver.h"$|&\n#include "rig_srcver_big.h"|' "$srcmod/rig_srcver_main.c"
	small_make patched -s -j"$jobs" M="$srcmod" modules >/dev/null
	run_case modpost-small "$RUNS" \
		"modpost_replay $mp_build $mp_build $modpost_a" \
		"modpost_replay $mp_build $mp_build $(side_out patched)/scripts/mod/modpost"
	run_case modpost-srcversion "$RUNS" \
		"modpost_replay $(side_out patched) $srcmod $modpost_a" \
		"modpost_replay $(side_out patched) $srcmod $(side_out patched)/scripts/mod/modpost"
	# What modpost reads of the defconfig build, copied beside it (the .cmd
	# files name sources by relative paths); the small builds' modposts
	# write their .mod.S there, not in the build.
	mp_defconfig=$(dirname "$KOUT")/modpost-bench-defconfig
	rm -rf "$mp_defconfig"
	mkdir "$mp_defconfig"
	(
		cd "$KOUT"
		printf '%s\n' vmlinux.o modules.order .Module.symvers.cmd
		while read -r o; do
			printf '%s\n' "$o" "${o%.o}.mod"
			while read -r f; do
				[ -z "$f" ] || echo "$(dirname "$f")/.$(basename "$f").cmd"
			done <"${o%.o}.mod"
		done <modules.order
	) | (cd "$KOUT" && xargs cp --parents -t "$mp_defconfig")
	run_case modpost-defconfig "$RUNS" \
		"modpost_replay $mp_defconfig $mp_defconfig $modpost_a" \
		"modpost_replay $mp_defconfig $mp_defconfig $(side_out patched)/scripts/mod/modpost"
fi

# Where a no-op make of the defconfig goes: the programs it starts, counted
# with strace -f (which slows it down: its time is not the case's).
if grep -qE "$cases" <<<"noop-defconfig"; then
	for side in pristine patched; do
		trace=$results/noop-$side.strace
		TRACE="strace -f -qq -e trace=execve -e signal=none -o $trace" \
			defconfig_make "$side" -j"$jobs" bzImage modules >/dev/null
		started "$trace" | gawk -v side="$side" '
		{
			match($0, /execve\("[^"]*"/)
			prog = substr($0, RSTART + 8, RLENGTH - 9)
			sub(".*/", "", prog)
			n[prog]++; total++
		}
		END {
			printf "%s: %d programs started by a no-op make\n", side, total
			for (p in n) printf "  %6d %s\n", n[p], p | "sort -rn | head -12"
		}' >>"$results/processes.txt"
		rm -f "$trace"
	done
	cat "$results/processes.txt"
fi

echo "results in $results"
