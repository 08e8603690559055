#!/usr/bin/env bash
# phases-table.sh <pairs.csv> <phases.csv>: bench-build.sh's phases as a
# markdown table, seconds per phase of each case's traced make, its traced
# total and the untraced median of the same make (from the pairs).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
gawk -F, -f "$here/../scripts/median.awk" -e '
FNR == 1 { next }
FILENAME == ARGV[1] { n[$1]++; a[$1, n[$1]] = $3; b[$1, n[$1]] = $4; next }
{
	if (!($1 in seen)) { seen[$1] = 1; order[++ncases] = $1 }
	if ($3 == "traced") traced[$1, $2] = $4
	else {
		if (!($3 in isphase)) { isphase[$3] = 1; phase[++nphases] = $3 }
		t[$1, $2, $3] = $4
	}
}
END {
	printf "| case | side |"
	for (p = 1; p <= nphases; p++) printf " %s |", phase[p]
	printf " traced | untraced median |\n|---|---|"
	for (p = 1; p <= nphases; p++) printf "---|"
	printf "---|---|\n"
	for (c = 1; c <= ncases; c++) {
		name = order[c]
		for (i = 1; i <= n[name]; i++) { sa[i] = a[name, i]; sb[i] = b[name, i] }
		med["pristine"] = n[name] ? sprintf("%.2f", median(sa, n[name])) : "-"
		med["patched"] = n[name] ? sprintf("%.2f", median(sb, n[name])) : "-"
		delete sa; delete sb
		split("pristine patched", sides, " ")
		for (s = 1; s <= 2; s++) {
			printf "| %s | %s |", name, sides[s]
			for (p = 1; p <= nphases; p++)
				printf " %.2f |", t[name, sides[s], phase[p]]
			printf " %.2f | %s |\n", traced[name, sides[s]], med[sides[s]]
		}
	}
}' "$1" "$2"
