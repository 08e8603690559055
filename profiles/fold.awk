# Fold `perf script -F ip,sym` call chains into "root;...;leaf count"
# lines, the input every flame graph tool takes (Debian 12 packages none
# to draw one).  A sample is a run of "\t<ip> <symbol>" lines, leaf first,
# ended by a blank line.
/^[ \t]+[0-9a-f]+ / {
	sym = $2
	for (i = 3; i <= NF; i++) sym = sym " " $i
	sub(/\+0x[0-9a-f]+$/, "", sym)
	gsub(/;/, ":", sym)
	stack[++depth] = sym
	next
}
/^$/ { flush() }
END { flush(); for (s in count) print s, count[s] }
function flush(    s, i) {
	if (!depth) return
	s = stack[depth]
	for (i = depth - 1; i >= 1; i--) s = s ";" stack[i]
	count[s]++
	depth = 0
}
