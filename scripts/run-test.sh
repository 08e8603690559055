#!/usr/bin/env bash
# How prove runs each of the rig's tests (prove --exec): under the time
# limit its folder's settings file gives it, as kselftests' settings do, so
# that a test that hangs fails alone instead of stopping the whole run.
#
#   run-test.sh <path/to/x.t>
#
# <folder>/settings: "timeout=<seconds>" for every test there, and
# "<x>.t=<seconds>" for one; without one, DEFAULT_TIMEOUT (900 s).  On the
# limit the test's process group gets SIGTERM (its traps clean up), then
# SIGKILL 30 s later; the test fails with exit 124 and says why.
set -euo pipefail

DEFAULT_TIMEOUT=900
test=$1
settings=$(dirname "$test")/settings
limit=$DEFAULT_TIMEOUT
if [ -f "$settings" ]; then
	folder=$(sed -n 's/^timeout=\([0-9][0-9]*\)$/\1/p' "$settings")
	own=$(sed -n "s/^$(basename "$test")=\([0-9][0-9]*\)\$/\1/p" "$settings")
	limit=${own:-${folder:-$DEFAULT_TIMEOUT}}
fi
rc=0
timeout -k 30 "$limit" bash "$test" || rc=$?
if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
	echo "# $test: stopped at its time limit, $limit s ($settings)"
fi
exit "$rc"
