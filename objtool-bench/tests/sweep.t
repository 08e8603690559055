#!/usr/bin/env bash
# The sweep's own logic on a small object with forced threading: its CSVs,
# summary, warm-ups, outlier flags, Amdahl fit, machine.txt and plots, and
# that it stops on wrong output, on a failing objtool and on bad input
# while keeping the finished points.
set -euo pipefail
. "$(dirname "$0")/../../tests/lib/common.sh"

rig_need KOUT
bench=$(cd "$(dirname "$0")/.." && pwd)
export OBJTOOL_BASELINE OBJTOOL_PATCHED OBJTOOL_ARGS
# make's environment names the seed's objtool: the two-objtool cases run
# without it, the three-objtool case (6.) sets it itself.
unset OBJTOOL_SEED
export VMLINUX_O=$KOUT/kernel/sched/core.o

ktap_print_header
ktap_set_plan 25

# A "patched" objtool that misbehaves at --threads=2 only, as FAKE says.
fake_objtool=$bench/tests/fake-objtool.sh
export REAL_OBJTOOL=$OBJTOOL_PATCHED

# 1. A good sweep.
out=$WORK/good
if THREADS="1 2" RUNS=2 WARMUP=2 PATCHES=$PATCHES TREE=$TREE RESULTS=$out \
	"$bench/sweep.sh" >"$WORK/good.log" 2>&1; then
	ktap_test_pass "sweep over threads 1 2 finishes"
else
	sed 's/^/# /' "$WORK/good.log"
	ktap_test_fail "sweep over threads 1 2 finishes"
fi
rows=$(gawk -F, 'NR > 1 && NF == 7' "$out/sweep.csv" 2>/dev/null | wc -l)
ktap_check "sweep.csv: 2 points x 2 pairs x 2 tools ($rows)" [ "$rows" = 8 ]
warmups=$(grep -c 'warm-up [12]/2' "$WORK/good.log" || true)
ktap_check "WARMUP=2: two warm-up pairs per point, not recorded ($warmups)" [ "$warmups" = 4 ]
# shellcheck disable=SC2016 # $1 and $2 are bash -c's own arguments
series_sha=$(bash -c '. "$1/lib.sh" && series_id "$2"' - "$RIG_SCRIPTS" "$PATCHES")
ids() {
	grep -q "^patched: $OBJTOOL_PATCHED (build id [0-9a-f]\{40\})$" "$out/machine.txt" &&
		grep -q "^baseline: $OBJTOOL_BASELINE (build id [0-9a-f]\{40\})$" "$out/machine.txt" &&
		grep -q "^series: $series_sha " "$out/machine.txt" &&
		grep -q "^patched tree: $(git -C "$TREE" rev-parse HEAD) " "$out/machine.txt"
}
ktap_check "machine.txt names the series, the tree's commit, both build ids" ids
md_ok() { grep -q "^| 1 | 2 | " "$1" && grep -q "^| 2 | 2 | " "$1" && grep -q "byte-identical" "$1"; }
ktap_check "summary.md: a row per thread count" md_ok "$out/summary.md"
ktap_check "summary.csv has a row per thread count" \
	[ "$(cut -d, -f1 "$out/summary.csv" 2>/dev/null | tail -n +2 | tr '\n' ' ')" = "1 2 " ]
ktap_check "per-pass medians include the threaded passes" \
	grep -q "^2,jump_dests," "$out/passes.csv"
pngs=0
for p in wall speedup passes; do
	[ "$(head -c 4 "$out/$p.png" 2>/dev/null | od -An -c | tr -d ' ')" = '211PNG' ] && pngs=$((pngs + 1))
done
ktap_check "three PNG plots ($pngs)" [ "$pngs" = 3 ]

# 2. The summary's arithmetic on made-up runs: baseline 10 s throughout,
# patched 10 s at 1 thread and 6 s at 2 (pairs 5, 7 -> median 6): speedup at
# 2 is 10/6, and with nproc 2, T2/T1 = s + (1 - s)/2 gives s = 0.2.
fake=$WORK/made-up
mkdir -p "$fake"
echo "nproc: 2" >"$fake/machine.txt"
{
	echo "tool,threads,run,wall,user,sys,rss_kb,identical"
	for r in 1 2; do
		echo "baseline,1,$r,10,10,1,1000,1"; echo "patched,1,$r,10,10,1,1100,1"
		echo "baseline,2,$r,10,10,1,1000,1"; echo "patched,2,$r,$((r * 2 + 3)),12,1,1200,1"
	done
} >"$fake/sweep.csv"
echo "threads,run,pass,seconds" >"$fake/passes-raw.csv"
"$bench/summarize.sh" "$fake" >/dev/null
ktap_check "speedup is the median of pair ratios (10/5, 10/7 -> 1.714)" \
	grep -q "^2,2,10.000,10.000,10.000,6.000,5.000,7.000,1.714,1.200,1.000,1.200," "$fake/summary.csv"
ktap_check "Amdahl fit: serial fraction 0.2" grep -qx "serial_fraction=0.200" "$fake/amdahl.txt"
ktap_check "one point: called solved, not a fit" grep -qx "method=solved from one point" "$fake/amdahl.txt"

# Outliers: nine pairs, patched's pair 4 three times slower than the rest:
# flagged (the median and the ratios stay), no baseline run flagged.
out9=$WORK/outliers
mkdir -p "$out9"
echo "nproc: 2" >"$out9/machine.txt"
{
	echo "tool,threads,run,wall,user,sys,rss_kb"
	for r in 1 2 3 4 5 6 7 8 9; do
		echo "baseline,1,$r,10.$r,10,1,1000"
		if [ "$r" = 4 ]; then w=30; else w=9.$r; fi
		echo "patched,1,$r,$w,10,1,1000"
	done
} >"$out9/sweep.csv"
echo "threads,run,pass,seconds" >"$out9/passes-raw.csv"
"$bench/summarize.sh" "$out9" >"$WORK/outliers.log"
flagged() { grep -q ",0,1$" "$1/summary.csv" && grep -q "| patched 4 |$" "$1/summary.md"; }
ktap_check "a run far from its median is flagged, the others are not" flagged "$out9"

# Without a 1-thread point there is no fit, and the plots still come out.
grep -v '^[a-z]*,1,' "$fake/sweep.csv" >"$fake/sweep.csv.new"
mv "$fake/sweep.csv.new" "$fake/sweep.csv"
nofit() {
	"$bench/summarize.sh" "$fake" >/dev/null && "$bench/plot.sh" "$fake" &&
		grep -q '^no fit' "$fake/amdahl.txt" && [ -s "$fake/speedup.png" ]
}
ktap_check "no 1-thread point: no Amdahl fit, plots still drawn" nofit

# 3. Wrong output stops the sweep, names the section, keeps point 1.
out=$WORK/corrupt
rc=0
FAKE=corrupt OBJTOOL_PATCHED=$fake_objtool THREADS="1 2" RUNS=1 RESULTS=$out \
	"$bench/sweep.sh" >"$WORK/corrupt.log" 2>&1 || rc=$?
if [ "$rc" != 0 ] && grep -q "NOT identical" "$WORK/corrupt.log" &&
   grep -q "^  \.text: " "$WORK/corrupt.log" &&
   grep -q "^patched,1,1," "$out/sweep.csv" && ! grep -q "^patched,2," "$out/sweep.csv" &&
   grep -q "^1,1," "$out/summary.csv"; then
	ktap_test_pass "a mismatch stops the sweep, names .text, keeps and summarizes threads=1"
else
	sed 's/^/# /' "$WORK/corrupt.log"
	ktap_test_fail "a mismatch stops the sweep, names .text, keeps and summarizes threads=1"
fi

# 4. An objtool that fails at one thread count.
out=$WORK/fail
rc=0
FAKE=fail OBJTOOL_PATCHED=$fake_objtool THREADS="1 2" RUNS=1 RESULTS=$out \
	"$bench/sweep.sh" >"$WORK/fail.log" 2>&1 || rc=$?
if [ "$rc" != 0 ] && grep -q "failed (exit 1) at threads=2" "$WORK/fail.log" &&
   grep -q "fake: failing" "$WORK/fail.log" && grep -q "^patched,1,1," "$out/sweep.csv"; then
	ktap_test_pass "a failing objtool stops the sweep with its message, keeps threads=1"
else
	sed 's/^/# /' "$WORK/fail.log"
	ktap_test_fail "a failing objtool stops the sweep with its message, keeps threads=1"
fi

# 5. Cancelled (SIGTERM to its process group, as a closed terminal or a CI
# timeout sends) while threads=2 runs: it stops at once, its copies go,
# and the finished point is summarized.
out=$WORK/cancel
mkdir -p "$WORK/tmp"
FAKE=slow OBJTOOL_PATCHED=$fake_objtool THREADS="1 2" RUNS=1 RESULTS=$out TMPDIR=$WORK/tmp \
	setsid "$bench/sweep.sh" >"$WORK/cancel.log" 2>&1 &
pid=$!
for _ in $(seq 100); do
	grep -q 'threads=1 .* pair 1/1' "$WORK/cancel.log" && break
	sleep 0.1
done
sleep 0.5
started=$(date +%s)
kill -TERM -- -"$pid" 2>/dev/null || true
rc=0
wait "$pid" || rc=$?
took=$(($(date +%s) - started))
sed 's/^/# /' "$WORK/cancel.log"
promptly() { [ "$rc" = 143 ] && [ "$took" -lt 10 ]; }
ktap_check "cancelled: exits 143 within 10 s (exit $rc after ${took}s)" promptly
ktap_check "cancelled: no copies left in TMPDIR" [ -z "$(ls -A "$WORK/tmp")" ]
partial() { grep -q "PARTIAL summary" "$WORK/cancel.log" && grep -q "^1,1," "$1/summary.csv"; }
ktap_check "cancelled: the finished point is summarized" partial "$out"

# 6. Three objtools: the seed's (here the patched one again) between them,
# every run recorded, each of the six orders in turn; and the arithmetic
# on made-up runs: baseline 10 s, seed 8, patched 5 -> seed speedup 1.25,
# speedup 2, over the seed 1.6.
out=$WORK/seed
rc=0
OBJTOOL_SEED=$OBJTOOL_PATCHED THREADS="1 2" RUNS=2 WARMUP=0 RESULTS=$out \
	"$bench/sweep.sh" >"$WORK/seed.log" 2>&1 || rc=$?
sed 's/^/# /' "$WORK/seed.log" | tail -5
seeded() { [ "$rc" = 0 ] && [ "$(grep -c '^seed,' "$1/sweep.csv")" = 4 ] &&
	[ "$(grep -c '^[a-z]*,[12],[12],' "$1/sweep.csv")" = 12 ]; }
ktap_check "with OBJTOOL_SEED: 2 points x 2 runs x 3 tools (exit $rc)" seeded "$out"
ktap_check "... machine.txt names the seed's build" grep -q "^seed: $OBJTOOL_PATCHED (build id [0-9a-f]\{40\}" "$out/machine.txt"
ktap_check "... summary.md has the seed's columns" grep -q '| seed speedup | speedup | over the seed |' "$out/summary.md"
fake=$WORK/made-up-seed
mkdir -p "$fake"
echo "nproc: 2" >"$fake/machine.txt"
{
	echo "tool,threads,run,wall,user,sys,rss_kb"
	for r in 1 2 3; do
		echo "baseline,2,$r,10,10,1,1000"; echo "seed,2,$r,8,10,1,1000"; echo "patched,2,$r,5,10,1,1000"
	done
} >"$fake/sweep.csv"
echo "threads,run,pass,seconds" >"$fake/passes-raw.csv"
"$bench/summarize.sh" "$fake" >/dev/null
ktap_check "seed arithmetic: speedup 2.000, seed 8 s, seed speedup 1.250, over the seed 1.600" \
	grep -q "^2,3,10.000,10.000,10.000,5.000,5.000,5.000,2.000,.*,8.000,1.250,1.600,1000,0$" "$fake/summary.csv"
order_ok() {
	local orders
	# shellcheck disable=SC2016 # $1 is bash -c's own argument
	orders=$(bash -c 'tools=(baseline seed patched); eval "$(sed -n "/^order() {/,/^}/p" "$1")"; for r in 1 2 3 4 5 6; do order "$r"; done' - "$bench/sweep.sh" | awk '{ print $1 }' | sort | uniq -c | awk '{ print $1 }' | tr '\n' ' ')
	[ "$orders" = "2 2 2 " ]
}
ktap_check "six runs in a row: each tool first twice" order_ok

# 7. Bad input: not an ELF object, garbage in THREADS.
refused() { [ "$1" != 0 ] && grep -q -- "$2" "$3"; }
echo "not an object" >"$WORK/text.o"
rc=0
VMLINUX_O=$WORK/text.o RESULTS=$WORK/bad "$bench/sweep.sh" >"$WORK/bad.log" 2>&1 || rc=$?
ktap_check "a non-ELF VMLINUX_O is refused (exit $rc)" \
	refused "$rc" 'is not an ELF object' "$WORK/bad.log"
rc=0
THREADS="1 two" RESULTS=$WORK/bad2 "$bench/sweep.sh" >"$WORK/bad2.log" 2>&1 || rc=$?
ktap_check "THREADS='1 two' is refused (exit $rc)" \
	refused "$rc" "'two' is not a thread count" "$WORK/bad2.log"

ktap_finished
