#!/usr/bin/env bash
# The machine and inputs a sweep ran on, for its results folder.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
echo "nproc: $(nproc)"
echo "memory: $(free -g | awk '/^Mem:/ { print $2 " GiB" }')"
echo "kernel: $(uname -r)"
echo "compiler: $(gcc --version | head -1)"
echo "tree: ${LINUX_SOURCE_PKG:-?} ${LINUX_SOURCE_VERSION:-?}${KSRC:+ (KSRC=$KSRC)}"
if [ -n "${PATCHES:-}" ]; then
	echo "series: $(series_id "$PATCHES") ($(series_patches "$PATCHES" | wc -l) patches in $PATCHES)"
fi
if [ -n "${TREE:-}" ]; then
	echo "patched tree: $(git -C "$TREE" rev-parse HEAD 2>/dev/null || echo "not a git tree") ($TREE)"
fi
echo "object: $VMLINUX_O ($(stat -c %s "$VMLINUX_O") bytes)"
echo "objtool args: $OBJTOOL_ARGS"
base_id=$(build_id "$OBJTOOL_BASELINE") patched_id=$(build_id "$OBJTOOL_PATCHED")
echo "baseline: $OBJTOOL_BASELINE (build id ${base_id:-none})"
echo "patched: $OBJTOOL_PATCHED (build id ${patched_id:-none})"
if [ -n "${OBJTOOL_SEED:-}" ]; then
	seed_id=$(build_id "$OBJTOOL_SEED")
	echo "seed: $OBJTOOL_SEED (build id ${seed_id:-none}; the series up to ${SEED_PATCH:-its seed patch}, commit $(cat "$(dirname "$OBJTOOL_SEED")/commit" 2>/dev/null || echo "?"))"
fi
echo "runs: ${RUNS:-9} pairs (triplets with a seed) per point, after ${WARMUP:-1} warm-up one(s)"
