/* SPDX-License-Identifier: MIT */
/*
 * fpu_neon.S: the burninfpu / MP-MFLOPS kernels (2, 8 and 32 operations
 * per word, single precision) for ARMv7 NEON (Advanced SIMD).
 *
 * Assumptions:
 *
 * ARMv7-A, A32 (ARM state), AAPCS with VFP arguments (hard float), NEON
 * (so 32 double registers: NEON implies VFPv3-D32); the C code of the
 * house is built for VFPv3-D16, so this file declares `.fpu neon` itself
 * and dispatch runs it only where HWCAP_NEON is set. NEON has no double
 * precision vectors: fpu64 stays on VFP (fpu_vfp.S). x is 4-byte aligned
 * (vldm/vstm need that, vld1.32/vst1.32 without an alignment qualifier
 * too); n >= 0 and passes >= 0, either 0 does nothing. Contract, constants
 * and operation order: include/burnkit/kernels.h. NEON arithmetic always
 * flushes subnormals to zero and uses the default NaN; the values stay in
 * [0.25, 2) and the constants above 1e-5, so this never differs from the
 * VFP reference.
 *
 * Operation order: EXACT, bit for bit the reference. vmla.f32/vmls.f32 on
 * NEON are chained, not fused: the product is rounded, then added to
 * (subtracted from) the accumulator and rounded again. So with the running
 * sum as accumulator, `vmls sum, u, d` is exactly the reference's
 * sum - (x + c) * d, and starting the sum with the first product,
 *     sum = (x + a) * b;  sum = sum - (x + c) * d;  sum = sum + (x + e) * f ...
 * is the reference's left-to-right order ((t1 - t2) + t3) - ... The tests
 * check it bit for bit. Each further term costs one vadd and one vmla/vmls,
 * as a fused kernel would: exactness costs nothing here.
 *
 * Strategy: a block is four q vectors (16 words; ops2: eight, 32 words),
 * loaded by one vldm and stored by one vstm. Each pass runs the blocks,
 * then whole vectors (vld1/vst1 of one q), then single words through lane
 * 0, all with the same arithmetic, so every word takes the same operations
 * ("all words equal" holds for any n). The four vectors of a block are
 * interleaved term by term (four vadd, then four vmla/vmls), which puts 8
 * FP instructions between two links of a vector's chain and 4 between a
 * vadd and the multiply that reads it.
 *
 * ops8 and ops32 run their blocks software-pipelined (blocks_enter/body/
 * leave below): one trip stores the previous block, finishes this one,
 * loads the next block between the adds and the multiply-accumulates of
 * the last term, and runs the next block's first adds. An in-order core
 * (Cortex-A53, A7) then never waits at the loop edge for the next block's
 * words and issues each store after the next block's adds; the
 * out-of-order cores see the next block's chains start before this block
 * ends. The last block is finished after the loop without a load: no byte
 * past the whole blocks is read (the asm test runs every kernel against an
 * inaccessible page after x). ops2 is not pipelined: its 32-word block is
 * computed in place in q8-q15 beside its constants, and a second register
 * set for the next block does not fit the 16 q registers; it is bound by
 * its loads and stores anyway.
 *
 * Registers: vadd has no by-scalar form, so every addend needs a whole q
 * register, while factors are taken by scalar from d0-d15 (11 factors in
 * d0-d5). ops32's 11 addends, 3 factor registers and 12 block registers
 * (x, sum and x + c of four vectors) would need 26 q registers of the 16.
 * So in ops32 the addends stream through one q register (q15): after the
 * four vadd of a term, one vld1.32 {d30[], d31[]} loads the next addend to
 * all lanes while the four vmla/vmls of the term run; the addend pointer
 * steps +8 bytes (odd entries are the factors) and wraps back from w to a
 * with a negative step, so the loop needs no reset. That is 11 loads per
 * block (0.69 per word), from L1, on the load pipe, beside 88 FP
 * instructions. ops8 and ops2 keep all constants in registers.
 *
 * Instruction counts of the loop bodies, by class as the `Loop body` lines
 * state them:
 *
 *     kernel  block     per vector              per block  per word
 *     ops2    32 words  add 1, mul 1                20       0.625
 *     ops8    16 words  add 3, mul 1, fma 2         28       1.75
 *     ops32   16 words  add 11, mul 1, fma 10,     103       6.44
 *                       load 2.75 (addends)
 *
 * plus, per block, one vldm (load), one vstm (store), cmp and bne. The
 * arithmetic is the minimum of the operation mix (every x + c one vadd, the
 * first product one vmul, every further term one vmla/vmls); ops32's 11
 * addend loads are the price of the 16 q registers. Classes by mnemonic:
 * vldm and vld1 are loads, vstm and vst1 stores (vldm/vstm one instruction
 * for a whole block); vadd add, vsub sub, vmul mul, vmla/vmls fma (chained
 * multiply-accumulate), cmp, b<cond> branch, anything else other; and and
 * orr, the other classes of the house, are 0 here.
 *
 * Designed cycles per vector (4 words), one core in AArch32 state, from
 * the public pipeline descriptions (no hardware here: design figures, not
 * measurements; scripts/bench/arm_model.sh computes them from the counts
 * inspect takes from the binary, scripts/bench/arm_model_calc.c names the
 * sources), and the chain each schedule hides:
 *
 *     kernel  FP instr  Cortex-A53       Cortex-A72       Cortex-A76
 *             /vector   cyc  MFLOPS/GHz  cyc  MFLOPS/GHz  cyc  MFLOPS/GHz
 *     ops2       2       6     1333       2     4000      1.5    5333
 *     ops8       6      10     3200       6     5333      3.5    9143
 *     ops32     22     28.75   4452      22     5818     11.5   11130
 *
 *   Cortex-A53 (in order; GCC's cortex-a53.md, no public guide): one FP
 *     instruction a cycle, Q-form included; VADD/VMUL 4; a chained VMLA is
 *     a multiply, then the add 4 cycles later, so 4 from accumulator to
 *     accumulator. vldm/vstm of a block move 64 bits a cycle and do not
 *     dual-issue with FP work: 16 cycles a block, 4 a vector; ops32's 11
 *     addend loads 1 cycle each (2.75 a vector). Chains hidden: links 8
 *     cycles apart (needs 4), a vadd read 4 cycles later (needs 4), the
 *     next block's vldm 8 cycles before its first add; the store trails
 *     its block's last multiply-accumulate by ~5 of 8 cycles (up to ~3
 *     cycles a block).
 *   Cortex-A72 (Software Optimization Guide, UAN 0016A): one Q-form FP
 *     instruction a cycle on F0/F1; VADD/VMUL 4, VMLA taken as the
 *     guide's 7 with 3 through the accumulator (the Cortex-A57 guide lists
 *     VMLA with VFMA); loads and stores on
 *     their own pipes (ops32's 15 load cycles a block beside 88 of FP).
 *     FP-bound; links 8 cycles apart (needs 3), a vadd read 4 later (4).
 *   Cortex-A76 (Software Optimization Guide): two 128-bit FP pipes, VADD
 *     2, VMUL 3; a Q-register store takes a V slot per 16 bytes. FP-bound
 *     at (22 + 1) / 2 = 11.5 cycles a vector in ops32. The chained VMLA is
 *     taken as a multiply then an add, 5 cycles through the accumulator
 *     (an assumption: the guide's AArch32 figure is not at hand): links 4
 *     cycles apart do not cover it inside one block, whose chain is 2 + 3
 *     + 10 x 5 = 55 cycles against 46 of issue. The out-of-order window
 *     (128 instructions, 1.24 blocks of ops32) overlaps consecutive blocks,
 *     which the pipelined loop starts early: just enough on paper. More
 *     chains do not fit: ops32 uses all 16 q registers.
 *   Longbottom's NEON build measured 1715 MFLOPS at 32 operations on one
 *   1.2 GHz core of a Pi 3 (1430 a GHz): gcc's loop runs one vector, one
 *   dependency chain, at a time.
 * ops2 moves 8 bytes per 2 operations: beyond L1 it runs at memory speed.
 */

#include "asmdefs.h"

	.syntax unified
	.arm
	.fpu	neon

data		.req r0		// x
len		.req r1		// n, then scratch
passes		.req r2		// passes left
src		.req r3		// next word to load in this pass
dst		.req ip		// next word to store in this pass
blk_end		.req r4		// end of the whole blocks
vec_end		.req r5		// end of the whole vectors
data_end	.req r6		// end of x
kptr		.req r7		// walks bk_fpu32_consts
kplus		.req r8		// +8: the next addend (or factor)
kwrap		.req r9		// -80: from w back to a

/* ---------------------------------------------------------------- macros */

/*
 * Return at once when there is nothing to do; otherwise save what AAPCS
 * asks (r4-r9, d8-d15), set the end pointers (blk: words per block, a
 * power of two) and point kptr at the constants.
 */
.macro kernel_enter blk
	cmp	len, #0
	cmpne	passes, #0
	bxeq	lr
	push	{r4-r9}
	vpush	{d8-d15}
	add	data_end, data, len, lsl #2
	bic	len, len, #3
	add	vec_end, data, len, lsl #2
	bic	len, len, #(\blk - 1)
	add	blk_end, data, len, lsl #2
	movw	kptr, #:lower16:(bk_fpu32_consts - (.Lpc\@ + 8))	// pc-relative:
	movt	kptr, #:upper16:(bk_fpu32_consts - (.Lpc\@ + 8))	// PIE-safe
.Lpc\@:	add	kptr, pc, kptr
	mov	kplus, #8
	mvn	kwrap, #79		// -80
.endm

.macro kernel_leave
	vpop	{d8-d15}
	pop	{r4-r9}
	bx	lr
.endm

/* The next table entry, an addend: into every lane of (dlo, dhi). */
.macro table_addend dlo, dhi
	vld1.32	{\dlo[], \dhi[]}, [kptr]!
.endm

/* The next table entry, a factor: into scalar d[lane]. */
.macro table_factor d, lane
	vld1.32	{\d[\lane]}, [kptr]!
.endm

/* ops32: the next addend into kslot; step is kplus or kwrap. */
.macro stream_addend step
	vld1.32	{d30[], d31[]}, [kptr], \step
.endm

/* Start of a pass (label 1); skip the block loop when there is no block. */
.macro pass_begin
1:	mov	src, data
	mov	dst, data
	cmp	src, blk_end
	beq	3f
.endm

/*
 * The rest of a pass after the block loop: whole vectors (label 4), then
 * single words through lane 0 (label 6); then the next pass. body runs on
 * vector 0; xq/sq: vx0 and sum0, xlo/slo: their low d registers.
 */
.macro pass_end body, xq, sq, xlo, slo
3:	cmp	src, vec_end
	beq	5f
4:	vld1.32	{\xq}, [src]!
	\body	0
	vst1.32	{\sq}, [dst]!
	cmp	src, vec_end
	bne	4b
5:	cmp	src, data_end
	beq	7f
	vmov.i32 vx0, #0		// finite values in the unused lanes
6:	vld1.32	{\xlo[0]}, [src]!
	\body	0
	vst1.32	{\slo[0]}, [dst]!
	cmp	src, data_end
	bne	6b
7:	subs	passes, passes, #1
	bne	1b
.endm

/* The first term, as the reference: sum = (x + c) * m, rounded twice. */
.macro first_term c, m, vecs:vararg
	.irp j, \vecs
	vadd.f32	sum\j, vx\j, \c
	.endr
	.irp j, \vecs
	vmul.f32	sum\j, sum\j, \m
	.endr
.endm

/*
 * ops8's and ops32's blocks start with the adds of the first term into
 * tmp (tmp = x + a); the product follows (sum = tmp * b, rounded on its
 * own, as the reference).
 */
.macro head_adds c, vecs:vararg
	.irp j, \vecs
	vadd.f32	tmp\j, vx\j, \c
	.endr
.endm

.macro head_mul m, vecs:vararg
	.irp j, \vecs
	vmul.f32	sum\j, tmp\j, \m
	.endr
.endm

/*
 * A further term, chained, with an optional load between its adds and its
 * multiply-accumulates: there the block loop loads the next block, the
 * adds having read the last x of this one.
 */
.macro chained_term_then mla, c, m, load, vecs:vararg
	.irp j, \vecs
	vadd.f32	tmp\j, vx\j, \c
	.endr
	.ifnb \load
	\load
	.endif
	.irp j, \vecs
	\mla\().f32	sum\j, tmp\j, \m
	.endr
.endm

/*
 * ops32's terms: the addend is in kslot; load the next one (step) between
 * the adds and the multiplies of this term (and then the next block, when
 * load is given).
 */
.macro head_adds_streamed vecs:vararg
	.irp j, \vecs
	vadd.f32	tmp\j, vx\j, kslot
	.endr
	stream_addend kplus
.endm

.macro chained_term_streamed mla, m, step, load, vecs:vararg
	.irp j, \vecs
	vadd.f32	tmp\j, vx\j, kslot
	.endr
	stream_addend \step
	.ifnb \load
	\load
	.endif
	.irp j, \vecs
	\mla\().f32	sum\j, tmp\j, \m
	.endr
.endm

/*
 * The blocks of a pass, software-pipelined across blocks (ops8, ops32).
 * A kernel's arithmetic is split in head (the adds of the first term) and
 * rest (everything after them; it runs its load argument where the next
 * block may be loaded). One trip of the loop (label 2) stores the previous
 * block, finishes this one, loading the next on the way, and runs the
 * next one's head:
 *     vstm (block i-1) | rest (block i, vldm of block i+1 inside) | head (i+1)
 * so on an in-order core (Cortex-A53, A7) the store issues well after the
 * last multiply-accumulates of its block and the next block's words arrive
 * while this block's last terms run; the out-of-order cores see the next
 * block's independent chains start before this block ends. The last block
 * is finished after the loop without a load: nothing past the whole blocks
 * is read. blocks_enter loads block 0 and runs its head, then enters the
 * loop after its store (or goes to the last block when there is only one).
 * xlist/slist: the d registers of x and of the sums; load: the kernel's
 * macro loading the next block.
 */
.macro blocks_enter xlist, head
	vldmia	src!, {\xlist}
	\head	0, 1, 2, 3
	cmp	src, blk_end
	beq	8f
	b	10f
	.p2align 4
.endm

.macro blocks_body slist, head, rest, load
2:	vstmia	dst!, {\slist}
10:	\rest	\load, 0, 1, 2, 3
	\head	0, 1, 2, 3
	cmp	src, blk_end
	bne	2b
.endm

.macro blocks_leave slist, rest
	vstmia	dst!, {\slist}
8:	\rest	, 0, 1, 2, 3
	vstmia	dst!, {\slist}
.endm

/* ================================================================= ops2 */

/* a in every lane of q0, K2 by scalar; the block is computed in place. */
ka		.req q0
#define K2	d2[0]
vx0		.req q8
vx1		.req q9
vx2		.req q10
vx3		.req q11
vx4		.req q12
vx5		.req q13
vx6		.req q14
vx7		.req q15
sum0		.req q8
sum1		.req q9
sum2		.req q10
sum3		.req q11
sum4		.req q12
sum5		.req q13
sum6		.req q14
sum7		.req q15

.macro ops2_neon vecs:vararg
	first_term ka, K2, \vecs
.endm

// Loop body fpu32_ops2_armv7_neon: 20 instructions per 32 words (load 1, store 1, add 8, sub 0, mul 8, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops2_armv7_neon)
	kernel_enter 32
	vld1.32	{d0[], d1[]}, [kptr]		// a
	add	kptr, kptr, #22 * 4
	vld1.32	{d2[0]}, [kptr]			// K2
	pass_begin
	.p2align 4
LOOP_BEGIN(fpu32_ops2_armv7_neon)
2:	vldmia	src!, {d16-d31}
	ops2_neon 0, 1, 2, 3, 4, 5, 6, 7
	vstmia	dst!, {d16-d31}
	cmp	src, blk_end
	bne	2b
LOOP_END(fpu32_ops2_armv7_neon)
	pass_end ops2_neon, d16-d17, d16-d17, d16, d16
	kernel_leave
END(fpu32_ops2_armv7_neon)

	.unreq	ka
#undef K2
	.irp j, 0, 1, 2, 3, 4, 5, 6, 7
	.unreq	vx\j
	.unreq	sum\j
	.endr

/* ================================================================= ops8 */

/* b, d, f by scalar from d0-d1; a, c, e in every lane of q1-q3. */
ka		.req q1
kc		.req q2
ke		.req q3
vx0		.req q4
vx1		.req q5
vx2		.req q6
vx3		.req q7
sum0		.req q8
sum1		.req q9
sum2		.req q10
sum3		.req q11
tmp0		.req q12
tmp1		.req q13
tmp2		.req q14
tmp3		.req q15

.macro ops8_head vecs:vararg
	head_adds ka, \vecs
.endm

.macro ops8_rest load, vecs:vararg
	head_mul d0[0], \vecs
	chained_term_then vmls, kc, d0[1], , \vecs
	chained_term_then vmla, ke, d1[0], \load, \vecs
.endm

.macro ops8_load
	vldmia	src!, {d8-d15}
.endm

.macro ops8_neon vecs:vararg
	ops8_head \vecs
	ops8_rest , \vecs
.endm

// Loop body fpu32_ops8_armv7_neon: 28 instructions per 16 words (load 1, store 1, add 12, sub 0, mul 4, fma 8, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops8_armv7_neon)
	kernel_enter 16
	table_addend d2, d3			// a
	table_factor d0, 0			// b
	table_addend d4, d5			// c
	table_factor d0, 1			// d
	table_addend d6, d7			// e
	table_factor d1, 0			// f
	pass_begin
	blocks_enter d8-d15, ops8_head
LOOP_BEGIN(fpu32_ops8_armv7_neon)
	blocks_body d16-d23, ops8_head, ops8_rest, ops8_load
LOOP_END(fpu32_ops8_armv7_neon)
	blocks_leave d16-d23, ops8_rest
	pass_end ops8_neon, d8-d9, d16-d17, d8, d16
	kernel_leave
END(fpu32_ops8_armv7_neon)

	.unreq	ka
	.unreq	kc
	.unreq	ke
	.irp j, 0, 1, 2, 3
	.unreq	vx\j
	.unreq	sum\j
	.unreq	tmp\j
	.endr

/* ================================================================ ops32 */

/*
 * Factors by scalar: d0 = b d, d1 = f h, d2 = k m, d3 = p r, d4 = t v,
 * d5 = y. The addend of the current term in every lane of q15 (kslot).
 */
kslot		.req q15
vx0		.req q3
vx1		.req q4
vx2		.req q5
vx3		.req q6
sum0		.req q7
sum1		.req q8
sum2		.req q9
sum3		.req q10
tmp0		.req q11
tmp1		.req q12
tmp2		.req q13
tmp3		.req q14

/*
 * On entry kslot holds a and kptr points at c; on exit the same again: the
 * steps walk c, e, ... w (+8 each), then back to a (kwrap), then to c.
 */
.macro ops32_head vecs:vararg
	head_adds_streamed \vecs				// a; load c
.endm

.macro ops32_rest load, vecs:vararg
	head_mul d0[0], \vecs
	chained_term_streamed vmls, d0[1], kplus, , \vecs	// c; load e
	chained_term_streamed vmla, d1[0], kplus, , \vecs	// e; load g
	chained_term_streamed vmls, d1[1], kplus, , \vecs	// g; load j
	chained_term_streamed vmla, d2[0], kplus, , \vecs	// j; load l
	chained_term_streamed vmls, d2[1], kplus, , \vecs	// l; load o
	chained_term_streamed vmla, d3[0], kplus, , \vecs	// o; load q
	chained_term_streamed vmls, d3[1], kplus, , \vecs	// q; load s
	chained_term_streamed vmla, d4[0], kplus, , \vecs	// s; load u
	chained_term_streamed vmls, d4[1], kwrap, , \vecs	// u; load w
	chained_term_streamed vmla, d5[0], kplus, \load, \vecs	// w; load a
.endm

.macro ops32_load
	vldmia	src!, {d6-d13}
.endm

.macro ops32_neon vecs:vararg
	ops32_head \vecs
	ops32_rest , \vecs
.endm

// Loop body fpu32_ops32_armv7_neon: 103 instructions per 16 words (load 12, store 1, add 44, sub 0, mul 4, fma 40, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops32_armv7_neon)
	kernel_enter 16
	add	kptr, kptr, #4			// b: the factors are odd entries
	.irp d, d0, d1, d2, d3, d4
	vld1.32	{\d[0]}, [kptr], kplus	// b f k p t
	vld1.32	{\d[1]}, [kptr], kplus	// d h m r v
	.endr
	vld1.32	{d5[0]}, [kptr]		// y
	sub	kptr, kptr, #21 * 4		// back to a
	stream_addend kplus			// kslot = a, kptr at c
	pass_begin
	blocks_enter d6-d13, ops32_head
LOOP_BEGIN(fpu32_ops32_armv7_neon)
	blocks_body d14-d21, ops32_head, ops32_rest, ops32_load
LOOP_END(fpu32_ops32_armv7_neon)
	blocks_leave d14-d21, ops32_rest
	pass_end ops32_neon, d6-d7, d14-d15, d6, d14
	kernel_leave
END(fpu32_ops32_armv7_neon)
