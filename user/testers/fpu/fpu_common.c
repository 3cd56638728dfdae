// SPDX-License-Identifier: MIT
/* fpu_common: what burnkit fpu and burnkit mflops share (see fpu_common.h). */
#include "fpu_common.h"

#include <math.h>
#include <string.h>

int bk_fpu_section_ops(int section)
{
	static const int ops[] = { 0, 2, 8, 32 };

	return section >= 1 && section <= 3 ? ops[section] : 0;
}

int bk_fpu_ops_section(int ops)
{
	for (int s = 1; s <= 3; s++)
		if (bk_fpu_section_ops(s) == ops)
			return s;
	return 0;
}

int bk_fpu_kernel_pick(const struct bk_kernel_table *t, int ops, int dbl,
		       struct bk_fpu_kernel *k)
{
	memset(k, 0, sizeof(*k));
	k->ops = ops;
	k->dbl = dbl;
#define BK_PICK_(bits, n)						\
	do {								\
		k->slot = "fpu" #bits "_ops" #n;			\
		k->isa = t->fpu##bits##_ops##n##_isa;			\
		k->order = t->fpu##bits##_ops##n##_order;		\
		k->fn##bits = t->fpu##bits##_ops##n;			\
		k->ref##bits = fpu##bits##_ops##n##_ref;		\
	} while (0)
	switch (ops) {
	case 2:
		if (dbl)
			BK_PICK_(64, 2);
		else
			BK_PICK_(32, 2);
		break;
	case 8:
		if (dbl)
			BK_PICK_(64, 8);
		else
			BK_PICK_(32, 8);
		break;
	case 32:
		if (dbl)
			BK_PICK_(64, 32);
		else
			BK_PICK_(32, 32);
		break;
	default:
		return -1;
	}
#undef BK_PICK_
	return 0;
}

void bk_fpu_fill(void *x, size_t n, int dbl, double value)
{
	if (dbl) {
		double *d = x;

		for (size_t i = 0; i < n; i++)
			d[i] = value;
	} else {
		float *f = x, v = (float)value;

		for (size_t i = 0; i < n; i++)
			f[i] = v;
	}
}

void bk_fpu_run(const struct bk_fpu_kernel *k, void *x, size_t n,
		uint64_t repeats)
{
	while (repeats) {	/* size_t is 32 bits on ARMv7 */
		size_t step = repeats > SIZE_MAX ? SIZE_MAX : (size_t)repeats;

		if (k->dbl)
			k->fn64(x, n, step);
		else
			k->fn32(x, n, step);
		repeats -= step;
	}
}

double bk_fpu_word(const void *x, size_t i, int dbl)
{
	return dbl ? ((const double *)x)[i] : (double)((const float *)x)[i];
}

uint64_t bk_fpu_word_bits(const void *x, size_t i, int dbl)
{
	if (dbl) {
		uint64_t b;

		memcpy(&b, (const double *)x + i, sizeof(b));
		return b;
	}
	uint32_t b;

	memcpy(&b, (const float *)x + i, sizeof(b));
	return b;
}

void bk_fpu_flip_bit(void *x, size_t i, int dbl, unsigned bit)
{
	if (dbl) {
		uint64_t b;

		memcpy(&b, (double *)x + i, sizeof(b));
		b ^= 1ull << (bit & 63);
		memcpy((double *)x + i, &b, sizeof(b));
	} else {
		uint32_t b;

		memcpy(&b, (float *)x + i, sizeof(b));
		b ^= 1u << (bit & 31);
		memcpy((float *)x + i, &b, sizeof(b));
	}
}

/* First index whose bits differ from `bits`, or n. */
static size_t first_other(const void *x, size_t from, size_t n, int dbl,
			  uint64_t bits)
{
	if (dbl) {
		const uint64_t *w = x;

		for (size_t i = from; i < n; i++)
			if (w[i] != bits)
				return i;
	} else {
		const uint32_t *w = x;
		uint32_t b = (uint32_t)bits;

		for (size_t i = from; i < n; i++)
			if (w[i] != b)
				return i;
	}
	return n;
}

/* Boyer-Moore vote: the majority bit pattern, if there is one. */
static int majority_bits(const void *x, size_t n, int dbl, uint64_t *bits)
{
	uint64_t cand = 0;
	size_t count = 0, agree = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t b = bk_fpu_word_bits(x, i, dbl);

		if (!count) {
			cand = b;
			count = 1;
		} else if (b == cand) {
			count++;
		} else {
			count--;
		}
	}
	for (size_t i = 0; i < n; i++)
		agree += bk_fpu_word_bits(x, i, dbl) == cand;
	if (agree * 2 <= n)
		return 0;
	*bits = cand;
	return 1;
}

size_t bk_fpu_check_words(const void *x, size_t n, int dbl,
			  struct bk_fpu_mismatch *list, size_t max_list,
			  struct bk_fpu_check *out)
{
	uint64_t want;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (!n)
		return 0;
	want = bk_fpu_word_bits(x, 0, dbl);
	out->expected = bk_fpu_word(x, 0, dbl);
	out->expected_bits = want;
	i = first_other(x, 1, n, dbl, want);
	if (i == n)
		return 0;	/* the common case: one sweep, all equal */

	uint64_t maj;

	if (majority_bits(x, n, dbl, &maj) && maj != want) {
		want = maj;
		out->majority = 1;
		out->expected_bits = maj;
		if (dbl) {
			double d;

			memcpy(&d, &maj, sizeof(d));
			out->expected = d;
		} else {
			uint32_t b = (uint32_t)maj;
			float f;

			memcpy(&f, &b, sizeof(f));
			out->expected = f;
		}
		i = 0;
	}
	for (i = first_other(x, i, n, dbl, want); i < n;
	     i = first_other(x, i + 1, n, dbl, want)) {
		if (out->listed < max_list) {
			struct bk_fpu_mismatch *m = &list[out->listed++];

			m->index = i;
			m->expected = out->expected;
			m->expected_bits = want;
			m->actual = bk_fpu_word(x, i, dbl);
			m->actual_bits = bk_fpu_word_bits(x, i, dbl);
		}
		out->mismatches++;
	}
	return out->mismatches;
}

double bk_fpu_reference(int ops, int dbl, uint64_t repeats)
{
	/* Sweeps per block; the skip needs f^block(x) == x, bit for bit. */
	const uint64_t block = 4096;
	struct bk_fpu_kernel k;
	struct bk_kernel_table refs;
	char err[64];
	union {
		float f;
		double d;
	} x, before;

	if (bk_dispatch_init(&refs, "ref", err, sizeof(err)) ||
	    bk_fpu_kernel_pick(&refs, ops, dbl, &k))
		return NAN;
	memset(&x, 0, sizeof(x));
	bk_fpu_fill(&x, 1, dbl, BK_FPU_X0);
	while (repeats) {
		uint64_t step = repeats < block ? repeats : block;

		before = x;
		bk_fpu_run(&k, &x, 1, step);
		repeats -= step;
		if (step == block && !memcmp(&x, &before, sizeof(x)))
			repeats %= block;	/* periodic: whole blocks change nothing */
	}
	return bk_fpu_word(&x, 0, dbl);
}

double bk_fpu_lambda(int ops)
{
	const double *c = bk_fpu64_consts;
	double lambda = 0;

	if (ops == 2)
		return c[22];
	/* ops 8: terms 1-3; ops 32: terms 1-11; multipliers at odd indexes. */
	for (int term = 0; term < (ops == 8 ? 3 : 11); term++)
		lambda += (term % 2 ? -1 : 1) * c[2 * term + 1];
	return lambda;
}

double bk_fpu_tolerance(enum bk_order order, int ops, int dbl,
			uint64_t repeats, double reference)
{
	double rel = dbl ? BK_FPU64_FUSED_REL_TOL : BK_FPU32_FUSED_REL_TOL;
	double memory = 1.0 / (1.0 - bk_fpu_lambda(ops));
	double steps = (double)repeats < memory ? (double)repeats : memory;
	double scale = fmax(fabs(BK_FPU_X0), fabs(reference));

	if (order == BK_ORDER_EXACT)
		return 0;
	return rel * steps * scale;
}

void bk_fpu_compare(const struct bk_fpu_kernel *k, uint64_t repeats,
		    double actual, double reference, struct bk_fpu_refcmp *out)
{
	uint64_t a, r;

	memset(out, 0, sizeof(*out));
	out->reference = reference;
	out->diff = fabs(actual - reference);
	out->rel_diff = reference != 0 ? out->diff / fabs(reference) : out->diff;
	out->tolerance = bk_fpu_tolerance(k->order, k->ops, k->dbl, repeats,
					  reference);
	if (k->dbl) {
		memcpy(&a, &actual, sizeof(a));
		memcpy(&r, &reference, sizeof(r));
	} else {
		float fa = (float)actual, fr = (float)reference;
		uint32_t ba, br;

		memcpy(&ba, &fa, sizeof(ba));
		memcpy(&br, &fr, sizeof(br));
		a = ba;
		r = br;
	}
	out->bit_exact = a == r;
	if (k->order == BK_ORDER_EXACT)
		out->agrees = out->bit_exact;
	else
		out->agrees = out->diff <= out->tolerance;	/* false for NaN */
}

double bk_fpu_mflops(uint64_t words, int ops, uint64_t repeats, double seconds)
{
	if (seconds <= 0)
		return 0;
	return (double)words * ops * (double)repeats / seconds / 1e6;
}

long bk_fpu_checksum(double x0, int dbl)
{
	if (dbl)
		return (long)(x0 * 100000);
	return (long)((float)x0 * 100000.0f);
}

uint64_t bk_fpu_calibrate(bk_fpu_measure_fn *measure, void *arg,
			  double target_s, double probe_s,
			  uint64_t max_repeats)
{
	uint64_t r = 1;
	double t, want;

	if (probe_s > target_s)
		probe_s = target_s;
	for (;;) {
		t = measure(arg, r);
		if (t < 0)
			return 0;
		if (t >= probe_s || r >= max_repeats)
			break;
		/* Grow towards the probe time, by 2x to 16x per step. */
		double f = t > 0 ? probe_s / t * 1.2 : 16;

		f = f < 2 ? 2 : f > 16 ? 16 : f;
		r = (double)r * f >= (double)max_repeats ? max_repeats :
		    (uint64_t)((double)r * f);
	}
	want = (double)r * target_s / t;
	if (want < 1)
		return 1;
	if (want >= (double)max_repeats)
		return max_repeats;
	return (uint64_t)(want + 0.5);
}

void bk_fpu_plan_passes(double total_s, unsigned long *passes, double *pass_s)
{
	unsigned long n;

	if (total_s >= 15)
		n = (unsigned long)floor(total_s / 15 + 0.5);
	else if (total_s >= 2)
		n = total_s >= 4 ? 4 : (unsigned long)floor(total_s);
	else
		n = 1;
	*passes = n;
	*pass_s = total_s / (double)n;
}
