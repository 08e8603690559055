#!/usr/bin/env bash
# plot-phases.sh <phases.csv> <png>: bench-build.sh's phases as stacked
# bars, one panel per case (each its own scale), pristine beside patched.
set -euo pipefail
command -v gnuplot >/dev/null || { echo "plot-phases.sh: gnuplot missing (make deps)" >&2; exit 1; }
csv=$1 png=$2
dat=$(mktemp "${TMPDIR:-/tmp}/phases.XXXXXX")
trap 'rm -f "$dat"*' EXIT

# One data file per case: a header line of phase names, then a line per
# side with its seconds in that order.
mapfile -t cases < <(gawk -F, 'FNR > 1 && !seen[$1]++ { print $1 }' "$csv")
[ "${#cases[@]}" -gt 0 ] || { echo "plot-phases.sh: no phases in $csv" >&2; exit 1; }
for c in "${cases[@]}"; do
	gawk -F, -v c="$c" '
	FNR > 1 && $1 == c && $3 != "traced" {
		if (!($3 in isp)) { isp[$3] = 1; ph[++np] = $3 }
		t[$2, $3] = $4
	}
	END {
		printf "side"
		for (p = 1; p <= np; p++) printf " %s", ph[p]
		printf "\n"
		split("pristine patched", s, " ")
		for (i = 1; i <= 2; i++) {
			printf "%s", s[i]
			for (p = 1; p <= np; p++) printf " %s", t[s[i], ph[p]]
			printf "\n"
		}
	}' "$csv" >"$dat.$c"
done
nphases=$(($(head -1 "$dat.${cases[0]}" | wc -w) - 1))
cols=4
rows=$(((${#cases[@]} + cols - 1) / cols))

{
	echo "set terminal pngcairo size $((cols * 330)),$((rows * 330 + 40)) font \",9\" noenhanced"
	echo "set output \"$png\""
	echo "set multiplot layout $rows,$cols title \"where a make bzImage modules spends its wall time (one traced make each)\""
	echo "set style data histograms"
	echo "set style histogram rowstacked"
	echo "set style fill solid 0.85 border -1"
	echo "set boxwidth 0.6"
	echo "set ylabel \"seconds\""
	echo "set yrange [0:*]"
	echo "set grid ytics"
	echo "set key outside bottom center horizontal maxrows 3 samplen 1"
	# One colour per phase (gnuplot's own eight repeat from the ninth).
	echo "colours = \"#9400d3 #009e73 #56b4e9 #e69f00 #f0e442 #0072b2 #e51e10 #404040 #c0c0c0 #a0522d\""
	for c in "${cases[@]}"; do
		echo "set title \"$c\""
		echo "plot for [i=2:$((nphases + 1))] \"$dat.$c\" using i:xtic(1) title columnheader(i) lc rgb word(colours, i - 1)"
	done
	echo "unset multiplot"
} | gnuplot
