// SPDX-License-Identifier: MIT
/* paging_plan: test and baseline sizes, and the verdict on them. */
#include "paging_plan.h"

#include <stdio.h>

#define MB(b) ((double)(b) / 1048576.0)

unsigned long long paging_round(unsigned long long bytes)
{
	return bytes / PAGING_UNIT * PAGING_UNIT;
}

unsigned long long paging_default_size(const struct paging_mem *m)
{
	unsigned long long size = m->available / 5 * 6;

	if (m->swap_free && size > m->available + m->swap_free / 2)
		size = m->available + m->swap_free / 2;
	return paging_round(size);
}

unsigned long long paging_default_baseline(unsigned long long size,
					   const struct paging_mem *m)
{
	unsigned long long b = size / 4;

	if (b > m->available / 4)
		b = m->available / 4;
	if (b > PAGING_BASELINE_MAX)
		b = PAGING_BASELINE_MAX;
	b = paging_round(b);
	return b ? b : PAGING_UNIT;
}

enum paging_verdict paging_judge(unsigned long long bytes,
				 const struct paging_mem *m, char *why, size_t len)
{
	unsigned long long limit = m->available + m->swap_free / 4 * 3;

	if (bytes <= m->available) {
		snprintf(why, len, "%.0f MB fits in MemAvailable (%.0f MB): no "
			 "paging expected; this run checks the tester, not the swap",
			 MB(bytes), MB(m->available));
		return PAGING_FITS;
	}
	if (!m->swap_total) {
		snprintf(why, len, "no swap: %.0f MB asked, MemAvailable is %.0f MB, "
			 "and without swap the kernel can only make room by killing "
			 "processes (the OOM killer). Add swap (a swap file: fallocate, "
			 "mkswap, swapon), give a size below %.0f MB, or --force",
			 MB(bytes), MB(m->available), MB(m->available));
		return PAGING_NO_SWAP;
	}
	if (bytes > limit) {
		snprintf(why, len, "%.0f MB does not fit: MemAvailable %.0f MB plus "
			 "3/4 of the free swap (%.0f MB of %.0f MB) is %.0f MB, and "
			 "beyond that the OOM killer would end the test. Give at most "
			 "%.0f MB, add swap, or --force", MB(bytes), MB(m->available),
			 MB(m->swap_free), MB(m->swap_total), MB(limit), MB(limit));
		return PAGING_TOO_BIG;
	}
	snprintf(why, len, "%.0f MB is %.0f MB more than MemAvailable (%.0f MB): "
		 "that much must go to swap (%.0f MB free of %.0f MB)", MB(bytes),
		 MB(bytes - m->available), MB(m->available), MB(m->swap_free),
		 MB(m->swap_total));
	return PAGING_PAGES;
}
