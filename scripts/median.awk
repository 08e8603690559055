# The rig's one median, for gawk programs: gawk -f scripts/median.awk -e '...'
# median(a, n): the median of a[1..n], a left as it was.
function median(a, n,    s, i) {
	for (i = 1; i <= n; i++)
		s[i] = a[i]
	asort(s)
	return n % 2 ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2
}
