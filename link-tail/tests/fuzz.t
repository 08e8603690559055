#!/usr/bin/env bash
# Fuzz kallsyms' ELF reader (the patched tree's scripts/kallsyms-sysmap.c
# and elf-parse.c) with libFuzzer under AddressSanitizer and UBSan for a
# bounded time (FUZZ_SECONDS, default 20; FUZZ_SEED, default 1), from the
# small corpus kept in link-tail/fuzz/corpus.  Any crash, leak or undefined
# behaviour fails; the input that caused it is kept in build/ and named.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

seconds=${FUZZ_SECONDS:-20}
# A fixed seed (FUZZ_SEED, default 1) makes a run repeat the same inputs, so
# that CI and a developer see the same thing; set another to explore more.
seed=${FUZZ_SEED:-1}
keep=${FUZZ_ARTIFACTS:-$KOUT/../fuzz-artifacts}

# build <out> <kallsyms-sysmap.c>: the harness, against the given reader.
build() {
	clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-fno-sanitize=alignment -I "$TREE/scripts/include" -I "$TREE/scripts" \
		-o "$1" "$LINK_TAIL/fuzz/sysmap-fuzz.c" "$2" "$TREE/scripts/elf-parse.c"
}

ktap_print_header
ktap_set_plan 3

ktap_check "the harness builds (clang, libFuzzer, ASan, UBSan)" \
	build "$WORK/fuzz" "$TREE/scripts/kallsyms-sysmap.c"

cp -r "$LINK_TAIL/fuzz/corpus" "$WORK/corpus"
mkdir -p "$WORK/artifacts"
rc=0
timeout $((seconds + 120)) "$WORK/fuzz" -max_total_time="$seconds" -seed="$seed" \
	-max_len=65536 -close_fd_mask=2 -artifact_prefix="$WORK/artifacts/" \
	"$WORK/corpus" >"$WORK/fuzz.log" 2>&1 || rc=$?
ktap_print_msg "$(grep -E '^Done|^#[0-9]+.*DONE' "$WORK/fuzz.log" | tail -1)"
if [ "$rc" != 0 ]; then
	mkdir -p "$keep"
	cp "$WORK"/artifacts/* "$keep/" 2>/dev/null || true
	grep -E 'ERROR|SUMMARY|runtime error' "$WORK/fuzz.log" | head -5 | sed 's/^/# /'
	ktap_print_msg "exit $rc; inputs kept in $keep: $(ls "$WORK/artifacts")"
fi
ktap_check "${seconds}s of fuzzing: no crash, leak or undefined behaviour" [ "$rc" = 0 ]

# Planted: with the symbol table's bounds check taken out, the harness must
# catch the read past the end on an input whose .symtab lies outside it.
sed 's/!in_file(elf, shdr_offset(elf->symtab), shdr_size(elf->symtab))/0/' \
	"$TREE/scripts/kallsyms-sysmap.c" >"$WORK/planted.c"
build "$WORK/planted" "$WORK/planted.c"
cp "$LINK_TAIL/fuzz/corpus/symbols-exec" "$WORK/bad"
printf '\x00\x00\x00\x00\x01\x00\x00\x00' |
	dd of="$WORK/bad" bs=1 seek="$(symtab_offset_field "$WORK/bad")" conv=notrunc status=none
caught() {
	! "$WORK/planted" "$WORK/bad" >"$WORK/planted.log" 2>&1 &&
		grep -q AddressSanitizer "$WORK/planted.log"
}
ktap_check "planted: a missing bounds check is caught" caught

ktap_finished
