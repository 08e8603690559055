#!/usr/bin/env bash
# A "patched" objtool for the bench's tests: $REAL_OBJTOOL, misbehaving
# at --threads=2 only, as $FAKE says: corrupt flips two bytes of .text
# after a correct run, fail exits 1 with a message, slow takes 20 s more.
set -euo pipefail
: "${REAL_OBJTOOL:?}" "${FAKE:?corrupt, fail or slow}"

case " $* " in *" --threads=2 "*) ;; *) exec "$REAL_OBJTOOL" "$@" ;; esac

[ "$FAKE" != slow ] || sleep 20
"$REAL_OBJTOOL" "$@"
case "$FAKE" in
fail)
	echo "fake: failing at 2 threads" >&2
	exit 1
	;;
corrupt)
	obj=${!#}
	read -r off _ < <("$(dirname "$0")/../../scripts/elf-section.sh" "$obj" .text)
	printf '\x0f\x0b' | dd of="$obj" bs=1 seek=$((off + 16)) conv=notrunc status=none
	;;
esac
