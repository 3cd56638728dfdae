/* SPDX-License-Identifier: MIT */
/*
 * fpu_vfp.S: the burninfpu / MP-MFLOPS kernels (2, 8 and 32 operations
 * per word, single and double precision) for ARMv7 VFP, scalar: the
 * kernels of CPUs without NEON, and fpu64 on every ARMv7 CPU (NEON has no
 * double vectors).
 *
 * Assumptions:
 *
 * ARMv7-A, A32 (ARM state), AAPCS with VFP arguments (hard float), VFPv3
 * with 16 double registers (VFPv3-D16): only d0-d15 (s0-s31) are used, so
 * the kernels run on every VFPv3 CPU and need no VFPD32 check. x is 4-byte
 * (fpu32) or 8-byte (fpu64) aligned (vldm/vstm need 4); n >= 0 and
 * passes >= 0, either 0 does nothing. Contract, constants and operation
 * order: include/burnkit/kernels.h. FPSCR as Linux leaves it (round to
 * nearest, no flush to zero), the mode the C reference runs in.
 *
 * Operation order: EXACT, bit for bit the reference. VFP vmla/vmls are
 * chained, not fused (the fused ones are VFPv4's vfma/vfms): the product is
 * rounded, then added to (subtracted from) the accumulator and rounded
 * again. Starting the sum with the first product,
 *     sum = (x + a) * b;  sum = sum - (x + c) * d;  sum = sum + (x + e) * f ...
 * is the reference's left-to-right order ((t1 - t2) + t3) - ...
 *
 * Strategy: several words in flight, interleaved term by term, so the
 * latencies of the in-order VFP pipelines (Cortex-A7, A9, A53: add and
 * multiply 4 cycles, chained multiply-accumulate about 8) are covered: a
 * block is 16 words in fpu32 ops2, 8 in ops8 and ops32, 8 in fpu64 ops2,
 * 3 in ops8 and 4 in ops32. Words move by vldm/vstm, one instruction a
 * block; the words after the last block go one at a time through the same
 * arithmetic, so every word takes the same operations. The block sizes are
 * what the 32 single (16 double) registers allow once the constants are
 * held:
 *   ops2, ops8: every constant stays in a register (fpu64 ops8: 6 of the
 *     16 d registers, leaving 3 words of x, sum and x + c).
 *   ops32: 22 constants would leave 10 single registers (3 words) and no
 *     double register at all. So the constants stream: the addend and the
 *     factor of a term are neighbours in the table, and one vldmia loads
 *     the pair of the next term while this term runs, into the other of
 *     two register pairs (double buffering); after the last term the
 *     pointer steps back (sub) and the first pair is loaded again. That is
 *     11 loads and a sub per block, for 8 words (fpu32) or 4 (fpu64) in
 *     flight. Keeping 22 single constants in registers with 3 words would
 *     save 0.67 instructions per word but leave the chains of 3 words to
 *     cover the VFP latencies; the streamed form gives 8.
 *
 * Instruction counts of the loop bodies, by class as the `Loop body` lines
 * state them:
 *
 *     kernel       block     operations a word            instructions a word
 *     fpu32 ops2   16 words  add 1, mul 1                          2.25
 *     fpu32 ops8    8 words  add 3, mul 1, fma 2                   6.5
 *     fpu32 ops32   8 words  add 11, mul 1, fma 10, load 1.375     24
 *     fpu64 ops2    8 words  add 1, mul 1                          2.5
 *     fpu64 ops8    3 words  add 3, mul 1, fma 2                   7.33
 *     fpu64 ops32   4 words  add 11, mul 1, fma 10, load 2.75      26
 *
 * plus, per block, one vldm (load), one vstm (store), cmp and bne, and in
 * ops32 the sub of the constant pointer. Classes by mnemonic: vldm/vldr
 * loads, vstm/vstr stores; vadd add, vsub and sub sub, vmul mul, vmla/vmls
 * fma (chained multiply-accumulate), cmp, b<cond> branch, anything else
 * other; and and orr, the other classes of the house, are 0 here.
 *
 * Designed cycles per word, one core, from the public pipeline
 * descriptions (no hardware here: design figures, not measurements;
 * scripts/bench/arm_model.sh computes them from the counts inspect takes
 * from the binary, scripts/bench/arm_model_calc.c names the sources).
 * MFLOPS count the nominal 2, 8 or 32 operations a word:
 *
 *     kernel       Cortex-A53       Cortex-A72       Cortex-A76
 *                  cyc  MFLOPS/GHz  cyc  MFLOPS/GHz  cyc  MFLOPS/GHz
 *     fpu32 ops2    3      667       1     2000      1.12   1778
 *     fpu32 ops8    7     1143       3     2667      3.12   2560
 *     fpu32 ops32  24.4   1313      11     2909     11.12   2876
 *     fpu64 ops2    4      500       1     2000      1.25   1600
 *     fpu64 ops8    8     1000       3     2667      3.25   2462
 *     fpu64 ops32  26.8   1196      11     2909     11.25   2844
 *
 *   Cortex-A53, AArch32 (GCC's cortex-a53.md; no public guide): scalar FP
 *     add and multiply issue in slot 0 only, one a cycle, latency 4; a
 *     chained multiply-accumulate is a multiply, then the add 4 cycles
 *     later (4 from accumulator to accumulator). vldm/vstm move 64 bits a
 *     cycle and do not dual-issue with FP work, so their cycles add (and
 *     ops32's 11 constant loads). Longbottom's non-NEON build: ~650
 *     MFLOPS at ops32 per 1.2 GHz core (540 a GHz), 2617 on four.
 *   Cortex-A72 (Software Optimization Guide, UAN 0016A): scalar FP on both
 *     pipes F0/F1, two a cycle; FADD/FMUL 4, multiply-accumulate 7 with 3
 *     through the accumulator; loads and stores on their own pipes.
 *   Cortex-A76 (Software Optimization Guide): two FP pipes, FADD 2, FMUL
 *     3; stores take a V slot per 16 bytes; the chained VMLA taken as a
 *     multiply then an add (5, an assumption).
 * The chains: between two links of a word are 16 FP instructions in fpu32
 * ops32 and ops8 (8 words a block), 8 in fpu64 ops32 and 6 in fpu64 ops8:
 * 16, 8 and 6 cycles on the A53 (needs 4), 8, 4 and 3 on the A72 (needs
 * 3), 8, 4 and 3 on the A76 (needs 5: fpu64 ops32's block chain is 2 + 3
 * + 10 x 5 = 55 cycles for 45 of issue, covered by the out-of-order
 * overlap of consecutive blocks, 1.2 in its 128-entry window; fpu64 ops8's
 * 15 cycles for 10 of issue by 5.8 blocks in flight). The VFP loops are not
 * software-pipelined: on the A53 the load of a block is used at once and
 * the store waits for the last multiply (a few cycles a block, against
 * 48-200 of FP and memory work), and they stay the fallback of CPUs
 * without NEON (Cortex-A7/A9/A15, in order or narrow) and fpu64's path.
 */

#include "asmdefs.h"

	.syntax unified
	.arm
	.fpu	vfpv3-d16

data		.req r0		// x
len		.req r1		// n, then scratch
passes		.req r2		// passes left
src		.req r3		// next word to load in this pass
dst		.req ip		// next word to store in this pass
blk_end		.req r4		// end of the whole blocks
data_end	.req r6		// end of x
kptr		.req r7		// bk_fpu*_consts, walked in ops32
scratch		.req r8

/* ---------------------------------------------------------------- macros */

/*
 * Return at once when there is nothing to do; otherwise save what AAPCS
 * asks (r4-r9, d8-d15), set data_end and point kptr at the table; the
 * block end is set by block_end_pow2 or block_end_3.
 */
.macro kernel_enter log2es, table
	cmp	len, #0
	cmpne	passes, #0
	bxeq	lr
	push	{r4-r9}
	vpush	{d8-d15}
	add	data_end, data, len, lsl #\log2es
	movw	kptr, #:lower16:(\table - (.Lpc\@ + 8))	// pc-relative:
	movt	kptr, #:upper16:(\table - (.Lpc\@ + 8))	// PIE-safe
.Lpc\@:	add	kptr, pc, kptr
.endm

/* Blocks of 2^log2blk words. */
.macro block_end_pow2 log2es, log2blk
	bic	len, len, #((1 << \log2blk) - 1)
	add	blk_end, data, len, lsl #\log2es
.endm

/* Blocks of 3 words (fpu64): n / 3 = (n * 0xaaaaaaab) >> 33. */
.macro block_end_3 log2es
	movw	scratch, #0xaaab
	movt	scratch, #0xaaaa
	umull	scratch, len, len, scratch
	lsr	len, len, #1			// whole blocks
	add	len, len, len, lsl #1		// their words
	add	blk_end, data, len, lsl #\log2es
.endm

.macro kernel_leave
	vpop	{d8-d15}
	pop	{r4-r9}
	bx	lr
.endm

/* Start of a pass (label 1); skip the block loop when there is no block. */
.macro pass_begin
1:	mov	src, data
	mov	dst, data
	cmp	src, blk_end
	beq	3f
.endm

/* The words after the last block, one at a time (label 4); next pass. */
.macro pass_end body
3:	cmp	src, data_end
	beq	7f
4:	vldmia	src!, {vx0}
	\body	0
	vstmia	dst!, {sum0}
	cmp	src, data_end
	bne	4b
7:	subs	passes, passes, #1
	bne	1b
.endm

/* The first term, as the reference: sum = (x + c) * m, rounded twice. */
.macro first_term F, c, m, vecs:vararg
	.irp j, \vecs
	vadd.\F	sum\j, vx\j, \c
	.endr
	.irp j, \vecs
	vmul.\F	sum\j, sum\j, \m
	.endr
.endm

/* A further term, chained: sum = sum -/+ round((x + c) * m) (vmls/vmla). */
.macro chained_term mla, F, c, m, vecs:vararg
	.irp j, \vecs
	vadd.\F	tmp\j, vx\j, \c
	.endr
	.irp j, \vecs
	\mla\().\F	sum\j, tmp\j, \m
	.endr
.endm

/*
 * ops32, streamed constants: the term's addend c and factor m are one
 * pair; `next` is the other pair's register list, loaded between the
 * additions and the multiplications of this term (blank: no load).
 */
.macro first_term_streamed F, c, m, next, vecs:vararg
	.irp j, \vecs
	vadd.\F	sum\j, vx\j, \c
	.endr
	vldmia	kptr!, {\next}
	.irp j, \vecs
	vmul.\F	sum\j, sum\j, \m
	.endr
.endm

.macro chained_term_streamed mla, F, c, m, next, vecs:vararg
	.irp j, \vecs
	vadd.\F	tmp\j, vx\j, \c
	.endr
	.ifnb \next
	vldmia	kptr!, {\next}
	.endif
	.irp j, \vecs
	\mla\().\F	sum\j, tmp\j, \m
	.endr
.endm

/*
 * The 11 terms with two constant pairs: pair 0 (c0, m0, list0), pair 1
 * (c1, m1, list1). On entry pair 0 holds a, b and kptr points at c; on
 * exit the same again (the sub and the last vldmia restore it, after the
 * last multiply has read pair 0). es: element size in bytes.
 */
.macro ops32_streamed F, es, c0, m0, list0, c1, m1, list1, vecs:vararg
	first_term_streamed \F, \c0, \m0, \list1, \vecs		// a b; c d
	chained_term_streamed vmls, \F, \c1, \m1, \list0, \vecs	// c d; e f
	chained_term_streamed vmla, \F, \c0, \m0, \list1, \vecs	// e f; g h
	chained_term_streamed vmls, \F, \c1, \m1, \list0, \vecs	// g h; j k
	chained_term_streamed vmla, \F, \c0, \m0, \list1, \vecs	// j k; l m
	chained_term_streamed vmls, \F, \c1, \m1, \list0, \vecs	// l m; o p
	chained_term_streamed vmla, \F, \c0, \m0, \list1, \vecs	// o p; q r
	chained_term_streamed vmls, \F, \c1, \m1, \list0, \vecs	// q r; s t
	chained_term_streamed vmla, \F, \c0, \m0, \list1, \vecs	// s t; u v
	chained_term_streamed vmls, \F, \c1, \m1, \list0, \vecs	// u v; w y
	chained_term_streamed vmla, \F, \c0, \m0, , \vecs	// w y
	sub	kptr, kptr, #22 * \es
	vldmia	kptr!, {\list0}					// a b
.endm

/* name<k> .req <bank><first + k>, k = 0 .. count - 1 (and back). */
.macro reg_seq name, bank, first, count, k=0
	\name\()\k .req \bank\()\first
	.if \count - 1
	reg_seq \name, \bank, %(\first + 1), %(\count - 1), %(\k + 1)
	.endif
.endm

.macro unreq_seq name, count, k=0
	.unreq	\name\()\k
	.if \count - 1
	unreq_seq \name, %(\count - 1), %(\k + 1)
	.endif
.endm

.macro regs name, bank, first, count
	.altmacro
	reg_seq \name, \bank, \first, \count
	.noaltmacro
.endm

.macro unregs name, count
	.altmacro
	unreq_seq \name, \count
	.noaltmacro
.endm

/* ========================================================== fpu32 ops2 */

/* a in s0, K2 in s1; 16 words computed in place in s16-s31. */
	regs	vx, s, 16, 16
	regs	sum, s, 16, 16

.macro ops2_32 vecs:vararg
	first_term f32, s0, s1, \vecs
.endm

// Loop body fpu32_ops2_armv7_vfp: 36 instructions per 16 words (load 1, store 1, add 16, sub 0, mul 16, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops2_armv7_vfp)
	kernel_enter 2, bk_fpu32_consts
	block_end_pow2 2, 4
	vldr	s0, [kptr]			// a
	vldr	s1, [kptr, #22 * 4]		// K2
	pass_begin
	.p2align 4
LOOP_BEGIN(fpu32_ops2_armv7_vfp)
2:	vldmia	src!, {s16-s31}
	ops2_32	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	vstmia	dst!, {s16-s31}
	cmp	src, blk_end
	bne	2b
LOOP_END(fpu32_ops2_armv7_vfp)
	pass_end ops2_32
	kernel_leave
END(fpu32_ops2_armv7_vfp)

	unregs	vx, 16
	unregs	sum, 16

/* ========================================================== fpu32 ops8 */

/* a..f in s0-s5; 8 words: x in s8-s15, sum in s16-s23, x + c in s24-s31. */
	regs	vx, s, 8, 8
	regs	sum, s, 16, 8
	regs	tmp, s, 24, 8

.macro ops8_32 vecs:vararg
	first_term f32, s0, s1, \vecs
	chained_term vmls, f32, s2, s3, \vecs
	chained_term vmla, f32, s4, s5, \vecs
.endm

// Loop body fpu32_ops8_armv7_vfp: 52 instructions per 8 words (load 1, store 1, add 24, sub 0, mul 8, fma 16, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops8_armv7_vfp)
	kernel_enter 2, bk_fpu32_consts
	block_end_pow2 2, 3
	vldmia	kptr, {s0-s5}			// a b c d e f
	pass_begin
	.p2align 4
LOOP_BEGIN(fpu32_ops8_armv7_vfp)
2:	vldmia	src!, {s8-s15}
	ops8_32	0, 1, 2, 3, 4, 5, 6, 7
	vstmia	dst!, {s16-s23}
	cmp	src, blk_end
	bne	2b
LOOP_END(fpu32_ops8_armv7_vfp)
	pass_end ops8_32
	kernel_leave
END(fpu32_ops8_armv7_vfp)

/* ========================================================= fpu32 ops32 */

/* Same block registers; constant pairs (s0, s1) and (s2, s3). */
.macro ops32_32 vecs:vararg
	ops32_streamed f32, 4, s0, s1, s0-s1, s2, s3, s2-s3, \vecs
.endm

// Loop body fpu32_ops32_armv7_vfp: 192 instructions per 8 words (load 12, store 1, add 88, sub 1, mul 8, fma 80, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops32_armv7_vfp)
	kernel_enter 2, bk_fpu32_consts
	block_end_pow2 2, 3
	vldmia	kptr!, {s0-s1}			// a b; kptr at c
	pass_begin
	.p2align 4
LOOP_BEGIN(fpu32_ops32_armv7_vfp)
2:	vldmia	src!, {s8-s15}
	ops32_32 0, 1, 2, 3, 4, 5, 6, 7
	vstmia	dst!, {s16-s23}
	cmp	src, blk_end
	bne	2b
LOOP_END(fpu32_ops32_armv7_vfp)
	pass_end ops32_32
	kernel_leave
END(fpu32_ops32_armv7_vfp)

	unregs	vx, 8
	unregs	sum, 8
	unregs	tmp, 8

/* ========================================================== fpu64 ops2 */

/* a in d0, K2 in d1; 8 words computed in place in d8-d15. */
	regs	vx, d, 8, 8
	regs	sum, d, 8, 8

.macro ops2_64 vecs:vararg
	first_term f64, d0, d1, \vecs
.endm

// Loop body fpu64_ops2_armv7_vfp: 20 instructions per 8 words (load 1, store 1, add 8, sub 0, mul 8, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu64_ops2_armv7_vfp)
	kernel_enter 3, bk_fpu64_consts
	block_end_pow2 3, 3
	vldr	d0, [kptr]			// a
	vldr	d1, [kptr, #22 * 8]		// K2
	pass_begin
	.p2align 4
LOOP_BEGIN(fpu64_ops2_armv7_vfp)
2:	vldmia	src!, {d8-d15}
	ops2_64	0, 1, 2, 3, 4, 5, 6, 7
	vstmia	dst!, {d8-d15}
	cmp	src, blk_end
	bne	2b
LOOP_END(fpu64_ops2_armv7_vfp)
	pass_end ops2_64
	kernel_leave
END(fpu64_ops2_armv7_vfp)

	unregs	vx, 8
	unregs	sum, 8

/* ========================================================== fpu64 ops8 */

/* a..f in d0-d5; 3 words: x in d6-d8, sum in d9-d11, x + c in d12-d14. */
	regs	vx, d, 6, 3
	regs	sum, d, 9, 3
	regs	tmp, d, 12, 3

.macro ops8_64 vecs:vararg
	first_term f64, d0, d1, \vecs
	chained_term vmls, f64, d2, d3, \vecs
	chained_term vmla, f64, d4, d5, \vecs
.endm

// Loop body fpu64_ops8_armv7_vfp: 22 instructions per 3 words (load 1, store 1, add 9, sub 0, mul 3, fma 6, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu64_ops8_armv7_vfp)
	kernel_enter 3, bk_fpu64_consts
	block_end_3 3
	vldmia	kptr, {d0-d5}			// a b c d e f
	pass_begin
	.p2align 4
LOOP_BEGIN(fpu64_ops8_armv7_vfp)
2:	vldmia	src!, {d6-d8}
	ops8_64	0, 1, 2
	vstmia	dst!, {d9-d11}
	cmp	src, blk_end
	bne	2b
LOOP_END(fpu64_ops8_armv7_vfp)
	pass_end ops8_64
	kernel_leave
END(fpu64_ops8_armv7_vfp)

	unregs	vx, 3
	unregs	sum, 3
	unregs	tmp, 3

/* ========================================================= fpu64 ops32 */

/* 4 words: x in d0-d3, sum in d4-d7, x + c in d8-d11; pairs d12-d13, d14-d15. */
	regs	vx, d, 0, 4
	regs	sum, d, 4, 4
	regs	tmp, d, 8, 4

.macro ops32_64 vecs:vararg
	ops32_streamed f64, 8, d12, d13, d12-d13, d14, d15, d14-d15, \vecs
.endm

// Loop body fpu64_ops32_armv7_vfp: 104 instructions per 4 words (load 12, store 1, add 44, sub 1, mul 4, fma 40, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu64_ops32_armv7_vfp)
	kernel_enter 3, bk_fpu64_consts
	block_end_pow2 3, 2
	vldmia	kptr!, {d12-d13}		// a b; kptr at c
	pass_begin
	.p2align 4
LOOP_BEGIN(fpu64_ops32_armv7_vfp)
2:	vldmia	src!, {d0-d3}
	ops32_64 0, 1, 2, 3
	vstmia	dst!, {d4-d7}
	cmp	src, blk_end
	bne	2b
LOOP_END(fpu64_ops32_armv7_vfp)
	pass_end ops32_64
	kernel_leave
END(fpu64_ops32_armv7_vfp)
