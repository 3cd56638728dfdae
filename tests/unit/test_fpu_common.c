// SPDX-License-Identifier: MIT
/*
 * fpu_common: the helpers burnkit fpu and burnkit mflops share. The
 * all-words-equal check finds a corrupted word of a finished buffer; the
 * reference reproduces Longbottom's published First Results; kernels agree
 * with it within the stated bound; calibration hits its target; the
 * MFLOPS arithmetic gives the seed's figures.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testers/fpu/fpu_common.h"
#include "timing.h"
#include "util.h"

Test(fpu_common, section_maps_to_operations_and_back)
{
	cr_assert_eq(bk_fpu_section_ops(1), 2);
	cr_assert_eq(bk_fpu_section_ops(2), 8);
	cr_assert_eq(bk_fpu_section_ops(3), 32);
	cr_assert_eq(bk_fpu_section_ops(0), 0);
	cr_assert_eq(bk_fpu_section_ops(4), 0);
	for (int s = 1; s <= 3; s++)
		cr_assert_eq(bk_fpu_ops_section(bk_fpu_section_ops(s)), s);
	cr_assert_eq(bk_fpu_ops_section(16), 0);
}

Test(fpu_common, kernel_pick_names_the_slot)
{
	struct bk_kernel_table t;
	struct bk_fpu_kernel k;
	char err[128];

	cr_assert_eq(bk_dispatch_init(&t, "ref", err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(bk_fpu_kernel_pick(&t, 8, 1, &k), 0);
	cr_assert_str_eq(k.slot, "fpu64_ops8");
	cr_assert_str_eq(k.isa, "ref");
	cr_assert(k.fn64 == fpu64_ops8_ref && k.ref64 == fpu64_ops8_ref && !k.fn32);
	cr_assert_eq(bk_fpu_kernel_pick(&t, 32, 0, &k), 0);
	cr_assert_str_eq(k.slot, "fpu32_ops32");
	cr_assert(k.fn32 == fpu32_ops32_ref && !k.fn64);
	cr_assert_eq(bk_fpu_kernel_pick(&t, 5, 0, &k), -1);
}

/* A finished buffer: n words after `repeats` sweeps of the best kernel. */
static void *finished(size_t n, int dbl, int ops, struct bk_fpu_kernel *k)
{
	struct bk_kernel_table t;
	char err[128];
	void *x = bk_alloc_aligned(64, n * bk_fpu_word_size(dbl));

	cr_assert_not_null(x);
	cr_assert_eq(bk_dispatch_init(&t, NULL, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(bk_fpu_kernel_pick(&t, ops, dbl, k), 0);
	bk_fpu_fill(x, n, dbl, BK_FPU_X0);
	bk_fpu_run(k, x, n, 1000);
	return x;
}

static void flip_low_bit(void *x, size_t i, int dbl)
{
	if (dbl) {
		uint64_t b;

		memcpy(&b, (double *)x + i, sizeof(b));
		b ^= 1;
		memcpy((double *)x + i, &b, sizeof(b));
	} else {
		uint32_t b;

		memcpy(&b, (float *)x + i, sizeof(b));
		b ^= 1;
		memcpy((float *)x + i, &b, sizeof(b));
	}
}

Test(fpu_common, a_clean_buffer_has_no_mismatch)
{
	struct bk_fpu_kernel k;
	struct bk_fpu_check chk;
	struct bk_fpu_mismatch list[4];

	for (int dbl = 0; dbl <= 1; dbl++) {
		void *x = finished(3200, dbl, 32, &k);

		cr_assert_eq(bk_fpu_check_words(x, 3200, dbl, list, 4, &chk), 0);
		cr_assert_eq(chk.listed, 0);
		cr_assert_eq(chk.expected, bk_fpu_word(x, 0, dbl));
		free(x);
	}
}

Test(fpu_common, one_corrupted_word_is_reported_with_index_expected_actual)
{
	const size_t n = 3200, where[] = { 0, 1, 417, 1599, 3198, 3199 };
	struct bk_fpu_kernel k;

	for (int dbl = 0; dbl <= 1; dbl++) {
		for (size_t w = 0; w < sizeof(where) / sizeof(where[0]); w++) {
			void *x = finished(n, dbl, 8, &k);
			double good = bk_fpu_word(x, (where[w] + 1) % n, dbl);
			uint64_t good_bits = bk_fpu_word_bits(x, (where[w] + 1) % n, dbl);
			struct bk_fpu_check chk;
			struct bk_fpu_mismatch list[4];

			flip_low_bit(x, where[w], dbl);
			cr_assert_eq(bk_fpu_check_words(x, n, dbl, list, 4, &chk), 1,
				     "%s word %zu", dbl ? "double" : "float", where[w]);
			cr_assert_eq(chk.listed, 1);
			cr_assert_eq(list[0].index, where[w]);
			cr_assert_eq(list[0].expected, good);
			cr_assert_eq(list[0].expected_bits, good_bits);
			cr_assert_eq(list[0].actual_bits, good_bits ^ 1);
			cr_assert_eq(list[0].actual, bk_fpu_word(x, where[w], dbl));
			cr_assert_neq(list[0].actual, list[0].expected);
			/* x[0] corrupted: the other words' value is expected. */
			cr_assert_eq(chk.majority, where[w] == 0);
			free(x);
		}
	}
}

Test(fpu_common, every_mismatch_is_counted_the_first_ones_listed)
{
	const size_t n = 1000;
	struct bk_fpu_kernel k;
	struct bk_fpu_check chk;
	struct bk_fpu_mismatch list[10];
	void *x = finished(n, 0, 2, &k);

	for (size_t i = 100; i < 130; i++)
		flip_low_bit(x, i, 0);
	cr_assert_eq(bk_fpu_check_words(x, n, 0, list, 10, &chk), 30);
	cr_assert_eq(chk.listed, 10);
	for (size_t i = 0; i < 10; i++)
		cr_assert_eq(list[i].index, 100 + i);
	free(x);
}

Test(fpu_common, without_a_majority_x0_is_expected)
{
	float x[4] = { 1.0f, 1.0f, 2.0f, 2.0f };
	struct bk_fpu_check chk;
	struct bk_fpu_mismatch list[4];

	cr_assert_eq(bk_fpu_check_words(x, 4, 0, list, 4, &chk), 2);
	cr_assert_eq(chk.expected, 1.0);
	cr_assert(!chk.majority);
	cr_assert_eq(list[0].index, 2);
	cr_assert_eq(list[1].index, 3);
}

/* Longbottom's published First Results (burninfpu log33.txt in the seed). */
Test(fpu_common, reference_reproduces_the_seed_first_results)
{
	static const struct {
		int ops;
		uint64_t repeats;
		const char *want;
	} seed[] = {
		{ 32, 96000, "0.352358878" },
		{ 32, 9600, "0.669459462" },
		{ 8, 22400, "0.731058180" },
		{ 2, 33600, "0.512160420" },
	};

	for (size_t i = 0; i < sizeof(seed) / sizeof(seed[0]); i++) {
		char got[32];

		snprintf(got, sizeof(got), "%.9f",
			 bk_fpu_reference(seed[i].ops, 0, seed[i].repeats));
		cr_assert_str_eq(got, seed[i].want, "%d ops, %llu repeats",
				 seed[i].ops, (unsigned long long)seed[i].repeats);
	}
}

/* The skip of whole periodic blocks gives what the plain loop gives. */
Test(fpu_common, reference_skip_equals_the_plain_run)
{
	static const uint64_t repeats[] = { 1, 4095, 4096, 4097, 250123, 700001 };

	for (int dbl = 0; dbl <= 1; dbl++)
		for (int s = 1; s <= 3; s++)
			for (size_t i = 0; i < sizeof(repeats) / sizeof(repeats[0]); i++) {
				int ops = bk_fpu_section_ops(s);
				double fast = bk_fpu_reference(ops, dbl, repeats[i]);
				double x64 = BK_FPU_X0;
				float x32 = (float)BK_FPU_X0;

				if (dbl)
					(ops == 2 ? fpu64_ops2_ref : ops == 8 ?
					 fpu64_ops8_ref : fpu64_ops32_ref)(&x64, 1, repeats[i]);
				else
					(ops == 2 ? fpu32_ops2_ref : ops == 8 ?
					 fpu32_ops8_ref : fpu32_ops32_ref)(&x32, 1, repeats[i]);
				cr_assert_eq(fast, dbl ? x64 : (double)x32,
					     "%s %d ops %llu repeats: %.17g vs %.17g",
					     dbl ? "double" : "single", ops,
					     (unsigned long long)repeats[i], fast,
					     dbl ? x64 : (double)x32);
			}
}

Test(fpu_common, every_kernel_is_a_contraction)
{
	cr_assert_float_eq(bk_fpu_lambda(2), 0.99995, 1e-12);
	cr_assert_float_eq(bk_fpu_lambda(8), 0.999961, 1e-12);
	cr_assert_float_eq(bk_fpu_lambda(32), 0.999926, 1e-12);
}

Test(fpu_common, tolerance_is_zero_for_exact_and_bounded_for_fused)
{
	double one = bk_fpu_tolerance(BK_ORDER_FUSED, 32, 0, 1, 0.5);
	double memory = 1 / (1 - bk_fpu_lambda(32));

	for (int s = 1; s <= 3; s++)
		cr_assert_eq(bk_fpu_tolerance(BK_ORDER_EXACT, bk_fpu_section_ops(s), 0,
					      1000000, 0.5), 0);
	cr_assert_float_eq(one, BK_FPU32_FUSED_REL_TOL * BK_FPU_X0, 1e-15);
	cr_assert_float_eq(bk_fpu_tolerance(BK_ORDER_FUSED, 32, 0, 1000, 0.5),
			   1000 * one, 1e-12);
	/* It stops growing once earlier differences have died away. */
	cr_assert_float_eq(bk_fpu_tolerance(BK_ORDER_FUSED, 32, 0, 1000000000, 0.5),
			   memory * one, 1e-9);
	cr_assert_eq(bk_fpu_tolerance(BK_ORDER_FUSED, 32, 0, 1000000000, 0.5),
		     bk_fpu_tolerance(BK_ORDER_FUSED, 32, 0, 100000, 0.5));
	cr_assert_lt(bk_fpu_tolerance(BK_ORDER_FUSED, 32, 1, 1000000000, 0.5), 1e-8);
}

Test(fpu_common, compare_exact_to_the_bit_fused_within_the_bound)
{
	struct bk_fpu_kernel k = { .ops = 32, .dbl = 0, .order = BK_ORDER_EXACT };
	struct bk_fpu_refcmp c;
	float ref = 0.352358878f, next = nextafterf(ref, 1.0f);

	bk_fpu_compare(&k, 96000, ref, ref, &c);
	cr_assert(c.agrees && c.bit_exact);
	bk_fpu_compare(&k, 96000, next, ref, &c);
	cr_assert(!c.agrees && !c.bit_exact, "one unit in the last place is wrong");
	cr_assert_float_eq(c.diff, (double)next - ref, 1e-15);

	k.order = BK_ORDER_FUSED;
	bk_fpu_compare(&k, 96000, next, ref, &c);
	cr_assert(c.agrees && !c.bit_exact);
	bk_fpu_compare(&k, 96000, ref + 1.01 * c.tolerance, ref, &c);
	cr_assert(!c.agrees);
	bk_fpu_compare(&k, 96000, NAN, ref, &c);
	cr_assert(!c.agrees, "NaN never agrees");
}

/* Every kernel this CPU runs holds to its bound after a long run. */
Test(fpu_common, this_cpus_kernels_agree_with_the_reference_after_long_runs)
{
	struct bk_kernel_table t;
	char err[128];
	const uint64_t repeats = 300000;

	cr_assert_eq(bk_dispatch_init(&t, NULL, err, sizeof(err)), 0, "%s", err);
	for (int dbl = 0; dbl <= 1; dbl++)
		for (int s = 1; s <= 3; s++) {
			struct bk_fpu_kernel k;
			struct bk_fpu_refcmp c;
			double x[8];

			cr_assert_eq(bk_fpu_kernel_pick(&t, bk_fpu_section_ops(s), dbl, &k), 0);
			bk_fpu_fill(x, 8, dbl, BK_FPU_X0);
			bk_fpu_run(&k, x, 8, repeats);
			bk_fpu_compare(&k, repeats, bk_fpu_word(x, 0, dbl),
				       bk_fpu_reference(k.ops, dbl, repeats), &c);
			cr_assert(c.agrees, "%s (%s, %s): %.17g vs reference %.17g, "
				  "diff %g, allowed %g", k.slot, k.isa,
				  k.order == BK_ORDER_FUSED ? "fused" : "exact",
				  bk_fpu_word(x, 0, dbl), c.reference, c.diff, c.tolerance);
		}
}

Test(fpu_common, mflops_arithmetic_gives_the_seed_figures)
{
	/* log33.txt: 1000 words, 32 ops, 96000 repeats, 16.16 s -> 190 MFLOPS. */
	cr_assert_eq(lround(bk_fpu_mflops(1000, 32, 96000, 16.16)), 190);
	/* 10000 words, 2 ops, 33600 repeats, 15.51 s -> 43 MFLOPS. */
	cr_assert_eq(lround(bk_fpu_mflops(10000, 2, 33600, 15.51)), 43);
	cr_assert_float_eq(bk_fpu_mflops(1000000, 2, 1000, 2.0), 1000.0, 1e-9);
	cr_assert_eq(bk_fpu_mflops(1000, 32, 10, 0), 0);
}

Test(fpu_common, checksum_is_x0_times_100000_truncated)
{
	cr_assert_eq(bk_fpu_checksum(0.352358878, 0), 35235);
	cr_assert_eq(bk_fpu_checksum(0.999999, 1), 99999);
	cr_assert_eq(bk_fpu_checksum(0.5, 0), 50000);
}

/* A fake kernel: fixed overhead plus a cost per repeat. */
struct fake_cost {
	double overhead, per_repeat;
	int calls, stop_at;
};

static double fake_measure(void *arg, uint64_t repeats)
{
	struct fake_cost *c = arg;

	if (c->stop_at && ++c->calls >= c->stop_at)
		return -1;
	return c->overhead + c->per_repeat * (double)repeats;
}

Test(fpu_common, calibration_hits_the_target_for_any_speed)
{
	static const double costs[] = { 1e-10, 3e-9, 1e-7, 1e-5, 1e-3, 0.05 };

	for (size_t i = 0; i < sizeof(costs) / sizeof(costs[0]); i++) {
		struct fake_cost c = { 1e-6, costs[i], 0, 0 };
		uint64_t r = bk_fpu_calibrate(fake_measure, &c, 15, 0.5, UINT64_MAX / 2);
		double t = fake_measure(&c, r);

		cr_assert(t > 15 * 0.98 && t < 15 * 1.02,
			  "cost %g s/repeat: %llu repeats take %g s", costs[i],
			  (unsigned long long)r, t);
	}
}

Test(fpu_common, calibration_respects_limits_and_stop)
{
	struct fake_cost slow = { 0, 100, 0, 0 };	/* one repeat: 100 s */
	struct fake_cost fast = { 0, 1e-12, 0, 0 };
	struct fake_cost stopped = { 0, 1e-6, 0, 2 };

	cr_assert_eq(bk_fpu_calibrate(fake_measure, &slow, 15, 0.5, 1000), 1);
	cr_assert_eq(bk_fpu_calibrate(fake_measure, &fast, 15, 0.5, 5000), 5000);
	cr_assert_eq(bk_fpu_calibrate(fake_measure, &stopped, 15, 0.5, 1000000), 0);
}

struct real_run {
	struct bk_timer timer;
	struct bk_fpu_kernel k;
	float x[1000];
};

static double real_measure(void *arg, uint64_t repeats)
{
	struct real_run *r = arg;

	bk_fpu_fill(r->x, 1000, 0, BK_FPU_X0);
	uint64_t t0 = bk_timer_ticks(&r->timer);
	bk_fpu_run(&r->k, r->x, 1000, repeats);
	return bk_timer_seconds(&r->timer, t0, bk_timer_ticks(&r->timer));
}

/*
 * With a real kernel the pass lasts about the target. The machine may be
 * shared: a probe or a run that loses the CPU misses, so the best of three
 * attempts must be within a factor of 2 (a broken calibration misses by
 * orders of magnitude every time).
 */
Test(fpu_common, calibration_of_a_real_kernel_gives_passes_of_about_the_target)
{
	static struct real_run r;
	struct bk_kernel_table t;
	char err[128], seen[256] = "";
	int hit = 0;

	bk_timer_init(&r.timer, 5);
	cr_assert_eq(bk_dispatch_init(&t, NULL, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(bk_fpu_kernel_pick(&t, 32, 0, &r.k), 0);
	for (int attempt = 0; attempt < 3 && !hit; attempt++) {
		uint64_t n = bk_fpu_calibrate(real_measure, &r, 0.3, 0.075, UINT64_MAX / 2);
		double s = real_measure(&r, n);

		hit = s > 0.3 / 2 && s < 0.3 * 2;
		snprintf(seen + strlen(seen), sizeof(seen) - strlen(seen),
			 " %llu repeats in %.3f s;", (unsigned long long)n, s);
	}
	cr_assert(hit, "target 0.3 s:%s", seen);
}

Test(fpu_common, passes_are_four_a_minute_and_at_least_a_second)
{
	static const struct {
		double total;
		unsigned long passes;
		double pass_s;
	} plan[] = {
		{ 60, 4, 15 }, { 600, 40, 15 }, { 180, 12, 15 }, { 90, 6, 15 },
		{ 20, 1, 20 }, { 10, 4, 2.5 }, { 4, 4, 1 }, { 3, 3, 1 }, { 2, 2, 1 },
		{ 1.5, 1, 1.5 }, { 0.5, 1, 0.5 },
	};

	for (size_t i = 0; i < sizeof(plan) / sizeof(plan[0]); i++) {
		unsigned long n;
		double s;

		bk_fpu_plan_passes(plan[i].total, &n, &s);
		cr_assert_eq(n, plan[i].passes, "%g s: %lu passes", plan[i].total, n);
		cr_assert_float_eq(s, plan[i].pass_s, 1e-9, "%g s: passes of %g s",
				   plan[i].total, s);
	}
}
