// SPDX-License-Identifier: MIT
/*
 * clockmeter: the arithmetic that turns samples of a dependent-add chain
 * into MHz, on fixture samples (no timing here: whether the chain really
 * runs one add per cycle is the bench's business, not a unit test's).
 */
#include <criterion/criterion.h>
#include <math.h>

#include "record/clockmeter.h"
#include "record/sensors.h"

Test(clockmeter, adds_per_microsecond_is_mhz)
{
	/* 1.5 million adds in 0.5 ms: 3000 MHz. */
	struct bk_clock_sample s[] = { { 1500000, 500000 } };

	cr_assert_float_eq(bk_clock_mhz(s, 1), 3000.0, 1e-9);
}

Test(clockmeter, the_fastest_sample_counts)
{
	/* The second was interrupted half-way (it reads 1500), the third ran clean. */
	struct bk_clock_sample s[] = {
		{ 1200000, 500000 },	/* 2400 */
		{ 1500000, 1000000 },	/* 1500 */
		{ 1550000, 500000 },	/* 3100 */
		{ 1450000, 500000 },	/* 2900 */
	};

	cr_assert_float_eq(bk_clock_mhz(s, 4), 3100.0, 1e-9);
}

Test(clockmeter, too_short_and_empty_samples_do_not_count)
{
	struct bk_clock_sample s[] = {
		{ 1000000, BK_CLOCK_MIN_NS - 1 },	/* would read 20 GHz: too short to trust */
		{ 0, 500000 },				/* nothing ran */
		{ 600000, 500000 },			/* 1200 */
	};

	cr_assert_float_eq(bk_clock_mhz(s, 3), 1200.0, 1e-9);
	cr_assert(isnan(bk_clock_mhz(s, 2)), "no valid sample gives NaN");
	cr_assert(isnan(bk_clock_mhz(s, 0)), "no sample gives NaN");
}

Test(clockmeter, a_sample_holds_what_ran)
{
	struct bk_clock_sample s[2];

	bk_clock_run(s, 2, 0.05);
	for (int i = 0; i < 2; i++) {
		cr_assert_gt(s[i].adds, 0);
		cr_assert_eq(s[i].adds % 64, 0, "whole blocks of 64 adds");
		cr_assert_gt(s[i].ns, 0);
	}
}

Test(clockmeter, source_labels)
{
	cr_assert_str_eq(bk_mhz_source_name(BK_MHZ_CPUFREQ), "cpufreq");
	cr_assert_str_eq(bk_mhz_source_name(BK_MHZ_CPUINFO), "nominal");
	cr_assert_null(bk_mhz_source_name(BK_MHZ_NONE));
}
