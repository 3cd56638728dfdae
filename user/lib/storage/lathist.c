// SPDX-License-Identifier: MIT
/* lathist: log-linear latency histogram. */
#include "storage/lathist.h"

#include <string.h>

void bk_lathist_init(struct bk_lathist *h)
{
	memset(h, 0, sizeof(*h));
	h->min_ns = UINT64_MAX;
}

/* Group g holds [2^(g+5), 2^(g+6)) for g >= 1, and [0, 64) for g = 0. */
static void locate(uint64_t ns, unsigned *group, unsigned *sub)
{
	unsigned bits = 64u - (unsigned)__builtin_clzll(ns | 1);

	if (bits <= BK_LATHIST_SUB_BITS) {
		*group = 0;
		*sub = (unsigned)ns;
		return;
	}
	*group = bits - BK_LATHIST_SUB_BITS;
	if (*group >= BK_LATHIST_GROUPS) {
		*group = BK_LATHIST_GROUPS - 1;
		*sub = BK_LATHIST_SUB - 1;
		return;
	}
	*sub = (unsigned)(ns >> (*group - 1)) & (BK_LATHIST_SUB - 1);
}

/* The upper edge of a bucket: every sample in it is at most this. */
static uint64_t upper(unsigned group, unsigned sub)
{
	if (!group)
		return sub;
	return ((uint64_t)(BK_LATHIST_SUB + sub + 1) << (group - 1)) - 1;
}

void bk_lathist_add(struct bk_lathist *h, uint64_t ns)
{
	unsigned g, s;

	locate(ns, &g, &s);
	h->bucket[g][s]++;
	h->count++;
	h->sum_ns += (double)ns;
	if (ns < h->min_ns)
		h->min_ns = ns;
	if (ns > h->max_ns)
		h->max_ns = ns;
}

uint64_t bk_lathist_percentile(const struct bk_lathist *h, double pct)
{
	uint64_t want, seen = 0;

	if (!h->count)
		return 0;
	if (pct >= 100)
		return h->max_ns;
	want = (uint64_t)((double)h->count * pct / 100.0 + 0.999999);
	if (want < 1)
		want = 1;
	for (unsigned g = 0; g < BK_LATHIST_GROUPS; g++)
		for (unsigned s = 0; s < BK_LATHIST_SUB; s++) {
			seen += h->bucket[g][s];
			if (seen >= want) {
				uint64_t u = upper(g, s);

				return u > h->max_ns ? h->max_ns : u < h->min_ns ? h->min_ns : u;
			}
		}
	return h->max_ns;
}

double bk_lathist_mean(const struct bk_lathist *h)
{
	return h->count ? h->sum_ns / (double)h->count : 0;
}
