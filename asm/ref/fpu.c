// SPDX-License-Identifier: MIT
/*
 * C references of the FPU kernels (burninfpu / MP-MFLOPS).
 *
 * The constants are those of the public MP-MFLOPS source; with them, IEEE
 * arithmetic in source order and no contraction (this file is built with
 * -ffp-contract=off), the results of Longbottom's published runs are
 * reproduced to the last digit.
 */
#include <burnkit/kernels.h>
#include <burnkit/prefetch.h>

#define BK_FPU_CONSTS_INIT						\
	{ 0.000020, 0.999980, 0.000011, 1.000011, 0.000012, 0.999992,	\
	  0.000013, 1.000013, 0.000014, 0.999994, 0.000015, 1.000015,	\
	  0.000016, 0.999996, 0.000017, 1.000017, 0.000018, 1.000018,	\
	  0.000019, 1.000019, 0.000021, 1.000021, 0.999950 }

const float bk_fpu32_consts[BK_FPU_NCONSTS] = BK_FPU_CONSTS_INIT;
const double bk_fpu64_consts[BK_FPU_NCONSTS] = BK_FPU_CONSTS_INIT;

size_t bk_fpu_prefetch_min_bytes = BK_FPU_PREFETCH_MIN_BYTES;
int bk_fpu_avx2_ops8_two_stage;
size_t bk_fpu_avx2_ops8_l2_prefetch_min_bytes;
int bk_fpu_avx512_ops2_one_vector;
int bk_fpu_avx2_ops8_xmm;
int bk_fpu_avx2_ops32_xmm;
int bk_fpu_avx2_ops2_prefetch;

/*
 * Every pass must read and write the whole array (kernels.h): the memory
 * traffic at the chosen size is part of the test. Without this barrier an
 * optimising compiler may run two passes per sweep (gcc -O3 unrolls and
 * jams the pass loop), halving the traffic the test is meant to cause.
 */
#define BK_PASS_BARRIER(x) __asm__ volatile("" : : "r"(x) : "memory")

/*
 * One generic body per precision; the two are the same text with another
 * element type, so a macro writes both.
 */
#define BK_FPU_REF(prefix, T, K)					\
void prefix##_ops2_ref(T *x, size_t n, size_t passes)			\
{									\
	const T a = K[0], k2 = K[22];					\
									\
	for (size_t p = 0; p < passes; p++) {				\
		for (size_t i = 0; i < n; i++)				\
			x[i] = (x[i] + a) * k2;				\
		BK_PASS_BARRIER(x);					\
	}								\
}									\
									\
void prefix##_ops8_ref(T *x, size_t n, size_t passes)			\
{									\
	const T a = K[0], b = K[1], c = K[2], d = K[3], e = K[4], f = K[5]; \
									\
	for (size_t p = 0; p < passes; p++) {				\
		for (size_t i = 0; i < n; i++)				\
			x[i] = (x[i] + a) * b - (x[i] + c) * d		\
			       + (x[i] + e) * f;			\
		BK_PASS_BARRIER(x);					\
	}								\
}									\
									\
void prefix##_ops32_ref(T *x, size_t n, size_t passes)			\
{									\
	const T a = K[0], b = K[1], c = K[2], d = K[3], e = K[4], f = K[5]; \
	const T g = K[6], h = K[7], j = K[8], k = K[9], l = K[10];	\
	const T m = K[11], o = K[12], p_ = K[13], q = K[14], r = K[15];	\
	const T s = K[16], t = K[17], u = K[18], v = K[19], w = K[20];	\
	const T y = K[21];						\
									\
	for (size_t p = 0; p < passes; p++) {				\
		for (size_t i = 0; i < n; i++)				\
			x[i] = (x[i] + a) * b - (x[i] + c) * d		\
			       + (x[i] + e) * f - (x[i] + g) * h	\
			       + (x[i] + j) * k - (x[i] + l) * m	\
			       + (x[i] + o) * p_ - (x[i] + q) * r	\
			       + (x[i] + s) * t - (x[i] + u) * v	\
			       + (x[i] + w) * y;			\
		BK_PASS_BARRIER(x);					\
	}								\
}

BK_FPU_REF(fpu32, float, bk_fpu32_consts)
BK_FPU_REF(fpu64, double, bk_fpu64_consts)
