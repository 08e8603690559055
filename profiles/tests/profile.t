#!/usr/bin/env bash
# make profile's pieces: the folding of perf's call chains and the per-pass
# table's arithmetic on made-up input, then a real profile of vmlinux.pre.o
# at 1 and 2 threads (reports, folded stacks, a table row per pass), and
# its clear failures when perf cannot record or objtool fails.
set -euo pipefail
. "$(dirname "$0")/../../tests/lib/common.sh"

rig_need OBJTOOL_PROFILE
prof=$(cd "$(dirname "$0")/.." && pwd)
export OBJTOOL_PATCHED OBJTOOL_PROFILE VMLINUX_O OBJTOOL_ARGS

ktap_print_header
ktap_set_plan 9

# 1. Folding: two samples of one chain, one of another, leaf first as
# perf script prints them; offsets and ';' in names handled.
printf '\n\t1 leaf+0x10\n\t2 mid\n\t3 root\n\n\t4 leaf\n\t5 mid\n\t6 root\n\n\t7 odd;name\n\t8 root\n' |
	gawk -f "$prof/fold.awk" | sort >"$WORK/folded"
printf 'root;mid;leaf 2\nroot;odd:name 1\n' >"$WORK/folded.want"
ktap_check "perf script's chains folded root first, counted" cmp -s "$WORK/folded" "$WORK/folded.want"

# 2. The table on made-up times: decode 2.0 s -> 1.25 s, of which 1.5 ->
# 0.75 s on threads (decode.threaded); elf_read 1.0 s both; wall 3.2 ->
# 2.45: 0.2 s outside any pass, 1.5 s serial in the passes, P = 1.5,
# S = 3.2 - 1.5 = 1.7, bound at 2 threads 1.7 + 0.75 = 2.45, serial
# fraction 1.7/3.2 = 0.53.
mkdir -p "$WORK/made-up"
cat >"$WORK/made-up/passes-raw.csv" <<'CSV'
threads,run,pass,seconds
1,1,elf_read,1.0
1,1,decode,2.0
1,1,decode.threaded,1.5
1,1,wall,3.2
2,1,elf_read,1.0
2,1,decode,1.25
2,1,decode.threaded,0.75
2,1,wall,2.45
CSV
"$prof/passes.sh" "$WORK/made-up" >"$WORK/made-up.md"
sed 's/^/#   /' "$WORK/made-up.md"
table_ok() {
	grep -qxF '| decode.threaded | 1.500 | 0.750 |' "$1" &&
		grep -qxF '| **on threads** (the .threaded parts) | 1.500 | 0.750 |' "$1" &&
		grep -qxF '| **serial in the passes** | 1.500 | 1.500 |' "$1" &&
		grep -qxF '| **outside any pass** (start-up, exit) | 0.200 | 0.200 |' "$1" &&
		grep -qxF '| **Amdahl bound** (S + P/n) | 3.200 | 2.450 |' "$1" &&
		grep -q 'serial fraction 0.53, so no thread count can take under 1.700 s' "$1"
}
ktap_check "per-pass table: medians, totals, Amdahl bound" table_ok "$WORK/made-up.md"

# 3. A real profile, 1 and 2 threads, one timing run each.
out=$WORK/real
rc=0
THREADS="1 2" RUNS=1 RESULTS=$out "$prof/profile.sh" >"$WORK/real.log" 2>&1 || rc=$?
[ "$rc" = 0 ] || sed 's/^/#   /' "$WORK/real.log"
ktap_check "profile of vmlinux.pre.o at 1 and 2 threads finishes (exit $rc)" [ "$rc" = 0 ]
reports() {
	local t
	for t in 1 2; do
		# objtool's own functions, resolved by name.
		[ "$(grep -c '  objtool  *\[\.\] [a-z_]' "$out/t$t/by-symbol.txt")" -ge 5 ] || return 1
		grep -q 'objtool_run' "$out/t$t/call-chains.txt" || return 1
	done
}
ktap_check "reports by symbol and by call chain name objtool's functions" reports
samples=$(gawk '{ s += $NF } END { print s + 0 }' "$out/t1/folded.txt" 2>/dev/null || echo 0)
folded_ok() { [ "$samples" -ge 1000 ] && grep -q '^[^ ]*;objtool_run;check;' "$out/t1/folded.txt"; }
ktap_check "folded stacks: $samples samples at 1 thread, rooted at main" folded_ok
rows_ok() {
	local passes
	passes=$(gawk -F, 'NR > 1 && $3 != "wall" { print $3 }' "$out/passes-raw.csv" | sort -u | wc -l)
	[ "$passes" -ge 10 ] &&
		[ "$(grep -v '^| pass |' "$out/passes.md" | grep -c '^| [a-z_.]* |')" = "$passes" ] &&
		grep -q '^| decode.threaded |' "$out/passes.md" &&
		grep -q '^At 1 thread .* run on the threads: serial fraction' "$out/passes.md"
}
ktap_check "passes.md: a row per pass objtool timed, the Amdahl line" rows_ok

# 4. Failures: said, not hidden.
rc=0
PERF_EVENT=no-such-event THREADS=1 RUNS=1 RESULTS=$WORK/noperf "$prof/profile.sh" >"$WORK/noperf.log" 2>&1 || rc=$?
# failed_with <log> <message>: the run ($rc) failed and said <message>.
failed_with() { [ "$rc" != 0 ] && grep -q "$2" "$1"; }
ktap_check "perf unable to record: refused, saying so (exit $rc)" \
	failed_with "$WORK/noperf.log" "perf cannot record here"
printf '#!/bin/sh\necho "objtool: broken" >&2\nexit 3\n' >"$WORK/broken"
chmod +x "$WORK/broken"
rc=0
OBJTOOL_PROFILE=$WORK/broken THREADS=1 RUNS=1 RESULTS=$WORK/broken-out "$prof/profile.sh" >"$WORK/broken.log" 2>&1 || rc=$?
ktap_check "objtool failing under perf: its message, non-zero exit (exit $rc)" \
	failed_with "$WORK/broken.log" "objtool: broken"
rc=0
THREADS="1 x" RESULTS=$WORK/bad "$prof/profile.sh" >"$WORK/bad.log" 2>&1 || rc=$?
ktap_check "THREADS='1 x' refused (exit $rc)" failed_with "$WORK/bad.log" "not a thread count"

ktap_finished
