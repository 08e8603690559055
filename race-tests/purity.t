#!/usr/bin/env bash
# The threaded lookups only look up (include/objtool/parallel.h), checked,
# not argued: objtool built with -DOBJTOOL_CHECK_THREADS aborts when a
# lookup warns straight to stderr, adds to objtool_file's lists, takes an
# ENDBR off the seal list or changes the ELF file, and when the dead_end
# cache gives another answer than the uncached walk.  The TSAN objtool of
# the race tests is built with the checks (so tsan.t runs them at every
# thread count it tries); here a checked objtool built from a copy of the
# patched tree's tools/, with plants that RIG_PLANT switches on, shows that
# the checks fire: each plant aborts with the check's message, at 2 threads
# and on the serial path; with none the output is the baseline's.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

read -ra args <<<"$OBJTOOL_ARGS"
PLANTS=(warning list elf dead_end endbr pick walk jump_table site orc)

ktap_print_header
ktap_set_plan $((3 + ${#PLANTS[@]} + 1))

has_checks() {
	nm "$1" 2>/dev/null | grep ' impure_range_lookup$' >/dev/null
}
ktap_check "the race tests' TSAN objtool has the checks built in" has_checks "$OBJTOOL_TSAN"

# The plants: a lookup (find_call_dests(), on the threads) that warns,
# adds a call to objtool_file's mcount list, writes an instruction back, or
# (in mark_dead_end_functions()) caches the opposite of each answer; a
# threaded validate_ibt() that takes an ENDBR off the seal list itself; a
# whole-text walk's threaded test (validate_retpoline()'s) that warns; a
# function's walk (validate_branch(), on the threads for most functions)
# that adds a call to objtool_file's mcount list; a turn of
# add_jump_table_alts() (on the threads for most families) that does too;
# an annotation's lookup (find_annotation_chunk()) that adds a call site.
# objtool builds from tools/ alone (its sync-check is skipped without the
# kernel's own directories beside it).
cp -r "$TREE/tools" "$WORK/tools"
check_c=$WORK/tools/objtool/check.c
gawk '
/^static bool dead_end_cached;$/ && !done_fn {
	print "static int rig_plant(const char *name)"
	print "{"
	print "\tconst char *p = getenv(\"RIG_PLANT\");"
	print ""
	print "\treturn p && !strcmp(p, name);"
	print "}"
	print ""
	print "static int add_site(struct insn_sites *sites, struct instruction *insn);"
	print ""
	done_fn = 1
}
{ print }
/^static int find_call_dests\(/ { in_find = 1 }
in_find && /range_for_each_insn\(file, range, insn\) \{/ {
	print "\t\tif (rig_plant(\"warning\"))"
	print "\t\t\tWARN(\"planted warning\");"
	print "\t\tif (rig_plant(\"list\") && insn->type == INSN_CALL)"
	print "\t\t\tfile_list_add(&insn->call_node, &file->mcount_loc_list);"
	print "\t\tif (rig_plant(\"elf\"))"
	print "\t\t\telf_write_insn(file->elf, insn->sec, insn->offset, insn->len,"
	print "\t\t\t\t       (const char *)insn->sec->data->d_buf + insn->offset);"
	in_find = 0
}
/^static int validate_ibt_range\(/ { in_ibt = 1 }
in_ibt && /range_for_each_insn\(file, range, insn\) \{/ {
	print "\t\tif (rig_plant(\"endbr\") && insn->type == INSN_ENDBR)"
	print "\t\t\tmark_endbr_used(insn);"
	in_ibt = 0
}
/^static bool pick_retpoline\(/ { in_pick = 1 }
in_pick && /^\{$/ {
	print "\tif (rig_plant(\"pick\"))"
	print "\t\tWARN_INSN(insn, \"planted warning\");"
	in_pick = 0
}
/^static int validate_branch\(/ { in_walk = 1 }
in_walk && /insn->visited \|= visited;/ {
	print "\t\tif (rig_plant(\"walk\") && insn->type == INSN_CALL)"
	print "\t\t\tfile_list_add(&insn->call_node, &file->mcount_loc_list);"
	in_walk = 0
}
/^static int func_jump_tables\(/ { in_jt = 1 }
in_jt && /mark_func_jump_tables\(file, func\);/ {
	print "\tif (rig_plant(\"jump_table\") && func->insn)"
	print "\t\tfile_list_add(&func->insn->call_node, &file->mcount_loc_list);"
	in_jt = 0
}
/^static int find_annotation_chunk\(/ { in_ann = 1 }
in_ann && /reloc = &ai->rsec->relocs\[i\];/ {
	print "\t\tif (rig_plant(\"site\") && i && ai->insn[i - 1])"
	print "\t\t\tadd_site(&ai->file->call_sites, ai->insn[i - 1]);"
	in_ann = 0
}
/sym->dead_end = __dead_end_function\(file, sym, 0\) \?/ { in_mark = 1 }
in_mark && /DEAD_END_YES : DEAD_END_NO;/ {
	print "\t\tif (rig_plant(\"dead_end\"))"
	print "\t\t\tsym->dead_end = sym->dead_end == DEAD_END_YES ?"
	print "\t\t\t\t\tDEAD_END_NO : DEAD_END_YES;"
	in_mark = 0
}' "$TREE/tools/objtool/check.c" >"$check_c"
# And in orc_create()'s threaded walk (the ranges' other way onto threads,
# run_text_ranges()), a warning.
orc_c=$WORK/tools/objtool/orc_gen.c
gawk '
{ print }
/^static int orc_text_range\(/ { in_orc = 1 }
in_orc && /range->sec = text->sec;/ {
	print "\tif (getenv(\"RIG_PLANT\") && !strcmp(getenv(\"RIG_PLANT\"), \"orc\"))"
	print "\t\tWARN(\"planted warning\");"
	in_orc = 0
}' "$TREE/tools/objtool/orc_gen.c" >"$orc_c"
planted_lines=$(cat <(diff "$TREE/tools/objtool/check.c" "$check_c") \
	<(diff "$TREE/tools/objtool/orc_gen.c" "$orc_c") | grep -c '^>' || true)
ktap_print_msg "$planted_lines lines planted in check.c and orc_gen.c"
all_planted() { [ "$planted_lines" -eq 31 ]; }
ktap_check "the plants are in the copy's check.c and orc_gen.c (31 lines)" all_planted

OBJTOOL_EXTRA_CFLAGS="-DOBJTOOL_CHECK_THREADS" \
	"$RIG_SCRIPTS/build-objtool.sh" "$WORK" "$WORK/build" >/dev/null
checked=$WORK/build/objtool

run_objtool "$OBJTOOL_BASELINE" "$VMLINUX_O" "$WORK/base" "${args[@]}"
run_objtool "$checked" "$VMLINUX_O" "$WORK/clean" --threads=2 "${args[@]}"
ktap_check "no plant: the checked objtool at 2 threads is identical to the baseline" \
	same_run "$WORK/base" "$WORK/clean"

# aborted <dir> <message>: objtool aborted (SIGABRT, 134) with the check's
# message, naming where, and left the object as it was.
aborted() {
	[ "$(cat "$1/rc")" = 134 ] && grep -q -- "$2" "$1/stderr" && cmp -s "$VMLINUX_O" "$1/vmlinux.o"
}
declare -A message=(
	[warning]="BUG: a warning in a threaded lookup (check.c:"
	[list]="BUG: an add to objtool_file's lists in a threaded lookup (check.c:"
	[elf]="BUG: an ELF change in a threaded lookup (.*elf.h:"
	[dead_end]="BUG: .*(): dead_end cache is wrong"
	[endbr]="BUG: a change to the ENDBR list in a threaded lookup (check.c:"
	[pick]="BUG: a warning in a threaded lookup (check.c:"
	[walk]="BUG: an add to objtool_file's lists in a threaded lookup (check.c:"
	[jump_table]="BUG: an add to objtool_file's lists in a threaded lookup (check.c:"
	[site]="BUG: an add to objtool_file's sites in a threaded lookup (check.c:"
	[orc]="BUG: a warning in a threaded lookup (orc_gen.c:"
)
for p in "${PLANTS[@]}"; do
	RIG_PLANT=$p run_objtool "$checked" "$VMLINUX_O" "$WORK/$p" --threads=2 "${args[@]}"
	ktap_print_msg "$p: exit $(cat "$WORK/$p/rc"): $(grep -m1 BUG "$WORK/$p/stderr" || echo 'no BUG message')"
	ktap_check "planted $p at 2 threads: aborted by the check" aborted "$WORK/$p" "${message[$p]}"
	rm -rf "${WORK:?}/$p"
done

RIG_PLANT=warning run_objtool "$checked" "$VMLINUX_O" "$WORK/serial" --threads=1 "${args[@]}"
ktap_check "planted warning on the serial path (--threads=1): aborted too" \
	aborted "$WORK/serial" "${message[warning]}"

ktap_finished
