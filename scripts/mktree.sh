#!/usr/bin/env bash
# Unpack the kernel source into a git repository: first commit the pristine
# tree (tag "pristine"), then apply patches/series with git am on branch
# "patched".  A worktree at "pristine" is the baseline.
#
#   mktree.sh <patched-dir> <baseline-dir> <patches-dir>
#
# The source is $KSRC (a kernel tree; a git checkout's HEAD is exported,
# not its uncommitted changes; a plain tree is copied again whenever a file
# in it changes) or else $LINUX_SOURCE_TARBALL.  Reruns only reapply the
# series when it changed, so unchanged files keep their mtimes and kernel
# rebuilds stay incremental.  Work committed or changed in <patched-dir> is
# never thrown away: mktree.sh stops and says how to export it instead.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

mkdir -p "$(dirname "$1")" "$(dirname "$2")"
tree=$(cd "$(dirname "$1")" && pwd)/${1##*/}
baseline=$(cd "$(dirname "$2")" && pwd)/${2##*/}
patches=$(cd "$3" && pwd)

if [ -n "${KSRC:-}" ]; then
	if [ ! -f "$KSRC/Makefile" ] || [ ! -d "$KSRC/tools/objtool" ]; then
		die "KSRC=$KSRC is not a kernel tree (no Makefile or tools/objtool)"
	fi
	KSRC=$(cd "$KSRC" && pwd)
	if head=$(git -C "$KSRC" rev-parse -q --verify HEAD 2>/dev/null); then
		source_id="ksrc:$KSRC:$head"
		if [ -n "$(git -C "$KSRC" status --porcelain --untracked-files=no)" ]; then
			printf '%s: note: %s has uncommitted changes; the rig takes its HEAD (%s)\n' \
				"${0##*/}" "$KSRC" "${head:0:12}" >&2
		fi
	else
		# A plain tree has no commit to name its state: every file's
		# name, size and mtime do.
		source_id="ksrc:$KSRC:plain:$(cd "$KSRC" &&
			find . -name .git -prune -o -type f -printf '%P %s %T@\n' |
			LC_ALL=C sort | sha1sum | cut -d' ' -f1)"
	fi
else
	: "${LINUX_SOURCE_TARBALL:?}"
	[ -f "$LINUX_SOURCE_TARBALL" ] ||
		die "$LINUX_SOURCE_TARBALL is missing; run 'make deps' first"
	source_id="tarball:$LINUX_SOURCE_TARBALL:$(stat -c %s.%Y "$LINUX_SOURCE_TARBALL")"
fi

g() { git -C "$tree" "$@"; }

# The same source and series make the same commits in every clone: the
# pristine commit has a fixed date and each patch's commit its own date.
# The test kernel's release names its commit (LOCALVERSION_AUTO's
# -g<commit>), so that a build of one clone is up to date in another
# (scripts/build-cache.sh).
export GIT_AUTHOR_DATE="@946684800 +0000" GIT_COMMITTER_DATE="@946684800 +0000"

# refuse_local_work: stop, changing nothing, if <patched-dir> holds work the
# series does not: commits on "patched" past the last patch mktree.sh
# applied, or changes to tracked files.  Both would be lost to the reset.
refuse_local_work() {
	[ -d "$tree/.git" ] || return 0
	local tip="" _sum
	if [ -s "$tree/.git/rig-applied" ]; then
		read -r _sum tip < <(tail -n1 "$tree/.git/rig-applied")
	fi
	[ -n "$tip" ] || tip=$(g rev-parse -q --verify 'pristine^{commit}') || return 0
	if [ "$(g rev-parse -q --verify patched)" != "$tip" ]; then
		die "$tree has commits that are not patches/series's; export the series with
  make export-series   (scripts/export-series.sh: git format-patch of pristine..patched)
(or remove $tree to start again)"
	fi
	if [ -n "$(g status --porcelain --untracked-files=no)" ]; then
		die "$tree has uncommitted changes; commit and export them (git format-patch),
or discard them with: git -C $tree checkout -f patched"
	fi
}

unpack() {
	if [ -n "${KSRC:-}" ]; then
		if git -C "$KSRC" rev-parse --git-dir >/dev/null 2>&1; then
			quiet ARCHIVE "$KSRC (git HEAD)"
			git -C "$KSRC" archive --format=tar HEAD | tar -C "$tree" -xf -
		else
			quiet COPY "$KSRC"
			tar -C "$KSRC" --exclude=.git -cf - . | tar -C "$tree" -xf -
		fi
	else
		quiet UNPACK "$LINUX_SOURCE_TARBALL"
		# Debian's tarball holds one top-level directory, linux-source-6.12/.
		tar -C "$tree" --strip-components=1 -xf "$LINUX_SOURCE_TARBALL"
	fi
}

if [ "$(cat "$tree/.git/rig-source" 2>/dev/null)" != "$source_id" ]; then
	refuse_local_work
	rm -rf "$tree" "$baseline"
	mkdir -p "$tree"
	unpack
	g init -q -b patched
	g config user.name "objtool-threads rig"
	g config user.email "rig@localhost"
	g config gc.auto 0
	quiet GIT "commit pristine tree"
	g add -A -f .
	g commit -q -m "pristine: $source_id"
	g tag pristine
	echo "$source_id" >"$tree/.git/rig-source"
fi

if [ ! -e "$baseline/.git" ]; then
	quiet WORKTREE "$baseline (pristine)"
	rm -rf "$baseline"
	g worktree prune
	g worktree add -q --detach "$baseline" pristine
fi

# The series as it stands, to tell whether it needs reapplying.
mapfile -t series < <(series_patches "$patches")
for p in "${series[@]}"; do
	[ -f "$patches/$p" ] || die "patches/series names $p, which does not exist"
done
series_id=$(series_id "$patches")
[ "$(cat "$tree/.git/rig-series" 2>/dev/null)" = "$series_id" ] && exit 0

# Keep the commits of the patches that did not change (the longest such
# prefix of the series, as recorded in rig-applied: "<patch sha1> <commit>"
# per line) and apply the rest on top, so that only files the changed
# patches touch get new mtimes: a new patch at the end of the series must
# not make kbuild rebuild objtool, and with it every object.
applied_file=$tree/.git/rig-applied
refuse_local_work
mapfile -t applied < <(cat "$applied_file" 2>/dev/null || true)
keep=pristine
kept=()
for i in "${!series[@]}"; do
	p=${series[$i]}
	read -r sum commit <<<"${applied[$i]:-x x}"
	[ "$sum" = "$(sha1sum <"$patches/$p" | cut -d' ' -f1)" ] || break
	g cat-file -e "$commit^{commit}" 2>/dev/null || break
	keep=$commit
	kept+=("${applied[$i]}")
done

g am --abort >/dev/null 2>&1 || true
g checkout -q -f patched 2>/dev/null || g checkout -q -f -B patched pristine
g reset -q --hard "$keep"
printf '%s\n' "${kept[@]}" | sed '/^$/d' >"$applied_file"
for p in "${series[@]:${#kept[@]}}"; do
	quiet AM "$p"
	if ! g am -q --keep-cr --committer-date-is-author-date "$patches/$p"; then
		g am --abort >/dev/null 2>&1 || true
		die "patch $p does not apply to $(g describe --always pristine)"
	fi
	echo "$(sha1sum <"$patches/$p" | cut -d' ' -f1) $(g rev-parse HEAD)" >>"$applied_file"
done
echo "$series_id" >"$tree/.git/rig-series"
