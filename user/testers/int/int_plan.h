/* SPDX-License-Identifier: MIT */
/*
 * int_plan: what stressInt tests, as data: its 24 pattern words (12 pairs),
 * the plan of its twelve tests, the sum a correct read pass returns, and the
 * word-by-word search for wrong words that locates what the fast check
 * (int_check) only detects. Used by `burnkit int` and `burnkit paging`.
 */
#ifndef BK_INT_PLAN_H
#define BK_INT_PLAN_H

#include <stddef.h>
#include <stdint.h>

#define INT_BLOCK_WORDS 32	/* one 128-byte block, the kernels' unit */
#define INT_BLOCK_BYTES (INT_BLOCK_WORDS * 4)
#define INT_PAIRS 12		/* 24 pattern words */
#define INT_TESTS 12
#define INT_TESTS_PER_PHASE 6
#define INT_MAX_REPORTED 12	/* wrong words listed per test */

enum int_phase {
	INT_PHASE_WRITE_READ,	/* write the buffer, check it; patterns swap per pass */
	INT_PHASE_READ,		/* write once, then read (add/subtract) many times */
	INT_PHASES
};

struct int_pair {
	uint32_t p1, p2;	/* words 0-3 of each group of 8 hold p1, words 4-7 p2 */
};

/* stressInt's pattern tables: pairs 0-5 for the read tests, 6-11 for write/read. */
extern const struct int_pair int_pairs[INT_PAIRS];

struct int_test_plan {
	enum int_phase phase;
	unsigned number;	/* 1-6 within its phase, as the log numbers it */
	unsigned pair;		/* index into int_pairs: the first pass's (p1, p2) */
	int swap_per_pass;	/* p1 and p2 trade places after every pass */
};

/* The twelve tests in the order they run: write/read 1-6, then read 1-6. */
const struct int_test_plan *int_plan(size_t *count);

/* "Write/Read" or "Read", as the log heads the phases. */
const char *int_phase_title(enum int_phase phase);
/* "write_read" or "read", for JSON. */
const char *int_phase_key(enum int_phase phase);

/* What word `index` of a buffer written with (p1, p2) holds. */
static inline uint32_t int_expected_word(size_t index, uint32_t p1, uint32_t p2)
{
	return (index & 4) ? p2 : p1;
}

/* The total int_read returns for a correct buffer of `words` words. */
uint32_t int_read_expected(size_t words, uint32_t p1, uint32_t p2);

struct int_wrong_word {
	size_t index;		/* word number; the byte offset is 4 times it */
	uint32_t expected, actual;
};

/*
 * Compare every word of buf with the (p1, p2) layout. Returns the number of
 * wrong words; the first `max` of them, in address order, go to `first`.
 */
size_t int_find_wrong_words(const uint32_t *buf, size_t words, uint32_t p1,
			    uint32_t p2, struct int_wrong_word *first, size_t max);

#endif
