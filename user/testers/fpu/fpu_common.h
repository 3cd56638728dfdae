/* SPDX-License-Identifier: MIT */
/*
 * fpu_common: what burnkit fpu (burninfpu) and burnkit mflops (MP-MFLOPS)
 * share: the Section -> operations map, the kernel choice, buffers of
 * float or double words, the all-words-equal check, the C reference for one
 * word and the tolerance a fused kernel is held to, the calibration of
 * repeat passes to a target time, and the MFLOPS arithmetic.
 *
 * A "repeat" is one sweep of the kernel over every word (Longbottom's
 * "Repeat Passes"); a run of R repeats starts from x[i] = BK_FPU_X0.
 */
#ifndef BK_FPU_COMMON_H
#define BK_FPU_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "dispatch.h"

/* Section 1, 2, 3 -> 2, 8, 32 operations per word; 0 for another section. */
int bk_fpu_section_ops(int section);
/* 2, 8, 32 -> 1, 2, 3; 0 for another count. */
int bk_fpu_ops_section(int ops);

/* One kernel of the table, whatever its precision. */
struct bk_fpu_kernel {
	int ops;		/* 2, 8 or 32 operations per word */
	int dbl;		/* 1: double precision words, 0: single */
	const char *slot;	/* "fpu32_ops32", ... */
	const char *isa;	/* the ISA whose kernel fills the slot */
	enum bk_order order;
	bk_fpu32_fn *fn32;	/* the one for this precision is set */
	bk_fpu64_fn *fn64;
	bk_fpu32_fn *ref32;	/* its C reference */
	bk_fpu64_fn *ref64;
};

/* Pick the kernel for `ops` (2, 8, 32) and precision. 0, or -1 for bad ops. */
int bk_fpu_kernel_pick(const struct bk_kernel_table *t, int ops, int dbl,
		       struct bk_fpu_kernel *k);

static inline size_t bk_fpu_word_size(int dbl)
{
	return dbl ? sizeof(double) : sizeof(float);
}

/* Set every word to `value` (rounded to the precision). */
void bk_fpu_fill(void *x, size_t n, int dbl, double value);
/* Run `repeats` sweeps of the kernel over n words. */
void bk_fpu_run(const struct bk_fpu_kernel *k, void *x, size_t n,
		uint64_t repeats);
/* Word i as a double (exact for both precisions) and as its bit pattern. */
double bk_fpu_word(const void *x, size_t i, int dbl);
uint64_t bk_fpu_word_bits(const void *x, size_t i, int dbl);

/* Flip bit `bit` of word i (the test hooks' stand-in for a hardware error). */
void bk_fpu_flip_bit(void *x, size_t i, int dbl, unsigned bit);

/* One word that differs from the value every word should hold. */
struct bk_fpu_mismatch {
	size_t index;
	double expected, actual;
	uint64_t expected_bits, actual_bits;
};

struct bk_fpu_check {
	size_t mismatches;	/* words that differ from `expected` */
	size_t listed;		/* of them, the first `listed` are in the list */
	double expected;	/* the value the words agree on */
	uint64_t expected_bits;
	int majority;		/* expected is the majority, not x[0] (see below) */
};

/*
 * Check that all n words are bit-identical (the kernels keep equal words
 * equal: a difference is a hardware error). The expected value is x[0];
 * when x[0] itself is the odd one out (a strict majority of the words
 * agrees on another value), the majority value is expected instead, so a
 * corrupted x[0] is reported as one wrong word at index 0 and not as every
 * other word being wrong. The first `max_list` mismatches, in index order,
 * go to `list`. Returns the number of mismatches.
 */
size_t bk_fpu_check_words(const void *x, size_t n, int dbl,
			  struct bk_fpu_mismatch *list, size_t max_list,
			  struct bk_fpu_check *out);

/*
 * The C reference's x[0] after `repeats` sweeps from BK_FPU_X0 (one word:
 * every word goes through the same operations). Once the value repeats
 * itself after a block of sweeps (the iteration has reached a fixed point
 * or a cycle, which it does: the map is contracting), the remaining whole
 * blocks are skipped, so this stays cheap for billions of repeats.
 */
double bk_fpu_reference(int ops, int dbl, uint64_t repeats);

/*
 * Every kernel maps x to lambda*x + c (an affine map: the terms are linear
 * in x), with lambda the signed sum of the multipliers, a little below 1
 * (0.99995 for 2 ops, 0.999961 for 8, 0.999926 for 32): an error made in
 * one repeat shrinks by lambda in each later one.
 */
double bk_fpu_lambda(int ops);

/*
 * How far a kernel's x[0] may be from the C reference after `repeats`.
 *
 * EXACT kernels round like the reference: 0, bit for bit.
 *
 * FUSED kernels round once where the reference rounds twice. kernels.h
 * bounds the difference of one repeat by BK_FPU*_FUSED_REL_TOL relative
 * (the kernel tests check it). Differences made in earlier repeats shrink
 * by lambda per repeat, so after R repeats the total is bounded by
 *     tol_rel * min(R, 1 / (1 - lambda)) * max(|x0|, |ref|)
 * (1/(1-lambda) is 20000, 25600 and 13500 repeats for 2, 8, 32 ops): a
 * long run's difference stops growing. With kernels.h's per-repeat bounds
 * (4e-6 single, 8e-15 double, when this was written) that allows 5e-2 to
 * 1e-1 single and 1e-10 to 2e-10 double; measured with the AVX2 and
 * AVX-512 kernels against the reference after 1.7 million repeats, where
 * both have settled: 1.6e-3 (8 ops) and 8.5e-4 (32 ops) single, 4.1e-13
 * and 6.9e-13 double. Returned as an absolute difference.
 */
double bk_fpu_tolerance(enum bk_order order, int ops, int dbl,
			uint64_t repeats, double reference);

struct bk_fpu_refcmp {
	double reference;	/* the C reference's x[0] */
	double diff;		/* |actual - reference| */
	double rel_diff;	/* diff / |reference| */
	double tolerance;	/* bk_fpu_tolerance(), absolute */
	int agrees;		/* diff <= tolerance (bitwise for EXACT) */
	int bit_exact;		/* same bits as the reference */
};

void bk_fpu_compare(const struct bk_fpu_kernel *k, uint64_t repeats,
		    double actual, double reference, struct bk_fpu_refcmp *out);

/* MFLOPS = words * ops * repeats / seconds / 1e6 (0 when seconds <= 0). */
double bk_fpu_mflops(uint64_t words, int ops, uint64_t repeats, double seconds);

/* MP-MFLOPS's checksum, (int)(x[0] * 100000) in the word's precision. */
long bk_fpu_checksum(double x0, int dbl);

/*
 * Calibration: `measure` runs `repeats` repeats and returns the seconds
 * they took, or a negative number to give up (Ctrl-C). Repeats grow from 1
 * until one run lasts at least `probe_s`; the result is the repeats that
 * take `target_s` at the rate of that run (at least 1, at most
 * max_repeats). Returns 0 when `measure` gave up.
 */
typedef double bk_fpu_measure_fn(void *arg, uint64_t repeats);
uint64_t bk_fpu_calibrate(bk_fpu_measure_fn *measure, void *arg,
			  double target_s, double probe_s,
			  uint64_t max_repeats);

/*
 * A run's time split into passes: 4 a minute (about 15 s each) as
 * burninfpu; a run shorter than 15 s is split into at most 4 passes of at
 * least 1 s, and is one pass when shorter than 2 s.
 */
void bk_fpu_plan_passes(double total_s, unsigned long *passes,
			double *pass_s);

#endif
