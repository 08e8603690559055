#!/usr/bin/env bash
# Summarize a sweep: per thread count the median and min-max of each tool,
# the median of the per-pair ratios (speedup = baseline/patched wall; user,
# sys and RSS as patched/baseline), the per-pass medians, and an Amdahl fit
# of the patched tool's wall time over the thread counts up to nproc.
#
#   summarize.sh <results-dir>  -> summary.csv, passes.csv, amdahl.txt, stdout
set -euo pipefail

dir=$1
nproc=$(sed -n 's/^nproc: //p' "$dir/machine.txt")

gawk -F, -v nproc="$nproc" -v dir="$dir" '
function median(a, n,    s, i) {
	for (i = 1; i <= n; i++) s[i] = a[i]
	asort(s)
	return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
}
function ratio(a, x, y) {
	if (y > 0) a[length(a) + 1] = x / y
}
function med(a) {
	return length(a) ? sprintf("%.3f", median(a, length(a))) : "nan"
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
	if (run > runs[t]) runs[t] = run
}
END {
	summary = dir "/summary.csv"
	print "threads,runs,base_wall_median,base_wall_min,base_wall_max," \
	      "patched_wall_median,patched_wall_min,patched_wall_max," \
	      "speedup_median,user_ratio_median,sys_ratio_median,rss_ratio_median," \
	      "base_rss_kb_median,patched_rss_kb_median" > summary
	printf "%7s %5s %22s %22s %8s %6s %6s %6s\n", "threads", "pairs",
	       "baseline wall (min-max)", "patched wall (min-max)", "speedup",
	       "user", "sys", "rss"
	for (i = 1; i <= nt; i++) {
		t = order[i]; n = runs[t]
		delete sp; delete ur; delete sr; delete rr
		for (r = 1; r <= n; r++) {
			bw[r] = val["baseline", t, r, "wall"]; pw[r] = val["patched", t, r, "wall"]
			br[r] = val["baseline", t, r, "rss"]; pr[r] = val["patched", t, r, "rss"]
			# Times too short to measure (0.00) give no ratio.
			ratio(sp, bw[r], pw[r])
			ratio(ur, val["patched", t, r, "user"], val["baseline", t, r, "user"])
			ratio(sr, val["patched", t, r, "sys"], val["baseline", t, r, "sys"])
			ratio(rr, pr[r], br[r])
		}
		pmed[t] = median(pw, n)
		printf "%s,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%s,%s,%s,%s,%d,%d\n",
		       t, n, median(bw, n), minmax(bw, n, "min"), minmax(bw, n, "max"),
		       pmed[t], minmax(pw, n, "min"), minmax(pw, n, "max"),
		       med(sp), med(ur), med(sr), med(rr),
		       median(br, n), median(pr, n) > summary
		printf "%7s %5d %8.3fs (%.2f-%.2f) %8.3fs (%.2f-%.2f) %7sx %5sx %5sx %5sx\n",
		       t, n, median(bw, n), minmax(bw, n, "min"), minmax(bw, n, "max"),
		       pmed[t], minmax(pw, n, "min"), minmax(pw, n, "max"),
		       med(sp), med(ur), med(sr), med(rr)
	}

	# Amdahl: T(n)/T(1) = s + (1 - s)/n, least squares over 1 < n <= nproc.
	amdahl = dir "/amdahl.txt"
	if (!(1 in pmed)) {
		print "no fit: the sweep has no 1-thread point" > amdahl
	} else {
		sxy = sxx = 0; used = ""
		for (t in pmed) {
			if (t + 0 <= 1 || t + 0 > nproc) continue
			if (pmed[1] <= 0) continue
			x = 1 - 1 / t; y = 1 - pmed[t] / pmed[1]
			sxy += x * y; sxx += x * x; used = used " " t
		}
		if (sxx == 0) {
			print "no fit: no point with 1 < threads <= nproc (" nproc ")" > amdahl
		} else {
			s = 1 - sxy / sxx
			printf "serial_fraction=%.3f\nt1=%.3f\npoints=%s\n", s, pmed[1], used > amdahl
		}
	}
	close(amdahl)
	while ((getline line < amdahl) > 0) print "amdahl: " line
}' "$dir/sweep.csv"

# Per-pass medians of the patched tool, per thread count, in pass order.
gawk -F, '
function median(a, n,    s, i) {
	for (i = 1; i <= n; i++) s[i] = a[i]
	asort(s)
	return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
}
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
