// SPDX-License-Identifier: MIT
/* verify: the drive testers' data layout and the check of what they read. */
#include "storage/verify.h"
#include "util.h"

#include <string.h>

void bk_layout_header(const struct bk_layout *l, uint64_t unit,
		      uint32_t header[BK_UNIT_HEADER_WORDS], uint32_t *fill)
{
	uint32_t number = 0, word = 0, gen = 0;

	l->pattern(l->arg, unit, &number, &word, &gen);
	header[0] = l->file;
	header[1] = (uint32_t)unit;
	header[2] = (number & 0xffffu) | (gen << 16);
	header[3] = l->run;
	*fill = word;
}

static void fill_words(uint32_t *p, size_t n, uint32_t w)
{
	uint64_t w64 = ((uint64_t)w << 32) | w;

	if (((uintptr_t)p & 7) && n) {
		*p++ = w;
		n--;
	}
	uint64_t *q = (uint64_t *)(void *)p;
	size_t n64 = n / 2;

	for (size_t i = 0; i < n64; i++)
		q[i] = w64;
	if (n & 1)
		p[n - 1] = w;
}

void bk_layout_fill(const struct bk_layout *l, void *buf, uint64_t off, size_t len)
{
	uint32_t *out = buf;
	uint64_t end = off + len;

	while (off < end) {
		uint64_t unit = off / BK_UNIT_BYTES;
		size_t w0 = (size_t)(off % BK_UNIT_BYTES) / 4;
		uint64_t unit_end = (unit + 1) * BK_UNIT_BYTES;
		size_t w1 = (size_t)((end < unit_end ? end : unit_end) - unit * BK_UNIT_BYTES) / 4;
		uint32_t hdr[BK_UNIT_HEADER_WORDS], fill;
		size_t w = w0;

		bk_layout_header(l, unit, hdr, &fill);
		for (; w < w1 && w < BK_UNIT_HEADER_WORDS; w++)
			*out++ = hdr[w];
		fill_words(out, w1 - w, fill);
		out += w1 - w;
		off = unit * BK_UNIT_BYTES + (uint64_t)w1 * 4;
	}
}

void bk_layout_refill(const struct bk_layout *l, void *buf, uint64_t off, size_t len,
		      uint64_t prev_off)
{
	uint32_t *out = buf;

	if (prev_off == UINT64_MAX || off % BK_UNIT_BYTES || prev_off % BK_UNIT_BYTES ||
	    len % BK_UNIT_BYTES) {
		bk_layout_fill(l, buf, off, len);
		return;
	}
	for (size_t done = 0; done < len; done += BK_UNIT_BYTES) {
		uint64_t unit = (off + done) / BK_UNIT_BYTES;
		uint32_t hdr[BK_UNIT_HEADER_WORDS], fill, was, number, gen;

		bk_layout_header(l, unit, hdr, &fill);
		l->pattern(l->arg, (prev_off + done) / BK_UNIT_BYTES, &number, &was, &gen);
		memcpy(out, hdr, sizeof(hdr));
		if (was != fill)
			fill_words(out + BK_UNIT_HEADER_WORDS, BK_UNIT_WORDS - BK_UNIT_HEADER_WORDS,
				   fill);
		out += BK_UNIT_WORDS;
	}
}

uint32_t bk_layout_word(const struct bk_layout *l, uint64_t off)
{
	uint32_t hdr[BK_UNIT_HEADER_WORDS], fill;
	size_t w = (size_t)(off % BK_UNIT_BYTES) / 4;

	bk_layout_header(l, off / BK_UNIT_BYTES, hdr, &fill);
	return w < BK_UNIT_HEADER_WORDS ? hdr[w] : fill;
}

/*
 * The check of n pattern words: the OR of every word XOR the pattern is
 * zero exactly when every word is the pattern, so it misses nothing. Four
 * accumulators of 16-byte vectors (SSE2 on x86-64, NEON on Arm, plain words
 * where neither is in the build), and a prefetch PREFETCH_AHEAD bytes on: a
 * unit is one 4 KB page, where the hardware prefetchers stop, and a buffer
 * just read from a drive is in no cache of this core. Measured checking
 * 1 MB direct reads on a virtual disk (x86-64), CPU time per MB including
 * the rest of the tester: 118 us with the earlier OR and AND sums on 64-bit
 * words, 85 us as vectors, 74 us prefetching 1 KB on, 66 us 2 or 4 KB on.
 *
 * The prefetch is non-temporal (prefetchnta on x86-64, pldl1strm on
 * AArch64): every word is read once, and the next transfer into the buffer
 * writes over it. Kept in this core's caches, the checked buffer slowed
 * that transfer: on a virtual disk the "device" is the host's copy into
 * the guest's memory, and it ran slower into lines another core held.
 * sdcard's seq-read 1 MB QD1 (two buffers in turn, one checked while the
 * other is read), AMD Zen 4 guest, 12 rounds taking turns with fio, most
 * in a stretch where the host was loud: 0.85 x fio (median; 0.73-1.01)
 * with the plain prefetch, 0.98 (0.77-1.16) with this one; in quiet
 * stretches the two were alike. The check's CPU time stayed at 30-32 us
 * per MB. Flushing the buffer after the check (clflushopt) did not help
 * there; on a Zen 5 guest it did, and on an Intel Emerald Rapids guest
 * demoting it to the shared cache (cldemote) did, the host's copy then
 * finding its lines there instead of in memory: the stream does that at
 * depth 1 on those cores (xfer.c). On Emerald Rapids with nothing
 * released, the plain prefetch ran at 0.78-0.93 x fio against 0.70-0.88
 * non-temporal, demoted 0.97-1.11 (README).
 */
typedef uint32_t word_vec __attribute__((vector_size(16)));
#define VEC_WORDS (sizeof(word_vec) / sizeof(uint32_t))
#define PREFETCH_AHEAD 2048

static int words_match(const uint32_t *p, size_t n, uint32_t want)
{
	const word_vec w = { want, want, want, want };
	word_vec d0 = { 0 }, d1 = { 0 }, d2 = { 0 }, d3 = { 0 }, x0, x1, x2, x3;
	uint32_t d = 0;
	size_t i = 0;

	for (; i < n && (uintptr_t)(p + i) % sizeof(word_vec); i++)
		d |= p[i] ^ want;
	for (; i + 4 * VEC_WORDS <= n; i += 4 * VEC_WORDS) {
		/* An address past the end of p is harmless: prefetches never fault. */
		__builtin_prefetch((const void *)((uintptr_t)(p + i) + PREFETCH_AHEAD), 0, 0);
		memcpy(&x0, p + i, sizeof(x0));
		memcpy(&x1, p + i + VEC_WORDS, sizeof(x1));
		memcpy(&x2, p + i + 2 * VEC_WORDS, sizeof(x2));
		memcpy(&x3, p + i + 3 * VEC_WORDS, sizeof(x3));
		d0 |= x0 ^ w;
		d1 |= x1 ^ w;
		d2 |= x2 ^ w;
		d3 |= x3 ^ w;
	}
	for (; i < n; i++)
		d |= p[i] ^ want;
	d0 |= d1 | d2 | d3;
	return !(d | d0[0] | d0[1] | d0[2] | d0[3]);
}

void bk_verifier_init(struct bk_verifier *v, unsigned max_errors,
		      void (*report)(void *arg, const struct bk_verify_error *e),
		      void *report_arg)
{
	memset(v, 0, sizeof(*v));
	v->max_errors = max_errors ? max_errors : BK_VERIFY_MAX_ERRORS;
	v->report = report;
	v->report_arg = report_arg;
}

/* One error per bad unit: its first wrong word, how many, what it holds. */
static void record(struct bk_verifier *v, const struct bk_layout *l, uint64_t off,
		   uint32_t expected, uint32_t actual, uint32_t words, int wrong_file,
		   int zeroed)
{
	struct bk_verify_error later, *e = &later;

	v->file_errors++;
	if (v->file_errors > v->max_errors)
		return;
	/* The first errors of the run are kept; later ones are reported only. */
	if (v->nrecorded < BK_ARRAY_SIZE(v->recorded))
		e = &v->recorded[v->nrecorded++];
	e->file = l->file;
	e->offset = off;
	e->block = l->block_bytes ? off / l->block_bytes : 0;
	e->expected = expected;
	e->actual = actual;
	e->words = words;
	e->wall_ns = bk_wall_ns();
	e->wrong_file = wrong_file;
	e->zeroed = zeroed;
	if (v->report)
		v->report(v->report_arg, e);
}

/* Word-by-word compare of words [w0, w1) of one unit that failed the check. */
static uint64_t diff_unit(struct bk_verifier *v, const struct bk_layout *l,
			  uint64_t unit, const uint32_t *p, size_t w0, size_t w1,
			  const uint32_t *hdr, uint32_t fill)
{
	size_t first = w1;
	uint32_t n = 0, nonzero = 0;

	for (size_t w = w0; w < w1; w++) {
		uint32_t want = w < BK_UNIT_HEADER_WORDS ? hdr[w] : fill;

		nonzero |= p[w - w0];
		if (p[w - w0] != want) {
			if (first == w1)
				first = w;
			n++;
		}
	}
	if (!n)
		return 0;
	v->bad_words += n;
	/* Another file of this run: its number in word 0, this run's id in word 3. */
	int other = w0 == 0 && p[0] != hdr[0] && p[0] != 0 &&
		    (w1 <= 3 || p[3 - w0] == hdr[3]);
	uint32_t want = first < BK_UNIT_HEADER_WORDS ? hdr[first] : fill;

	record(v, l, unit * BK_UNIT_BYTES + first * 4, want, p[first - w0], n, other,
	       !nonzero);
	return n;
}

uint64_t bk_verify(struct bk_verifier *v, const struct bk_layout *l,
		   const void *buf, uint64_t off, size_t len)
{
	const uint32_t *in = buf;
	uint64_t end = off + len, bad = 0;

	while (off < end) {
		uint64_t unit = off / BK_UNIT_BYTES;
		size_t w0 = (size_t)(off % BK_UNIT_BYTES) / 4;
		uint64_t unit_end = (unit + 1) * BK_UNIT_BYTES;
		size_t w1 = (size_t)((end < unit_end ? end : unit_end) - unit * BK_UNIT_BYTES) / 4;
		uint32_t hdr[BK_UNIT_HEADER_WORDS], fill;
		size_t w = w0;
		int ok = 1;

		bk_layout_header(l, unit, hdr, &fill);
		for (; w < w1 && w < BK_UNIT_HEADER_WORDS; w++)
			ok &= in[w - w0] == hdr[w];
		if (w < w1)
			ok &= words_match(in + (w - w0), w1 - w, fill);
		if (!ok) {
			bad += diff_unit(v, l, unit, in, w0, w1, hdr, fill);
			v->bad_units++;
		}
		in += w1 - w0;
		v->bytes += (uint64_t)(w1 - w0) * 4;
		off = unit * BK_UNIT_BYTES + (uint64_t)w1 * 4;
	}
	return bad;
}
