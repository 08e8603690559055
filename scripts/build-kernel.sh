#!/usr/bin/env bash
# x86_64 "bzImage modules" build of a tree, out of tree, with ccache: the
# defconfig, or a base configuration (tinyconfig unless named) plus a
# fragment: the rig's small configuration (kbuild/small.config on
# tinyconfig), the kernel make test checks (tests/kernel-test.config on
# x86_64_defconfig).  A fragment sets symbols (CONFIG_X=y) or turns them
# off ("# CONFIG_X is not set"), as a .config does.
#
#   build-kernel.sh <source-tree> <output-dir> [<config-fragment> [<base>]]
#
# Extra make arguments come from $KBUILD_ARGS (word-split), e.g. LOCALVERSION=;
# make runs as lib.sh's kernel_make runs it (kbuild_env: ccache and all).
# kbuild is silent (-s) but for V=1, which shows its commands.  A build
# that takes more than a minute says every minute ($PROGRESS_SECONDS) how
# many objects it has built, and, from scratch, where the last complete
# build of this directory counted its objects, of about how many and when
# it should be done.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

src=$(cd "$1" && pwd)
# A new build directory starts as the build cache's copy of this build,
# where it has one (build-cache.sh); make below then finds it up to date.
if [ ! -e "$2" ] || [ -z "$(ls -A "$2")" ]; then
	rc=0
	"$(dirname "$0")/build-cache.sh" restore "$@" || rc=$?
	[ "$rc" = 0 ] || [ "$rc" = 3 ] || exit "$rc"
fi
mkdir -p "$2"
out=$(cd "$2" && pwd)

fragment=${3:+$(cd "$(dirname "$3")" && pwd)/${3##*/}}
base=${4:-tinyconfig}
read -ra kbuild_args <<<"${KBUILD_ARGS:-}"
if [ "${V:-0}" = 1 ]; then
	kbuild_args+=(V=1)
else
	kbuild_args+=(-s)
fi

kmake() {
	kernel_make "$src" "$out" "${kbuild_args[@]}" "$@"
}

# progress <cold>: every minute, the objects written since the build
# started; for a build from scratch (<cold> 1), the total of the last
# complete build ($out/.rig-objects), if any, gives the time left.
progress() {
	local cold=$1 start=$SECONDS total n elapsed sleeper=
	total=$(cat "$out/.rig-objects" 2>/dev/null || echo 0)
	trap '[ -z "$sleeper" ] || kill "$sleeper" 2>/dev/null; exit 0' TERM
	while :; do
		sleep "${PROGRESS_SECONDS:-60}" &
		sleeper=$!
		wait "$sleeper"
		n=$(find "$out" -name '*.o' -newer "$out/.rig-build-start" | wc -l)
		elapsed=$((SECONDS - start))
		if [ "$cold" = 1 ] && [ "$total" -gt "$n" ] && [ "$n" -gt 0 ]; then
			quiet KERNEL "$n of about $total objects in $((elapsed / 60)) min, about $(((elapsed * (total - n) / n + 59) / 60)) min to go"
		else
			quiet KERNEL "$n objects in $((elapsed / 60)) min"
		fi
	done
}

# The fragment's settings, without its comments.
fragment_lines() {
	grep -E '^(CONFIG_|# CONFIG_[A-Za-z0-9_]+ is not set$)' "$fragment"
}

if [ -z "$fragment" ] && [ ! -f "$out/.config" ]; then
	quiet CONFIG "x86_64_defconfig"
	kmake x86_64_defconfig >/dev/null
elif [ -n "$fragment" ] && { ! cmp -s "$fragment" "$out/.rig-fragment" ||
				 [ "$(cat "$out/.rig-base" 2>/dev/null)" != "$base" ]; }; then
	quiet CONFIG "$base + ${fragment##*/}"
	kmake "$base" >/dev/null
	cp "$out/.config" "$out/.rig-base-config"
	fragment_lines >>"$out/.config"
	# Kconfig warns for each symbol the fragment sets again: expected here.
	kmake olddefconfig 2> >(grep -v 'warning: override: reassigning to symbol' >&2) >/dev/null
	# Every line of the fragment must have stuck: a dependency Kconfig
	# silently dropped would change what the checks cover.  A symbol
	# turned off may also be gone (what it depends on is off too), but
	# must be one the base configuration has: a misspelled one is not.
	while read -r line; do
		if [[ $line =~ ^#\ (CONFIG_[A-Za-z0-9_]+)\ is\ not\ set$ ]]; then
			sym=${BASH_REMATCH[1]}
			grep -qE "^($sym=|# $sym is not set$)" "$out/.rig-base-config" ||
				die "${fragment##*/}: $sym is not in $base's .config: no such symbol here?"
			grep -q "^$sym=" "$out/.config" || continue
		elif grep -qxF -- "$line" "$out/.config"; then
			continue
		fi
		die "${fragment##*/}: '$line' is not in the resulting .config"
	done < <(fragment_lines)
	rm "$out/.rig-base-config"
	cp "$fragment" "$out/.rig-fragment"
	echo "$base" >"$out/.rig-base"
fi

quiet KERNEL "$out (bzImage modules, -j$(nproc))"
cold=1
[ ! -f "$out/vmlinux" ] || cold=0
touch "$out/.rig-build-start"
progress "$cold" &
progress_pid=$!
trap 'kill "$progress_pid" 2>/dev/null || true' EXIT
kmake -j"$(nproc)" bzImage modules
kill "$progress_pid" 2>/dev/null || true
find "$out" -name '*.o' | wc -l >"$out/.rig-objects"
