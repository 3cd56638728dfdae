// SPDX-License-Identifier: MIT
/*
 * A Longbottom-style run of every FPU kernel: every word starts at
 * BK_FPU_X0, 1007 words (1000 and a tail for every block size), 300 passes.
 *
 * EXACT kernels must give the reference's bits. FUSED kernels must give,
 * bit for bit, the order kernels.h and their .S files document: every
 * x + c and the first product rounded as the reference, each further term
 * fused into the running sum left to right (one fma per term), in one sum
 * or, for the variants BK_FPU_SPLIT_SUM lists, in an even and an odd sum
 * subtracted at the end; that model is computed here with fmaf()/fma(). The fused result must also stay
 * within the tolerance of the reference. The per-pass tolerance alone
 * would not notice a swapped constant (about 1e-6 relative); the model
 * does. This file is built as ISO C11: no contraction of its own
 * expressions into fused operations.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"

#define LONG_WORDS 1007
#define LONG_PASSES 300
#define LONG_OFFSET 1	/* words: x starts off its 64-byte alignment */

/* Terms of the slot: 1, 3 or 11, the number of (x + c) * k products. */
static int slot_terms(const char *slot)
{
	if (strstr(slot, "_ops32"))
		return 11;
	if (strstr(slot, "_ops8"))
		return 3;
	return 1;
}

/* Does the variant sum even and odd terms apart (kernels.h, SPLIT)? */
static int split_sum(const char *symbol)
{
#define BK_SPLIT_NAME_(sym) #sym,
	static const char *const split[] = { BK_FPU_SPLIT_SUM(BK_SPLIT_NAME_) };
#undef BK_SPLIT_NAME_

	for (size_t i = 0; i < sizeof(split) / sizeof(split[0]); i++)
		if (!strcmp(split[i], symbol))
			return 1;
	return 0;
}

#define BK_FPU_LONG(prefix, T, K, FMA, TOL)				\
static T prefix##_fused_word(T x, int terms, int split)			\
{									\
	T r;								\
									\
	if (terms == 1)							\
		return (x + K[0]) * K[22];				\
	if (split) {							\
		T e = (x + K[0]) * K[1], o = (x + K[2]) * K[3];		\
									\
		for (int i = 2; i < terms; i++) {			\
			T u = x + K[2 * i];				\
									\
			if (i % 2)					\
				o = FMA(u, K[2 * i + 1], o);		\
			else						\
				e = FMA(u, K[2 * i + 1], e);		\
		}						\
		return e - o;						\
	}								\
	r = (x + K[0]) * K[1];						\
	for (int i = 1; i < terms; i++) {				\
		T u = x + K[2 * i];					\
									\
		r = FMA(i % 2 ? -u : u, K[2 * i + 1], r);		\
	}								\
	return r;							\
}									\
									\
static bk_##prefix##_fn *prefix##_ref_of(int terms)			\
{									\
	return terms == 1 ? prefix##_ops2_ref :				\
	       terms == 3 ? prefix##_ops8_ref : prefix##_ops32_ref;	\
}									\
									\
static void prefix##_long(const struct bk_variant *v)			\
{									\
	int terms = slot_terms(v->slot);				\
	T *raw = malloc((LONG_OFFSET + LONG_WORDS) * sizeof(T) + 64);	\
	T *x = (T *)(((uintptr_t)raw + 63) & ~(uintptr_t)63) + LONG_OFFSET; \
	T want[1] = { (T)BK_FPU_X0 };					\
	T model = (T)BK_FPU_X0;						\
									\
	for (size_t i = 0; i < LONG_WORDS; i++)				\
		x[i] = (T)BK_FPU_X0;					\
	((bk_##prefix##_fn *)v->fn)(x, LONG_WORDS, LONG_PASSES);	\
	prefix##_ref_of(terms)(want, 1, LONG_PASSES);			\
	for (int p = 0; p < LONG_PASSES; p++)				\
		model = prefix##_fused_word(model, terms, split_sum(v->symbol));		\
									\
	T expect = v->order == BK_ORDER_FUSED ? model : want[0];	\
	for (size_t i = 0; i < LONG_WORDS; i++)				\
		if (memcmp(&x[i], &expect, sizeof(T))) {		\
			case_fail("%s long run (%d words, %d passes): "	\
				  "word %zu got %.17g want %.17g (%s)",	\
				  v->symbol, LONG_WORDS, LONG_PASSES, i,	\
				  (double)x[i], (double)expect,		\
				  v->order == BK_ORDER_FUSED ?		\
				  "fused model" : "reference");		\
			break;						\
		}							\
	if (v->order == BK_ORDER_FUSED &&				\
	    fabs((double)x[0] - (double)want[0]) >			\
	    TOL * LONG_PASSES * fabs((double)want[0]))			\
		case_fail("%s long run: %.17g is beyond the fused "	\
			  "tolerance of the reference %.17g",		\
			  v->symbol, (double)x[0], (double)want[0]);	\
	free(raw);							\
}

BK_FPU_LONG(fpu32, float, bk_fpu32_consts, fmaf, BK_FPU32_FUSED_REL_TOL)
BK_FPU_LONG(fpu64, double, bk_fpu64_consts, fma, BK_FPU64_FUSED_REL_TOL)

void check_fpu_long(const struct bk_variant *v)
{
	if (!strncmp(v->slot, "fpu32_", 6))
		fpu32_long(v);
	else if (!strncmp(v->slot, "fpu64_", 6))
		fpu64_long(v);
}
