/* SPDX-License-Identifier: MIT */
/*
 * prefetch.h: the sizes of x at which the x86-64 FPU kernels change how
 * they run a pass, and the tuning per core that lib/dispatch sets (read by
 * the .S files and by the asm tests, which run lengths on both sides of
 * each size, and every kernel under each core's tuning): up to
 * BK_FPU_PIPE_MAX_BYTES the AVX2 ops8 kernel runs its software pipeline
 * with x from memory, which only pays while x is in L1 (32 KiB, the
 * smallest L1d of the cores its schedule names; asm/x86_64/fpu_avx2.S),
 * unless the core runs its two-stage pipeline (bk_fpu_avx2_ops8_two_stage:
 * Zen 4 and Zen 5), there and, on a core that never prefetches a page ahead
 * (Zen 4), above BK_FPU_PREFETCH_MIN_BYTES, with pairs of blocks of four
 * prefetching BK_FPU_L2_PREFETCH_BYTES ahead between the two sizes (on
 * Zen 5 only above BK_FPU_L2_PREFETCH_MIN_BYTES, without up to it); above
 * BK_FPU_PREFETCH_MIN_BYTES (bk_fpu_prefetch_min_bytes: never on Zen 4)
 * the kernels prefetch each line one page ahead.
 *
 * At RAM size the hardware prefetchers stop at every 4 KiB page and a
 * prefetch one page ahead keeps the loads coming (Zen 3: ops8 6-11 %,
 * ops32 25 % faster at 64 MiB; Zen 5, AVX-512: ops2 20 %, ops8 28 %, ops32
 * 22 %). Where x fits in the caches the prefetch is only an instruction
 * that takes a load slot: on Zen 3, ops8 7 % and ops2 4 % slower at L1
 * size, ops2 25 % at L2 size and 10 % at 1 and 4 MiB (in L3), none of them
 * faster; Sapphire Rapids: ops2 5 % slower at L1 size, 2 % faster at
 * 1 MiB; Zen 5, AVX-512: ops8 7 % slower at L1 size, ops2 7 % at L2. So
 * each kernel that prefetches has its pass loop twice, without and with
 * the prefetches, and takes the second only for x larger than a gate
 * (bk_prefetch_gated, for the x86-64 .S files): BK_FPU_PREFETCH_MIN_BYTES
 * by default. The gate is read at every call from bk_fpu_prefetch_min_bytes,
 * which lib/dispatch sets for the core it runs on (bk_fpu_tuning_for),
 * since cores differ: a Zen 4 core (EPYC 9004, 64 MiB, 4 KiB pages) ran
 * every kernel as fast or faster without the prefetches (ops2 7-9 %, ops8
 * 5-6 %, ops32 1 % faster; SSE2 ops8 the same), so there the gate is
 * SIZE_MAX: never.
 */
#ifndef BURNKIT_PREFETCH_H
#define BURNKIT_PREFETCH_H

#define BK_FPU_PREFETCH_MIN_BYTES (4 << 20)
#define BK_FPU_PIPE_MAX_BYTES (32 << 10)
/* How far ahead the two-stage cores' AVX2 ops8 prefetches x from L2 and L3. */
#define BK_FPU_L2_PREFETCH_BYTES 1024
/* Zen 5's AVX2 ops8 takes x from L2 without that prefetch up to this size. */
#define BK_FPU_L2_PREFETCH_MIN_BYTES (512 << 10)

#ifndef __ASSEMBLER__
#include <stddef.h>

/*
 * The x86-64 FPU kernels prefetch for x larger than this many bytes
 * (SIZE_MAX: never). BK_FPU_PREFETCH_MIN_BYTES until lib/dispatch sets it
 * for the core; written before any kernel runs, never while one does.
 */
extern size_t bk_fpu_prefetch_min_bytes __attribute__((visibility("hidden")));

/*
 * Nonzero: the AVX2 ops8 kernels run their two-stage pipeline, which
 * never prefetches, for x of at most BK_FPU_PIPE_MAX_BYTES, and pairs of
 * blocks of four prefetching BK_FPU_L2_PREFETCH_BYTES ahead above it
 * (asm/x86_64/fpu_avx2.S), on the cores lib/dispatch names; above
 * BK_FPU_PREFETCH_MIN_BYTES the two-stage pipeline again where the gate
 * is SIZE_MAX (Zen 4), else the blocks of four that prefetch a page ahead
 * above the gate. 0 (the default): the pipeline over lines up to
 * BK_FPU_PIPE_MAX_BYTES, then blocks of four.
 */
extern int bk_fpu_avx2_ops8_two_stage __attribute__((visibility("hidden")));

/*
 * Where bk_fpu_avx2_ops8_two_stage is set: the pairs of blocks of four
 * prefetch BK_FPU_L2_PREFETCH_BYTES ahead only for x larger than this
 * many bytes, and run without them from BK_FPU_PIPE_MAX_BYTES up to it.
 * 0 (the default, Zen 4): they always prefetch; BK_FPU_L2_PREFETCH_MIN_BYTES
 * on Zen 5, where they cost at 512 KiB and less in the stretches when the
 * host slowed every kernel (asm/x86_64/fpu_avx2.S). Written as
 * bk_fpu_prefetch_min_bytes is.
 */
extern size_t bk_fpu_avx2_ops8_l2_prefetch_min_bytes __attribute__((visibility("hidden")));

/*
 * Nonzero: the AVX-512 ops2 kernels take x of more than
 * BK_FPU_PIPE_MAX_BYTES, up to the prefetch gate, one vector a loop
 * iteration, the pointer stepped before the store (Zen 5, where that ran
 * at gcc's rate and the blocks of four did not; they stay in L1; the
 * measurements are in asm/x86_64/fpu_avx512.S).
 * 0 (the default): blocks of four at every size.
 */
extern int bk_fpu_avx512_ops2_one_vector __attribute__((visibility("hidden")));

/*
 * Nonzero: the AVX2 ops8 kernels run at 128 bits, the same schedules on
 * xmm registers (asm/x86_64/fpu_avx2_xmm.S), on the cores whose FP pipes
 * are 128 bits wide (Zen 1, where that with the two-stage pipeline ran
 * 1.20-1.26 x as fast). 0 (the default): at 256 bits.
 */
extern int bk_fpu_avx2_ops8_xmm __attribute__((visibility("hidden")));

/*
 * Nonzero: the AVX2 ops32 kernels run at 128 bits, the same schedule on
 * xmm registers (asm/x86_64/fpu_avx2_xmm.S), on the cores whose FP pipes
 * are 128 bits wide (Zen 1, where that ran 1.14 x as fast).
 * 0 (the default): at 256 bits.
 */
extern int bk_fpu_avx2_ops32_xmm __attribute__((visibility("hidden")));

/*
 * Nonzero: the AVX2 ops2 kernels prefetch one page ahead for x larger
 * than bk_fpu_prefetch_min_bytes, as ops8 and ops32 do, on the cores
 * lib/dispatch names (Zen 1, where that ran 1.16-1.17 x as fast at
 * 64 MiB; Zen 5; Emerald Rapids). 0 (the default): ops2 never prefetches (asm/x86_64/fpu_avx2.S).
 */
extern int bk_fpu_avx2_ops2_prefetch __attribute__((visibility("hidden")));
#endif

#if defined(__ASSEMBLER__) && defined(__x86_64__)
/* Jump to `label` when x = [start, end) holds more than `limit` bytes
 * (an operand: $CONSTANT, or a variable's address). */
.macro bk_if_larger start, end, scratch, limit, label
	mov	\end, \scratch
	sub	\start, \scratch
	cmp	\limit, \scratch
	ja	\label
.endm

/*
 * A kernel's passes twice: `passes 0, begin, end_mark, args` (no prefetch,
 * its block loop marked by begin and end_mark, LOOP_BEGIN and LOOP_END)
 * for x of at most bk_fpu_prefetch_min_bytes, else `passes 1, , , args`;
 * both go on at `done`. x is [start, end); scratch, a free register.
 */
.macro bk_prefetch_gated start, end, scratch, done, passes, begin, end_mark, args:vararg
	bk_prefetch_gated_if , \start, \end, \scratch, \done, \passes, \begin, \end_mark, \args
.endm

/*
 * bk_prefetch_gated where the int `flag` is set (lib/dispatch sets it for
 * the cores where that kernel's prefetches pay); where it is 0, always the
 * plain passes. No flag: bk_prefetch_gated.
 */
.macro bk_prefetch_gated_if flag, start, end, scratch, done, passes, begin, end_mark, \
	args:vararg
	.hidden	bk_fpu_prefetch_min_bytes
.ifnb \flag
	.hidden	\flag
	cmpl	$0, \flag(%rip)
	je	.Lbk_plain\@
.endif
	bk_if_larger \start, \end, \scratch, bk_fpu_prefetch_min_bytes(%rip), \
		.Lbk_prefetching\@
.Lbk_plain\@:
	\passes 0, \begin, \end_mark, \args
	jmp	\done
.Lbk_prefetching\@:
	\passes 1, , , \args
.endm

/*
 * bk_prefetch_gated with a band below the gate: where the int `flag` is
 * set and x holds more than `band_min` bytes (an operand, as limit above)
 * and at most the gate, jump to `band` (the caller's loop for that band,
 * which goes on at `done` itself). One compare of each size a call.
 */
.macro bk_prefetch_gated_band flag, band_min, band, start, end, scratch, done, passes, \
	begin, end_mark, args:vararg
	.hidden	\flag
	.hidden	bk_fpu_prefetch_min_bytes
	bk_if_larger \start, \end, \scratch, bk_fpu_prefetch_min_bytes(%rip), \
		.Lbk_prefetching\@
	cmpl	$0, \flag(%rip)
	je	.Lbk_plain\@
	bk_if_larger \start, \end, \scratch, \band_min, \band
.Lbk_plain\@:
	\passes 0, \begin, \end_mark, \args
	jmp	\done
.Lbk_prefetching\@:
	\passes 1, , , \args
.endm
#endif

#endif
