#!/usr/bin/env bash
# shellcheck disable=SC2016 # make's $(...) and sed's $, literal on purpose
# make decides exactly as before: on the small configuration, built by the
# pristine and by the patched tree (make small), and an external module
# built against each, the same change is made to both and make run in both
# (side by side); the files each rewrote (mtime newer than a marker) must be
# the same set, and a second make must rewrite nothing (but the two files
# kbuild rewrites on every make).  Changes: none; a header many objects
# include, a .c touched, a header the external module used deleted and a
# CONFIG option flipped on; the option flipped off and the external
# module's command line changed; that command line restored and three .cmd
# files broken, one truncated, one corrupted, one deleted.  Changes that
# touch different objects are made together: each make of both sides costs
# some 25 s here, and a difference still shows as the objects one side
# rebuilt and the other did not.  Planted: a depcheck that never finds a
# dependency newer must be caught.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" decisions
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

jobs=$(nproc)
fixtures=$KBUILD_RIG/fixtures
cp -r "$fixtures/extinc" "$WORK/extinc"
for side in "${SIDES[@]}"; do
	cp -r "$fixtures/extmod" "$WORK/ext-$side"
done

# Files a build writes that only one side has are left out of the
# comparison; they must all be the series' own ($SERIES_OWN, kbuild/lib.sh).
# kbuild rewrites these on every make, a pristine tree too: the output
# directory's Makefile and the missing-syscalls check's dependency file.
ALWAYS='^(Makefile|\.missing-syscalls\.d)$'

# build <side> [make arguments...]: the kernel, then the external module;
# $EXT_ARGS (word-split) go to the external module's make only.
EXT_ARGS=
build() {
	local side=$1 ext_args
	shift
	read -ra ext_args <<<"$EXT_ARGS"
	small_make "$side" -s -j"$jobs" "$@" bzImage modules &&
		small_make "$side" -s -j"$jobs" M="$WORK/ext-$side" \
			RIG_EXTINC="$WORK/extinc" "${ext_args[@]}" "$@" modules
} >>"$WORK/make-$1.log" 2>&1

# files <side>: every file of the side's build and module, relative names
# (the module's under ext/), but the rig's own records of how the build
# was made (.rig-*: build-kernel.sh).
files() {
	(cd "$(side_out "$1")" && find . -type f | sed 's|^\./||' | { grep -v '^\.rig-' || true; })
	(cd "$WORK/ext-$1" && find . -type f | sed 's|^\./|ext/|')
}

# written <side>: what the last builds of that side wrote since the marker.
written() {
	(cd "$(side_out "$1")" && find . -type f -newer "$WORK/marker" | sed 's|^\./||')
	(cd "$WORK/ext-$1" && find . -type f -newer "$WORK/marker" | sed 's|^\./|ext/|')
}

# compared <side>: written, less the files only one side has (or may have:
# depcheck's files appear in a directory from its second make on).
compared() {
	written "$1" | grep -vxF -f "$WORK/exclusive" | grep -vE "$SERIES_OWN" | LC_ALL=C sort || true
}

# relinked_mod_o <pristine set>: the patched set on stdin, less the .mod.o
# of each module whose .ko the pristine side relinked but whose .mod.o it
# kept: 0025 assembles the .mod.o in the module's link command (one entry
# of its batch), where the pristine tree keeps a .mod.o whose .mod.c is
# unchanged.  The object is the same; the assembler runs once more.
relinked_mod_o() {
	awk 'NR == FNR { seen[$0] = 1; if (sub(/\.ko$/, ".mod.o")) relinked[$0] = 1; next }
	     ($0 in seen) || !($0 in relinked)' "$1" -
}

# both_build [make arguments...]: build the two sides side by side; false if
# either failed.
both_build() {
	local side ok=true pids=()
	for side in "${SIDES[@]}"; do
		build "$side" "$@" &
		pids+=($!)
	done
	for side in "${!pids[@]}"; do
		wait "${pids[$side]}" || { ok=false; ktap_print_msg "${SIDES[$side]}: make failed"; }
	done
	$ok
}

mark() {
	touch "$WORK/marker"
	# A file written in the same clock tick as the marker is not newer.
	sleep 0.1
}

# same_rebuilt <description> [make arguments...]: build both sides; the
# same files written.
same_rebuilt() {
	local what=$1 ok=true
	shift
	mark
	both_build "$@" || ok=false
	compared pristine >"$WORK/pristine.set"
	compared patched | relinked_mod_o "$WORK/pristine.set" >"$WORK/patched.set"
	if ! diff -u "$WORK/pristine.set" "$WORK/patched.set" >"$WORK/diff"; then
		ok=false
		sed -n '1,20s/^/# /p' "$WORK/diff"
	fi
	ktap_print_msg "$what: $(wc -l <"$WORK/pristine.set") files rewritten by both"
	ktap_check "$what: the same files rebuilt" $ok
}

# nothing_rebuilt <description> [make arguments...]: build both sides;
# nothing written but what kbuild writes on every make.
nothing_rebuilt() {
	local what=$1 side ok=true
	shift
	mark
	both_build "$@" || ok=false
	for side in "${SIDES[@]}"; do
		if compared "$side" | grep -qvE "$ALWAYS"; then
			ok=false
			compared "$side" | grep -vE "$ALWAYS" | sed -n "1,5s/^/# $side wrote again: /p" || true
		fi
	done
	ktap_check "$what: a second make rebuilds nothing" $ok
}

# both <description> [make arguments...]: the same files rebuilt, then
# nothing.
both() {
	same_rebuilt "$@"
	nothing_rebuilt "$@"
}

# touch_both <file>: touch a source file in both trees; restore_mtimes at
# the end gives it its first mtime back.
MTIME_DIR=$WORK/mtimes
mkdir "$MTIME_DIR"
touch_both() {
	local side src
	for side in "${SIDES[@]}"; do
		src=$(side_src "$side")/$1
		keep_mtime "$src"
		touch "$src"
	done
}

# cmd_edit <.cmd file> <sed script>: edit an object's .cmd file alike in
# both builds (by line, as paths differ between the two trees).
cmd_edit() {
	local side
	for side in "${SIDES[@]}"; do
		sed -i "$2" "$(side_out "$side")/$1"
	done
}

ktap_print_header
ktap_set_plan 9

for side in "${SIDES[@]}"; do
	[ -f "$(side_out "$side")/vmlinux" ] || ktap_exit_fail_msg "no $(side_out "$side")/vmlinux: run make small"
done

mark
both_build || ktap_exit_fail_msg "the first builds failed"
LC_ALL=C comm -3 <(files pristine | LC_ALL=C sort) <(files patched | LC_ALL=C sort) |
	sed 's/^\t//' >"$WORK/exclusive"
ktap_print_msg "only one side has: $(tr '\n' ' ' <"$WORK/exclusive" | sed 's/\(\([^ ]* \)\{8\}\).*/\1.../')"
grep -vE "$SERIES_OWN" "$WORK/exclusive" | sed -n '1,5s/^/# not the series own: /p' || true
ktap_check "only the series' own files are on one side only" \
	not grep -vqE "$SERIES_OWN" "$WORK/exclusive"

nothing_rebuilt "nothing changed"

# The header is included by 27 objects of the small build (syscalls.h, by
# 88, costs a minute more each time); kernel/panic.c does not include it,
# so its own touch is what rebuilds it.  kbuild does not rebuild for a
# dependency that is gone (its empty rule only keeps make from failing):
# for the deleted header, nothing is rebuilt, on both sides.
# CONFIG_PRINTK_TIME rebuilds kernel/printk/printk.o, which neither touches.
config() {
	local side
	for side in "${SIDES[@]}"; do
		"$(side_src "$side")/scripts/config" --file "$(side_out "$side")/.config" "$@"
	done
}
header=include/linux/utsname.h
touch_both "$header"
touch_both kernel/panic.c
rm "$WORK/extinc/rig-optional.h"
config -e PRINTK_TIME
both "$header and kernel/panic.c touched, a header the module used deleted, CONFIG_PRINTK_TIME on"

# The C and the assembler flags of modules: the pristine tree compiles each
# module's .mod.c with the one, the patched tree assembles its .mod.S with
# the other (0025), and both rebuild every .mod.o.  Given to the external
# module's make only: on every module of the kernel the same decision
# costs minutes, changed and restored.
config -d PRINTK_TIME
EXT_ARGS="CFLAGS_MODULE=-DRIG_CMDLINE_CHANGED AFLAGS_MODULE=-DRIG_CMDLINE_CHANGED"
both "CONFIG_PRINTK_TIME off again, the external module's command line changed (CFLAGS_MODULE, AFLAGS_MODULE)"

EXT_ARGS=
cmd_edit kernel/.sys.o.cmd '20,$d'
cmd_edit kernel/.fork.o.cmd '/^deps_/{n;s|^  .*|  /nonexistent/header.h \\|}'
for side in "${SIDES[@]}"; do
	rm "$(side_out "$side")/kernel/.exit.o.cmd"
done
both "the external module's command line restored, kernel/.sys.o.cmd truncated after 20 lines, a dependency in .fork.o.cmd corrupted, .exit.o.cmd deleted"

# Planted: a depcheck that never finds a dependency newer leaves the
# header's objects alone in the patched build only.  The .cmd files broken
# above lost genksyms' #SYMVER lines (modpost warns that it has no versions
# for their exports): those objects are rebuilt in the same make, on both
# sides.
planted=$(side_out patched)/scripts/basic/depcheck
cp "$planted" "$WORK/depcheck.good"
sed 's/^\treturn a->tv_nsec > b->tv_nsec;/\treturn false;/; s/^\t\treturn a->tv_sec > b->tv_sec;/\t\treturn false;/' \
	"$TREE/scripts/basic/depcheck.c" >"$WORK/planted.c"
gcc -O2 -I "$TREE/scripts/include" -o "$planted" "$WORK/planted.c"
touch -r "$WORK/depcheck.good" "$planted"
for side in "${SIDES[@]}"; do
	rm -f "$(side_out "$side")"/kernel/{sys,fork,exit}.o
done
touch_both "$header"
mark
both_build || true
ktap_check "planted: a depcheck blind to newer headers is caught" \
	not cmp -s <(compared pristine) <(compared patched)
cp -p "$WORK/depcheck.good" "$planted"
build patched || ktap_print_msg "the patched build after the planted run failed"
restore_mtimes

ktap_finished
