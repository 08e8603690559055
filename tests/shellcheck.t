#!/usr/bin/env bash
# Every shell script of the rig through shellcheck (with .shellcheckrc):
# *.sh, *.t, qemu/init and .ci/run.  Needs nothing built; runs alone.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
. scripts/lib.sh
command -v shellcheck >/dev/null || { echo "1..0 # SKIP needs shellcheck (make deps installs it)"; exit 0; }

mapfile -t scripts < <({
	find . -path ./build -prune -o \( -name '*.sh' -o -name '*.t' \) -type f -print
	echo ./qemu/init
	echo ./.ci/run
} | sed 's|^\./||' | sort)

work=$(mktemp -d "${TMPDIR:-/tmp}/shellcheck-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
exit_on_signals

echo "TAP version 13"
echo "1..$((${#scripts[@]} + 1))"
n=0 failed=0
for f in "${scripts[@]}"; do
	n=$((n + 1))
	if out=$(timeout 120 shellcheck -x "$f" 2>&1); then
		echo "ok $n $f"
	else
		echo "not ok $n $f"
		printf '%s\n' "$out" | head -30 | sed 's/^/# /'
		failed=$((failed + 1))
	fi
done

# Planted: an unquoted expansion must be reported.
# shellcheck disable=SC2016 # the planted script's text, not expanded here
printf '#!/bin/bash\nrm -rf $1/tmp\n' >"$work/planted.sh"
n=$((n + 1))
if shellcheck "$work/planted.sh" >/dev/null 2>&1; then
	echo "not ok $n planted: an unquoted expansion is reported"
	failed=$((failed + 1))
else
	echo "ok $n planted: an unquoted expansion is reported"
fi
[ "$failed" = 0 ]
