#!/usr/bin/env bash
# The first make after applying the series to a built tree rebuilds what it
# has to and nothing else.  Two copies of the pristine tree's small build,
# every file of each made up to date (one mtime for all), and the files the
# series changes touched in both source trees, as if the series had just
# been applied: one copy is made by the patched tree (the upgrade), the
# other by the pristine tree (the reference: make's decisions for the same
# touched files).  Both must rewrite the same files, but for the series' own
# ($SERIES_OWN, kbuild/lib.sh, and .config); no kernel object may be
# compiled again but those objtool checks or that include a header the
# series changes; a second make rewrites nothing.  Planted:
# an object's saved command changed in the upgraded copy must be rebuilt
# and seen.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" upgrade
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

# The copies sit beside the small builds (side_copy), so that ccache finds
# their objects.
declare -A copy=([pristine]=$(side_copy pristine upgrade-reference) [patched]=$(side_copy patched upgrade))
MTIME_DIR=$WORK/mtimes
mkdir "$MTIME_DIR"
trap 'restore_mtimes; rm -rf "${copy[@]}" "$WORK"' EXIT

# Besides the series' own files, the upgrade writes .config again: syncconfig
# adds the symbols 0017 adds (the pristine tree rereads its touched Kconfig
# files and finds nothing to change); and it assembles every module's new
# .mod.S into its .mod.o (0025) and links the module again, its command now
# both (0027), once.
UPGRADE_OWN="$SERIES_OWN|^\.config\$|(^|/)\.?[^/]*\.(mod\.o|ko)(\.cmd)?\$"

# The kernel's own (pristine) commit in the patched tree's git history.
base=$(git -C "$TREE" rev-list --max-parents=0 HEAD)

# prepare <side>: the copy, its paths those of that side's source tree and
# of the copy, every file of it with the mtime $stamp.
prepare() {
	local side=$1 out=${copy[$1]} src
	src=$(side_src "$side")
	rm -rf "$out"
	cp -a "$(side_out pristine)" "$out"
	grep -rlIZF -e "$BASE_TREE" -e "$(side_out pristine)" "$out" |
		xargs -0r sed -i -e "s|$(side_out pristine)|$out|g" -e "s|$BASE_TREE|$src|g"
	ln -sfn "$src" "$out/source"
	find "$out" -exec touch -h -d "@$stamp" {} +
}

# copy_make <side> [make arguments...]
copy_make() {
	local side=$1 args
	shift
	read -ra args <<<"$SMALL_ARGS"
	kernel_make "$(side_src "$side")" "${copy[$side]}" -s -j"$(nproc)" "${args[@]}" "$@" \
		bzImage modules >>"$WORK/make-$side.log" 2>&1
}

# written <side>: the files of the copy newer than the marker.
written() {
	(cd "${copy[$1]}" && find . -type f -newer "$WORK/marker" | sed 's|^\./||') |
		LC_ALL=C sort
}

mark() {
	touch "$WORK/marker"
	sleep 0.1
}

ktap_print_header
ktap_set_plan 5

[ -f "$(side_out pristine)/vmlinux" ] || ktap_exit_fail_msg "no $(side_out pristine)/vmlinux: run make small"

stamp=$(date +%s)
for side in "${SIDES[@]}"; do
	prepare "$side"
done
# The series' files, newer than every file of the copies (the touch of a
# file the series deletes is the pristine tree's only).
sleep 1
git -C "$TREE" diff --name-only "$base" HEAD >"$WORK/series-files"
ktap_print_msg "$(wc -l <"$WORK/series-files") files changed by the series, touched"
while read -r f; do
	for side in "${SIDES[@]}"; do
		f_side=$(side_src "$side")/$f
		[ -e "$f_side" ] || continue
		keep_mtime "$f_side"
		touch "$f_side"
	done
done <"$WORK/series-files"

mark
for side in "${SIDES[@]}"; do
	copy_make "$side" || ktap_exit_fail_msg "$side: make failed (make-$side.log)"
	written "$side" >"$WORK/$side.written"
done
grep -vE "$UPGRADE_OWN" "$WORK/pristine.written" >"$WORK/pristine.set" || true
grep -vE "$UPGRADE_OWN" "$WORK/patched.written" >"$WORK/patched.set" || true
ktap_print_msg "the reference rewrote $(wc -l <"$WORK/pristine.set") files, the upgrade $(wc -l <"$WORK/patched.set") (the series' own left out)"
if ! diff -u "$WORK/pristine.set" "$WORK/patched.set" >"$WORK/diff"; then
	sed -n '3,22s/^/# /p' "$WORK/diff"
fi
ktap_check "the upgrade rewrites the files the reference rewrites" \
	test ! -s "$WORK/diff"

# Kernel objects compiled again: their saved command is a compile; only
# those objtool checks (objtool changed) have to be, those that include a
# header the series changes (vermagic.h's #error, 0025: kernel/module/main.o
# and .module-common.o), the setup code and decompressor (arch/x86/boot/),
# which take vmlinux's offsets, as vmlinux is linked again, and the
# modules' .mod.o, now assembled (0025).
grep '\.h$' "$WORK/series-files" >"$WORK/series-headers" || true
recompiled() {
	local f cmd
	grep '\.o$' "$WORK/$1.written" | grep -vE '^(scripts|tools|arch/x86/boot)/|\.mod\.o$' |
		while read -r f; do
			cmd=${copy[$1]}/$(dirname "$f")/.$(basename "$f").cmd
			grep -qE '^savedcmd_.* -c -o ' "$cmd" 2>/dev/null || continue
			grep -q 'tools/objtool/objtool' "$cmd" && continue
			[ -s "$WORK/series-headers" ] && grep -qF -f "$WORK/series-headers" "$cmd" && continue
			echo "$f"
		done
}
recompiled patched >"$WORK/recompiled"
sed -n '1,5s/^/# compiled again: /p' "$WORK/recompiled"
ktap_check "the upgrade compiles no kernel object again but those objtool checks" \
	test ! -s "$WORK/recompiled"

mark
copy_make patched || ktap_exit_fail_msg "patched: the second make failed"
written patched | grep -vx Makefile | grep -vE "$SERIES_OWN" >"$WORK/again" || true
sed -n '1,5s/^/# written again: /p' "$WORK/again"
ktap_check "a second make of the upgrade rewrites nothing" test ! -s "$WORK/again"

# Planted: a saved command changed in the upgrade; that object is compiled
# again, and seen.
sed -i 's/^\(savedcmd_[^ ]* := .*\) -c -o /\1 -DRIG_PLANTED -c -o /' "${copy[patched]}/kernel/.sys.o.cmd"
grep -q RIG_PLANTED "${copy[patched]}/kernel/.sys.o.cmd" || ktap_exit_fail_msg "could not plant"
mark
copy_make patched || ktap_exit_fail_msg "patched: the planted make failed"
written patched >"$WORK/patched.written"
recompiled patched >"$WORK/recompiled"
ktap_check "planted: a changed command is seen as a rewrite" grep -qx kernel/sys.o "$WORK/patched.written"
ktap_check "planted: and as a kernel object compiled again" grep -qx kernel/sys.o "$WORK/recompiled"

ktap_finished
