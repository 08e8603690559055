#!/usr/bin/env bash
# mktree.sh on a tiny stand-in kernel tree (KSRC=): the pristine commit and
# the series on top of it, a rerun that changes nothing, the same commits
# when made again elsewhere, and a patch that does not apply stopping the
# tree with that patch's name; work committed or changed in the tree is
# refused, not reset away; a plain KSRC tree edited is copied again.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

mktree=$RIG_SCRIPTS/mktree.sh

ktap_print_header
ktap_set_plan 14

# A "kernel tree": what mktree.sh checks for, and a file to patch.
ksrc=$WORK/ksrc
mkdir -p "$ksrc/tools/objtool"
echo "all:" >"$ksrc/Makefile"
printf 'int a;\nint b;\n' >"$ksrc/tools/objtool/x.c"

# The series: one patch made with git, one that cannot apply.
git init -q "$WORK/gen"
cp -r "$ksrc/." "$WORK/gen/"
git -C "$WORK/gen" add -A
git -C "$WORK/gen" -c user.name=t -c user.email=t@t commit -q -m base
sed -i 's/int b;/int b = 1;/' "$WORK/gen/tools/objtool/x.c"
git -C "$WORK/gen" -c user.name=t -c user.email=t@t commit -q -am "objtool: give b a value"
mkdir -p "$WORK/patches"
git -C "$WORK/gen" format-patch -q -1 -o "$WORK/patches"
good=$(cd "$WORK/patches" && ls)
echo "$good" >"$WORK/patches/series"

export KSRC=$ksrc
tree=$WORK/build/linux base=$WORK/build/baseline
"$mktree" "$tree" "$base" "$WORK/patches" >"$WORK/log" 2>&1
ktap_check "pristine commit, then the series" \
	[ "$(git -C "$tree" log --format=%s | sed 's/:plain:[0-9a-f]*$/:plain/' | tr '\n' '|')" = "objtool: give b a value|pristine: ksrc:$ksrc:plain|" ]
ktap_check "the baseline worktree is pristine" grep -qx 'int b;' "$base/tools/objtool/x.c"

touch -d '2000-01-01' "$tree/tools/objtool/x.c"
"$mktree" "$tree" "$base" "$WORK/patches" >"$WORK/log2" 2>&1
unchanged() { [ ! -s "$WORK/log2" ] && [ "$(stat -c %Y "$tree/tools/objtool/x.c")" = 946684800 ]; }
ktap_check "a rerun with nothing changed touches nothing" unchanged

# Made again elsewhere, a second later: the same commits (the test
# kernel's release names its commit; build-cache.sh's builds are carried
# from one clone to another).
sleep 1
"$mktree" "$WORK/again/linux" "$WORK/again/baseline" "$WORK/patches" >"$WORK/log-again" 2>&1
ktap_check "the same source and series made elsewhere are the same commits" \
	[ "$(git -C "$WORK/again/linux" rev-parse patched)" = "$(git -C "$tree" rev-parse patched)" ]

sed 's/int b = 1;/int b = 2;/; s/^-int b;/-int c;/' "$WORK/patches/$good" >"$WORK/patches/0002-bad.patch"
echo "0002-bad.patch" >>"$WORK/patches/series"
rc=0
"$mktree" "$tree" "$base" "$WORK/patches" >"$WORK/log3" 2>&1 || rc=$?
sed 's/^/#   /' "$WORK/log3"
ktap_check "a patch that does not apply stops the tree (exit $rc)" [ "$rc" != 0 ]
ktap_check "the message names the patch" grep -q 'patch 0002-bad.patch does not apply' "$WORK/log3"

# Work done in the patched tree, then a series change: refused, kept.
echo "$good" >"$WORK/patches/series"
"$mktree" "$tree" "$base" "$WORK/patches" >"$WORK/log4" 2>&1
echo 'int c;' >>"$tree/tools/objtool/x.c"
git -C "$tree" -c user.name=t -c user.email=t@t commit -q -am "objtool: my own work"
echo "# a comment changes the series' id" >>"$WORK/patches/series"
rc=0
"$mktree" "$tree" "$base" "$WORK/patches" >"$WORK/log5" 2>&1 || rc=$?
sed 's/^/#   /' "$WORK/log5"
refused() { [ "$rc" != 0 ] && grep -q "$2" "$1"; }
ktap_check "commits made in the tree: refused (exit $rc), with how to export them" \
	refused "$WORK/log5" "format-patch"
ktap_check "the commit is still there" \
	[ "$(git -C "$tree" log -1 --format=%s)" = "objtool: my own work" ]

git -C "$tree" reset -q --hard HEAD~1
echo 'int d;' >>"$tree/tools/objtool/x.c"
rc=0
"$mktree" "$tree" "$base" "$WORK/patches" >"$WORK/log6" 2>&1 || rc=$?
ktap_check "uncommitted changes in the tree: refused (exit $rc)" \
	refused "$WORK/log6" "uncommitted changes"
ktap_check "the changes are still there" grep -qx "int d;" "$tree/tools/objtool/x.c"

# A plain (non-git) KSRC edited after the tree was made: copied again.
git -C "$tree" checkout -q -f patched
echo 'int e;' >"$ksrc/tools/objtool/new.c"
"$mktree" "$tree" "$base" "$WORK/patches" >"$WORK/log7" 2>&1
ktap_check "an edited plain KSRC is copied again" grep -qx "int e;" "$base/tools/objtool/new.c"
ktap_check "the series applied on the new copy" grep -qx "int b = 1;" "$tree/tools/objtool/x.c"

# A git KSRC is taken at HEAD; uncommitted changes there are named.
git -C "$ksrc" init -q
git -C "$ksrc" add -A
git -C "$ksrc" -c user.name=t -c user.email=t@t commit -q -m ksrc
echo 'int f;' >>"$ksrc/tools/objtool/new.c"
"$mktree" "$tree" "$base" "$WORK/patches" >"$WORK/log8" 2>&1
sed 's/^/#   /' "$WORK/log8"
head_only() { grep -qx "int e;" "$1" && ! grep -q "int f;" "$1"; }
ktap_check "a git KSRC: its HEAD, not its uncommitted changes" \
	head_only "$base/tools/objtool/new.c"
ktap_check "the uncommitted changes are named" \
	grep -q "uncommitted changes; the rig takes its HEAD" "$WORK/log8"

ktap_finished
