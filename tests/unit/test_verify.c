// SPDX-License-Identifier: MIT
/* The drive testers' data layout and verifier: every wrong word, where it is. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "storage/verify.h"

/* Unit u holds pattern (u % 7) + 1, word 0x01010101 * that, generation u % 3. */
static void test_pattern(const void *arg, uint64_t unit, uint32_t *number, uint32_t *word,
			 uint32_t *gen)
{
	(void)arg;
	*number = (uint32_t)(unit % 7) + 1;
	*word = 0x01010101u * *number;
	*gen = (uint32_t)(unit % 3);
}

static const struct bk_layout layout = { 3, 0xC0FFEE11u, 65536, test_pattern, NULL };

#define FILE_BYTES (64u * BK_UNIT_BYTES)

static uint32_t *make_file(void)
{
	uint32_t *buf = aligned_alloc(4096, FILE_BYTES);

	cr_assert_not_null(buf);
	bk_layout_fill(&layout, buf, 0, FILE_BYTES);
	return buf;
}

static struct bk_verify_error reported[BK_VERIFY_MAX_ERRORS];
static unsigned nreported;

static void report(void *arg, const struct bk_verify_error *e)
{
	(void)arg;
	if (nreported < BK_VERIFY_MAX_ERRORS)
		reported[nreported++] = *e;
}

Test(verify, header_words_say_what_the_unit_is)
{
	uint32_t *f = make_file();

	for (uint64_t u = 0; u < FILE_BYTES / BK_UNIT_BYTES; u++) {
		const uint32_t *w = f + u * BK_UNIT_WORDS;

		cr_assert_eq(w[0], 3, "file number");
		cr_assert_eq(w[1], u, "unit index");
		cr_assert_eq(w[2] & 0xffff, u % 7 + 1, "pattern number");
		cr_assert_eq(w[2] >> 16, u % 3, "generation");
		cr_assert_eq(w[3], 0xC0FFEE11u, "run id");
		for (unsigned i = BK_UNIT_HEADER_WORDS; i < BK_UNIT_WORDS; i++)
			cr_assert_eq(w[i], 0x01010101u * (u % 7 + 1));
		cr_assert_eq(bk_layout_word(&layout, u * BK_UNIT_BYTES + 4), u);
	}
	free(f);
}

Test(verify, fill_of_any_range_equals_the_whole_file)
{
	uint32_t *f = make_file();
	uint32_t part[2048];
	static const struct { uint64_t off; size_t len; } ranges[] = {
		{ 0, 4 }, { 4, 8 }, { 12, 4096 }, { 1024, 1024 }, { 4092, 8 },
		{ 3 * 4096 + 16, 4000 }, { 8188, 8192 },
	};

	for (size_t i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++) {
		memset(part, 0xEE, sizeof(part));
		bk_layout_fill(&layout, part, ranges[i].off, ranges[i].len);
		cr_assert_arr_eq(part, (char *)f + ranges[i].off, ranges[i].len,
				 "range %llu+%zu", (unsigned long long)ranges[i].off,
				 ranges[i].len);
	}
	free(f);
}

Test(verify, clean_data_passes_whole_and_in_pieces)
{
	uint32_t *f = make_file();
	struct bk_verifier v;

	bk_verifier_init(&v, 0, NULL, NULL);
	cr_assert_eq(bk_verify(&v, &layout, f, 0, FILE_BYTES), 0);
	cr_assert_eq(bk_verify(&v, &layout, (char *)f + 1024, 1024, 1024), 0);
	cr_assert_eq(bk_verify(&v, &layout, (char *)f + 4092, 4092, 12), 0);
	cr_assert_eq(bk_verify(&v, &layout, (char *)f + 20, 20, 4), 0);
	cr_assert_eq(v.bytes, FILE_BYTES + 1024 + 12 + 4);
	cr_assert_eq(v.bad_words, 0);
	free(f);
}

/* Flip one bit at byte `at`, check [off, off + len): one error, reported there. */
static void flipped_bit_found_at(uint64_t at, unsigned bit, uint64_t off, size_t len)
{
	uint32_t *f = make_file();
	struct bk_verifier v;
	uint32_t want = f[at / 4];

	((unsigned char *)f)[at] ^= (unsigned char)(1u << bit);
	nreported = 0;
	bk_verifier_init(&v, 0, report, NULL);
	cr_assert_eq(bk_verify(&v, &layout, (char *)f + off, off, len), 1,
		     "flip at byte %llu bit %u", (unsigned long long)at, bit);
	cr_assert_eq(v.bad_words, 1);
	cr_assert_eq(v.bad_units, 1);
	cr_assert_eq(v.nrecorded, 1);
	cr_assert_eq(nreported, 1, "the reporter saw it as it was found");
	cr_assert_eq(v.recorded[0].offset, at / 4 * 4, "offset of the word");
	cr_assert_eq(v.recorded[0].block, at / 65536);
	cr_assert_eq(v.recorded[0].file, 3);
	cr_assert_eq(v.recorded[0].expected, want);
	cr_assert_eq(v.recorded[0].actual, f[at / 4]);
	cr_assert_neq(v.recorded[0].actual, want);
	cr_assert_neq(v.recorded[0].wall_ns, 0, "time recorded");
	cr_assert_eq(v.recorded[0].wrong_file, at % BK_UNIT_BYTES < 4);
	free(f);
}

Test(verify, a_flipped_bit_is_reported_at_its_offset)
{
	static const uint64_t where[] = {
		0, 1, 4, 9, 13, 16, 17, 100, 4095, 4096, 4100, 5000,
		65536 + 3, 65536 + 4096 * 3 + 2047, FILE_BYTES - 1,
	};

	for (size_t i = 0; i < sizeof(where) / sizeof(where[0]); i++)
		for (unsigned bit = 0; bit < 8; bit += 3)
			flipped_bit_found_at(where[i], bit, 0, FILE_BYTES);
	/* Inside a partial range (a 1 KB random read). */
	flipped_bit_found_at(3 * 4096 + 1024 + 20, 5, 3 * 4096 + 1024, 1024);
	flipped_bit_found_at(3 * 4096 + 2, 0, 3 * 4096, 1024);
}

Test(verify, any_single_wrong_word_fails_the_check)
{
	uint32_t *f = make_file();
	struct bk_verifier v;
	unsigned seed = 12345;

	bk_verifier_init(&v, 1000000, NULL, NULL);
	for (int trial = 0; trial < 20000; trial++) {
		unsigned w = (unsigned)(rand_r(&seed) % (FILE_BYTES / 4));
		uint32_t keep = f[w], bad = ((uint32_t)rand_r(&seed) << 16) ^ (uint32_t)rand_r(&seed);

		if (bad == keep)
			bad ^= 1;
		f[w] = bad;
		uint64_t before = v.bad_words;

		cr_assert_eq(bk_verify(&v, &layout, f, 0, FILE_BYTES), 1, "word %u = %08X", w, bad);
		cr_assert_eq(v.bad_words, before + 1);
		f[w] = keep;
	}
	free(f);
}

/*
 * The check reads a unit's pattern words as 16-byte vectors after a head of
 * single words up to a 16-byte boundary, and single words after them: a
 * wrong word is found in each of those, from every alignment of the buffer
 * and of the range, whichever bit is wrong.
 */
Test(verify, a_wrong_word_is_found_at_every_place_and_alignment)
{
	uint32_t *f = make_file();
	uint32_t *copy = aligned_alloc(4096, 2 * BK_UNIT_BYTES + 64);
	static const uint64_t starts[] = { 0, 4, 12, 16, 20, 28, 2048 + 8, 4092 };
	struct bk_verifier v;
	unsigned checked = 0;

	cr_assert_not_null(copy);
	bk_verifier_init(&v, 1u << 30, NULL, NULL);
	for (size_t shift = 0; shift < 16; shift += 4)
		for (size_t k = 0; k < sizeof(starts) / sizeof(starts[0]); k++) {
			uint64_t off = BK_UNIT_BYTES + starts[k];
			size_t len = 2 * BK_UNIT_BYTES - starts[k] - 4 * (k % 3);
			uint32_t *buf = (uint32_t *)((char *)copy + shift);

			memcpy(buf, (char *)f + off, len);
			cr_assert_eq(bk_verify(&v, &layout, buf, off, len), 0,
				     "clean: buffer +%zu, range %llu+%zu", shift,
				     (unsigned long long)off, len);
			for (size_t w = 0; w < len / 4; w++) {
				uint32_t keep = buf[w];

				buf[w] ^= 1u << (w % 32);
				cr_assert_eq(bk_verify(&v, &layout, buf, off, len), 1,
					     "word %zu: buffer +%zu, range %llu+%zu", w, shift,
					     (unsigned long long)off, len);
				buf[w] = keep;
				checked++;
			}
		}
	cr_assert_gt(checked, 4 * 8 * 1500, "every word of every case was tried");
	free(copy);
	free(f);
}

Test(verify, a_bad_unit_is_one_error_with_its_count_of_words)
{
	uint32_t *f = make_file();
	struct bk_verifier v;

	for (unsigned i = 0; i < 25; i++)
		f[4096 / 4 * 2 + 100 + i] ^= 0x80000000u;
	bk_verifier_init(&v, 0, NULL, NULL);
	cr_assert_eq(bk_verify(&v, &layout, f, 0, FILE_BYTES), 25, "every word counted");
	cr_assert_eq(v.bad_words, 25);
	cr_assert_eq(v.bad_units, 1);
	cr_assert_eq(v.nrecorded, 1, "one error: the unit");
	cr_assert_eq(v.recorded[0].words, 25);
	cr_assert_eq(v.recorded[0].offset, 2 * 4096 + 100 * 4, "its first wrong word");
	cr_assert_not(bk_verifier_full(&v), "one unit is not ten errors");
	free(f);
}

Test(verify, the_stop_is_per_file)
{
	uint32_t *f = make_file();
	struct bk_verifier v;

	for (unsigned u = 0; u < 12; u++)
		f[u * BK_UNIT_WORDS + 9] ^= 1;
	bk_verifier_init(&v, 0, NULL, NULL);
	bk_verify(&v, &layout, f, 0, 12 * BK_UNIT_BYTES);
	cr_assert(bk_verifier_full(&v), "ten bad units stop this file");
	cr_assert_eq(v.nrecorded, BK_VERIFY_MAX_ERRORS);
	bk_verifier_next_file(&v);
	cr_assert_not(bk_verifier_full(&v), "the next file is checked");
	bk_verify(&v, &layout, f, 0, BK_UNIT_BYTES);
	cr_assert_eq(v.bad_units, 13);
	free(f);
}

Test(verify, a_zeroed_unit_is_zeros_not_a_wrong_file)
{
	uint32_t *f = make_file();
	struct bk_verifier v;

	memset(f + 3 * BK_UNIT_WORDS, 0, BK_UNIT_BYTES);
	bk_verifier_init(&v, 0, NULL, NULL);
	bk_verify(&v, &layout, f, 0, FILE_BYTES);
	cr_assert_eq(v.nrecorded, 1);
	cr_assert(v.recorded[0].zeroed);
	cr_assert_not(v.recorded[0].wrong_file);
	cr_assert_eq(v.recorded[0].offset, 3 * 4096);
	free(f);
}

Test(verify, data_of_another_run_or_file_or_place_is_caught)
{
	uint32_t *f = make_file();
	struct bk_verifier v;
	struct bk_layout other_run = layout, other_file = layout;

	other_run.run = 0xC0FFEE12u;
	other_file.file = 2;
	bk_verifier_init(&v, 1000, NULL, NULL);
	cr_assert_eq(bk_verify(&v, &other_run, f, 0, BK_UNIT_BYTES), 1, "stale run id");
	cr_assert_eq(v.recorded[0].offset, 12);
	cr_assert_eq(bk_verify(&v, &other_file, f, 0, BK_UNIT_BYTES), 1, "wrong file");
	cr_assert(v.recorded[1].wrong_file);
	/* Unit 7 where unit 0 belongs: same pattern (7 % 7 == 0), other index. */
	cr_assert_gt(bk_verify(&v, &layout, f + 7 * BK_UNIT_WORDS, 0, BK_UNIT_BYTES), 0,
		     "a misplaced unit");
	free(f);
}

Test(verify, refilling_a_buffer_equals_filling_it)
{
	size_t len = 16 * BK_UNIT_BYTES;
	uint32_t *a = aligned_alloc(4096, len), *b = aligned_alloc(4096, len);
	unsigned seed = 7;
	uint64_t prev = UINT64_MAX;

	for (int i = 0; i < 500; i++) {
		/* Offsets that keep, shift, and repeat the pattern cycle (7 units). */
		uint64_t off = (uint64_t)(rand_r(&seed) % 4 == 0 ? 7 * (rand_r(&seed) % 100) :
					  rand_r(&seed) % 10000) * BK_UNIT_BYTES;

		bk_layout_refill(&layout, a, off, len, prev);
		bk_layout_fill(&layout, b, off, len);
		cr_assert_arr_eq(a, b, len, "refill at %llu after %llu", (unsigned long long)off,
				 (unsigned long long)prev);
		prev = off;
	}
	free(a);
	free(b);
}
