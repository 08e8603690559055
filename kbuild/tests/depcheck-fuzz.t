#!/usr/bin/env bash
# depcheck against make itself (kbuild/fuzz-depcheck.py) for a bounded time
# (DEPCHECK_FUZZ_SECONDS, default 15; DEPCHECK_FUZZ_SEED, default 1): random
# and mutated .cmd files, make's verdict on the target and the saved command
# the same with depcheck's fragment as with the .cmd file, no crash under
# ASan and UBSan.  Two planted faults must be found: a missing dependency
# taken as fine, and a header inside the directory being built trusted
# although this make could regenerate it.
set -euo pipefail
. "$(dirname "$0")/../../scripts/tap.sh" depcheck-fuzz
rig_need TREE BASE_TREE SMALL
. "$(dirname "$0")/../lib.sh"

seconds=${DEPCHECK_FUZZ_SECONDS:-15}
seed=${DEPCHECK_FUZZ_SEED:-1}
fuzz=$KBUILD_RIG/fuzz-depcheck.py
src=$TREE/scripts/basic/depcheck.c

build() {
	build_depcheck "$1" "$2" 2>/dev/null
}

# fuzz <depcheck> <seconds> <log>: run the fuzzer in a fresh directory.
fuzz() {
	local dir
	dir=$(mktemp -d "$WORK/run.XXXXXX")
	timeout $(($2 + 120)) python3 "$fuzz" "$1" "$dir" "$2" "$seed" >"$3" 2>&1
}

# plant <name> <sed expression>: depcheck.c with one fault, built.
plant() {
	sed "$2" "$src" >"$WORK/$1.c"
	! cmp -s "$src" "$WORK/$1.c" && build "$WORK/$1" "$WORK/$1.c"
}

ktap_print_header
ktap_set_plan 4

ktap_check "depcheck builds with ASan and UBSan" build "$WORK/depcheck" "$src"
rc=0
fuzz "$WORK/depcheck" "$seconds" "$WORK/fuzz.log" || rc=$?
sed 's/^/# /' "$WORK/fuzz.log" | tail -6
ktap_check "${seconds}s against make: same decisions, no crash" [ "$rc" = 0 ]

found() {
	plant "$1" "$2" && ! fuzz "$WORK/$1" 20 "$WORK/$1.log" &&
		grep -q 'make decides differently' "$WORK/$1.log"
}
ktap_check "planted: a missing dependency taken as fine is found" \
	found missing 's/^\t\treturn optional;/\t\treturn true;/'
ktap_check "planted: a header in the directory being built trusted is found" \
	found in-dir 's/|| in_build_dir(path))/)/'

ktap_finished
