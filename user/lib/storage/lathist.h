/* SPDX-License-Identifier: MIT */
/*
 * lathist: a latency histogram of fixed size, log-linear like HdrHistogram:
 * 64 linear buckets in each power of two of nanoseconds, so a percentile is
 * within 1/64 (1.6 %) of the true value however many samples it holds.
 */
#ifndef BK_LATHIST_H
#define BK_LATHIST_H

#include <stdint.h>

#define BK_LATHIST_SUB_BITS 6
#define BK_LATHIST_SUB (1u << BK_LATHIST_SUB_BITS)
#define BK_LATHIST_GROUPS 40	/* up to 2^(40+6) ns: 19 hours */

struct bk_lathist {
	uint64_t count;
	uint64_t min_ns, max_ns;
	double sum_ns;
	uint64_t bucket[BK_LATHIST_GROUPS][BK_LATHIST_SUB];
};

void bk_lathist_init(struct bk_lathist *h);
void bk_lathist_add(struct bk_lathist *h, uint64_t ns);
/* The latency below which `pct` percent of the samples lie; 0 if empty. */
uint64_t bk_lathist_percentile(const struct bk_lathist *h, double pct);
double bk_lathist_mean(const struct bk_lathist *h);

#endif
