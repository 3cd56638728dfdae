/* SPDX-License-Identifier: MIT */
/*
 * mflops_plan: what burnkit mflops runs: the thread counts, the operations
 * per word, and the three data sizes (L1, L2, RAM) with their passes,
 * either MP-MFLOPS's or derived from this CPU's caches; and how the words
 * of a case are split between its threads.
 */
#ifndef BK_MFLOPS_PLAN_H
#define BK_MFLOPS_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "cpucache.h"

#define BK_MF_LEVELS 3		/* L1, L2, RAM */
#define BK_MF_MAX_THREADS 1024
#define BK_MF_MAX_COUNTS 32	/* thread counts in one run */

extern const char *const bk_mf_level_names[BK_MF_LEVELS];

struct bk_mf_sizes {
	size_t words[BK_MF_LEVELS];
	uint64_t passes[BK_MF_LEVELS];
};

/*
 * MP-MFLOPS: 3200, 32000 and 3200000 words with 10000, 1000 and 10 passes
 * (32 million word updates a case), passes times `scale` (at least 1).
 */
void bk_mf_sizes_mpmflops(double scale, struct bk_mf_sizes *s);

/*
 * From the caches: half of L1d, half of L2, and four times the last level
 * (at least MP-MFLOPS's 12.8 MB, at most a quarter of `mem_avail` when that
 * is known), with passes that keep MP-MFLOPS's 32 million word updates a
 * case, times `scale`. Returns -1 when the caches do not give L1d and L2.
 */
int bk_mf_sizes_cache(const struct bk_cpu_caches *c, size_t word_size,
		      uint64_t mem_avail, double scale, struct bk_mf_sizes *s);

/* 1, 2, 4, ... below ncpus, then ncpus; returns how many (at most max). */
size_t bk_mf_default_threads(int ncpus, int *out, size_t max);

/*
 * Whole numbers from items such as "1,2,4" (several items allowed), each
 * in [lo, hi]; with `only` non-NULL, each must be one of only[0..nonly).
 * Returns 0, or -1 with a one-line reason in err.
 */
int bk_mf_parse_counts(const char *what, const char *const *items,
		       size_t nitems, int lo, int hi, const int *only,
		       size_t nonly, int *out, size_t max, size_t *n,
		       char *err, size_t errlen);

/* Words of thread t when `words` are split between `threads`, and its first. */
size_t bk_mf_slice_words(size_t words, int threads, int t);
size_t bk_mf_slice_first(size_t words, int threads, int t);

#endif
