#!/usr/bin/env bash
# scripts/build-cache.sh, which carries the test kernel and the small
# builds from one clone to the next: the pristine small build, saved to a
# cache of the test's own and restored into a new worktree of the same
# commit somewhere else (as a new clone's build/baseline), is the same
# build (every file, the binaries byte for byte), names the new place and
# not the old one, and make finds it up to date: bzImage modules rebuild
# nothing.  What the cache must not serve, it does not: another
# configuration, other make arguments, a tree with uncommitted changes,
# a directory that is not empty.  Planted: one restored output made older
# than what it is made from is rebuilt, and the up-to-date check says so.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" build-cache
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

cache_sh=$KBUILD_RIG/../scripts/build-cache.sh
orig=$(side_out pristine)
export BUILD_CACHE=1 BUILD_CACHE_DIR=$WORK/cache KBUILD_ARGS=$SMALL_ARGS
fragment=$KBUILD_RIG/small.config
root=$WORK/root
clone=$root/${BASE_TREE##*/}
new=$clone/.rig-small

ktap_print_header
ktap_set_plan 11

[ -f "$orig/vmlinux" ] || ktap_skip_all "no pristine small build in $orig: make small"

# The new place: a worktree of the pristine commit, as mktree.sh makes
# build/baseline, under another parent directory.
git -C "$BASE_TREE" worktree add -q --detach "$clone" HEAD
trap 'git -C "$BASE_TREE" worktree remove --force "$clone" 2>/dev/null || true; rm -rf "$WORK"' EXIT

"$cache_sh" save "$BASE_TREE" "$orig" "$fragment" >"$WORK/save.out" 2>&1 ||
	ktap_exit_fail_msg "save failed: $(tail -3 "$WORK/save.out")"
mapfile -t archives < <(find "$BUILD_CACHE_DIR" -name '*.tar.zst')
ktap_check "save writes one archive, named for the build directory" \
	test "${#archives[@]}" = 1 -a "$(basename "${archives[0]:-x}" | cut -d. -f1-2)" = "${BASE_TREE##*/}_.rig-small"

# none_for [fragment]: restore of the new place finds no build for these
# inputs (exit 3) and creates nothing there.
none_for() {
	local rc=0
	"$cache_sh" restore "$clone" "$new" "$@" >"$WORK/none.out" 2>&1 || rc=$?
	[ "$rc" = 3 ] && [ ! -e "$new" ]
}
echo 'CONFIG_CRC32=m' >"$WORK/other.config"
ktap_check "another configuration fragment finds none" none_for "$WORK/other.config"
other_args() {
	KBUILD_ARGS="$SMALL_ARGS V=1" none_for "$fragment"
}
ktap_check "other make arguments find none" other_args

echo >>"$clone/README"
changed_tree() {
	BUILD_CACHE_DIR=$WORK/changed "$cache_sh" save "$clone" "$new" "$fragment" &&
		[ ! -e "$WORK/changed" ] && none_for "$fragment"
}
ktap_check "a tree with uncommitted changes is neither saved nor restored" changed_tree
git -C "$clone" checkout -q -- README

rc=0
"$cache_sh" restore "$clone" "$new" "$fragment" >"$WORK/restore.out" 2>&1 || rc=$?
sed 's/^/# /' "$WORK/restore.out"
ktap_check "restore into the new worktree finds the build" test "$rc" = 0

listing() {
	(cd "$1" && find . ! -name '.rig-cache-root' -printf '%y %P\n' | LC_ALL=C sort)
}
ktap_check "the restored build has every file of the saved one, and no other" \
	cmp -s <(listing "$orig") <(listing "$new")
same_binaries() {
	local f
	for f in vmlinux arch/x86/boot/bzImage lib/crc8.ko scripts/mod/modpost tools/objtool/objtool; do
		cmp "$orig/$f" "$new/$f" || return 1
	done
}
ktap_check "its binaries are the saved ones byte for byte" same_binaries

old_root=$(dirname "$BASE_TREE")
names_new_only() {
	! grep -rlIF -- "$old_root/" "$new" >"$WORK/old-paths" &&
		grep -qF -- "$root/" "$new/tools/objtool/.objtool.o.cmd" &&
		[ "$(readlink "$new/source")" = .. ]
}
ktap_check "its files name the new place, none the old one" names_new_only
sed 's/^/#   still names the old place: /' "$WORK/old-paths" | head -5

# up_to_date <build>: make bzImage modules writes nothing but the files
# kbuild writes on every run (the Makefile in the build directory, the
# pristine tree's .missing-syscalls.d, the patched tree's depcheck lists).
up_to_date() {
	touch "$WORK/before"
	small_make_at "$clone" "$1" -s -j"$(nproc)" bzImage modules >"$WORK/make.out" 2>&1 || return 1
	find "$1" -type f -newer "$WORK/before" ! -name Makefile ! -name .missing-syscalls.d ! -name '.depcheck.*' >"$WORK/rebuilt"
	sed 's/^/#   rebuilt: /' "$WORK/rebuilt" | head -5
	[ ! -s "$WORK/rebuilt" ]
}
ktap_check "make finds the restored build up to date" up_to_date "$new"

# Planted: vmlinux older than the objects it is linked from.
touch -d '1 hour ago' "$new/vmlinux"
ktap_check "planted: an output older than its inputs is rebuilt and caught" \
	not up_to_date "$new"

refuses_nonempty() {
	! "$cache_sh" restore "$clone" "$new" "$fragment" >"$WORK/nonempty.out" 2>&1 &&
		grep -q 'is not empty' "$WORK/nonempty.out" && [ -f "$new/vmlinux" ]
}
ktap_check "a directory that is not empty is refused, left as it was" refuses_nonempty

ktap_finished
