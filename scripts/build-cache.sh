#!/usr/bin/env bash
# Whole kernel builds kept across clones, beside ccache: the test kernel and
# the small builds that make test needs, in $BUILD_CACHE_DIR (default
# ~/.cache/objtool-threads/builds), one archive per build directory, named
# by everything the build is made from: the tree's content (its git tree,
# not its commit, which differs in every clone), the configuration
# fragment and base, the make arguments and variables, the rig's build
# commands, the environment kbuild reads and the toolchain.  ccache alone
# leaves a new clone's small builds at about 3.5 min each (MODVERSIONS
# preprocesses every exporting file again, uncached) and the test kernel
# at about 2; a restore takes seconds.
#
#   build-cache.sh save <tree> <out> [<fragment> [<base>]]
#       keep the finished build in <out> (a directory under <tree>'s
#       parent); the cache's older build of the same directory goes
#   build-cache.sh restore <tree> <out> [<fragment> [<base>]]
#       unpack that build into <out>, which must not exist or be empty;
#       exit 3, changing nothing, if the cache has none
#
# A restored build is the saved one with the clone's old path (the parent
# of <tree>, where the tools build and an out-of-tree kernel write
# absolute paths) rewritten to the new one in its text files and links,
# and every file given one time, now: newer than the clone's sources,
# equal to each other, so that make finds it up to date and rebuilds what
# a later change touches.  build-kernel.sh runs make on it after the
# restore all the same.  A tree with uncommitted or untracked changes is
# never saved nor restored (its git tree does not name it); BUILD_CACHE=0
# turns the cache off.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 3 ] || die "usage: build-cache.sh save|restore <tree> <out> [<fragment> [<base>]]"
mode=$1

# Builds the cache does not keep: save does nothing, restore finds none.
uncached() {
	[ "$mode" = save ] && exit 0
	exit 3
}
[ "${BUILD_CACHE:-1}" != 0 ] || uncached

src=$(cd "$2" && pwd)
out=$(realpath -m "$3")
fragment=${4:+$(realpath "$4")}
base=${5:-tinyconfig}
root=$(dirname "$src")
cache=${BUILD_CACHE_DIR:-$HOME/.cache/objtool-threads/builds}

case $out in
"$root"/?*) ;;
*) uncached ;; # outside the clone's build directory: nothing to relocate by
esac
# Only a tree its git tree names: no uncommitted or untracked changes.
status=$(git -C "$src" status --porcelain) || die "git status failed in $src"
[ -z "$status" ] || uncached
tree_id=$(git -C "$src" rev-parse 'HEAD^{tree}') || die "no git tree for $src"

# What the build is made from, as one line per input.
inputs() {
	echo "build-cache format 1"
	echo "tree $tree_id"
	if [ -n "$fragment" ]; then
		echo "fragment $(sha1sum <"$fragment") base $base"
	fi
	echo "args ${KBUILD_ARGS:-}"
	echo "cc $RIG_KBUILD_CC"
	declare -f kbuild_env kernel_make
	# The rig's steps that write into the build directory (make kernel).
	(cd "$(dirname "$0")/.." && sha1sum scripts/build-kernel.sh scripts/vmlinux-pre.sh \
		link-tail/link-env.sh link-tail/build-tools.sh)
	(
		kbuild_env "$src"
		env | grep -E '^(K[A-Z]*FLAGS|KBUILD_[A-Z_]+|KCONFIG_[A-Z_]+|LLVM[A-Z_]*|CROSS_COMPILE|ARCH|SRCARCH|HOST(CC|CXX|CFLAGS|CXXFLAGS|LDFLAGS|LDLIBS)|CC|LD|AR|NM|OBJCOPY|PAHOLE)=' |
			LC_ALL=C sort
	)
	uname -m
	gcc -v 2>&1 | tail -n1
	ld -v
	make -v | head -n1
	# What the host programs and the image are built from.
	dpkg-query -W -f='${Package} ${Version}\n' libc6-dev linux-libc-dev libelf-dev \
		libssl-dev zlib1g-dev pigz bison flex 2>&1 || true
}

rel=${out#"$root"/}
name=${rel//\//_}
file=$cache/$name.$(inputs | sha1sum | cut -c1-16).tar.zst

# A build that cannot be kept is still built: save warns and goes on.
save_failed() {
	printf '%s: warning: %s not kept in %s: %s\n' "${0##*/}" "$out" "$cache" "$1" >&2
	exit 0
}

save() {
	[ -f "$out/vmlinux" ] || die "$out has no vmlinux: not a finished build"
	[ ! -f "$file" ] || return 0
	mkdir -p "$cache" || save_failed "cannot make the directory"
	quiet CACHE "$out -> $file"
	echo "$root" >"$out/.rig-cache-root"
	tmp=$(mktemp "$cache/.$name.XXXXXX") || save_failed "cannot write there"
	trap 'rm -f "$tmp" "$out/.rig-cache-root"' EXIT
	tar -C "$out" -I 'zstd -q -T0 -3' -cf "$tmp" . || save_failed "tar failed"
	mv "$tmp" "$file" || save_failed "mv failed"
	find "$cache" -maxdepth 1 -name "$name.*.tar.zst" ! -name "${file##*/}" -delete
}

restore() {
	[ -f "$file" ] || exit 3
	if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
		die "$out is not empty: a build is restored only into a new directory"
	fi
	quiet CACHE "$file -> $out"
	local old stamp
	tmp=$out.restoring
	rm -rf "$tmp"
	trap 'rm -rf "$tmp"' EXIT
	mkdir -p "$tmp"
	# A damaged archive is dropped, and the build made as if there were none.
	if ! tar -C "$tmp" -I zstd -xf "$file" || [ ! -s "$tmp/.rig-cache-root" ]; then
		printf '%s: warning: %s is damaged: removed, building instead\n' "${0##*/}" "$file" >&2
		rm -f "$file"
		exit 3
	fi
	old=$(cat "$tmp/.rig-cache-root")
	rm "$tmp/.rig-cache-root"
	if [ "$old" != "$root" ]; then
		# shellcheck disable=SC2016 # perl's $ENV, not the shell's
		{ LC_ALL=C grep -rlIZF -- "$old/" "$tmp" || [ $? = 1 ]; } |
			OLD=$old/ NEW=$root/ xargs -0r perl -pi -e 's/\Q$ENV{OLD}\E/$ENV{NEW}/g'
		find "$tmp" -type l -lname "$old/*" -print0 |
			while IFS= read -r -d '' link; do
				target=$(readlink "$link")
				ln -sfn "$root/${target#"$old/"}" "$link"
			done
	fi
	stamp=$(date +%s.%N)
	find "$tmp" -exec touch -h -d "@$stamp" {} +
	rmdir "$out" 2>/dev/null || true
	mv -T "$tmp" "$out"
}

case $mode in
save) save ;;
restore) restore ;;
*) die "build-cache.sh: no mode $mode" ;;
esac
