#!/usr/bin/env bash
# Replace the generated block of a Markdown file: the lines between the
# first line matching <begin-regex> and the next matching <end-regex>
# become stdin, and the begin line becomes <begin-line>.  With --check,
# write nothing and exit 0 only if the file already is that.  The file is
# replaced whole (written beside it, then renamed), never half-written.
# What README.md's headline table (readme-headline.sh) and
# objtool-bench/README.md's sweep summary (readme-table.sh) are made with.
#
#   md-block.sh [--check] <file> <begin-regex> <begin-line> <end-regex> <content
set -euo pipefail
. "$(dirname "$0")/lib.sh"

check=
[ "${1:-}" != --check ] || { check=1; shift; }
[ $# -eq 4 ] || die "usage: md-block.sh [--check] <file> <begin-regex> <begin-line> <end-regex> <content"
file=$1 begin=$2 begin_line=$3 end=$4

grep -qE -- "$begin" "$file" || die "$file has no line matching $begin"
grep -qE -- "$end" "$file" || die "$file has no line matching $end"
content=$(cat)
# From the environment, not -v: gawk would read backslashes in -v values
# as escapes.
new=$(MD_BEGIN=$begin MD_END=$end MD_LINE=$begin_line MD_CONTENT=$content gawk '
	!done && $0 ~ ENVIRON["MD_BEGIN"] { print ENVIRON["MD_LINE"]; print ENVIRON["MD_CONTENT"]; skip = 1; next }
	skip && $0 ~ ENVIRON["MD_END"] { skip = 0; done = 1 }
	!skip' "$file")

if [ -n "$check" ]; then
	[ "$new" = "$(cat "$file")" ]
else
	printf '%s\n' "$new" >"$file.tmp"
	mv "$file.tmp" "$file"
fi
