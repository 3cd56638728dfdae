// SPDX-License-Identifier: MIT
/* timing: sources measured sanely, the chosen timebase monotonic. */
#include <criterion/criterion.h>
#include <string.h>
#include <time.h>

#include "timing.h"

Test(timing, every_usable_source_has_sane_figures)
{
	size_t n;
	const struct bk_clk_source *s = bk_clk_sources(&n);
	int usable = 0;

	cr_assert_gt(n, 0);
	for (size_t i = 0; i < n; i++) {
		struct bk_clk_info info;

		bk_clk_measure(&s[i], &info, 20);
		if (!info.usable) {
			cr_assert_gt(strlen(info.why), 0, "%s unusable without a reason",
				     s[i].name);
			continue;
		}
		usable++;
		cr_assert(info.hz > 1e5 && info.hz < 2e10, "%s: %g Hz", s[i].name, info.hz);
		cr_assert(info.resolution_ns > 0 && info.resolution_ns < 1e6,
			  "%s: resolution %g ns", s[i].name, info.resolution_ns);
		cr_assert_leq(info.overhead_min, info.overhead_median, "%s", s[i].name);
		cr_assert(info.overhead_median_ns < 1e5, "%s: overhead %g ns",
			  s[i].name, info.overhead_median_ns);
		if (info.nominal_hz > 0 && s[i].kind == BK_CLK_TIME)
			cr_assert(info.hz / info.nominal_hz > 0.9 &&
				  info.hz / info.nominal_hz < 1.1,
				  "%s: measured %g Hz, states %g", s[i].name, info.hz,
				  info.nominal_hz);
	}
	cr_assert_geq(usable, 1, "not even CLOCK_MONOTONIC_RAW is usable");
}

Test(timing, timebase_is_monotonic_and_agrees_with_the_clock)
{
	struct bk_timer t;
	struct timespec a, b, nap = { 0, 30 * 1000000L };

	bk_timer_init(&t, 10);
	cr_assert(t.time.usable);
	cr_assert_eq(t.time.src->kind, BK_CLK_TIME);
	uint64_t prev = bk_timer_ticks(&t);
	for (int i = 0; i < 100000; i++) {
		uint64_t now = bk_timer_ticks(&t);

		cr_assert_geq(now, prev, "went back at read %d", i);
		prev = now;
	}
	clock_gettime(CLOCK_MONOTONIC_RAW, &a);
	uint64_t t0 = bk_timer_ticks(&t);
	nanosleep(&nap, NULL);
	uint64_t t1 = bk_timer_ticks(&t);
	clock_gettime(CLOCK_MONOTONIC_RAW, &b);
	double ref = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
	double got = bk_timer_seconds(&t, t0, t1);
	cr_assert(got > ref * 0.95 && got < ref * 1.05, "timer %g s, clock %g s", got, ref);
	cr_assert(bk_timer_precision(&t) > 0 && bk_timer_precision(&t) < 1e-3);
}
