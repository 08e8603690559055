#!/usr/bin/env bash
# The identity check itself: a single changed byte in .text, or a changed
# stderr, makes same_run fail, and the report names what differs.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

ktap_print_header
ktap_set_plan 3

fake_run() {
	mkdir -p "$1"
	cp "$VMLINUX_O" "$1/vmlinux.o"
	echo 0 >"$1/rc"
	: >"$1/stdout"
	echo "${2:-}" >"$1/stderr"
}

fake_run "$WORK/a"
fake_run "$WORK/b"
ktap_check "equal runs are the same" same_run "$WORK/a" "$WORK/b"

read -r off _ < <("$RIG_SCRIPTS/elf-section.sh" "$VMLINUX_O" .text)
off=$((off + 100))
printf '\x90' | dd of="$WORK/b/vmlinux.o" bs=1 seek="$off" conv=notrunc status=none
# The byte may have been 0x90 already: then write another.
if cmp -s "$WORK/a/vmlinux.o" "$WORK/b/vmlinux.o"; then
	printf '\xcc' | dd of="$WORK/b/vmlinux.o" bs=1 seek="$off" conv=notrunc status=none
fi
report=$(same_run "$WORK/a" "$WORK/b" 2>&1) && rc=0 || rc=$?
printf '%s\n' "$report"
names_text() { [ "$rc" != 0 ] && grep -q ' \.text: 1 bytes differ$' <<<"$report"; }
ktap_check "one byte in .text: not the same, .text named" names_text

fake_run "$WORK/c" "vmlinux.o: warning: objtool: something"
rc=0
same_run "$WORK/a" "$WORK/c" >/dev/null || rc=$?
ktap_check "a different stderr: not the same" [ "$rc" != 0 ]

ktap_finished
