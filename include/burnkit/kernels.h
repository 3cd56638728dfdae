/* SPDX-License-Identifier: MIT */
/*
 * kernels.h: every compute kernel of burnkit, its C reference and its tuned
 * variants, and the lists lib/dispatch reads to fill the kernel table.
 *
 * Naming: <kernel>_ref is the C reference (asm/ref/), the test oracle and the
 * generic fallback; <kernel>_<arch>[_<isa>] is a hand-written variant
 * (asm/<arch>/). Every variant computes what its reference computes; where
 * the operation order differs (fused multiply-add), its .S file says so and
 * the tolerance is stated below.
 */
#ifndef BURNKIT_KERNELS_H
#define BURNKIT_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------------
 * FPU kernels (burninfpu / MP-MFLOPS).
 *
 * For each of `passes` passes, in order, for each i in [0, n):
 *   ops2:  x[i] = (x[i]+a)*K2
 *   ops8:  x[i] = (x[i]+a)*b - (x[i]+c)*d + (x[i]+e)*f
 *   ops32: x[i] = (x[i]+a)*b - (x[i]+c)*d + (x[i]+e)*f - (x[i]+g)*h + ...
 *                 ... 11 terms, constants a..y in table order, signs + - + - ...
 * The terms are summed left to right: ((t1 - t2) + t3) - t4 ...
 * Every pass sweeps the whole array (a kernel must not keep a word in a
 * register across passes: the memory traffic is part of the test).
 * Every word goes through the same operation sequence, tail included, so
 * words that start equal stay bit-identical (the testers check exactly
 * that after every pass: a difference is a hardware error).
 * x may have any 4-byte (fpu32) or 8-byte (fpu64) alignment; n may be 0.
 * ------------------------------------------------------------------------ */
#define BK_FPU_NCONSTS 23	/* a..y (22) for ops8/ops32, then K2 for ops2 */
#define BK_FPU_X0 0.999999	/* every word's starting value */

/*
 * A FUSED variant rounds once where the reference rounds twice: every
 * x + c and the first product of a sum are rounded as in the reference,
 * each further product is fused into its running sum (one fma, one
 * rounding), left to right. One sum (ops8, and ops32 where named below):
 *     r = (x + a) * b;  r = r - (x + c) * d;  r = r + (x + e) * f;  ...
 * SPLIT ops32 (the variants BK_FPU_SPLIT_SUM lists): the even terms and
 * the odd terms are summed apart, in two chains of half the length, and
 * subtracted at the end (one rounding more than the single sum, 23 vector
 * instructions per vector instead of 22):
 *     E = (x + a) * b;  E = E + (x + e) * f;  ...  E = E + (x + w) * y;
 *     O = (x + c) * d;  O = O + (x + g) * h;  ...  O = O + (x + u) * v;
 *     x = E - O
 * Per pass the result may differ from the reference's by at most this
 * relative amount. Bound, for words in [0.5, 1.5) (u = 2^-p, p = 24 or 53
 * bits; a rounding of v errs by at most u * 2^floor(log2 |v|)): the
 * reference rounds 11 products (<= u each) and 5 partial sums near x
 * (<= u each; the other 5 are near 0): <= 16u from the exact sum of its
 * rounded x + c. The single fused sum rounds 1 product and 10 sums, 5 near
 * x and 5 near 0: <= 6u. The split sum rounds 2 products (2u), E's 5 sums
 * of up to 3, 4.5, 6, 7.5, 9 (2u + 4u + 4u + 4u + 8u), O's 4 of up to 3,
 * 4.5, 6, 7.5 (2u + 4u + 4u + 4u) and E - O (u): <= 39u. So |fused - ref|
 * <= 55u absolute, 110u relative to a result near 0.5: 6.6e-6 single,
 * 1.22e-14 double. Largest measured by the kernel tests (tests/asm, random
 * words, one pass of 32 ops): 3.4e-7 and 8.8e-16 with one sum (AVX-512),
 * 1.1e-6 and 2.5e-15 split (AVX2). Over many passes the difference stays
 * bounded because the map is contracting, and the tester compares x[0]
 * with the reference run for the same passes. The AArch64 NEON kernels
 * fuse in the one-sum order, term by term left to right, however many
 * vectors they interleave (the asm test checks them bit for bit against
 * that order); the ARMv7 NEON and VFP kernels are EXACT (their vmla/vmls
 * are chained, not fused).
 */
#define BK_FPU32_FUSED_REL_TOL 7e-6
#define BK_FPU64_FUSED_REL_TOL 1.3e-14

/*
 * The FUSED ops32 variants that sum in two chains (SPLIT above): with 16
 * vector registers, the single chain of 10 dependent fmas per vector
 * leaves the FP pipes idle, however many vectors are interleaved (the .S
 * files give the cycles).
 */
#define BK_FPU_SPLIT_SUM(X)			\
	X(fpu32_ops32_x86_64_avx2)		\
	X(fpu64_ops32_x86_64_avx2)

extern const float bk_fpu32_consts[BK_FPU_NCONSTS];
extern const double bk_fpu64_consts[BK_FPU_NCONSTS];

typedef void bk_fpu32_fn(float *x, size_t n, size_t passes);
typedef void bk_fpu64_fn(double *x, size_t n, size_t passes);

bk_fpu32_fn fpu32_ops2_ref, fpu32_ops8_ref, fpu32_ops32_ref;
bk_fpu64_fn fpu64_ops2_ref, fpu64_ops8_ref, fpu64_ops32_ref;

/* ------------------------------------------------------------------------
 * Integer kernels (stressInt). Buffers hold `words` 32-bit words, a positive
 * multiple of 32 (one 128-byte block), aligned to 4 bytes at least.
 *
 * Layout of a pattern pair (p1, p2): each 128-byte block holds
 * 4 x p1, 4 x p2, 4 x p1, 4 x p2, 4 x p1, 4 x p2, 4 x p1, 4 x p2.
 *
 * int_write: fill buf with the pair layout (32 stores per block).
 * int_check: AND and OR of all p1 words and of all p2 words (32 AND + 32 OR
 *            per block); returns 0 when the four reductions equal p1, p1, p2,
 *            p2 (every word is right), nonzero otherwise.
 * int_read:  per 16 words, adds words 0-3 and 8-11 and subtracts words 4-7
 *            and 12-15 (8 adds, 8 subtracts), wrapping; returns the total,
 *            which for a correct buffer is (words / 16) * 8 * (p1 - p2).
 * ------------------------------------------------------------------------ */
typedef void bk_int_write_fn(uint32_t *buf, size_t words, uint32_t p1, uint32_t p2);
typedef int bk_int_check_fn(const uint32_t *buf, size_t words, uint32_t p1, uint32_t p2);
typedef uint32_t bk_int_read_fn(const uint32_t *buf, size_t words);

bk_int_write_fn int_write_ref;
bk_int_check_fn int_check_ref;
bk_int_read_fn int_read_ref;

/* ------------------------------------------------------------------------
 * The kernel table. BK_KERNEL_SLOTS lists every slot with its type and its
 * reference; BK_VARIANTS_<arch> lists the tuned kernels as
 * X(isa, slot, symbol). ISAs are ranked per architecture in lib/dispatch.c;
 * the table starts as the references and is overlaid, rank by rank, with
 * every variant whose ISA the CPU has (and, with --isa, up to that rank).
 * ------------------------------------------------------------------------ */
#define BK_KERNEL_SLOTS(X)				\
	X(fpu32_ops2, bk_fpu32_fn, fpu32_ops2_ref)	\
	X(fpu32_ops8, bk_fpu32_fn, fpu32_ops8_ref)	\
	X(fpu32_ops32, bk_fpu32_fn, fpu32_ops32_ref)	\
	X(fpu64_ops2, bk_fpu64_fn, fpu64_ops2_ref)	\
	X(fpu64_ops8, bk_fpu64_fn, fpu64_ops8_ref)	\
	X(fpu64_ops32, bk_fpu64_fn, fpu64_ops32_ref)	\
	X(int_write, bk_int_write_fn, int_write_ref)	\
	X(int_check, bk_int_check_fn, int_check_ref)	\
	X(int_read, bk_int_read_fn, int_read_ref)

/* Tuned variants, per family and architecture: X(isa, slot, symbol, order). */
#define BK_FPU_VARIANTS_x86_64(X)					\
	X(sse2, fpu32_ops2, fpu32_ops2_x86_64_sse2, EXACT)		\
	X(sse2, fpu32_ops8, fpu32_ops8_x86_64_sse2, EXACT)		\
	X(sse2, fpu32_ops32, fpu32_ops32_x86_64_sse2, EXACT)		\
	X(sse2, fpu64_ops2, fpu64_ops2_x86_64_sse2, EXACT)		\
	X(sse2, fpu64_ops8, fpu64_ops8_x86_64_sse2, EXACT)		\
	X(sse2, fpu64_ops32, fpu64_ops32_x86_64_sse2, EXACT)		\
	X(avx2, fpu32_ops2, fpu32_ops2_x86_64_avx2, EXACT)		\
	X(avx2, fpu32_ops8, fpu32_ops8_x86_64_avx2, FUSED)		\
	X(avx2, fpu32_ops32, fpu32_ops32_x86_64_avx2, FUSED)		\
	X(avx2, fpu64_ops2, fpu64_ops2_x86_64_avx2, EXACT)		\
	X(avx2, fpu64_ops8, fpu64_ops8_x86_64_avx2, FUSED)		\
	X(avx2, fpu64_ops32, fpu64_ops32_x86_64_avx2, FUSED)		\
	X(avx512, fpu32_ops2, fpu32_ops2_x86_64_avx512, EXACT)		\
	X(avx512, fpu32_ops8, fpu32_ops8_x86_64_avx512, FUSED)		\
	X(avx512, fpu32_ops32, fpu32_ops32_x86_64_avx512, FUSED)	\
	X(avx512, fpu64_ops2, fpu64_ops2_x86_64_avx512, EXACT)		\
	X(avx512, fpu64_ops8, fpu64_ops8_x86_64_avx512, FUSED)		\
	X(avx512, fpu64_ops32, fpu64_ops32_x86_64_avx512, FUSED)
#define BK_FPU_VARIANTS_aarch64(X)					\
	X(neon, fpu32_ops2, fpu32_ops2_aarch64_neon, EXACT)		\
	X(neon, fpu32_ops8, fpu32_ops8_aarch64_neon, FUSED)		\
	X(neon, fpu32_ops32, fpu32_ops32_aarch64_neon, FUSED)		\
	X(neon, fpu64_ops2, fpu64_ops2_aarch64_neon, EXACT)		\
	X(neon, fpu64_ops8, fpu64_ops8_aarch64_neon, FUSED)		\
	X(neon, fpu64_ops32, fpu64_ops32_aarch64_neon, FUSED)
#define BK_FPU_VARIANTS_armv7(X)					\
	X(vfp, fpu32_ops2, fpu32_ops2_armv7_vfp, EXACT)			\
	X(vfp, fpu32_ops8, fpu32_ops8_armv7_vfp, EXACT)			\
	X(vfp, fpu32_ops32, fpu32_ops32_armv7_vfp, EXACT)		\
	X(vfp, fpu64_ops2, fpu64_ops2_armv7_vfp, EXACT)			\
	X(vfp, fpu64_ops8, fpu64_ops8_armv7_vfp, EXACT)			\
	X(vfp, fpu64_ops32, fpu64_ops32_armv7_vfp, EXACT)		\
	X(neon, fpu32_ops2, fpu32_ops2_armv7_neon, EXACT)		\
	X(neon, fpu32_ops8, fpu32_ops8_armv7_neon, EXACT)		\
	X(neon, fpu32_ops32, fpu32_ops32_armv7_neon, EXACT)

#define BK_INT_VARIANTS_x86_64(X)				\
	X(x86_64, int_write, int_write_x86_64, EXACT)		\
	X(x86_64, int_check, int_check_x86_64, EXACT)		\
	X(x86_64, int_read, int_read_x86_64, EXACT)
#define BK_INT_VARIANTS_aarch64(X)				\
	X(aarch64, int_write, int_write_aarch64, EXACT)		\
	X(aarch64, int_check, int_check_aarch64, EXACT)		\
	X(aarch64, int_read, int_read_aarch64, EXACT)
#define BK_INT_VARIANTS_armv7(X)				\
	X(armv7, int_write, int_write_armv7, EXACT)		\
	X(armv7, int_check, int_check_armv7, EXACT)		\
	X(armv7, int_read, int_read_armv7, EXACT)

#define BK_VARIANTS_x86_64(X) BK_FPU_VARIANTS_x86_64(X) BK_INT_VARIANTS_x86_64(X)
#define BK_VARIANTS_aarch64(X) BK_FPU_VARIANTS_aarch64(X) BK_INT_VARIANTS_aarch64(X)
#define BK_VARIANTS_armv7(X) BK_FPU_VARIANTS_armv7(X) BK_INT_VARIANTS_armv7(X)

#if defined(__x86_64__)
#define BK_VARIANTS(X) BK_VARIANTS_x86_64(X)
#elif defined(__aarch64__)
#define BK_VARIANTS(X) BK_VARIANTS_aarch64(X)
#elif defined(__arm__)
#define BK_VARIANTS(X) BK_VARIANTS_armv7(X)
#else
#define BK_VARIANTS(X)
#endif

/* Declare every variant symbol with its slot's type. */
#define BK_DECLARE_VARIANT_(isa, slot, sym, order) extern bk_##slot##_type sym;
#define BK_SLOT_TYPEDEF_(slot, type, ref) typedef type bk_##slot##_type;
BK_KERNEL_SLOTS(BK_SLOT_TYPEDEF_)
BK_VARIANTS(BK_DECLARE_VARIANT_)
#undef BK_SLOT_TYPEDEF_
#undef BK_DECLARE_VARIANT_

#endif
