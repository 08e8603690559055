#!/usr/bin/env bash
# The link tail's benchmark (not a test): pristine vs patched, each step the
# series changes, side by side ($RUNS alternating pairs, medians and the
# median of the per-pair ratios), and where the patched link tail's time
# goes.  Results under $RESULTS (default build/results/link-tail/<host>-<date>).
#
#   bench.sh      (run through make bench-link)
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"
. "$(dirname "$0")/../scripts/pairs.sh"
. "$(dirname "$0")/kbuild-env.sh"

: "${TREE:?}" "${BASE_TREE:?}" "${KOUT:?}" "${LINK_TOOLS:?}"
here=$(cd "$(dirname "$0")" && pwd)
results=$(results_dir link-tail)
mkdir -p "$results"
results=$(cd "$results" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/link-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
exit_on_signals
export LC_ALL=C
# The rig builds with CC="ccache gcc": the assembler runs of kallsyms' .S
# would be served from the cache here, which a plain build does not get.
export CCACHE_DISABLE=1

load_kbuild_env "$KOUT"
opts=()
grep -q '^CONFIG_KALLSYMS_ALL=y' "$KOUT/include/config/auto.conf" && opts+=(--all-symbols)
grep -q '^CONFIG_KALLSYMS_ABSOLUTE_PERCPU=y' "$KOUT/include/config/auto.conf" &&
	opts+=(--absolute-percpu)

# kallsyms as it stood after a patch of the series, named by its subject.
kallsyms_after() {
	local subject=$1 out=$2 commit
	commit=$(git -C "$TREE" log --format=%H --grep="^$subject" pristine..HEAD | head -1)
	[ -n "$commit" ] || die "no commit '$subject' in $TREE"
	git -C "$TREE" show "$commit:scripts/kallsyms.c" >"$work/kallsyms-step.c"
	gcc -O2 -I "$TREE/scripts/include" -o "$out" "$work/kallsyms-step.c"
}
quiet HOSTCC "kallsyms after each patch"
k0=$LINK_TOOLS/kallsyms
k1=$work/kallsyms-index
k2=$work/kallsyms-incbin
k3=$KOUT/scripts/kallsyms
kallsyms_after "kallsyms: index symbols by token" "$k1"
kallsyms_after "kallsyms: output binary data" "$k2"

mksysmap=$BASE_TREE/scripts/mksysmap
tmp2=$KOUT/.tmp_vmlinux2
nm -n "$tmp2" | sed -f "$mksysmap" >"$work/tmp2.syms"

# assemble <base>: <base>.S to <base>.o as link-vmlinux.sh does.
assemble() {
	kbuild_assemble "$KOUT" "$1"
}
w=$work

csv=$results/pairs.csv
echo "case,pair,a_seconds,b_seconds" >"$csv"
{
	echo "| case (A vs B) | pairs | A median s | B median s | B/A median |"
	echo "| --- | --- | --- | --- | --- |"
} >"$results/summary.md"
# ONLY=<regex>: just the cases whose name matches (and no profile).
bench() {
	if [ -n "${ONLY:-}" ] && ! [[ $1 =~ $ONLY ]]; then
		return 0
	fi
	quiet BENCH "$1"
	pair "$@" | tee -a "$results/summary.md"
}

o="${opts[*]}"
bench "0009 kallsyms on .tmp_vmlinux2.syms: pristine vs token index" "$csv" \
	"$k0 $o $w/tmp2.syms >$w/a.S" "$k1 $o $w/tmp2.syms >$w/b.S"
bench "0010 kallsyms + assembler: .byte source vs .incbin" "$csv" \
	"$k1 $o $w/tmp2.syms >$w/a.S && assemble $w/a" \
	"$k2 $o $w/tmp2.syms $w/b.bin >$w/b.S && assemble $w/b"
bench "0012 nm -n piped to mksysmap + kallsyms vs kallsyms reading the ELF file" "$csv" \
	"nm -n $tmp2 | sed -f $mksysmap >$w/a.syms && $k2 $o $w/a.syms $w/a.bin >$w/a.S" \
	"$k3 $o --sysmap=$w/b.syms $tmp2 $w/b.bin >$w/b.S"
bench "0012 System.map of vmlinux: nm -n piped to mksysmap vs kallsyms --sysmap" "$csv" \
	"nm -n $KOUT/vmlinux | sed -f $mksysmap >$w/a.map" \
	"$k3 --sysmap=$w/b.map $KOUT/vmlinux"
bench "0013 nm of the kallsyms objects: -n vs -p" "$csv" \
	"nm -n $KOUT/.tmp_vmlinux2.kallsyms.o >$w/a.sym" \
	"nm -p $KOUT/.tmp_vmlinux2.kallsyms.o >$w/b.sym"
# gen_symversions (CONFIG_MODVERSIONS) runs nm | grep -q on every object it
# builds: here on every object of the tree that exports a symbol.
find "$KOUT" -name '*.o' ! -name '*.mod.o' ! -name 'vmlinux*.o' -size +0 \
	-exec grep -l __export_symbol_ {} + >"$w/exporting" 2>/dev/null || true
gen_symversions_nm() {
	local o
	while read -r o; do
		if "$@" "$o" 2>/dev/null | grep -q ' __export_symbol_'; then :; fi
	done <"$w/exporting"
}
bench "0013 gen_symversions nm on the $(wc -l <"$w/exporting") exporting objects: nm vs nm -p" "$csv" \
	"gen_symversions_nm nm" "gen_symversions_nm nm -p"
bench "all: one kallsyms pass (nm and sed and kallsyms and as) pristine vs patched" "$csv" \
	"nm -n $tmp2 | sed -f $mksysmap >$w/a.syms && $k0 $o $w/a.syms >$w/a.S && assemble $w/a" \
	"$k3 $o --sysmap=$w/b.syms $tmp2 $w/b.bin >$w/b.S && assemble $w/b"

# 0014: an intermediate link with and without --emit-relocs.
ld_cmd() {
	local relocs=$1 out=$2 flags=() f
	for f in ${link_args[2]}; do
		[ "$relocs" = no ] && [ "$f" = --emit-relocs ] && continue
		flags+=("$f")
	done
	# shellcheck disable=SC2086 # kbuild's flags, split as link-vmlinux.sh does
	(cd "$KOUT" && ${link_args[0]} ${link_args[1]} "${flags[@]}" \
		--script=./arch/x86/kernel/vmlinux.lds --strip-debug -o "$out" \
		--whole-archive vmlinux.o .vmlinux.export.o init/version-timestamp.o \
		--no-whole-archive --start-group --end-group .tmp_vmlinux0.kallsyms.o)
}
bench "0014 intermediate link: with vs without relocations" "$csv" \
	"ld_cmd yes $w/a.tmp_vmlinux" "ld_cmd no $w/b.tmp_vmlinux"

[ -n "${ONLY:-}" ] || {
	echo
	echo "Sizes: kallsyms .S $(stat -c %s "$w/a.S") bytes pristine," \
	     "$(stat -c %s "$w/b.S") + $(stat -c %s "$w/b.bin") (.bin) patched;" \
	     "intermediate vmlinux $(stat -c %s "$w/a.tmp_vmlinux") bytes with" \
	     "relocations, $(stat -c %s "$w/b.tmp_vmlinux") without."
} | tee -a "$results/summary.md"

# The whole link tail from vmlinux.o: link-vmlinux.sh, post-link, bzImage.
mkdir -p "$w/patched-tools"
cp "$KOUT/scripts/kallsyms" "$KOUT/scripts/sorttable" "$w/patched-tools/"
RUNS=${LINK_RUNS:-$RUNS} bench "all: link tail from vmlinux.o to bzImage: pristine vs patched" "$csv" \
	"BZIMAGE=1 $here/relink.sh $KOUT $BASE_TREE $LINK_TOOLS built $w/relink-a" \
	"BZIMAGE=1 $here/relink.sh $KOUT $TREE $w/patched-tools built $w/relink-b"

[ -n "${ONLY:-}" ] && { quiet DONE "$results"; exit 0; }

# Where the patched link tail's time goes: vmlinux.o (its ld -r and
# objtool), link-vmlinux.sh's commands (traced), the post-link step and the
# bzImage; medians of 3 runs each.
quiet PROFILE "the patched link tail"
vmlinux_o_cmd=$(sed -n 's/^savedcmd_vmlinux\.o := //p' "$KOUT/.vmlinux.o.cmd")
ld_r=${vmlinux_o_cmd%%; *}
objtool_cmd=$(cat "$KOUT/objtool-cmd")
prof=$w/profile.tsv
: >"$prof"
for i in 1 2 3; do
	# shellcheck disable=SC2086 # kbuild's command, split as make would
	t=$(cd "$KOUT" && wall ${ld_r/ -o vmlinux.o / -o $w/vmlinux.o })
	printf 'vmlinux.o: ld -r of vmlinux.a\t%s\n' "$t" >>"$prof"
	cp "$KOUT/vmlinux.pre.o" "$w/vmlinux.o"
	# shellcheck disable=SC2086
	t=$(cd "$w" && wall ${objtool_cmd/#*\/objtool /$KOUT/tools/objtool/objtool })
	printf 'vmlinux.o: objtool\t%s\n' "$t" >>"$prof"
	LINK_TRACE=1 BZIMAGE=1 "$here/relink.sh" "$KOUT" "$TREE" "$w/patched-tools" built \
		"$w/profile" >/dev/null
	gawk -f "$here/profile.awk" "$w/profile/trace" | sed 's/^/link-vmlinux.sh: /' >>"$prof"
	gawk '{ t[$1] = $2 } END {
		printf "x86 post-link (relocs, strip)\t%.3f\n", t["post-link"] - t["link-vmlinux.sh"]
		printf "bzImage (objcopy, gzip, decompressor link)\t%.3f\n", t["bzImage"] - t["post-link"]
	}' "$w/profile/steps" >>"$prof"
	t=$(wall sh -c "cat $w/profile/arch/x86/boot/compressed/vmlinux.bin \
		$w/profile/arch/x86/boot/compressed/vmlinux.relocs | gzip -n -f -9 >$w/gz")
	printf 'bzImage: of which gzip -9\t%s\n' "$t" >>"$prof"
done
{
	echo
	echo "| step (patched) | median s of 3 |"
	echo "| --- | --- |"
	gawk -F'\t' '{ v[$1] = v[$1] " " $2; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
	END {
		for (i = 1; i <= n; i++) {
			k = split(v[order[i]], x, " "); asort(x)
			printf "| %s | %.3f |\n", order[i], x[int((k + 1) / 2)]
		}
	}' "$prof"
} | tee "$results/profile.md"

{
	echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
	echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
	echo "nproc: $(nproc)"
	echo "compiler: $(gcc --version | head -1)"
	echo "linker: $(ld --version | head -1)"
	echo "series: $(git -C "$TREE" rev-parse HEAD) on $(git -C "$TREE" rev-parse pristine)"
	echo "runs: $RUNS pairs per case (link tail: ${LINK_RUNS:-$RUNS}), after one warm-up pair"
} >"$results/machine.txt"
quiet DONE "$results"
