#!/usr/bin/env bash
# run-with-pid.sh <pidfile> <command...>: write this process's pid, then
# become the command: the root of the process tree bench-build.sh traces.
set -euo pipefail
echo "$$" >"$1"
shift
exec "$@"
