# shellcheck shell=bash
# Helpers shared by the rig's scripts: kbuild-style quiet output and errors.

# Print "  TAG     what" unless V=1, where the command itself is echoed.
quiet() {
	printf '  %-7s %s\n' "$1" "$2"
}

die() {
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit 1
}

# Run a command, echoing it first when V=1.
run() {
	if [ "${V:-0}" = 1 ]; then
		printf '%s\n' "$*" >&2
	fi
	"$@"
}
