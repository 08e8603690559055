#!/usr/bin/env bash
# RESULTS.md: every committed results run (<folder>/results/<run>/), with
# its date and series (from its machine.txt), its size, and the READMEs
# that cite it (make results).  With --check: whether RESULTS.md is that
# now, every run is cited, and all of them together stay within
# RESULTS_LIMIT_KB (2048).
#
#   results-index.sh [--check]
set -euo pipefail
. "$(dirname "$0")/lib.sh"

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
check=
[ "${1:-}" != --check ] || check=1
limit=${RESULTS_LIMIT_KB:-2048}

# field <run> <name>: "<name>: value" from its machine.txt
field() {
	sed -n "s/^$2: *//p" "$1/machine.txt" 2>/dev/null | head -1
}

# run_date <run>: its machine.txt's date, else the date in its name
run_date() {
	local d
	d=$(field "$1" date)
	[ -n "$d" ] || d=$(basename "$1" | sed -nE 's/^[^-]*-([0-9]{4})([0-9]{2})([0-9]{2}).*/\1-\2-\3/p')
	echo "$d"
}

index() {
	local run cited total=0 kb
	echo "# Committed results"
	echo
	echo "Made by \`make results\` (scripts/results-index.sh); tests/results.t checks"
	echo "that it is current, that a README cites every run, and that all of them"
	echo "stay within ${limit} KB.  New runs go to \`build/results/\` (ignored)."
	echo
	echo "| run | date | series | KB | cited by |"
	echo "| --- | --- | --- | ---: | --- |"
	while read -r run; do
		kb=$(du -sk "$run" | cut -f1)
		total=$((total + kb))
		cited=$(git grep -l -e "$(basename "$run")/" -e "$(basename "$run"))" -- '*.md' \
			':!*/results/*' ':!RESULTS.md' | tr '\n' ' ' | sed 's/ $//')
		printf '| [%s](%s/) | %s | %s | %s | %s |\n' "$run" "$run" \
			"$(run_date "$run")" "$(field "$run" series | cut -c1-12)" \
			"$kb" "${cited:-none}"
	done < <(git ls-files '*/results/*' | sed -E 's|^([^/]+/results/[^/]+)/.*|\1|' | sort -u)
	echo
	echo "In all: $total KB."
}

if [ -z "$check" ]; then
	index >RESULTS.md.tmp
	mv RESULTS.md.tmp RESULTS.md
	exit 0
fi
out=$(index)
ok=0
[ "$out" = "$(cat RESULTS.md 2>/dev/null)" ] || { echo "# RESULTS.md is not current (make results)"; ok=1; }
if grep -q '| none |$' <<<"$out"; then
	echo "# runs no README cites:"
	grep '| none |$' <<<"$out" | sed 's/^/#   /'
	ok=1
fi
total=$(sed -n 's/^In all: \([0-9]*\) KB\.$/\1/p' <<<"$out")
[ "$total" -le "$limit" ] || { echo "# $total KB of results, over $limit KB"; ok=1; }
exit "$ok"
