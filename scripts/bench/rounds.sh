# SPDX-License-Identifier: MIT
#
# rounds.sh: how the benches judge a ratio measured over rounds, and the
# medians they print (sourced by drive.sh and lan.sh).

# The numbers on stdin (any number a line), one a line, in ascending order.
sorted_values() {
	tr ' ' '\n' | grep -v '^$' | sort -g
}

# median_of(v, n): the median of v[1..n], sorted ascending (awk, for the
# front of a program).
AWK_MEDIAN='
function median_of(v, n) {
	return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
}'

# round_stats: per-round ratios on stdin, one or more a line -> "MEDIAN LO HI
# SPREAD", SPREAD = 100 x (HI - LO) / MEDIAN. From 5 rounds on, the highest
# and the lowest round are set aside for LO and HI: one burst of someone
# else's load on a shared machine spoils one round, not the ratio. A ratio
# whose SPREAD is above the bench's limit (10 %) is unstable: the bench runs
# more rounds, up to its maximum, and reports it as unstable if it stays so.
round_stats() {
	sorted_values | awk "$AWK_MEDIAN"'{ v[NR] = $1 } END {
		m = median_of(v, NR)
		lo = NR >= 5 ? 2 : 1; hi = NR >= 5 ? NR - 1 : NR
		printf "%.3f %.3f %.3f %.1f\n", m, v[lo], v[hi], (m > 0 ? 100 * (v[hi] - v[lo]) / m : 0) }'
}

# value_stats [FORMAT]: the numbers on stdin -> "MEDIAN MIN MAX", each in
# FORMAT (%.6g), every value counted; median: the first of those.
value_stats() {
	sorted_values | awk -v f="${1:-%.6g}" "$AWK_MEDIAN"'{ v[NR] = $1 } END {
		printf f " " f " " f "\n", median_of(v, NR), v[1], v[NR] }'
}
median() {
	value_stats | cut -d' ' -f1
}
