#!/usr/bin/env bash
# The per-pass table of a profile: for each pass of objtool (in the order
# it runs) the median seconds at each thread count, and after a pass that
# runs work on threads its "<pass>.threaded" row, the part of it spent in
# parallel_for() (objtool --timing, patch 0037); then the totals and the
# Amdahl bound the 1-thread split implies: with P the threaded seconds
# and S the rest of the run (the passes' serial parts, and start-up and
# exit outside any pass), n threads cannot take less than S + P/n.
#
#   passes.sh <results-dir>     (reads passes-raw.csv)
set -euo pipefail

dir=$1
gawk -F, -f "$(dirname "$0")/../scripts/median.awk" -e '
NR == 1 { next }
{
	if (!($1 in tseen)) { tseen[$1] = 1; torder[++nt] = $1 }
	if ($3 != "wall" && !($3 in pseen)) { pseen[$3] = 1; porder[++np] = $3 }
	k = $1 SUBSEP $3
	v[k, ++cnt[k]] = $4
}
function med(t, p,    k, a, r) {
	k = t SUBSEP p
	for (r = 1; r <= cnt[k]; r++) a[r] = v[k, r]
	return cnt[k] ? median(a, cnt[k]) : 0
}
END {
	printf "| pass |"
	for (i = 1; i <= nt; i++) printf " %s thread%s |", torder[i], torder[i] == 1 ? "" : "s"
	printf "\n| --- |"
	for (i = 1; i <= nt; i++) printf " ---: |"
	printf "\n"
	for (j = 1; j <= np; j++) {
		p = porder[j]
		printf "| %s |", p
		for (i = 1; i <= nt; i++) {
			m = med(torder[i], p)
			printf " %.3f |", m
			if (p ~ /\.threaded$/) par[i] += m; else all[i] += m
		}
		printf "\n"
	}
	printf "| **on threads** (the .threaded parts) |"
	for (i = 1; i <= nt; i++) printf " %.3f |", par[i]
	printf "\n| **serial in the passes** |"
	for (i = 1; i <= nt; i++) printf " %.3f |", all[i] - par[i]
	printf "\n| **outside any pass** (start-up, exit) |"
	for (i = 1; i <= nt; i++) printf " %.3f |", med(torder[i], "wall") - all[i]
	printf "\n| **wall** (median) |"
	for (i = 1; i <= nt; i++) printf " %.3f |", med(torder[i], "wall")
	printf "\n"
	if (torder[1] != 1) exit
	T1 = med(1, "wall"); P = par[1]; S = T1 - P
	printf "| **Amdahl bound** (S + P/n) |"
	for (i = 1; i <= nt; i++) printf " %.3f |", S + P / torder[i]
	printf "\n\n"
	printf "At 1 thread %.3f s of %.3f s run on the threads: serial fraction %.2f, "\
	       "so no thread count can take under %.3f s (%.2fx of the 1-thread wall).\n",
	       P, T1, S / T1, S, S / T1
}' "$dir/passes-raw.csv"
