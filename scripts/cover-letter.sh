#!/usr/bin/env bash
# The series' cover letter, patches/0000-cover-letter.patch, as
# `git format-patch --cover-letter` writes it for pristine..patched: the
# title and body from <patches-dir>/cover-letter.txt (first line the title,
# then a blank line, then the body), the shortlog and the diffstat.  From:
# is the series' porter (its first patch's author), Date: its last
# patch's, and its "From <commit>" line all zeros (--zero-commit): the
# commits of branch patched differ from one make tree to the next (git am
# dates them), and the same series must give the same letter on every
# machine.  Refuses a tree whose branch `patched` does not hold the
# patches patches/series names, in its order.
#
#   cover-letter.sh <tree> <patches-dir>
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: ${0##*/} <tree> <patches-dir>"
tree=$1 patches=$2
txt=$patches/cover-letter.txt
out=$patches/0000-cover-letter.patch

git -C "$tree" rev-parse -q --verify 'pristine^{commit}' >/dev/null 2>&1 ||
	die "$tree: not a git tree with tag pristine (make tree)"
git -C "$tree" rev-parse -q --verify 'refs/heads/patched^{commit}' >/dev/null 2>&1 ||
	die "$tree: no branch patched (make tree)"
[ -f "$patches/series" ] || die "$patches/series missing"
[ -f "$txt" ] || die "$txt missing"

# The series against the branch: as many commits as patches, and each
# commit's subject that of the patch in the same place (git mailinfo
# unfolds a long Subject: and drops its [PATCH n/m]).
mapfile -t series < <(series_patches "$patches")
n=${#series[@]}
[ "$n" -gt 0 ] || die "$patches/series names no patch"
commits=$(git -C "$tree" rev-list --count pristine..patched)
[ "$commits" -eq "$n" ] ||
	die "$tree: branch patched has $commits commits past pristine, $patches/series names $n patches (make tree)"
mapfile -t subjects < <(git -C "$tree" log --reverse --format=%s pristine..patched)
for i in "${!series[@]}"; do
	p=$patches/${series[$i]}
	[ -f "$p" ] || die "$p missing (named in $patches/series)"
	want=$(git -C "$tree" mailinfo /dev/null /dev/null <"$p" | sed -n 's/^Subject: //p')
	[ "$want" = "${subjects[$i]}" ] ||
		die "$tree: commit $((i + 1)) of branch patched is \"${subjects[$i]}\", $p is \"$want\" (make tree)"
done

# The letter is the porter's, the first patch's author (tests/signoffs.t:
# ports keep their upstream author), dated as the last patch.
first=$(git -C "$tree" rev-list --reverse pristine..patched | sed -n 1p)
name=$(git -C "$tree" log -1 --format=%an "$first")
email=$(git -C "$tree" log -1 --format=%ae "$first")
date=$(git -C "$tree" log -1 --format=%aD patched)

# cover-letter.txt: an ASCII title that fits a Subject: line, a blank line,
# a body wrapped at 72 columns.
title=$(head -n 1 "$txt")
[ -n "$title" ] || die "$txt: the first line (the title) is empty"
[ -z "$(sed -n 2p "$txt")" ] || die "$txt: the title must be followed by a blank line"
bad=$(LC_ALL=C grep -n -m1 '[^[:print:][:space:]]' "$txt" | cut -d: -f1 || true)
[ -z "$bad" ] || die "$txt: line $bad is not plain ASCII"
long=$(expand "$txt" | awk 'length > 72 { print NR; exit }')
[ -z "$long" ] || die "$txt: line $long is longer than 72 columns"

work=$(mktemp -d "${TMPDIR:-/tmp}/cover-letter.XXXXXX")
trap 'rm -rf "$work" "$out.tmp"' EXIT
exit_on_signals

# The body: the text after the title's blank line, trailing blank lines
# dropped (format-patch puts one between the blurb and the shortlog).
tail -n +3 "$txt" | sed -e ':a' -e '/^\n*$/{$d;N;ba' -e '}' >"$work/body"
[ -s "$work/body" ] || die "$txt: no body after the title"

GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email GIT_COMMITTER_DATE=$date \
	run git -C "$tree" format-patch --quiet --cover-letter --numbered \
	--subject-prefix=PATCH --zero-commit --no-thread --no-to --no-cc --no-add-header \
	-o "$work/fp" pristine..patched
cover=$work/fp/0000-cover-letter.patch
[ -f "$cover" ] || die "git format-patch wrote no 0000-cover-letter.patch"

for mark in '^Subject: .*\*\*\* SUBJECT HERE \*\*\*$' '^\*\*\* BLURB HERE \*\*\*$'; do
	[ "$(grep -c "$mark" "$cover")" -eq 1 ] ||
		die "git format-patch's cover letter has no single '$mark' to replace"
done
grep -qxF "Date: $date" "$cover" ||
	die "git format-patch's cover letter is not dated $date (the last patch's)"

TITLE=$title awk -v body="$work/body" '
	/^Subject: .*\*\*\* SUBJECT HERE \*\*\*$/ {
		sub(/\*\*\* SUBJECT HERE \*\*\*$/, "")
		print $0 ENVIRON["TITLE"]
		next
	}
	/^\*\*\* BLURB HERE \*\*\*$/ {
		while ((getline line <body) > 0)
			print line
		close(body)
		next
	}
	{ print }
' "$cover" >"$out.tmp"

subject=$(grep -m1 '^Subject: ' "$out.tmp")
[ ${#subject} -le 78 ] ||
	die "$txt: the title is too long for one Subject: line (${#subject} > 78 columns): $subject"
mv "$out.tmp" "$out"
quiet GEN "$out ($subject)"
