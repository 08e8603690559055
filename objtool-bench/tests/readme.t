#!/usr/bin/env bash
# objtool-bench/README.md's sweep table is generated, not pasted: the block between
# "<!-- sweep-summary: <results> -->" and "<!-- /sweep-summary -->" is
# what summarize.sh makes of that results folder's raw CSVs today.  Needs
# nothing built; runs alone.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=scripts/ktap.sh
. "$top/scripts/ktap.sh"

work=$(mktemp -d "${TMPDIR:-/tmp}/readme-test.XXXXXX")
trap 'rm -rf "$work"' EXIT

ktap_print_header
ktap_set_plan 3

results=$(sed -n 's/^<!-- sweep-summary: \(.*\) -->$/\1/p' "$top/objtool-bench/README.md")
if [ -z "$results" ] || [ ! -f "$top/$results/sweep.csv" ]; then
	ktap_test_fail "the README names a results folder with a sweep.csv ('$results')"
	ktap_finished
fi
ktap_test_pass "the README names a results folder with a sweep.csv ($results)"

# The summary, made again from the raw CSVs on a copy.
cp -r "$top/$results" "$work/results"
rm -f "$work/results/summary.md"
"$top/objtool-bench/summarize.sh" "$work/results" >/dev/null

# matches <readme>: its block is exactly the summary made above.
matches() {
	sed -n '/^<!-- sweep-summary: .* -->$/,/^<!-- \/sweep-summary -->$/p' "$1" |
		sed '1d;$d' | diff -u "$work/results/summary.md" - | sed 's/^/# /' | head -20
	[ "${PIPESTATUS[2]}" = 0 ]
}
ktap_check "the README's table is summarize.sh's summary.md of $results" matches "$top/objtool-bench/README.md"

# Planted: one figure edited by hand is caught.
sed '/^<!-- sweep-summary/,/^<!-- \/sweep-summary/s/| 2 | \([0-9]*\) | [0-9.]*/| 2 | \1 | 9.999/' \
	"$top/objtool-bench/README.md" >"$work/README.md"
if matches "$work/README.md" >/dev/null; then
	ktap_test_fail "planted: a figure edited by hand is caught"
else
	ktap_test_pass "planted: a figure edited by hand is caught"
fi

ktap_finished
