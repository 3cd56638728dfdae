// SPDX-License-Identifier: MIT
/*
 * int_plan: the pattern table and test plan against stressInt's.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dispatch.h"
#include "log.h"
#include "testers/int/int_engine.h"
#include "testers/int/int_plan.h"
#include "../tools/jsoncheck.h"

/* stressInt's documentation: the pattern each test of a phase prints. */
static const uint32_t seed_shown[INT_TESTS_PER_PHASE] = {
	0x00000000, 0xFFFFFFFF, 0xA5A5A5A5, 0x55555555, 0x33333333, 0xF0F0F0F0,
};

Test(int_plan, twelve_tests_six_per_phase_in_the_seed_order)
{
	size_t n;
	const struct int_test_plan *t = int_plan(&n);

	cr_assert_eq(n, INT_TESTS);
	for (size_t i = 0; i < n; i++) {
		enum int_phase want = i < INT_TESTS_PER_PHASE ? INT_PHASE_WRITE_READ :
				      INT_PHASE_READ;

		cr_assert_eq(t[i].phase, want, "test %zu", i);
		cr_assert_eq(t[i].number, i % INT_TESTS_PER_PHASE + 1, "test %zu", i);
		cr_assert_lt(t[i].pair, INT_PAIRS, "test %zu", i);
		cr_assert_eq(int_pairs[t[i].pair].p1, seed_shown[i % INT_TESTS_PER_PHASE],
			     "test %zu shows %08X", i, int_pairs[t[i].pair].p1);
		cr_assert_eq(t[i].swap_per_pass, want == INT_PHASE_WRITE_READ,
			     "test %zu", i);
	}
}

Test(int_plan, write_read_pairs_are_complements_and_every_pair_is_used_once)
{
	size_t n;
	const struct int_test_plan *t = int_plan(&n);
	int used[INT_PAIRS] = { 0 };

	for (size_t i = 0; i < n; i++) {
		const struct int_pair *p = &int_pairs[t[i].pair];

		used[t[i].pair]++;
		if (t[i].phase == INT_PHASE_WRITE_READ)
			cr_assert_eq(p->p2, ~p->p1, "test %zu: %08X/%08X", i, p->p1, p->p2);
	}
	for (size_t k = 0; k < INT_PAIRS; k++)
		cr_assert_eq(used[k], 1, "pair %zu used %d times", k, used[k]);
	/* 24 pattern words: the read pairs carry stressInt's documented pairs */
	cr_assert_eq(int_pairs[2].p2, 0x5A5A5A5Au);
	cr_assert_eq(int_pairs[3].p2, 0xAAAAAAAAu);
	cr_assert_eq(int_pairs[4].p2, 0xCCCCCCCCu);
	cr_assert_eq(int_pairs[5].p2, 0x0F0F0F0Fu);
}

Test(int_plan, phase_names)
{
	cr_assert_str_eq(int_phase_title(INT_PHASE_WRITE_READ), "Write/Read");
	cr_assert_str_eq(int_phase_title(INT_PHASE_READ), "Read");
	cr_assert_str_eq(int_phase_key(INT_PHASE_WRITE_READ), "write_read");
	cr_assert_str_eq(int_phase_key(INT_PHASE_READ), "read");
}

static uint32_t *buffer(size_t words)
{
	uint32_t *b = aligned_alloc(64, words * 4);

	cr_assert_not_null(b);
	return b;
}

Test(int_plan, expected_read_total_is_what_the_kernels_return)
{
	static const size_t sizes[] = { 32, 64, 96, 2048, 32 * 1001 };
	struct bk_kernel_table k;
	char err[256];

	cr_assert_eq(bk_dispatch_init(&k, NULL, err, sizeof(err)), 0, "%s", err);
	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		uint32_t *b = buffer(sizes[s]);

		for (size_t p = 0; p < INT_PAIRS; p++) {
			uint32_t p1 = int_pairs[p].p1, p2 = int_pairs[p].p2;
			uint32_t want = int_read_expected(sizes[s], p1, p2);

			int_write_ref(b, sizes[s], p1, p2);
			cr_assert_eq(int_read_ref(b, sizes[s]), want,
				     "ref, %zu words, pair %zu", sizes[s], p);
			cr_assert_eq(k.int_read(b, sizes[s]), want,
				     "%s, %zu words, pair %zu", k.int_read_isa, sizes[s], p);
			for (size_t i = 0; i < sizes[s]; i++)
				cr_assert_eq(b[i], int_expected_word(i, p1, p2),
					     "word %zu of pair %zu", i, p);
		}
		free(b);
	}
}

Test(int_plan, clean_buffer_has_no_wrong_words)
{
	uint32_t *b = buffer(4096);
	struct int_wrong_word w[INT_MAX_REPORTED];

	int_write_ref(b, 4096, 0xA5A5A5A5u, 0x5A5A5A5Au);
	cr_assert_eq(int_find_wrong_words(b, 4096, 0xA5A5A5A5u, 0x5A5A5A5Au, w,
					  INT_MAX_REPORTED), 0);
	/* the same words under the swapped pair are all wrong */
	cr_assert_eq(int_find_wrong_words(b, 4096, 0x5A5A5A5Au, 0xA5A5A5A5u, w,
					  INT_MAX_REPORTED), 4096);
	free(b);
}

Test(int_plan, one_corrupted_word_is_found_where_it_is)
{
	static const size_t spots[] = { 0, 3, 4, 7, 37, 1000, 4095 };
	uint32_t *b = buffer(4096);

	for (size_t s = 0; s < sizeof(spots) / sizeof(spots[0]); s++) {
		struct int_wrong_word w[INT_MAX_REPORTED];
		size_t k = spots[s];
		uint32_t want = (k & 4) ? 0xCCCCCCCCu : 0x33333333u;

		int_write_ref(b, 4096, 0x33333333u, 0xCCCCCCCCu);
		b[k] ^= 0x00010000u;
		cr_assert_eq(int_find_wrong_words(b, 4096, 0x33333333u, 0xCCCCCCCCu,
						  w, INT_MAX_REPORTED), 1, "word %zu", k);
		cr_assert_eq(w[0].index, k);
		cr_assert_eq(w[0].expected, want, "word %zu: %08X", k, w[0].expected);
		cr_assert_eq(w[0].actual, want ^ 0x00010000u);
	}
	free(b);
}

Test(int_plan, many_wrong_words_counted_first_twelve_listed_in_order)
{
	uint32_t *b = buffer(1024);
	struct int_wrong_word w[INT_MAX_REPORTED];

	int_write_ref(b, 1024, 0, 0xFFFFFFFFu);
	for (size_t i = 0; i < 20; i++)
		b[1000 - 37 * i] = 0x12345678u;
	cr_assert_eq(int_find_wrong_words(b, 1024, 0, 0xFFFFFFFFu, w,
					  INT_MAX_REPORTED), 20);
	for (size_t i = 0; i < INT_MAX_REPORTED; i++) {
		cr_assert_eq(w[i].index, 1000 - 37 * (19 - i), "listed %zu", i);
		cr_assert_eq(w[i].actual, 0x12345678u);
	}
	free(b);
}
