#!/usr/bin/env bash
# Two more ways kernel users build, each by the pristine and by the patched
# tree, of the small configuration: in the source tree itself (no O=, in a
# git worktree of each side's commit), and out of tree with LLVM=1 (clang,
# ld.lld, llvm-nm and the rest: kallsyms' and mksysmap's listing is then
# llvm-nm's, 0025's module descriptors are assembled by clang).  For each:
# both build bzImage and the modules; the files written are the same but
# for the series' own ($SERIES_OWN); System.map, vmlinux's .text and every
# module's descriptor (mod-sections.sh) are the same.  Planted: System.map
# one line short and a descriptor of another module are caught.  A named
# skip without clang and ld.lld.  The first run compiles both
# configurations from nothing (some 20 minutes here); ccache serves later
# runs.  make dropin, not make test.  BUILDS_WAYS="llvm" builds one way
# only (the plan and the planted checks follow).
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" dropin-builds
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

ktap_print_header
read -ra ways <<<"${BUILDS_WAYS:-intree llvm}"
[ ${#ways[@]} -gt 0 ] || ktap_exit_fail_msg "BUILDS_WAYS names no way (intree, llvm)"
for way in "${ways[@]}"; do
	[[ $way =~ ^(intree|llvm)$ ]] || ktap_exit_fail_msg "BUILDS_WAYS: no way '$way' (intree, llvm)"
done
planted_way=${ways[0]}
ktap_set_plan $((${#ways[@]} * 5 + 2))

declare -A dir
for side in "${SIDES[@]}"; do
	for way in "${ways[@]}"; do
		dir[$side-$way]=$(side_copy "$side" "$way")
	done
done
cleanup() {
	local side
	for side in "${SIDES[@]}"; do
		[ -z "${dir[$side-intree]:-}" ] ||
			git -C "$(side_src "$side")" worktree remove --force "${dir[$side-intree]}" 2>/dev/null || true
	done
	rm -rf "$WORK"
}
trap cleanup EXIT

# build <side> <way>: tinyconfig + small.config, then bzImage modules, as
# build-kernel.sh does, that way; the log in $WORK/<side>-<way>.log
build() {
	local side=$1 way=$2 src out args
	read -ra args <<<"$SMALL_ARGS"
	src=$(side_src "$side") out=${dir[$side-$way]}
	case $way in
	intree)
		git -C "$src" worktree remove --force "$out" 2>/dev/null || rm -rf "$out"
		git -C "$src" worktree add -q --detach "$out" HEAD
		# make in the tree itself: no O=, as an in-tree user runs it
		mk() { (kbuild_env "$out" && cd "$out" && run make CC="$RIG_KBUILD_CC" "${args[@]}" "$@"); }
		;;
	llvm)
		mkdir -p "$out"
		mk() { (kbuild_env "$src" && run make -C "$src" O="$out" LLVM=1 CC="ccache clang" "${args[@]}" "$@"); }
		;;
	esac
	{
		mk -s tinyconfig &&
		grep '^CONFIG_' "$KBUILD_RIG/small.config" >>"$out/.config" &&
		mk -s olddefconfig &&
		mk -s -j"$(nproc)" bzImage modules
	} >"$WORK/$side-$way.log" 2>&1
}

# written <side> <way>: the files the build wrote, with the series' own
# left out (in the tree: what git does not track)
written() {
	local out=${dir[$1-$2]}
	if [ "$2" = intree ]; then
		git -C "$out" ls-files --others
	else
		(cd "$out" && find . -type f -printf '%P\n')
	fi | grep -vE "$SERIES_OWN" | grep -v '^\.rig' | LC_ALL=C sort
}

same_written() {
	diff <(written pristine "$1") <(written patched "$1") >"$WORK/written-$1.diff" && return 0
	ktap_print_msg "files written on one side only:"
	head -10 "$WORK/written-$1.diff" | sed 's/^/#   /'
	return 1
}

same_sysmap() {
	cmp -s "${dir[pristine-$1]}/System.map" "${dir[patched-$1]}/System.map"
}

text_of() {
	objcopy -O binary -j .text "${dir[$1-$2]}/vmlinux" "$WORK/text-$1-$2"
}
same_text() {
	text_of pristine "$1" && text_of patched "$1" &&
		cmp -s "$WORK/text-pristine-$1" "$WORK/text-patched-$1"
}

# same_descriptors <way>: mod-sections.sh on each module of the pristine
# side against the patched side's
same_descriptors() {
	local ko rel out ok=0 n=0
	while read -r ko; do
		rel=${ko#"${dir[pristine-$1]}/"}
		n=$((n + 1))
		out=$("$KBUILD_RIG/mod-sections.sh" "$ko" "${dir[patched-$1]}/$rel") ||
			{ ok=1; ktap_print_msg "$rel: ${out//$'\n'/; }"; }
	done < <(find "${dir[pristine-$1]}" -name '*.ko' | LC_ALL=C sort)
	ktap_print_msg "$n modules compared"
	[ "$n" -gt 0 ] && return "$ok"
}

for way in "${ways[@]}"; do
	if [ "$way" = llvm ] && { ! command -v clang >/dev/null || ! command -v ld.lld >/dev/null; }; then
		for t in "builds on both trees" "the same files" "the same System.map" \
			"the same .text" "the same module descriptors"; do
			ktap_test_skip "$way: $t: no clang and ld.lld"
		done
		continue
	fi
	rc=()
	for side in "${SIDES[@]}"; do
		quiet KERNEL "${dir[$side-$way]} ($way)" >&2
		r=0
		build "$side" "$way" || r=$?
		rc+=("$r")
	done
	ktap_print_msg "$way: exit ${rc[*]}"
	if ! ktap_check "$way: bzImage modules build on both trees" [ "${rc[*]}" = "0 0" ]; then
		tail -5 "$WORK"/*-"$way".log | sed 's/^/#   /'
	fi
	ktap_check "$way: the same files written, but the series' own" same_written "$way"
	ktap_check "$way: the same System.map" same_sysmap "$way"
	ktap_check "$way: the same vmlinux .text" same_text "$way"
	ktap_check "$way: the same module descriptors" same_descriptors "$way"
done

# Planted, on the first way's builds: a System.map one line short, a
# module's descriptor against another module's.
planted_sysmap() {
	local map=${dir[patched-$planted_way]}/System.map
	sed '$d' "$map" >"$WORK/short.map"
	! cmp -s "${dir[pristine-$planted_way]}/System.map" "$WORK/short.map"
}
planted_descriptor() {
	local a b
	mapfile -t kos < <(find "${dir[pristine-$planted_way]}" -name '*.ko' | LC_ALL=C sort | head -2)
	a=${kos[0]} b=${kos[1]}
	! "$KBUILD_RIG/mod-sections.sh" "$a" "$b" >/dev/null
}
if [ -f "${dir[patched-$planted_way]}/System.map" ] && [ -f "${dir[pristine-$planted_way]}/System.map" ]; then
	ktap_check "planted: a System.map one line short differs" planted_sysmap
	ktap_check "planted: another module's descriptor differs" planted_descriptor
else
	ktap_test_skip "planted: a System.map one line short differs: no $planted_way builds"
	ktap_test_skip "planted: another module's descriptor differs: no $planted_way builds"
fi

ktap_finished
