#!/usr/bin/env bash
# mktree.sh on a tiny stand-in kernel tree (KSRC=): the pristine commit and
# the series on top of it, a rerun that changes nothing, and a patch that
# does not apply stopping the tree with that patch's name.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

mktree=$RIG_SCRIPTS/mktree.sh

ktap_print_header
ktap_set_plan 5

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
	[ "$(git -C "$tree" log --format=%s | tr '\n' '|')" = "objtool: give b a value|pristine: ksrc:$ksrc:plain|" ]
ktap_check "the baseline worktree is pristine" grep -qx 'int b;' "$base/tools/objtool/x.c"

touch -d '2000-01-01' "$tree/tools/objtool/x.c"
"$mktree" "$tree" "$base" "$WORK/patches" >"$WORK/log2" 2>&1
unchanged() { [ ! -s "$WORK/log2" ] && [ "$(stat -c %Y "$tree/tools/objtool/x.c")" = 946684800 ]; }
ktap_check "a rerun with nothing changed touches nothing" unchanged

sed 's/int b = 1;/int b = 2;/; s/^-int b;/-int c;/' "$WORK/patches/$good" >"$WORK/patches/0002-bad.patch"
echo "0002-bad.patch" >>"$WORK/patches/series"
rc=0
"$mktree" "$tree" "$base" "$WORK/patches" >"$WORK/log3" 2>&1 || rc=$?
sed 's/^/#   /' "$WORK/log3"
ktap_check "a patch that does not apply stops the tree (exit $rc)" [ "$rc" != 0 ]
ktap_check "the message names the patch" grep -q 'patch 0002-bad.patch does not apply' "$WORK/log3"

ktap_finished
