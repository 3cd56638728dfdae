# SPDX-License-Identifier: MIT
#
# rounds.sh: how the benches judge a ratio measured over rounds (sourced by
# drive.sh and lan.sh).
#
# round_stats: per-round ratios on stdin, one or more a line -> "MEDIAN LO HI
# SPREAD", SPREAD = 100 x (HI - LO) / MEDIAN. From 5 rounds on, the highest
# and the lowest round are set aside for LO and HI: one burst of someone
# else's load on a shared machine spoils one round, not the ratio. A ratio
# whose SPREAD is above the bench's limit (10 %) is unstable: the bench runs
# more rounds, up to its maximum, and reports it as unstable if it stays so.
round_stats() {
	tr ' ' '\n' | grep -v '^$' | sort -g | awk '{ v[NR] = $1 } END {
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		lo = NR >= 5 ? 2 : 1; hi = NR >= 5 ? NR - 1 : NR
		printf "%.3f %.3f %.3f %.1f\n", m, v[lo], v[hi], (m > 0 ? 100 * (v[hi] - v[lo]) / m : 0) }'
}
