// SPDX-License-Identifier: MIT
/* int_plan: stressInt's patterns, test plan and word-by-word check. */
#include "int_plan.h"

/*
 * stressInt's pattern1[] and pattern2[] side by side: 12 pairs, the 24
 * variations of its documentation. The read tests use pairs 0-5 as they
 * stand; the write/read tests use 6-11 and swap the two words after every
 * pass, so both words of a pair visit every address.
 */
const struct int_pair int_pairs[INT_PAIRS] = {
	{ 0x00000000u, 0x00000000u },
	{ 0xFFFFFFFFu, 0xFFFFFFFFu },
	{ 0xA5A5A5A5u, 0x5A5A5A5Au },
	{ 0x55555555u, 0xAAAAAAAAu },
	{ 0x33333333u, 0xCCCCCCCCu },
	{ 0xF0F0F0F0u, 0x0F0F0F0Fu },
	{ 0x00000000u, 0xFFFFFFFFu },
	{ 0xFFFFFFFFu, 0x00000000u },
	{ 0xA5A5A5A5u, 0x5A5A5A5Au },
	{ 0x55555555u, 0xAAAAAAAAu },
	{ 0x33333333u, 0xCCCCCCCCu },
	{ 0xF0F0F0F0u, 0x0F0F0F0Fu },
};

static const struct int_test_plan plan[INT_TESTS] = {
	{ INT_PHASE_WRITE_READ, 1, 6, 1 },
	{ INT_PHASE_WRITE_READ, 2, 7, 1 },
	{ INT_PHASE_WRITE_READ, 3, 8, 1 },
	{ INT_PHASE_WRITE_READ, 4, 9, 1 },
	{ INT_PHASE_WRITE_READ, 5, 10, 1 },
	{ INT_PHASE_WRITE_READ, 6, 11, 1 },
	{ INT_PHASE_READ, 1, 0, 0 },
	{ INT_PHASE_READ, 2, 1, 0 },
	{ INT_PHASE_READ, 3, 2, 0 },
	{ INT_PHASE_READ, 4, 3, 0 },
	{ INT_PHASE_READ, 5, 4, 0 },
	{ INT_PHASE_READ, 6, 5, 0 },
};

const struct int_test_plan *int_plan(size_t *count)
{
	*count = INT_TESTS;
	return plan;
}

const char *int_phase_title(enum int_phase phase)
{
	return phase == INT_PHASE_WRITE_READ ? "Write/Read" : "Read";
}

const char *int_phase_key(enum int_phase phase)
{
	return phase == INT_PHASE_WRITE_READ ? "write_read" : "read";
}

uint32_t int_read_expected(size_t words, uint32_t p1, uint32_t p2)
{
	/* Each 16 words add 8 x p1 and subtract 8 x p2, modulo 2^32. */
	return (uint32_t)(words / 16) * 8u * (p1 - p2);
}

size_t int_find_wrong_words(const uint32_t *buf, size_t words, uint32_t p1,
			    uint32_t p2, struct int_wrong_word *first, size_t max)
{
	size_t wrong = 0;

	for (size_t i = 0; i < words; i++) {
		uint32_t want = int_expected_word(i, p1, p2);

		if (buf[i] == want)
			continue;
		if (wrong < max) {
			first[wrong].index = i;
			first[wrong].expected = want;
			first[wrong].actual = buf[i];
		}
		wrong++;
	}
	return wrong;
}
