#!/usr/bin/env bash
# objtool adds an OBJTOOL_ARGS from its environment to every command line
# (tools/objtool/builtin-check.c), and make test hands the tests the
# arguments of the run on vmlinux.o under that name (--orc among them).
# The rig's kernel builds (kbuild_env, scripts/lib.sh) must not pass it on:
# an external module built against the patched small build (frame
# pointers, no ORC) with OBJTOOL_ARGS=--orc exported has no .orc_unwind.
# Planted: the same build with OBJTOOL_ARGS=--orc on make's command line
# (which make exports to its commands) has one, and is caught.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" objtool-env
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

ktap_print_header
ktap_set_plan 3

grep -qx '# CONFIG_UNWINDER_ORC is not set' "$(side_out patched)/.config" ||
	ktap_exit_fail_msg "the small configuration has ORC: this test needs one without"

# orc_free <module dir>: none of its objects has an .orc_unwind section.
orc_free() {
	local o found=0
	for o in "$1"/*.o; do
		if readelf -SW "$o" | grep -q ' \.orc_unwind '; then
			ktap_print_msg "${o##*/} has .orc_unwind"
			found=1
		fi
	done
	return "$found"
}

# build <name> [make arguments...]: fixtures/extmod against the patched
# small build, as <name>.
build() {
	local dir=$WORK/$1
	shift
	cp -r "$KBUILD_RIG/fixtures/extmod" "$dir"
	small_make patched -s M="$dir" RIG_EXTINC="$KBUILD_RIG/fixtures/extinc" "$@" modules \
		>"$dir.log" 2>&1
}

# Exported, as make test exports the rig's (not a one-command assignment,
# which export -n in a subshell would only peel off).
if (export OBJTOOL_ARGS=--orc && build exported); then
	ktap_test_pass "the module builds with OBJTOOL_ARGS=--orc in the environment"
else
	sed -n '1,10s/^/# /p' "$WORK/exported.log"
	ktap_test_fail "the module builds with OBJTOOL_ARGS=--orc in the environment"
fi
ktap_check "its objects have no ORC tables: objtool was not given the environment's" \
	orc_free "$WORK/exported"

build planted OBJTOOL_ARGS=--orc || true
ktap_check "planted: OBJTOOL_ARGS=--orc on make's command line reaches objtool, and is caught" \
	not orc_free "$WORK/planted"

ktap_finished
