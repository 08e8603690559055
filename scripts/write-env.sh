#!/usr/bin/env bash
# write-env.sh <file> NAME=value...: the variables as a bash file to source
# (scripts/rig-env.sh), each value quoted; written whole or not at all.
set -euo pipefail

file=$1
shift
mkdir -p "$(dirname "$file")"
{
	echo "# Written by make for tests run on their own (scripts/rig-env.sh)."
	for assignment in "$@"; do
		printf 'export %s=%q\n' "${assignment%%=*}" "${assignment#*=}"
	done
} >"$file.tmp"
mv "$file.tmp" "$file"
