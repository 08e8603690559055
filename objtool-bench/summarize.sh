#!/usr/bin/env bash
# Summarize a sweep: per thread count the median and min-max of each tool,
# the median of the per-pair ratios (speedup = baseline/patched wall; user,
# sys and RSS as patched/baseline; with a seed objtool in the sweep, its
# median and speedup too, and the series' speedup over it, seed/patched),
# the runs far from their point's median (flagged, not dropped), the
# per-pass medians, and Amdahl's serial fraction of the patched tool's wall
# time over the thread counts up to nproc (a least-squares fit where there
# are several such points, solved from the point where there is one).
#
#   summarize.sh <results-dir>
#     -> summary.csv, summary.md (the README's table, also on stdout),
#        passes.csv, amdahl.txt
set -euo pipefail

dir=$1
median_awk=$(dirname "$0")/../scripts/median.awk
nproc=$(sed -n 's/^nproc: //p' "$dir/machine.txt")

gawk -F, -v nproc="$nproc" -v dir="$dir" -f "$median_awk" -e '
function ratio(a, x, y) {
	if (y > 0) a[length(a) + 1] = x / y
}
function med(a) {
	return length(a) ? sprintf("%.3f", median(a, length(a))) : "nan"
}
# outliers(a, n): the runs more than 3 scaled median absolute deviations
# from the median ("3 7"), a robust rule that one slow run cannot hide.
function outliers(a, n,    m, d, i, mad, out) {
	m = median(a, n)
	for (i = 1; i <= n; i++) d[i] = a[i] > m ? a[i] - m : m - a[i]
	mad = median(d, n) * 1.4826
	out = ""
	for (i = 1; i <= n; i++)
		if (mad > 0 && d[i] > 3 * mad) out = out (out == "" ? "" : " ") i
	return out
}
function count(list,    f) {
	return list == "" ? 0 : split(list, f, " ")
}
function minmax(a, n, want,    i, m) {
	m = a[1]
	for (i = 2; i <= n; i++)
		if ((want == "min" && a[i] < m) || (want == "max" && a[i] > m)) m = a[i]
	return m
}
NR == 1 { next }
{
	t = $2; run = $3
	if (!(t in seen)) { seen[t] = 1; order[++nt] = t }
	val[$1, t, run, "wall"] = $4; val[$1, t, run, "user"] = $5
	val[$1, t, run, "sys"] = $6;  val[$1, t, run, "rss"] = $7
	if ($1 == "seed") has_seed = 1
	if (run > runs[t]) runs[t] = run
}
END {
	summary = dir "/summary.csv"
	print "threads,runs,base_wall_median,base_wall_min,base_wall_max," \
	      "patched_wall_median,patched_wall_min,patched_wall_max," \
	      "speedup_median,user_ratio_median,sys_ratio_median,rss_ratio_median," \
	      "base_rss_kb_median,patched_rss_kb_median," \
	      "base_outliers,patched_outliers" \
	      (has_seed ? ",seed_wall_median,seed_speedup_median,series_over_seed_median,seed_rss_kb_median,seed_outliers" : "") > summary
	md = dir "/summary.md"
	if (has_seed) {
		print "| threads | runs | baseline wall, median (min-max) | seed wall, median (min-max) | patched wall, median (min-max) | seed speedup | speedup | over the seed | user | sys | RSS | outlier runs |" > md
		print "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |" > md
	} else {
		print "| threads | pairs | baseline wall, median (min-max) | patched wall, median (min-max) | speedup | user | sys | RSS | outlier pairs |" > md
		print "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |" > md
	}
	for (i = 1; i <= nt; i++) {
		t = order[i]; n = runs[t]
		delete sp; delete ur; delete sr; delete rr; delete ss; delete so
		for (r = 1; r <= n; r++) {
			bw[r] = val["baseline", t, r, "wall"]; pw[r] = val["patched", t, r, "wall"]
			br[r] = val["baseline", t, r, "rss"]; pr[r] = val["patched", t, r, "rss"]
			sw[r] = val["seed", t, r, "wall"]; srss[r] = val["seed", t, r, "rss"]
			# Times too short to measure (0.00) give no ratio.
			ratio(sp, bw[r], pw[r])
			if (has_seed) { ratio(ss, bw[r], sw[r]); ratio(so, sw[r], pw[r]) }
			ratio(ur, val["patched", t, r, "user"], val["baseline", t, r, "user"])
			ratio(sr, val["patched", t, r, "sys"], val["baseline", t, r, "sys"])
			ratio(rr, pr[r], br[r])
		}
		pmed[t] = median(pw, n)
		bo = outliers(bw, n); po = outliers(pw, n)
		so_ = has_seed ? outliers(sw, n) : ""
		flags = (bo == "" ? "" : "baseline " bo)
		if (so_ != "") flags = flags (flags == "" ? "" : "; ") "seed " so_
		if (po != "") flags = flags (flags == "" ? "" : "; ") "patched " po
		printf "%s,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%s,%s,%s,%s,%d,%d,%d,%d",
		       t, n, median(bw, n), minmax(bw, n, "min"), minmax(bw, n, "max"),
		       pmed[t], minmax(pw, n, "min"), minmax(pw, n, "max"),
		       med(sp), med(ur), med(sr), med(rr),
		       median(br, n), median(pr, n), count(bo), count(po) > summary
		if (has_seed)
			printf ",%.3f,%s,%s,%d,%d", median(sw, n), med(ss), med(so),
			       median(srss, n), count(so_) > summary
		printf "\n" > summary
		if (has_seed)
			printf "| %s | %d | %.3f s (%.2f-%.2f) | %.3f s (%.2f-%.2f) | %.3f s (%.2f-%.2f) | %sx | %sx | %sx | %sx | %sx | %sx | %s |\n",
			       t, n, median(bw, n), minmax(bw, n, "min"), minmax(bw, n, "max"),
			       median(sw, n), minmax(sw, n, "min"), minmax(sw, n, "max"),
			       pmed[t], minmax(pw, n, "min"), minmax(pw, n, "max"),
			       med(ss), med(sp), med(so), med(ur), med(sr), med(rr),
			       flags == "" ? "none" : flags > md
		else
			printf "| %s | %d | %.3f s (%.2f-%.2f) | %.3f s (%.2f-%.2f) | %sx | %sx | %sx | %sx | %s |\n",
			       t, n, median(bw, n), minmax(bw, n, "min"), minmax(bw, n, "max"),
			       pmed[t], minmax(pw, n, "min"), minmax(pw, n, "max"),
			       med(sp), med(ur), med(sr), med(rr), flags == "" ? "none" : flags > md
	}

	# Amdahl: T(n)/T(1) = s + (1 - s)/n, least squares over 1 < n <= nproc.
	# With one point this is that point solved for s, not a fit: say which.
	amdahl = dir "/amdahl.txt"
	if (!(1 in pmed)) {
		print "no fit: the sweep has no 1-thread point" > amdahl
		text = "no serial fraction: the sweep has no 1-thread point."
	} else {
		sxy = sxx = 0; used = ""; npts = 0
		for (i = 1; i <= nt; i++) {
			t = order[i]
			if (t + 0 <= 1 || t + 0 > nproc) continue
			# Times too short to measure (0.00) say nothing about s.
			if (pmed[1] <= 0 || pmed[t] <= 0) continue
			x = 1 - 1 / t; y = 1 - pmed[t] / pmed[1]
			sxy += x * y; sxx += x * x; used = used (npts++ ? " " : "") t
		}
		if (sxx == 0) {
			print "no fit: no measured point with 1 < threads <= nproc (" nproc ")" > amdahl
			text = "no serial fraction: no measured point with 1 < threads <= nproc (" nproc ")."
		} else {
			s = 1 - sxy / sxx
			method = npts == 1 ? "solved from one point" : "least-squares fit over " npts " points"
			printf "serial_fraction=%.3f\nt1=%.3f\npoints=%s\nmethod=%s\n", s, pmed[1], used, method > amdahl
			text = sprintf("Amdahl serial fraction of the patched tool: %.3f, %s (threads %s; 1 < threads <= nproc = %d).", \
				       s, method, used, nproc)
		}
	}
	close(amdahl)
	print "" > md
	print text > md
	if (has_seed)
		print "Seed: the series up to the port of the seed'"'"'s objtool patch.  Speedups are medians of per-run ratios: baseline/seed, baseline/patched, and seed/patched (over the seed); user, sys and RSS are patched/baseline.  Every recorded run was byte-identical to the baseline'"'"'s of its triplet (object, stdout, stderr, exit status); outliers are more than 3 scaled median absolute deviations from the median of their point, flagged, not dropped." > md
	else
		print "Every recorded pair was byte-identical (object, stdout, stderr, exit status); outlier pairs are more than 3 scaled median absolute deviations from the median of their point, flagged, not dropped." > md
	close(md)
}' "$dir/sweep.csv"
cat "$dir/summary.md"

# Per-pass medians of the patched tool, per thread count, in pass order.
gawk -F, -f "$median_awk" -e '
NR == 1 { next }
{
	if (!(($1) in tseen)) { tseen[$1] = 1; torder[++nt] = $1 }
	if (!(($3) in pseen)) { pseen[$3] = 1; porder[++np] = $3 }
	k = $1 SUBSEP $3
	v[k, ++cnt[k]] = $4
}
END {
	print "threads,pass,median_seconds"
	for (i = 1; i <= nt; i++)
		for (j = 1; j <= np; j++) {
			k = torder[i] SUBSEP porder[j]
			delete a
			for (r = 1; r <= cnt[k]; r++) a[r] = v[k, r]
			if (cnt[k]) printf "%s,%s,%.4f\n", torder[i], porder[j], median(a, cnt[k])
		}
}' "$dir/passes-raw.csv" >"$dir/passes.csv"
