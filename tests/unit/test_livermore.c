// SPDX-License-Identifier: MIT
/* The Livermore kernels (user/testers/livermore): checksums and tables. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "testers/livermore/lfk.h"

static double one_pass(struct lfk_data *d, const struct lfk_data *d0, int loop, int part)
{
	int n = lfk_span(loop, part);

	memcpy(d, d0, sizeof(*d));
	lfk_prepare(d, loop, n);
	lfk_run(d, loop, n, lfk_reps(loop, part));
	return lfk_checksum(d, loop, n);
}

Test(livermore, every_checksum_at_the_standard_sizes)
{
	struct lfk_data *d = malloc(sizeof(*d)), *d0 = malloc(sizeof(*d0));

	cr_assert(d && d0);
	for (int part = 1; part <= LFK_PARTS; part++) {
		lfk_init(d0, part);
		for (int loop = 1; loop <= LFK_LOOPS; loop++) {
			double sum = one_pass(d, d0, loop, part), ref = lfk_reference(loop, part);

			cr_assert(isfinite(sum), "loop %d part %d: %g", loop, part, sum);
			cr_expect_leq(lfk_rel_diff(sum, ref), LFK_REL_TOL,
				      "loop %d part %d: %.17g, reference %.17g", loop, part, sum, ref);
			/* This build has no fused multiply-add (-ffp-contract=off). */
			cr_expect_eq(sum, ref, "loop %d part %d: %.17g is not the reference's %.17g",
				     loop, part, sum, ref);
			cr_expect_eq(one_pass(d, d0, loop, part), sum,
				     "loop %d part %d: a second pass differs", loop, part);
		}
	}
	free(d);
	free(d0);
}

Test(livermore, standard_spans_and_flop_counts)
{
	cr_assert_eq(lfk_span(1, 1), 1001);
	cr_assert_eq(lfk_span(6, 1), 64);
	cr_assert_eq(lfk_span(16, 2), 40);
	cr_assert_eq(lfk_span(21, 3), 20);
	cr_assert_eq(lfk_span(24, 3), 27);
	cr_assert_eq(lfk_flops_per_iteration(1), 5);
	cr_assert_eq(lfk_flops_per_iteration(18), 44);
	cr_assert_eq(lfk_flops_per_iteration(24), 1);
	cr_assert_float_eq(lfk_nominal_flops(21, 101), 2.0 * 625 * 101, 1e-9);
	cr_assert_float_eq(lfk_nominal_flops(6, 64), 2.0 * 64 * 31, 1e-9);
	for (int part = 1; part <= LFK_PARTS; part++)
		for (int loop = 1; loop <= LFK_LOOPS; loop++) {
			double f = lfk_nominal_flops(loop, lfk_span(loop, part));

			cr_assert_geq(lfk_reps(loop, part), 1);
			cr_assert_geq(f * (double)lfk_reps(loop, part), 400000.0,
				      "loop %d part %d: a pass is too short", loop, part);
			cr_assert_lt(f * (double)(lfk_reps(loop, part) - 1), 400000.0,
				     "loop %d part %d: a pass is longer than needed", loop, part);
			cr_assert_not_null(lfk_name(loop));
		}
	cr_assert_str_eq(lfk_name(13), "2-D PIC");
}

Test(livermore, search_flops_come_from_its_counters)
{
	struct lfk_data *d = malloc(sizeof(*d));
	int n = lfk_span(16, 1);

	cr_assert(d);
	lfk_init(d, 1);
	lfk_prepare(d, 16, n);
	lfk_run(d, 16, n, 3);
	cr_assert_gt(d->k2, 0, "the search probed nothing");
	d->k2 = 100;
	d->k3 = 7;
	cr_assert_float_eq(lfk_pass_flops(16, 1, d), 2.0 * 100 + 10.0 * 7, 1e-9);
	free(d);
}

Test(livermore, relative_difference)
{
	cr_assert_eq(lfk_rel_diff(1.0, 1.0), 0);
	cr_assert_float_eq(lfk_rel_diff(1.0 + 1e-9, 1.0), 1e-9, 1e-15);
	cr_assert_float_eq(lfk_rel_diff(-2.0, -1.0), 1.0, 1e-15);
	cr_assert(isinf(lfk_rel_diff(NAN, 1.0)), "NaN is never right");
	cr_assert(isinf(lfk_rel_diff(INFINITY, 1.0)));
}
