// SPDX-License-Identifier: MIT
/*
 * sdcard_profile: the two Raspberry Pi profiles' thresholds and the pass
 * rule: 2020 judges one run, 2024 runs again after a failed run, at most
 * three times, and passes on the first passing run.
 */
#include <criterion/criterion.h>

#include "testers/drive/sdcard_profile.h"

/* Figures of a run that just reaches (or, by `less`, misses) every threshold of both. */
static struct sd_figures fast(void)
{
	return (struct sd_figures){ .prepare_kbps = 9000, .seq_kbps = 10000, .seq_iops = 20,
				    .rw_kbps = 2500, .rw_iops = 625, .rr_kbps = 9000,
				    .rr_iops = 2250 };
}

Test(sdcard_profile, table)
{
	const struct sd_profile *a = sd_profile_find("2020"), *b = sd_profile_find("2024");

	cr_assert(a && b);
	cr_assert_null(sd_profile_find("2019"));
	cr_assert_str_eq(sd_profiles[0].name, "2020", "the default stays first");
	cr_assert_eq(a->runs, 1);
	cr_assert_eq(b->runs, 3);
	cr_assert_eq(a->prepare.min, 0, "2020 does not judge the prepare pass");
	cr_assert_eq(b->prepare.min, 9000);
	cr_assert(a->rand_read.min == 1500 && a->rand_read.unit == SD_IOPS);
	cr_assert(b->rand_read.min == 9000 && b->rand_read.unit == SD_KBPS);
	cr_assert_str_eq(sd_profile_names[0], "2020");
	cr_assert_str_eq(sd_profile_names[1], "2024");
	cr_assert_null(sd_profile_names[2]);
}

Test(sdcard_profile, thresholds_of_each)
{
	const struct sd_profile *a = sd_profile_find("2020"), *b = sd_profile_find("2024");
	struct sd_figures f = fast();

	cr_assert(sd_run_passed(a, &f) && sd_run_passed(b, &f), "at the thresholds: PASS");
	f.rr_iops = 1499;
	cr_assert(!sd_run_passed(a, &f), "2020: random read 1499 IOPS fails");
	cr_assert(sd_run_passed(b, &f), "2024 reads KB/s, not IOPS");
	f = fast();
	f.prepare_kbps = 8999;
	cr_assert(sd_run_passed(a, &f), "2020 does not judge the prepare pass");
	cr_assert(!sd_run_passed(b, &f), "2024 does");
	f = fast();
	f.seq_kbps = 8000;
	cr_assert(!sd_run_passed(a, &f) && sd_run_passed(b, &f), "7500 <= 8000 < 10000");
	f = fast();
	f.rw_kbps = 2499;
	cr_assert(sd_run_passed(a, &f) && !sd_run_passed(b, &f));
}

/* Run the pass rule over a sequence of run outcomes: how many runs, and the verdict. */
static unsigned runs_for(const struct sd_profile *p, const int *passes, int *passed)
{
	unsigned done = 0;

	do {
		*passed = passes[done++];
	} while (sd_another_run(p, done, *passed));
	return done;
}

Test(sdcard_profile, retries)
{
	const struct sd_profile *a = sd_profile_find("2020"), *b = sd_profile_find("2024");
	static const int fail_fail_pass[] = { 0, 0, 1 }, pass_first[] = { 1, 0, 0 },
			 never[] = { 0, 0, 0, 1 }, fail_pass[] = { 0, 1, 0 };
	int passed;

	cr_assert_eq(runs_for(b, fail_fail_pass, &passed), 3);
	cr_assert(passed, "the third run passes: PASS");
	cr_assert_eq(runs_for(b, pass_first, &passed), 1, "no run after a pass");
	cr_assert(passed);
	cr_assert_eq(runs_for(b, fail_pass, &passed), 2);
	cr_assert(passed);
	cr_assert_eq(runs_for(b, never, &passed), 3, "three runs at most");
	cr_assert(!passed);
	cr_assert_eq(runs_for(a, fail_fail_pass, &passed), 1, "2020: one run");
	cr_assert(!passed);
}
