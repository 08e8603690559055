#!/usr/bin/env bash
# Plot a summarized sweep with gnuplot:
#   wall.png     wall time vs threads, min-max bars, the baseline's median
#                (and the seed's, if the sweep had one)
#   speedup.png  patched speedup vs its 1-thread run, the ideal, the Amdahl fit,
#                and the speedup vs the baseline (median of pair ratios; the
#                seed's too)
#   passes.png   per-pass time of the patched tool, stacked, per thread count
set -euo pipefail

dir=$(cd "$1" && pwd)
command -v gnuplot >/dev/null || { echo "plot.sh: gnuplot missing (make deps)" >&2; exit 1; }

s=$(sed -n 's/^serial_fraction=//p' "$dir/amdahl.txt")
t1=$(sed -n 's/^t1=//p' "$dir/amdahl.txt")
method=$(sed -n 's/^method=//p' "$dir/amdahl.txt")
host=$(sed -n 's/^cpu: //p' "$dir/machine.txt" | cut -c1-60)
nproc=$(sed -n 's/^nproc: //p' "$dir/machine.txt")

# passes.csv as a table: one row per thread count, one column per group of
# passes (the threaded ones alone, the rest grouped so the stack stays legible).
gawk -F, '
function group(p) {
	if (p ~ /^(elf_read|decode|jump_dests|call_dests|orc|elf_write)$/) return p
	if (p ~ /^validate_/) return "validate"
	if (p ~ /^(static_call_sites|retpoline_sites|cfi_sections|return_sites|direct_call_sites|mcount_loc|prefix_symbols|ibt_seal)$/)
		return "write_sections"
	return "other"
}
NR > 1 {
	if (!($1 in ts)) { ts[$1] = 1; to[++nt] = $1 }
	g = group($2)
	if (!(g in gs)) { gs[g] = 1; go[++ng] = g }
	v[$1, g] += $3
}
END {
	printf "threads"; for (j = 1; j <= ng; j++) printf " %s", go[j]; print ""
	for (i = 1; i <= nt; i++) {
		printf "%s", to[i]
		for (j = 1; j <= ng; j++) printf " %s", v[to[i], go[j]] + 0
		print ""
	}
}' "$dir/passes.csv" >"$dir/passes.dat"
npasses=$(head -1 "$dir/passes.dat" | wc -w)

# Without a fit (no 1-thread point, or times too short to measure) the
# Amdahl and self-relative curves are left out.
amdahl_plot='' self_plot=''
if [ -n "$s" ]; then
	amdahl_plot="amdahl(x) with lines lw 2 title 'Amdahl, serial fraction $s (${method:-fit})',"
	self_plot="'$dir/summary.csv' skip 1 using 1:($t1/\$6) with linespoints lw 2 pt 7 title 'patched vs its 1-thread run',"
else
	s=0
fi

# The seed's columns of summary.csv, where the sweep had a seed objtool:
# its wall median (17) and its speedup (18).
seed_wall='' seed_speedup=''
if head -1 "$dir/summary.csv" | grep -q ',seed_wall_median,'; then
	seed_wall=", '$dir/summary.csv' skip 1 using 1:17 with linespoints lw 2 title 'seed (median)'"
	seed_speedup=", '$dir/summary.csv' skip 1 using 1:18 with linespoints lw 2 pt 9 title 'seed vs baseline (median ratio)'"
fi

gnuplot <<GP
set datafile separator ","
set terminal pngcairo size 900,560 font ",10" noenhanced
set key top right
set grid
set logscale x 2
set xlabel "threads (--threads=N)"

set output "$dir/wall.png"
set title "objtool on vmlinux.o: wall time ($host, $nproc CPUs)"
set ylabel "seconds (median, min-max bars)"
set yrange [0:*]
plot "$dir/summary.csv" skip 1 using 1:3:4:5 with yerrorlines lw 2 title "baseline", \
     "$dir/summary.csv" skip 1 using 1:6:7:8 with yerrorlines lw 2 title "patched" $seed_wall

set output "$dir/speedup.png"
set title "objtool on vmlinux.o: speedup ($host, $nproc CPUs)"
set ylabel "speedup"
set key top left
# Up to a little past what this machine's CPUs allow, or the ideal line
# flattens the measured ones.
set yrange [0:$nproc * 1.25 + 0.5]
amdahl(n) = 1 / ($s + (1 - $s) / n)
plot x with lines dt 2 lc rgb "gray" title "ideal", \
     $amdahl_plot \
     $self_plot \
     "$dir/summary.csv" skip 1 using 1:9 with linespoints lw 2 pt 5 title "patched vs baseline (median pair ratio)" $seed_speedup

GP

# The per-pass stack, if the patched objtool printed its --timing lines.
if [ "$npasses" -lt 2 ]; then
	echo "plot.sh: no per-pass times in $dir: passes.png not drawn" >&2
	exit 0
fi
gnuplot <<GP
set terminal pngcairo size 900,560 font ",10" noenhanced
set grid
set output "$dir/passes.png"
set datafile separator whitespace
unset logscale x
set title "patched objtool on vmlinux.o: time per pass (median)"
set ylabel "seconds"
set xlabel "threads"
set key outside right
set style data histograms
set style histogram rowstacked
set style fill solid 0.8 border -1
set boxwidth 0.7
plot for [i=2:$npasses] "$dir/passes.dat" using i:xtic(1) title columnheader(i)
GP
