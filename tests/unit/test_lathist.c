// SPDX-License-Identifier: MIT
/* lib/storage/lathist: latency percentiles. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "storage/lathist.h"

Test(lathist, percentiles_within_one_part_in_64)
{
	struct bk_lathist h;

	bk_lathist_init(&h);
	for (uint64_t i = 1; i <= 100000; i++)
		bk_lathist_add(&h, i * 1000);	/* 1 us .. 100 ms, uniform */
	cr_assert_eq(h.count, 100000);
	static const double pct[] = { 50, 95, 99, 99.9 };
	for (size_t i = 0; i < 4; i++) {
		double want = pct[i] * 1000 * 1000;	/* ns */
		double got = (double)bk_lathist_percentile(&h, pct[i]);

		cr_assert(got >= want * (1 - 1.0 / 64) && got <= want * (1 + 1.0 / 64),
			  "p%g: %g, want %g", pct[i], got, want);
	}
	cr_assert_eq(bk_lathist_percentile(&h, 100), 100000000);
	cr_assert_eq(h.min_ns, 1000);
}

Test(lathist, small_values_are_exact)
{
	struct bk_lathist h;

	bk_lathist_init(&h);
	cr_assert_eq(bk_lathist_percentile(&h, 50), 0, "empty");
	for (uint64_t i = 0; i < 100; i++)
		bk_lathist_add(&h, i);
	cr_assert_eq(bk_lathist_percentile(&h, 50), 49);
	cr_assert_eq(bk_lathist_percentile(&h, 1), 0);
	cr_assert_eq(bk_lathist_percentile(&h, 99), 98);
}
