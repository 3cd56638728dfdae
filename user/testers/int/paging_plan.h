/* SPDX-License-Identifier: MIT */
/*
 * paging_plan: how big `burnkit paging` runs, and whether it may. The test
 * size goes beyond MemAvailable so that the kernel must page; the baseline
 * is a size that fits, for the speeds to compare with. The verdict refuses,
 * with the numbers, what only the OOM killer could resolve: more than is
 * available without swap, or more than memory and swap together.
 */
#ifndef BK_PAGING_PLAN_H
#define BK_PAGING_PLAN_H

#include <stddef.h>

#define PAGING_UNIT 4096ull			/* sizes are whole 4 KB pages */
#define PAGING_BASELINE_MAX (256ull << 20)	/* RAM speed is reached well below */

struct paging_mem {
	unsigned long long total, available, swap_total, swap_free;	/* bytes */
};

enum paging_verdict {
	PAGING_PAGES,	/* beyond MemAvailable, within memory plus swap */
	PAGING_FITS,	/* within MemAvailable: nothing needs to page */
	PAGING_NO_SWAP,	/* beyond MemAvailable and there is no swap */
	PAGING_TOO_BIG,	/* beyond MemAvailable plus 3/4 of the free swap */
};

/* Down to whole pages. */
unsigned long long paging_round(unsigned long long bytes);

/*
 * 20% more than MemAvailable, but at most MemAvailable plus half the free
 * swap (when there is swap).
 */
unsigned long long paging_default_size(const struct paging_mem *m);

/* A quarter of the test size, at most a quarter of MemAvailable and 256 MB. */
unsigned long long paging_default_baseline(unsigned long long size,
					   const struct paging_mem *m);

/* The verdict for `bytes`, and one line that explains it with the numbers. */
enum paging_verdict paging_judge(unsigned long long bytes,
				 const struct paging_mem *m, char *why, size_t len);

#endif
