#!/usr/bin/env bash
# The per-pass table of a profile: for each pass of objtool (in the order
# it runs) the median seconds at each thread count, threaded passes marked;
# then the totals and the Amdahl bound the 1-thread split implies: with S
# the serial seconds (everything but the threaded passes) and P the
# threaded ones, n threads cannot take less than S + P/n.
#
#   THREADED_PASSES="decode ..." passes.sh <results-dir>   (reads passes-raw.csv)
set -euo pipefail

dir=$1
gawk -F, -v threaded="${THREADED_PASSES:?}" -f "$(dirname "$0")/../scripts/median.awk" -e '
BEGIN { split(threaded, tp, " "); for (i in tp) is_threaded[tp[i]] = 1 }
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
		printf "| %s%s |", p, p in is_threaded ? " (threaded)" : ""
		for (i = 1; i <= nt; i++) {
			m = med(torder[i], p)
			printf " %.3f |", m
			if (p in is_threaded) par[i] += m; else ser[i] += m
		}
		printf "\n"
	}
	printf "| **threaded passes** |"
	for (i = 1; i <= nt; i++) printf " %.3f |", par[i]
	printf "\n| **serial passes** |"
	for (i = 1; i <= nt; i++) printf " %.3f |", ser[i]
	printf "\n| **outside any pass** (start-up, exit) |"
	for (i = 1; i <= nt; i++) printf " %.3f |", med(torder[i], "wall") - par[i] - ser[i]
	printf "\n| **wall** (median) |"
	for (i = 1; i <= nt; i++) printf " %.3f |", med(torder[i], "wall")
	printf "\n"
	if (torder[1] != 1) exit
	T1 = med(1, "wall"); P = par[1]; S = T1 - P
	printf "| **Amdahl bound** (S + P/n) |"
	for (i = 1; i <= nt; i++) printf " %.3f |", S + P / torder[i]
	printf "\n\n"
	printf "At 1 thread the threaded passes take %.3f s of %.3f s: serial fraction %.2f, "\
	       "so no thread count can take under %.3f s (%.2fx of the 1-thread wall).\n",
	       P, T1, S / T1, S, S / T1
}' "$dir/passes-raw.csv"
