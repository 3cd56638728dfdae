// SPDX-License-Identifier: MIT
/*
 * Integer kernels against their references: every 4-byte offset within
 * 64 bytes, buffers of 1 to 130 blocks, random pattern pairs, random and
 * correct contents, single corrupted words, guard words.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static const size_t blocks[] = { 1, 2, 3, 4, 5, 7, 8, 9, 16, 31, 33, 64, 130 };

static uint32_t *aligned_buf(void **raw, size_t words, size_t off)
{
	*raw = malloc((words + 2 * GUARD_WORDS + off) * sizeof(uint32_t) + 64);
	uint32_t *b = (uint32_t *)(((uintptr_t)*raw + 63) & ~(uintptr_t)63);

	return b + off;
}

static void one_case(const struct bk_variant *v, size_t words, size_t off,
		     uint64_t *rng)
{
	void *raw_a, *raw_b;
	uint32_t *a = aligned_buf(&raw_a, words, off);
	uint32_t *b = aligned_buf(&raw_b, words, off);
	size_t total = words + 2 * GUARD_WORDS;
	uint32_t p1 = (uint32_t)rng_next(rng), p2 = (uint32_t)rng_next(rng);

	for (size_t i = 0; i < total; i++)
		a[i] = b[i] = (uint32_t)rng_next(rng);
	uint32_t *da = a + GUARD_WORDS, *db = b + GUARD_WORDS;

	if (!strcmp(v->slot, "int_write")) {
		((bk_int_write_fn *)v->fn)(da, words, p1, p2);
		int_write_ref(db, words, p1, p2);
		if (memcmp(a, b, total * sizeof(uint32_t)))
			case_fail("%s words %zu offset %zu: buffer or guards differ",
				  v->symbol, words, off);
	} else if (!strcmp(v->slot, "int_check")) {
		bk_int_check_fn *fn = (bk_int_check_fn *)v->fn;

		/* random contents: agree with the reference */
		if (!fn(da, words, p1, p2) != !int_check_ref(db, words, p1, p2))
			case_fail("%s words %zu offset %zu: random data verdict differs",
				  v->symbol, words, off);
		/* correct contents pass; each single corrupted word fails */
		int_write_ref(da, words, p1, p2);
		if (fn(da, words, p1, p2))
			case_fail("%s words %zu offset %zu: correct data rejected",
				  v->symbol, words, off);
		for (size_t k = 0; k < words; k += (words > 256 ? 97 : 1)) {
			uint32_t bit = 1u << (rng_next(rng) & 31);

			da[k] ^= bit;
			if (!fn(da, words, p1, p2))
				case_fail("%s words %zu offset %zu: flipped bit in word %zu missed",
					  v->symbol, words, off, k);
			da[k] ^= bit;
		}
		if (memcmp(a, b, GUARD_WORDS * sizeof(uint32_t)) ||
		    memcmp(da + words, db + words, GUARD_WORDS * sizeof(uint32_t)))
			case_fail("%s: guard words changed", v->symbol);
	} else {
		bk_int_read_fn *fn = (bk_int_read_fn *)v->fn;
		uint32_t got = fn(da, words), want = int_read_ref(db, words);

		if (got != want)
			case_fail("%s words %zu offset %zu: sum %08x want %08x",
				  v->symbol, words, off, got, want);
		int_write_ref(da, words, p1, p2);
		want = (uint32_t)(words / 16 * 8) * (p1 - p2);
		got = fn(da, words);
		if (got != want)
			case_fail("%s words %zu offset %zu: pattern sum %08x want %08x",
				  v->symbol, words, off, got, want);
	}
	free(raw_a);
	free(raw_b);
}

void check_int(const struct bk_variant *v)
{
	uint64_t rng = 0x2545f4914f6cdd1dull;

	for (size_t bi = 0; bi < sizeof(blocks) / sizeof(blocks[0]); bi++)
		for (size_t off = 0; off < 16; off++)
			one_case(v, blocks[bi] * 32, off, &rng);
}
