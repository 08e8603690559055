#!/usr/bin/env bash
# shellcheck disable=SC2016 # make's $(...) and sed's $, literal on purpose
# depcheck (the patched tree's scripts/basic/depcheck.c, built here with ASan
# and UBSan) on crafted .cmd files: which targets it takes as up to date
# (their lines inlined without the dependency list) and which it leaves to
# make (an -include line), the escapes fixdep writes, broken and odd files,
# and its own failures (exit 1, no fragment, no temporary file left).  A
# planted fault, a missing dependency taken as fine, must be caught.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" depcheck
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

src=$TREE/scripts/basic/depcheck.c

build() {
	build_depcheck "$1" "$2" -Wall ${WERROR:+-Werror}
}
build_strict() {
	WERROR=1 build "$@"
}

ktap_print_header
ktap_set_plan 30

ktap_check "depcheck builds with -Wall -Werror, ASan and UBSan" build_strict "$WORK/depcheck" "$src"
depcheck=$WORK/depcheck

# The "object tree": make's working directory, a directory being built
# (sub/), headers outside it (inc/) with times around the target's.
cd "$WORK"
mkdir -p sub inc
T=202601010000.00
OLD=202512310000.00
NEW=202601020000.00
touch -t "$T" sub/foo.o
for f in old.h 'dol$lar.h' 'ha#sh.h'; do touch -t "$OLD" "inc/$f"; done
touch -t "$T" inc/same.h
touch -t "$NEW" inc/new.h
touch -t "$OLD" sub/gen.h

# cmd <dep lines...>: a .cmd file for sub/foo.o as fixdep and kbuild write
# it (objtool's dependency appended), with the given dependency lines.
cmd() {
	printf 'savedcmd_sub/foo.o := gcc -c -o sub/foo.o sub/foo.c\n\n'
	printf 'source_sub/foo.o := sub/foo.c\n\n'
	printf 'deps_sub/foo.o := \\\n'
	local d
	for d in "$@"; do printf '%s \\\n' "$d"; done
	printf '\nsub/foo.o: $(deps_sub/foo.o)\n\n$(deps_sub/foo.o):\n'
	printf '\nsub/foo.o: $(wildcard ./tools/objtool/objtool)\n'
}

# verdict: run depcheck on sub/.foo.o.cmd; "fresh" if its lines were
# inlined, "make" if it was left to make, "error" if depcheck failed.
verdict() {
	echo sub/.foo.o.cmd >list
	rm -f sub/.depcheck.mk
	if ! "$depcheck" sub sub/.depcheck.mk list 2>stderr; then
		echo error
	elif grep -qx -- '-include sub/.foo.o.cmd' sub/.depcheck.mk; then
		echo make
	elif grep -q '^savedcmd_sub/foo.o := ' sub/.depcheck.mk &&
		! grep -q 'deps_' sub/.depcheck.mk; then
		echo fresh
	else
		echo "unexpected: $(tr '\n' '|' <sub/.depcheck.mk)"
	fi
}

# expect <verdict> <description>: sub/.foo.o.cmd as it stands.
expect() {
	local got
	got=$(verdict)
	[ "$got" = "$1" ] || ktap_print_msg "$2: expected $1, got $got"
	ktap_check "$2: $1" [ "$got" = "$1" ]
}

cmd '  inc/old.h' '    $(wildcard include/config/NOPE)' >sub/.foo.o.cmd
expect fresh "dependencies older than the target, a wildcard that matches nothing"
ktap_check "the inlined lines are the .cmd file's without the dependency list" \
	diff <(printf 'savedcmd_sub/foo.o := gcc -c -o sub/foo.o sub/foo.c\n\nsource_sub/foo.o := sub/foo.c\n\n\nsub/foo.o: $(wildcard ./tools/objtool/objtool)\n') \
	sub/.depcheck.mk
cmd '  inc/old.h' '  inc/same.h' >sub/.foo.o.cmd
expect fresh "a dependency as old as the target (make compares strictly)"
cmd '  inc/old.h' '  inc/new.h' >sub/.foo.o.cmd
expect make "a dependency newer than the target"
cmd '  inc/old.h' '  inc/missing.h' >sub/.foo.o.cmd
expect make "a missing dependency"
cmd '    $(wildcard inc/new.h)' >sub/.foo.o.cmd
expect make "a wildcard dependency that exists and is newer"
cmd '  inc/dol$$lar.h' >sub/.foo.o.cmd
expect fresh "\$\$ is a dollar: the right file is looked at"
touch -t "$NEW" 'inc/dol$lar.h'
expect make "\$\$ is a dollar: that file made newer is noticed"
cmd '  inc/ha\#sh.h' >sub/.foo.o.cmd
expect fresh "\\# is a hash: the right file is looked at"
touch -t "$NEW" 'inc/ha#sh.h'
expect make "\\# is a hash: that file made newer is noticed"
cmd '  inc/ha#sh.h' >sub/.foo.o.cmd
expect make "an unescaped # (make would read a comment)"
cmd '  inc/a$(X).h' >sub/.foo.o.cmd
expect make "a variable reference in a path"
cmd '  inc/old.h' '  sub/gen.h' >sub/.foo.o.cmd
expect make "a dependency inside the directory being built (make may remake it first)"
printf 'savedcmd_sub/foo.o := printf x > sub/foo.o\n' >sub/.foo.o.cmd
expect make "a .cmd file without a dependency list"
cmd '  inc/old.h' | sed -n 1,6p >sub/.foo.o.cmd
expect make "an unterminated continuation at the end of the file"
cmd '  inc/old.h' | head -c -1 >sub/.foo.o.cmd
expect make "no newline at the end of the file"
: >sub/.foo.o.cmd
expect make "an empty file"
{ cmd '  inc/old.h'; printf '\techo recipe\n'; } >sub/.foo.o.cmd
expect make "a recipe line after the dependency block"
{ cmd '  inc/old.h'; printf 'x := $(deps_sub/foo.o)\n'; } >sub/.foo.o.cmd
expect make "a later line using the dependency list"
cmd '  inc/old.h' | sed 's/^deps_sub\/foo.o/deps_sub\/bar.o/' >sub/.foo.o.cmd
expect make "a dependency list named for another target"

# About 1 MiB: 20,000 dependency lines, all old; then one new at the end.
mapfile -t many < <(yes "  inc/../inc/../inc/../inc/../inc/../inc/old.h" | head -n 20000)
cmd "${many[@]}" >sub/.foo.o.cmd
ktap_print_msg "$(stat -c %s sub/.foo.o.cmd) bytes"
expect fresh "a 1 MiB .cmd file, every dependency old"
cmd "${many[@]}" '  inc/new.h' >sub/.foo.o.cmd
expect make "a 1 MiB .cmd file, the last dependency new"

cmd '  inc/old.h' >sub/.foo.o.cmd
mv sub/foo.o sub/foo.o.away
expect make "a missing target"
mv sub/foo.o.away sub/foo.o

rm sub/.foo.o.cmd
expect make "a missing .cmd file (make's -include ignores it)"

# The top of the tree: obj is ".", so every relative path is inside it.
cmd '  inc/old.h' | sed 's#sub/foo.o#foo.o#g' >.foo.o.cmd
touch -t "$T" foo.o
echo .foo.o.cmd >list
"$depcheck" . .depcheck.mk list
ktap_check "at the top (obj is .), a relative dependency is left to make" \
	grep -qx -- '-include .foo.o.cmd' .depcheck.mk

# depcheck's own failures: exit 1, a message, nothing written or left.
printf 'sub/.f(o).o.cmd\n' >list
rm -f sub/.depcheck.mk
failed_cleanly() {
	! "$depcheck" "$@" 2>stderr && [ -s stderr ] && [ ! -e sub/.depcheck.mk ] &&
		[ -z "$(find . -name '.depcheck.??????')" ]
}
ktap_check "a .cmd file name make would not read literally: exit 1, nothing written" \
	failed_cleanly sub sub/.depcheck.mk list
ktap_check "a missing list: exit 1, nothing written" \
	failed_cleanly sub sub/.depcheck.mk no-such-list
echo sub/.foo.o.cmd >list
ktap_check "an output directory that does not exist: exit 1, nothing written" \
	failed_cleanly sub no/such/dir/.depcheck.mk list

# Planted: a missing dependency taken as fine must change a verdict above.
sed 's/^\t\treturn optional;/\t\treturn true;/' "$src" >"$WORK/planted.c"
cmp -s "$src" "$WORK/planted.c" && ktap_print_msg "planting changed nothing"
build "$WORK/planted" "$WORK/planted.c" 2>/dev/null
depcheck=$WORK/planted
cmd '  inc/old.h' '  inc/missing.h' >sub/.foo.o.cmd
ktap_check "planted: a missing dependency taken as fine is caught" [ "$(verdict)" = fresh ]

ktap_finished
