#!/usr/bin/env bash
# The machine and inputs a sweep ran on, for its results folder.
set -euo pipefail

echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
echo "cpu: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
echo "nproc: $(nproc)"
echo "memory: $(free -g | awk '/^Mem:/ { print $2 " GiB" }')"
echo "kernel: $(uname -r)"
echo "compiler: $(gcc --version | head -1)"
echo "tree: ${LINUX_SOURCE_PKG:-?} ${LINUX_SOURCE_VERSION:-?}${KSRC:+ (KSRC=$KSRC)}"
echo "object: $VMLINUX_O ($(stat -c %s "$VMLINUX_O") bytes)"
echo "objtool args: $OBJTOOL_ARGS"
echo "baseline: $OBJTOOL_BASELINE"
echo "patched: $OBJTOOL_PATCHED"
echo "runs: ${RUNS:-9} pairs per point, after one warm-up pair"
