#!/usr/bin/env bash
# shellcheck disable=SC2016 # awk programs, literal on purpose
# The toolchain symbols patch 0017 adds to Kconfig (CC_HAS_, LD_HAS_,
# AS_HAS_: one per option the Makefiles probed) only answer the Makefiles'
# question: no Kconfig option depends on, selects or defaults by one, so
# that a compiler without the option changes command lines, as the probe
# did, and never the configuration (which options exist, their values).
# Each is used by some Makefile (else its probe is dead weight), and each is
# defined once.  The check runs on the patched tree and, to show it can
# fail, on a copy of one Kconfig file with a planted "depends on".
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" probe-symbols
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

patch=$(find "$PATCHES" -name '0017-*.patch' | head -1)
[ -n "$patch" ] || ktap_exit_fail_msg "no patch 0017 in $PATCHES"
mapfile -t symbols < <(sed -n 's/^+config \([A-Z]*_HAS_[A-Z0-9_]*\)$/\1/p' "$patch" | sort -u)

# kconfig_uses <tree>: "<file>:<line>: <symbol>" for each use of one of
# the symbols in a Kconfig file of <tree> other than its definition (a
# comment's mention does not count).
kconfig_uses() {
	(cd "$1" && find . -name 'Kconfig*' -type f -print0 | xargs -0 gawk -v syms="${symbols[*]}" '
	BEGIN { n = split(syms, s, " "); for (i = 1; i <= n; i++) want[s[i]] = 1 }
	{
		line = $0
		sub(/#.*/, "", line)
		if (line ~ /^[ \t]*(menu)?config[ \t]/)
			next
		while (match(line, /[A-Z][A-Z0-9_]*_HAS_[A-Z0-9_]+/)) {
			sym = substr(line, RSTART, RLENGTH)
			if (sym in want)
				printf "%s:%d: %s\n", FILENAME, FNR, sym
			line = substr(line, RSTART + RLENGTH)
		}
	}')
}

# definitions <tree>: how many times each symbol is defined, "<n> <symbol>"
definitions() {
	(cd "$1" && find . -name 'Kconfig*' -type f -print0 | xargs -0 cat) |
		sed -n 's/^[ \t]*config \([A-Z]*_HAS_[A-Z0-9_]*\)[ \t]*$/\1/p' |
		grep -xF -f <(printf '%s\n' "${symbols[@]}") | sort | uniq -c
}

# unused_in_makefiles <tree>: the symbols no Makefile, Kbuild or .mk file
# names as CONFIG_<symbol>
unused_in_makefiles() {
	local used
	used=$(cd "$1" && find . \( -name 'Makefile*' -o -name 'Kbuild' -o -name '*.mk' \) -type f -print0 |
		xargs -0 grep -ohE 'CONFIG_[A-Z]*_HAS_[A-Z0-9_]+' | sort -u)
	local s
	for s in "${symbols[@]}"; do
		grep -qxF "CONFIG_$s" <<<"$used" || echo "$s"
	done
}

ktap_print_header
ktap_set_plan 5

ktap_print_msg "patch 0017 adds ${#symbols[@]} toolchain symbols"
has_symbols() { [ "${#symbols[@]}" -ge 40 ]; }
ktap_check "the symbols are read from patch 0017 (at least 40)" has_symbols

uses=$(kconfig_uses "$TREE")
[ -z "$uses" ] || printf '%s\n' "$uses" | sed 's/^/# used in Kconfig: /'
ktap_check "no Kconfig file uses one (depends on, select, imply, default, if)" test -z "$uses"

defs=$(definitions "$TREE")
once() { [ "$(gawk '$1 == 1' <<<"$defs" | wc -l)" -eq "${#symbols[@]}" ]; }
ktap_check "each is defined exactly once" once

unused=$(unused_in_makefiles "$TREE")
[ -z "$unused" ] || printf '%s\n' "$unused" | sed 's/^/# no Makefile uses: /'
ktap_check "each is used by a Makefile" test -z "$unused"

# The planted fault: a copy of init/Kconfig in which an option depends on
# the first symbol.
mkdir -p "$WORK/planted/init"
gawk -v sym="${symbols[0]}" '{ print } /^config CC_IS_GCC$/ { print "\tdepends on " sym }' \
	"$TREE/init/Kconfig" >"$WORK/planted/init/Kconfig"
planted=$(kconfig_uses "$WORK/planted")
ktap_print_msg "planted: ${planted:-nothing found}"
caught() { grep -q ": ${symbols[0]}\$" <<<"$planted"; }
ktap_check "a planted 'depends on ${symbols[0]}' is found" caught

ktap_finished
