#!/usr/bin/env bash
# The missing-syscalls check runs again exactly when its inputs change
# (0021): in the patched small build, "make prepare" with nothing changed
# leaves .checked-syscalls alone; touching scripts/checksyscalls.sh, or a
# header the check includes (from its .cmd file's dependency list), runs it
# again.  Planted: with the dependency list emptied, a touched header must
# go unnoticed (the test sees the difference).  Only "make prepare" runs,
# and the touched files get their mtimes back, so nothing else rebuilds.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" checksyscalls
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

MTIME_DIR=$WORK/mtimes
mkdir "$MTIME_DIR"
trap 'restore_mtimes; rm -rf "$WORK"' EXIT

out=$(side_out patched)
stamp=$out/.checked-syscalls
cmdfile=$out/..checked-syscalls.cmd

prepare() {
	small_make patched -s -j"$(nproc)" prepare >/dev/null
}

# reran <command...>: the command, then make prepare; the check ran again.
reran() {
	local before
	prepare
	before=$(stat -c %Y.%y "$stamp")
	sleep 1
	"$@"
	prepare
	[ "$(stat -c %Y.%y "$stamp")" != "$before" ]
}

touch_src() {
	keep_mtime "$TREE/$1"
	touch "$TREE/$1"
}

ktap_print_header
ktap_set_plan 4

prepare
for f in "$stamp" "$cmdfile"; do
	[ -f "$f" ] || ktap_exit_fail_msg "no $f"
done
# A header of the source tree the check includes, from its dependency list.
# The small build lives in <tree>/.rig-small, so kbuild writes the
# source tree's headers as ../<path>; an absolute $TREE/<path> is read too.
header=$(sed -n -e "s|^  \.\./\(.*\.h\) \\\\$|\1|p" \
	-e "s|^  $TREE/\(.*\.h\) \\\\$|\1|p" "$cmdfile" | tail -n 1)
[ -n "$header" ] || ktap_exit_fail_msg "no source header in $cmdfile"
ktap_print_msg "header: $header"

ktap_check "nothing changed: the check does not run" not reran true
ktap_check "scripts/checksyscalls.sh touched: the check runs" \
	reran touch_src scripts/checksyscalls.sh
ktap_check "$header touched: the check runs" reran touch_src "$header"

# Planted: the dependency list emptied, make cannot see the header.
awk '/^deps_/ { print $1 " :="; skip = 1; next } skip && /^$/ { skip = 0 } !skip' \
	"$cmdfile" >"$WORK/cmd" && cp "$WORK/cmd" "$cmdfile"
ktap_check "planted: with no dependency list a touched header goes unnoticed" \
	not reran touch_src "$header"
rm -f "$cmdfile" # the next make runs the check and writes it again

ktap_finished
