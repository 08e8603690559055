#!/usr/bin/env bash
# Any test runs on its own once make has run a test target: with nothing
# of make's environment (env -i), tests/usage.t and kbuild/tests/depcheck.t
# find the rig's trees and builds in build/rig.env and pass.  Planted: with
# $RIG_ENV naming no file, a test is skipped at once, naming what it needs
# and what builds it.
set -euo pipefail
. "$(dirname "$0")/../scripts/tap.sh" standalone
top=$(cd "$(dirname "$0")/.." && pwd)

ktap_print_header
ktap_set_plan 3

# alone [VAR=value...] -- <test>: the test under prove, in an empty
# environment but for PATH, HOME and the given variables.
alone() {
	local vars=()
	while [ "$1" != -- ]; do
		vars+=("$1")
		shift
	done
	shift
	(cd "$top" && env -i PATH="$PATH" HOME="$HOME" "${vars[@]}" prove "$@") \
		>"$WORK/out" 2>&1
}

for t in tests/usage.t kbuild/tests/depcheck.t; do
	if alone -- "$t"; then
		ktap_test_pass "$t runs alone"
	else
		sed -n '1,10s/^/# /p' "$WORK/out"
		ktap_test_fail "$t runs alone"
	fi
done

alone RIG_ENV="$WORK/none" -- tests/usage.t || true
ktap_check "planted: no rig.env, the test is skipped, naming what it needs and make test" \
	grep -q 'skipped: needs TREE.*make test builds them' "$WORK/out"

ktap_finished
