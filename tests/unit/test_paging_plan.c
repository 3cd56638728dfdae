// SPDX-License-Identifier: MIT
/*
 * paging_plan: the default sizes, and the verdict that refuses, with the
 * numbers, what only the OOM killer could resolve.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memstat.h"
#include "testers/int/paging_plan.h"

#define MiB (1024ull * 1024)

static const struct paging_mem pi = {
	.total = 948 * MiB, .available = 400 * MiB, .swap_total = 100 * MiB,
	.swap_free = 100 * MiB,
};

Test(paging_plan, sizes_are_whole_pages)
{
	cr_assert_eq(paging_round(4095), 0);
	cr_assert_eq(paging_round(4096 * 3 + 17), 4096 * 3);
	cr_assert_eq(paging_default_size(&pi) % PAGING_UNIT, 0);
	cr_assert_eq(paging_default_baseline(123456789, &pi) % PAGING_UNIT, 0);
}

Test(paging_plan, default_size_goes_beyond_available_within_half_the_swap)
{
	struct paging_mem big_swap = pi, no_swap = pi;

	/* 20% more than available (480 MB) is beyond available + half of 100 MB */
	cr_assert_eq(paging_default_size(&pi), 450 * MiB);
	big_swap.swap_total = big_swap.swap_free = 2048 * MiB;
	cr_assert_eq(paging_default_size(&big_swap), paging_round(400 * MiB / 5 * 6));
	no_swap.swap_total = no_swap.swap_free = 0;
	cr_assert_gt(paging_default_size(&no_swap), no_swap.available);
	/* whatever the machine, the default needs to page and may */
	char why[512];

	cr_assert_eq(paging_judge(paging_default_size(&pi), &pi, why, sizeof(why)),
		     PAGING_PAGES, "%s", why);
	cr_assert_eq(paging_judge(paging_default_size(&big_swap), &big_swap, why,
				  sizeof(why)), PAGING_PAGES, "%s", why);
}

Test(paging_plan, baseline_fits_well_inside)
{
	struct paging_mem server = { 64ull << 30, 60ull << 30, 8ull << 30, 8ull << 30 };

	cr_assert_eq(paging_default_baseline(300 * MiB, &pi), 75 * MiB, "a quarter of the size");
	cr_assert_eq(paging_default_baseline(2000 * MiB, &pi), 100 * MiB,
		     "a quarter of available");
	cr_assert_eq(paging_default_baseline(paging_default_size(&server), &server),
		     PAGING_BASELINE_MAX);
	cr_assert_eq(paging_default_baseline(4096, &pi), PAGING_UNIT, "never 0");
}

Test(paging_plan, verdicts_with_their_numbers)
{
	struct paging_mem no_swap = pi;
	char why[512];

	cr_assert_eq(paging_judge(300 * MiB, &pi, why, sizeof(why)), PAGING_FITS);
	cr_assert(strstr(why, "300 MB fits in MemAvailable (400 MB)"), "%s", why);

	cr_assert_eq(paging_judge(450 * MiB, &pi, why, sizeof(why)), PAGING_PAGES);
	cr_assert(strstr(why, "450 MB is 50 MB more than MemAvailable (400 MB)"), "%s", why);
	cr_assert(strstr(why, "100 MB free of 100 MB"), "%s", why);

	/* 400 + 3/4 of 100 = 475 MB is the most it takes */
	cr_assert_eq(paging_judge(475 * MiB, &pi, why, sizeof(why)), PAGING_PAGES);
	cr_assert_eq(paging_judge(476 * MiB, &pi, why, sizeof(why)), PAGING_TOO_BIG);
	cr_assert(strstr(why, "476 MB does not fit"), "%s", why);
	cr_assert(strstr(why, "is 475 MB"), "%s", why);
	cr_assert(strstr(why, "--force"), "%s", why);

	no_swap.swap_total = no_swap.swap_free = 0;
	cr_assert_eq(paging_judge(401 * MiB, &no_swap, why, sizeof(why)), PAGING_NO_SWAP);
	cr_assert(strstr(why, "no swap: 401 MB asked, MemAvailable is 400 MB"), "%s", why);
	cr_assert(strstr(why, "OOM killer"), "%s", why);
	cr_assert(strstr(why, "--force"), "%s", why);
	cr_assert_eq(paging_judge(400 * MiB, &no_swap, why, sizeof(why)), PAGING_FITS);
}
