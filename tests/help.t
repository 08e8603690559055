#!/usr/bin/env bash
# make help names every target the Makefile declares and every setting the
# rig's scripts and tests read from the environment (the VAR_NAMES that
# appear as ${VAR:-...} defaults).  Needs nothing built; runs alone.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

help=$(make -s --no-print-directory help)
# Internal: the default goal and help itself.
# shellcheck disable=SC1003 # a backslash in sed's and tr's arguments
mapfile -t targets < <(sed -n '/^\.PHONY:/,/[^\]$/p' Makefile | tr -d '\' |
	sed 's/^\.PHONY://' | tr -s ' \t' '\n' | sed '/^$/d' |
	grep -vxE 'all|help' | sort -u)
mapfile -t settings < <(grep -rhoE '\$\{[A-Z][A-Z_]*_(THREADS|REPEAT|OBJECTS|RUNS|SECONDS|TIMEOUT|MAXSIZE):-' \
	--include='*.t' --include='*.sh' --exclude-dir=build . | sed 's/^\${//; s/:-$//' | sort -u)

echo "TAP version 13"
echo "1..$((${#targets[@]} + ${#settings[@]} + 1))"
n=0 failed=0
check() {
	n=$((n + 1))
	if grep -qE -- "$2" <<<"$help"; then
		echo "ok $n $1"
	else
		echo "not ok $n $1"
		failed=$((failed + 1))
	fi
}
for t in "${targets[@]}"; do
	check "target $t is in make help" "(^make $t |[ (]$t:)"
done
for v in "${settings[@]}"; do
	check "setting $v is in make help" "(^|[ ,])$v="
done
# Planted: a name that is nowhere must not be found.
n=$((n + 1))
if grep -qE -- "(^make no-such-target )" <<<"$help"; then
	echo "not ok $n planted: a missing target is told apart"
	failed=$((failed + 1))
else
	echo "ok $n planted: a missing target is told apart"
fi
[ "$failed" = 0 ]
