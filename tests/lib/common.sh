# shellcheck shell=bash
# Shared by the tests: TAP output (scripts/tap.sh), the rig's paths from
# the environment, and running objtool the way kbuild does.

# shellcheck source=../../scripts/rig-env.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/rig-env.sh"
: "${TREE:?run make test once (it writes build/rig.env), or the test through make}"
: "${OBJTOOL_BASELINE:?}" "${OBJTOOL_PATCHED:?}" "${VMLINUX_O:?}" "${OBJTOOL_ARGS?}"

RIG_SCRIPTS=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../scripts" && pwd)

# shellcheck source=../../scripts/tap.sh
. "$RIG_SCRIPTS/tap.sh" objtool

# run_objtool <objtool> <input> <dir> [args...]
#   Run objtool on a copy of <input> named vmlinux.o in <dir>, from <dir>, so
#   that messages name the same file in every run; leaves vmlinux.o, stdout,
#   stderr and rc there.  A run over 5 minutes is a hang.
run_objtool() {
	local objtool=$1 input=$2 dir=$3 rc=0
	shift 3

	mkdir -p "$dir"
	cp "$input" "$dir/vmlinux.o"
	(cd "$dir" && timeout 300 "$objtool" "$@" vmlinux.o >stdout 2>stderr) || rc=$?
	echo "$rc" >"$dir/rc"
}

# same_run <dir-a> <dir-b>: true if object, stdout, stderr and exit status are
# the same; otherwise says what differs as TAP comments.
same_run() {
	local a=$1 b=$2 f ok=true

	for f in rc stdout stderr; do
		if ! cmp -s "$a/$f" "$b/$f"; then
			ktap_print_msg "$f differs:"
			diff "$a/$f" "$b/$f" | head -10 | sed 's/^/#   /'
			ok=false
		fi
	done
	if ! cmp -s "$a/vmlinux.o" "$b/vmlinux.o"; then
		ktap_print_msg "object differs:"
		"$RIG_SCRIPTS/elf-diff.sh" "$a/vmlinux.o" "$b/vmlinux.o" | sed 's/^/#   /'
		ok=false
	fi
	$ok
}
