/* SPDX-License-Identifier: MIT */
/*
 * verify: the layout of the data every drive tester writes, and the check
 * of every byte read back. drive, speed and sdcard all use it.
 *
 * A test file is a row of 4096-byte units. Each unit starts with four words
 * that say what it is, then its pattern word repeated to the end:
 *
 *   word 0   file number (burnindrive's "word 0 holds the file number")
 *   word 1   unit index in the file (low 32 bits)
 *   word 2   pattern number (bits 0-15) and write generation (bits 16-31)
 *   word 3   run id, drawn at random per run: stale data left on the drive
 *            by an earlier run (a lost write) does not pass for new data
 *   4-1023   the pattern word
 *
 * Words are 32-bit in the machine's byte order. The check of a unit is a
 * direct compare of the header words it covers and one pass over its
 * pattern words (where burnindrive sums them): the OR of every word XOR the
 * pattern is zero exactly when every word is the pattern, so the pass
 * misses nothing. Only a unit that fails is compared word by word; every
 * differing word is counted. An error is a bad unit: one record with its
 * first wrong word (file, block, byte offset, expected and actual word,
 * time), its count of wrong words, and what it holds instead (zeros, or
 * another file's data). The stop after
 * BK_VERIFY_MAX_ERRORS errors is per file: bk_verifier_next_file starts the
 * count again, so every file is still checked.
 */
#ifndef BK_VERIFY_H
#define BK_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#define BK_UNIT_BYTES		4096u
#define BK_UNIT_WORDS		(BK_UNIT_BYTES / 4)
#define BK_UNIT_HEADER_WORDS	4u
#define BK_VERIFY_MAX_ERRORS	10u	/* burnindrive stops after 10 errors (per file) */

struct bk_layout {
	uint32_t file;		/* word 0 */
	uint32_t run;		/* word 3 */
	uint32_t block_bytes;	/* the tester's block, for error reports */
	/* The pattern number, pattern word and generation of unit `unit`. */
	void (*pattern)(const void *arg, uint64_t unit, uint32_t *number,
			uint32_t *word, uint32_t *generation);
	const void *arg;
};

/* The header words of one unit. */
void bk_layout_header(const struct bk_layout *l, uint64_t unit,
		      uint32_t header[BK_UNIT_HEADER_WORDS], uint32_t *fill);

/*
 * Write the expected content of bytes [off, off + len) of the file into buf.
 * off and len are multiples of 4.
 */
void bk_layout_fill(const struct bk_layout *l, void *buf, uint64_t off, size_t len);

/*
 * The same, for a buffer that already holds what bk_layout_fill wrote for
 * prev_off (same l, same len): only the words that differ are written (the
 * headers, and the pattern words of units whose pattern changed), which
 * makes refilling a big sequential write buffer cheap when the patterns
 * repeat with the buffer's length. prev_off UINT64_MAX: fill it all.
 */
void bk_layout_refill(const struct bk_layout *l, void *buf, uint64_t off, size_t len,
		      uint64_t prev_off);

/* The expected word at byte offset off (a multiple of 4). */
uint32_t bk_layout_word(const struct bk_layout *l, uint64_t off);

struct bk_verify_error {
	uint32_t file;		/* the file that was read (layout's number) */
	uint64_t offset;	/* byte offset of the word in the file */
	uint64_t block;		/* offset / block_bytes */
	uint32_t expected, actual;
	uint64_t wall_ns;	/* CLOCK_REALTIME when found */
	uint32_t words;		/* wrong words in this 4 KB unit */
	int wrong_file;		/* the unit is another file's data of this run */
	int zeroed;		/* the unit read back as zeros */
};

struct bk_verifier {
	unsigned max_errors;	/* stop a file after this many bad units */
	unsigned file_errors;	/* bad units in the current file */
	uint64_t bad_words;	/* differing words found */
	uint64_t bad_units;	/* units with at least one */
	uint64_t bytes;		/* bytes checked */
	unsigned nrecorded;
	struct bk_verify_error recorded[BK_VERIFY_MAX_ERRORS];
	/* Called for each recorded error as it is found (may be NULL). */
	void (*report)(void *arg, const struct bk_verify_error *e);
	void *report_arg;
};

/* max_errors 0 means BK_VERIFY_MAX_ERRORS; at most that many are recorded. */
void bk_verifier_init(struct bk_verifier *v, unsigned max_errors,
		      void (*report)(void *arg, const struct bk_verify_error *e),
		      void *report_arg);

/*
 * Check bytes [off, off + len) of a file laid out by l, read into buf.
 * off and len are multiples of 4. Returns the number of differing words.
 */
uint64_t bk_verify(struct bk_verifier *v, const struct bk_layout *l,
		   const void *buf, uint64_t off, size_t len);

/* Has the verifier found as many errors in this file as it may? */
static inline int bk_verifier_full(const struct bk_verifier *v)
{
	return v->file_errors >= v->max_errors;
}

/* The next file: the stop after max_errors counts again from 0. */
static inline void bk_verifier_next_file(struct bk_verifier *v)
{
	v->file_errors = 0;
}

#endif
