// SPDX-License-Identifier: MIT
/*
 * mflops_plan: the thread counts, operations and data sizes burnkit mflops
 * runs.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testers/fpu/cpucache.h"
#include "testers/fpu/mflops_plan.h"

Test(mflops_plan, mpmflops_sizes_and_passes)
{
	struct bk_mf_sizes s;

	bk_mf_sizes_mpmflops(1, &s);
	cr_assert_eq(s.words[0], 3200);
	cr_assert_eq(s.words[1], 32000);
	cr_assert_eq(s.words[2], 3200000);
	cr_assert_eq(s.passes[0], 10000);
	cr_assert_eq(s.passes[1], 1000);
	cr_assert_eq(s.passes[2], 10);
	bk_mf_sizes_mpmflops(0.01, &s);
	cr_assert_eq(s.passes[0], 100);
	cr_assert_eq(s.passes[1], 10);
	cr_assert_eq(s.passes[2], 1, "never fewer than one pass");
	cr_assert_eq(s.words[2], 3200000, "scale changes passes, not sizes");
}

Test(mflops_plan, cache_sizes_keep_the_work_of_a_case)
{
	struct bk_cpu_caches c = { 48 << 10, 2 << 20, 300ull << 20 };
	struct bk_mf_sizes s;

	cr_assert_eq(bk_mf_sizes_cache(&c, 4, 24ull << 30, 1, &s), 0);
	cr_assert_eq(s.words[0], (48 << 10) / 2 / 4);
	cr_assert_eq(s.words[1], (2 << 20) / 2 / 4);
	cr_assert_eq(s.words[2], 4 * (300ull << 20) / 4);
	for (int i = 0; i < BK_MF_LEVELS; i++) {
		double updates = (double)s.words[i] * (double)s.passes[i];

		cr_assert(s.passes[i] == 1 || (updates > 31.9e6 && updates < 32.1e6),
			  "level %d: %zu words x %llu passes", i, s.words[i],
			  (unsigned long long)s.passes[i]);
	}
	/* The RAM case is capped at a quarter of the available memory... */
	cr_assert_eq(bk_mf_sizes_cache(&c, 4, 400ull << 20, 1, &s), 0);
	cr_assert_eq(s.words[2], (100ull << 20) / 4);
	/* ...and is at least MP-MFLOPS's 12.8 MB; no L3: beyond L2. */
	struct bk_cpu_caches small = { 32 << 10, 512 << 10, 0 };

	cr_assert_eq(bk_mf_sizes_cache(&small, 8, 0, 1, &s), 0);
	cr_assert_eq(s.words[2], 1600000);
	cr_assert_eq(s.words[1], (512 << 10) / 2 / 8);
}

Test(mflops_plan, cache_sizes_need_l1d_and_l2)
{
	struct bk_cpu_caches none = { 0, 0, 0 }, no_l2 = { 32 << 10, 0, 0 };
	struct bk_mf_sizes s;

	cr_assert_eq(bk_mf_sizes_cache(&none, 4, 0, 1, &s), -1);
	cr_assert_eq(bk_mf_sizes_cache(&no_l2, 4, 0, 1, &s), -1);
}

Test(mflops_plan, default_thread_counts_double_up_to_the_cpus)
{
	static const struct {
		int ncpus;
		int want[8];
		size_t n;
	} cases[] = {
		{ 1, { 1 }, 1 }, { 2, { 1, 2 }, 2 }, { 4, { 1, 2, 4 }, 3 },
		{ 6, { 1, 2, 4, 6 }, 4 }, { 8, { 1, 2, 4, 8 }, 4 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int got[16];
		size_t n = bk_mf_default_threads(cases[i].ncpus, got, 16);

		cr_assert_eq(n, cases[i].n, "%d CPUs: %zu counts", cases[i].ncpus, n);
		cr_assert_arr_eq(got, cases[i].want, n * sizeof(int), "%d CPUs",
				 cases[i].ncpus);
	}
}

Test(mflops_plan, counts_parse_lists_and_refuse_what_is_not_allowed)
{
	static const int ops[] = { 2, 8, 32 };
	const char *ok_items[] = { "1,2,4", "8" };
	const char *bad_op[] = { "2,5" };
	const char *zero[] = { "0" };
	const char *text[] = { "two" };
	const char *gap[] = { "2,,4" };
	int out[8], want[] = { 1, 2, 4, 8 };
	size_t n;
	char err[256];

	cr_assert_eq(bk_mf_parse_counts("threads", ok_items, 2, 1, 1024, NULL, 0,
					out, 8, &n, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(n, 4);
	cr_assert_arr_eq(out, want, sizeof(want));
	cr_assert_eq(bk_mf_parse_counts("ops", bad_op, 1, 2, 32, ops, 3, out, 8, &n,
					err, sizeof(err)), -1);
	cr_assert(strstr(err, "2, 8, 32"), "%s", err);
	cr_assert_eq(bk_mf_parse_counts("threads", zero, 1, 1, 1024, NULL, 0, out, 8,
					&n, err, sizeof(err)), -1);
	cr_assert(strstr(err, "from 1 to 1024"), "%s", err);
	cr_assert_eq(bk_mf_parse_counts("threads", text, 1, 1, 1024, NULL, 0, out, 8,
					&n, err, sizeof(err)), -1);
	cr_assert_eq(bk_mf_parse_counts("threads", gap, 1, 1, 1024, NULL, 0, out, 8,
					&n, err, sizeof(err)), -1);
	cr_assert_eq(bk_mf_parse_counts("threads", ok_items, 2, 1, 1024, NULL, 0, out,
					3, &n, err, sizeof(err)), -1, "too many");
}

Test(mflops_plan, slices_cover_the_words_once)
{
	static const size_t words[] = { 3200, 32000, 3200000, 7, 1001 };

	for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++)
		for (int threads = 1; threads <= 9; threads++) {
			size_t next = 0, lo = words[w], hi = 0;

			for (int t = 0; t < threads; t++) {
				size_t n = bk_mf_slice_words(words[w], threads, t);

				cr_assert_eq(bk_mf_slice_first(words[w], threads, t), next,
					     "%zu words, %d threads, thread %d", words[w],
					     threads, t);
				next += n;
				lo = n < lo ? n : lo;
				hi = n > hi ? n : hi;
			}
			cr_assert_eq(next, words[w]);
			cr_assert_leq(hi - lo, 1, "slices differ by at most one word");
		}
}
