# Where link-vmlinux.sh's time goes, from a bash -x trace whose PS4 is
# "+ $EPOCHREALTIME ": each traced command is charged the time until the
# next one starts, by what it runs.
#   gawk -f profile.awk trace  -> "category seconds" lines
function category(cmd) {
	if (cmd == "ld") return "links (ld, 3 of them)"
	if (cmd ~ /(^|\/)kallsyms$/) return "kallsyms"
	if (cmd == "nm") return "nm"
	if (cmd == "sed") return "sed (mksysmap)"
	if (cmd ~ /(^|\/)sorttable$/) return "sorttable"
	if (cmd == "gcc" || cmd == "ccache") return "assembling kallsyms .S"
	return "the script itself (tests, cmp, file-size)"
}
/^\++ [0-9]+\.[0-9]+ / {
	if (prev_t != "") total[prev_c] += $2 - prev_t
	prev_t = $2; prev_c = category($3)
}
END {
	for (c in total) printf "%s\t%.3f\n", c, total[c]
}
