/* SPDX-License-Identifier: MIT */
/*
 * fpu_neon.S: the burninfpu / MP-MFLOPS kernels (2, 8 and 32 operations
 * per word, single and double precision) for AArch64 Advanced SIMD (NEON).
 *
 * Assumptions:
 *
 * ARMv8-A, AArch64, AAPCS64, Advanced SIMD (every AArch64 Linux CPU has
 * it; dispatch still checks HWCAP_ASIMD). x is 4-byte (fpu32) or 8-byte
 * (fpu64) aligned: ld1/st1 accept any address on normal memory. n >= 0 and
 * passes >= 0; either 0 does nothing. Contract, constants and operation
 * order: include/burnkit/kernels.h. Default FPCR (round to nearest, no
 * flush to zero): the values stay in [0.25, 2), far from subnormals.
 *
 * Strategy: a block is four 128-bit vectors (16 fpu32 or 8 fpu64 words),
 * loaded by one ld1 and stored by one st1 of four registers, so the memory
 * side of the loop body is two instructions per block; ops32's block is
 * six vectors in fpu32 (24 words, ld1/st1 of four and of two registers)
 * and five in fpu64 (10 words, four and one), what its registers allow
 * beside the constants (below). Each pass runs the
 * blocks, then whole vectors, then single words through lane 0 (ld1/st1 of
 * one lane), all with the same arithmetic, so every word of x takes the same
 * operations and the tester's "all words equal" check holds for any n and
 * alignment. Every pass reads and writes the whole array.
 *
 * The vectors of a block are interleaved term by term: the x + c of a term
 * for every vector, then its multiply-adds. A vector's terms form one
 * dependency chain through its accumulator (10 fused multiply-adds in
 * ops32); interleaving V chains puts 2V FP instructions between two links
 * of one chain and V between an x + c and the multiply-add that reads it (V
 * = 4; in ops32 6 in fpu32, 5 in fpu64). Constants live in registers for
 * the whole call: the 11 addends (a, c, e, ...) broadcast, the 11 factors
 * (b, d, f, ...) packed four (two) to a register and taken by element
 * (fmul/fmla/fmls by element run at the full rate on the three cores).
 * ops32 then holds 14 (fpu64: 17) constant registers, and x, the sum and x
 * + c of each vector take the other 18 (15): six (five) vectors, all 32
 * registers. d8-d15 are saved where v8-v15 are used.
 *
 * The block loop is software-pipelined across blocks (blocks_enter/body/
 * leave below): one trip stores the previous block, finishes this one,
 * loads the next block between the adds and the multiply-adds of the last
 * term, and runs the next block's first adds. The in-order Cortex-A53
 * then never waits at the loop edge for a load (the next block's words
 * arrive while the last term runs) and issues each store after the adds of
 * the next block; the out-of-order cores see the next block's independent
 * chains start before this block ends. The last block is finished after
 * the loop without a load, so no byte past the whole blocks is read (the
 * asm test runs every kernel against an inaccessible page after x).
 *
 * Operation order: ops2 EXACT, ops8 and ops32 FUSED. ops2 is (x + a) * K2,
 * rounded twice, as the reference. ops8 and ops32 compute every x + c and
 * the first product (x + a) * b as the reference, then fuse each further
 * product into the running sum, left to right:
 *     r = (x + a) * b;  r = r - (x + c) * d;  r = r + (x + e) * f;  ...
 * where each r = r -/+ u * k is one fmls/fmla (one rounding instead of
 * two). This is the order of the x86-64 AVX2/AVX-512 kernels too, so the
 * fused kernels of both architectures give the same bits.
 *
 * Why fused is the default: the exact form needs fmul + fadd/fsub per
 * term where the fused one needs a single fmla/fmls. Per block that is
 * 132 instead of 92 instructions in ops32 (8.25 instead of 5.75 per fpu32
 * word) and 36 instead of 28 in ops8: exact costs 40% more instructions
 * and FP issue cycles for the same 32 nominal operations, so it is not the
 * default; its count is worse. The burn is also harder with fused
 * multiply-adds, the widest datapath of the FP units. What is lost is the
 * last-digit match with Longbottom's published x[0]; the tester compares
 * with the reference within BK_FPU*_FUSED_REL_TOL instead, and "all words
 * equal" stays exact.
 *
 * Instruction counts of the loop bodies, by class as the `Loop body` lines
 * state them (a block: 16 fpu32 or 8 fpu64 words; ops32 24 and 10):
 *
 *     kernel  per vector             per block        fpu32/word  fpu64/word
 *     ops2    add 1, mul 1               12                0.75        1.5
 *     ops8    add 3, mul 1, fma 2        28                1.75        3.5
 *     ops32   add 11, mul 1, fma 10     138 (fpu32)        5.75
 *                                       116 (fpu64)                   11.6
 *
 * plus, per block, one ld1 (load), one st1 (store) (ops32: two of each),
 * cmp and b.ne. The arithmetic is the minimum of the operation mix: every x
 * + c is one fadd, the first product one fmul, every further term one
 * fmla/fmls; the memory side is the minimum of one ld1 and one st1 per four
 * registers; the loop control is the minimum of two per block. Classes by
 * mnemonic: ld1 is a load and st1 a store (one instruction moving up to
 * four vectors); fadd add, fsub sub, fmul mul, fmla/fmls fma, cmp, b.cond
 * branch, anything else other; and and orr, the other classes of the house,
 * are 0 here.
 *
 * Designed cycles per vector (4 fpu32 or 2 fpu64 words), one core, from
 * the public pipeline descriptions (no hardware here: design figures, not
 * measurements; scripts/bench/arm_model.sh computes them from the counts
 * inspect takes from the binary, scripts/bench/arm_model_calc.c names the
 * sources), and the chain each schedule hides:
 *
 *     kernel  FP instr  Cortex-A53       Cortex-A72       Cortex-A76
 *             /vector   cyc  MFLOPS/GHz  cyc  MFLOPS/GHz  cyc  MFLOPS/GHz
 *     ops2       2       6     1333       2     4000      1.5    5333
 *     ops8       6      10     3200       6     5333      3.5    9143
 *     ops32     22      26     4923      22     5818     11.5   11130
 *     (MFLOPS/GHz for fpu32; fpu64 is half: same cycles, half the words)
 *
 *   Cortex-A53 (in order, dual issue; Arm publishes no optimisation guide,
 *     so GCC's pipeline description cortex-a53.md and measured notes):
 *     one FP instruction a cycle, Q-form included (slot 0 only); FADD and
 *     FMUL 4, FMLA a multiply then an add 4 cycles later, so 4 from
 *     accumulator to accumulator. Vector loads and stores move 64 bits a
 *     cycle and do not dual-issue with FP work: ld1 + st1 of a block are
 *     16 cycles, 4 per vector, added to the FP cycles. Chains hidden: two
 *     links of a vector are 8 cycles apart (needs 4), an x + c is read 4
 *     cycles later (needs 4), the next block's ld1 runs 8 cycles before
 *     its first add (ops32: 12 and 6 cycles, 12 before). Left: the store
 *     of a block follows its last multiply-add by about 5 cycles (ops32:
 *     7) of the 8 an FMLA takes to write back, up to ~3 cycles a block in
 *     ops8 (~8%), ~1 in ops32.
 *   Cortex-A72 (Software Optimization Guide, UAN 0016A): FP/ASIMD pipes
 *     F0/F1 issue one Q-form FP instruction a cycle; FADD and FMUL 4, FMLA
 *     7 with 3 through the accumulator (late forwarding); one load and one
 *     store pipe of 128 bits. FP-bound: 22 cycles a vector in ops32. Links
 *     are 8 cycles apart (needs 3), an x + c is read 4 cycles later (needs
 *     4): every chain is hidden.
 *   Cortex-A76 (Software Optimization Guide; LLVM's Neoverse N1 model,
 *     the same core): two 128-bit pipes V0/V1, FADD 2, FMUL 3, FMLA 4, one
 *     of each a cycle per pipe; a Q-register store also takes a V slot per
 *     16 bytes (1 per vector); two load/store pipes. FP-bound: (22 + 1) / 2
 *     = 11.5 cycles a vector in ops32. This is the core ops32's six (five)
 *     vectors are for: with four, links were 4 cycles apart for an FMLA of
 *     4 and one block's chain (2 + 3 + 10 x 4 = 45 cycles) as long as its
 *     issue (46), hidden only by the out-of-order overlap of blocks. Now
 *     links are 6 (fpu64: 5) cycles apart (needs 4), an x + c is read 3
 *     (2.5) cycles later (needs 2), and the block's 45-cycle chain runs
 *     within its own 69 (57.5) cycles of issue. ops2 and ops8 keep four
 *     vectors: links 4 cycles apart (needs 4; ops2 has none), x + c read
 *     2 later (needs 2), a block's chain 13 cycles in ops8 for 14 of issue
 *     with 4.6 blocks in the window; the pipelined loop starts the next
 *     block early. Two partial
 *   sums (another association) would halve the chain at the cost of one
 *   more fadd a vector (+4.5% FP work in ops32) where no core here is
 *   latency-bound: not taken; the order stays the one documented above.
 *   Longbottom's NEON build, 1715 MFLOPS at ops32 on one 1.2 GHz A53 core
 *   (1430 a GHz), runs one dependency chain at a time.
 * ops2 moves 8 bytes per 2 operations: beyond L1 it runs at memory speed.
 */

#include "asmdefs.h"

data		.req x0		// x
len		.req x1		// n
passes		.req x2		// passes left
src		.req x3		// next word to load in this pass
dst		.req x4		// next word to store in this pass
blk_end		.req x5		// end of the whole blocks
vec_end		.req x6		// end of the whole vectors
data_end	.req x7		// end of x
kptr		.req x8		// walks bk_fpu*_consts, before the first pass
scratch		.req x9

/* One block: the words loaded, the results stored, the x + c of a term. */
vx0		.req v0
vx1		.req v1
vx2		.req v2
vx3		.req v3
acc0		.req v4
acc1		.req v5
acc2		.req v6
acc3		.req v7
tmp0		.req v16
tmp1		.req v17
tmp2		.req v18
tmp3		.req v19

/* The addends, broadcast to every lane; K2 of ops2. */
ka		.req v20
kc		.req v21
ke		.req v22
kg		.req v23
kj		.req v24
kl		.req v25
ko		.req v26
kq		.req v27
ks		.req v28
ku		.req v29
kw		.req v30
k2		.req v21	// ops2 only: shares kc's register

/* ---------------------------------------------------------------- macros */

.macro save_d8_d15
	stp	d8, d9, [sp, #-64]!
	stp	d10, d11, [sp, #16]
	stp	d12, d13, [sp, #32]
	stp	d14, d15, [sp, #48]
.endm

.macro restore_d8_d15
	ldp	d10, d11, [sp, #16]
	ldp	d12, d13, [sp, #32]
	ldp	d14, d15, [sp, #48]
	ldp	d8, d9, [sp], #64
.endm

/*
 * Leave (label 9) when there is nothing to do; otherwise set the end
 * pointers of the blocks, the whole vectors and x. log2es: log2 of the
 * element size; blk/vec: words per block and per vector.
 */
.macro kernel_enter log2es, blk, vec
	cbz	len, 9f
	cbz	passes, 9f
	add	data_end, data, len, lsl #\log2es
	and	scratch, len, #-\blk
	add	blk_end, data, scratch, lsl #\log2es
	and	scratch, len, #-\vec
	add	vec_end, data, scratch, lsl #\log2es
.endm

/* The same for blocks of blk words, any number: blk_end by a division. */
.macro kernel_enter_div log2es, blk, vec
	cbz	len, 9f
	cbz	passes, 9f
	add	data_end, data, len, lsl #\log2es
	mov	blk_end, #\blk
	udiv	scratch, len, blk_end
	mul	scratch, scratch, blk_end
	add	blk_end, data, scratch, lsl #\log2es
	and	scratch, len, #-\vec
	add	vec_end, data, scratch, lsl #\log2es
.endm

.macro consts_begin table
	adrp	kptr, \table
	add	kptr, kptr, :lo12:\table
.endm

/* Next table entry, an addend: broadcast it. */
.macro load_addend reg, T, es
	ld1r	{\reg\().\T}, [kptr], #\es
.endm

/* Next table entry, a factor: into one lane of its pack. */
.macro load_factor reg, E, lane, es
	ld1	{\reg\().\E}[\lane], [kptr], #\es
.endm

/* Start of a pass (label 1); skip the block loop when there is no block. */
.macro pass_begin
1:	mov	src, data
	mov	dst, data
	cmp	src, blk_end
	b.eq	3f
.endm

/*
 * The rest of a pass after the block loop: whole vectors (label 4), then
 * single words through lane 0 (label 6); then the next pass. body is the
 * kernel's arithmetic macro, run on vector 0 only.
 */
.macro pass_end body, T, E, vbytes, es
3:	cmp	src, vec_end
	b.eq	5f
4:	ld1	{vx0.\T}, [src], #\vbytes
	\body	0
	st1	{acc0.\T}, [dst], #\vbytes
	cmp	src, vec_end
	b.ne	4b
5:	cmp	src, data_end
	b.eq	7f
	movi	vx0.16b, #0		// finite values in the unused lanes
6:	ld1	{vx0.\E}[0], [src], #\es
	\body	0
	st1	{acc0.\E}[0], [dst], #\es
	cmp	src, data_end
	b.ne	6b
7:	subs	passes, passes, #1
	b.ne	1b
.endm

/* d = n op m on arrangement T; m is given whole (a vector or an element). */
.macro op3 op, T, d, n, m
	\op	\d\().\T, \n\().\T, \m
.endm

/* The adds of a block's first term, into tmp: tmp = x + c. */
.macro head_adds T, c, vecs:vararg
	.irp j, \vecs
	op3	fadd, \T, tmp\j, vx\j, \c\().\T
	.endr
.endm

/* The first term's product, as the reference: acc = tmp * m (own rounding). */
.macro head_mul T, m, vecs:vararg
	.irp j, \vecs
	op3	fmul, \T, acc\j, tmp\j, \m
	.endr
.endm

/*
 * A further term, fused: acc = acc -/+ (x + c) * m rounded once (fmls/fmla).
 * load, when given, is a macro run between the adds and the multiply-adds:
 * there the block loop loads the next block, the adds having read the last
 * x of this one.
 */
.macro fused_term fma, T, c, m, load, vecs:vararg
	.irp j, \vecs
	op3	fadd, \T, tmp\j, vx\j, \c\().\T
	.endr
	.ifnb \load
	\load
	.endif
	.irp j, \vecs
	op3	\fma, \T, acc\j, tmp\j, \m
	.endr
.endm

/* A block's loads and stores: four vectors; six (fpu32) or five (fpu64) in ops32. */
.macro load_block_4s
	ld1	{vx0.4s - vx3.4s}, [src], #64
.endm

.macro store_block_4s
	st1	{acc0.4s - acc3.4s}, [dst], #64
.endm

.macro load_block_2d
	ld1	{vx0.2d - vx3.2d}, [src], #64
.endm

.macro store_block_2d
	st1	{acc0.2d - acc3.2d}, [dst], #64
.endm

.macro load_block6_4s
	ld1	{vx0.4s - vx3.4s}, [src], #64
	ld1	{vx4.4s - vx5.4s}, [src], #32
.endm

.macro store_block6_4s
	st1	{acc0.4s - acc3.4s}, [dst], #64
	st1	{acc4.4s - acc5.4s}, [dst], #32
.endm

.macro load_block5_2d
	ld1	{vx0.2d - vx3.2d}, [src], #64
	ld1	{vx4.2d}, [src], #16
.endm

.macro store_block5_2d
	st1	{acc0.2d - acc3.2d}, [dst], #64
	st1	{acc4.2d}, [dst], #16
.endm

/*
 * The blocks of a pass, software-pipelined across blocks. A kernel's
 * arithmetic is split in two macros: head (the adds of the first term) and
 * rest (everything after them; it runs its load argument where the next
 * block may be loaded). One trip of the loop (label 2) stores the previous
 * block, finishes this one, loading the next one on the way, and runs the
 * next one's head:
 *     st1 (block i-1) | rest (block i, ld1 of block i+1 inside) | head (i+1)
 * so on the in-order Cortex-A53 the store is issued well after the last
 * multiply-adds of its block, the next block's words arrive while this
 * block's last terms run, and no instruction waits at the loop edge; the
 * out-of-order cores see the next block's independent chains start before
 * this block's end. The last block is finished after the loop without a
 * load, so nothing past the whole blocks is ever read. blocks_enter loads
 * block 0 and runs its head, then enters the loop after its store (or goes
 * straight to the last block when there is one block only). load and
 * store: the block's load and store macros; vecs: its vector numbers.
 */
.macro blocks_enter load, head, vecs:vararg
	\load
	\head	\vecs
	cmp	src, blk_end
	b.eq	8f
	b	10f
	.p2align 4
.endm

.macro blocks_body load, store, head, rest, vecs:vararg
2:	\store
10:	\rest	\load, \vecs
	\head	\vecs
	cmp	src, blk_end
	b.ne	2b
.endm

.macro blocks_leave store, rest, vecs:vararg
	\store
8:	\rest	, \vecs
	\store
.endm

/* ================================================================ fpu32 */

/* The factors, four to a register: b d f h | k m p r | t v y. */
kbdfh		.req v31
kkmpr		.req v8
ktvy		.req v9

/* ops32's fifth and sixth vectors, in v10-v15 (d8-d15 are saved there). */
vx4		.req v10
vx5		.req v11
acc4		.req v12
acc5		.req v13
tmp4		.req v14
tmp5		.req v15

/*
 * Each kernel's arithmetic: _head and _rest for the block loop, and the
 * whole of it (head, then rest without a load) for single vectors.
 */
.macro ops2_32_head vecs:vararg
	head_adds 4s, ka, \vecs
.endm

.macro ops2_32_rest load, vecs:vararg
	.ifnb \load
	\load
	.endif
	head_mul 4s, k2.4s, \vecs
.endm

.macro ops8_32_head vecs:vararg
	head_adds 4s, ka, \vecs
.endm

.macro ops8_32_rest load, vecs:vararg
	head_mul 4s, kbdfh.s[0], \vecs
	fused_term fmls, 4s, kc, kbdfh.s[1], , \vecs
	fused_term fmla, 4s, ke, kbdfh.s[2], \load, \vecs
.endm

.macro ops32_32_head vecs:vararg
	head_adds 4s, ka, \vecs
.endm

.macro ops32_32_rest load, vecs:vararg
	head_mul 4s, kbdfh.s[0], \vecs
	fused_term fmls, 4s, kc, kbdfh.s[1], , \vecs
	fused_term fmla, 4s, ke, kbdfh.s[2], , \vecs
	fused_term fmls, 4s, kg, kbdfh.s[3], , \vecs
	fused_term fmla, 4s, kj, kkmpr.s[0], , \vecs
	fused_term fmls, 4s, kl, kkmpr.s[1], , \vecs
	fused_term fmla, 4s, ko, kkmpr.s[2], , \vecs
	fused_term fmls, 4s, kq, kkmpr.s[3], , \vecs
	fused_term fmla, 4s, ks, ktvy.s[0], , \vecs
	fused_term fmls, 4s, ku, ktvy.s[1], , \vecs
	fused_term fmla, 4s, kw, ktvy.s[2], \load, \vecs
.endm

.macro ops2_32 vecs:vararg
	ops2_32_head \vecs
	ops2_32_rest , \vecs
.endm

.macro ops8_32 vecs:vararg
	ops8_32_head \vecs
	ops8_32_rest , \vecs
.endm

.macro ops32_32 vecs:vararg
	ops32_32_head \vecs
	ops32_32_rest , \vecs
.endm

/* a, b, c, d, e, f in table order. */
.macro load_consts8_32
	consts_begin bk_fpu32_consts
	load_addend ka, 4s, 4
	load_factor kbdfh, s, 0, 4
	load_addend kc, 4s, 4
	load_factor kbdfh, s, 1, 4
	load_addend ke, 4s, 4
	load_factor kbdfh, s, 2, 4
.endm

/* a .. y in table order. */
.macro load_consts32_32
	load_consts8_32
	load_addend kg, 4s, 4
	load_factor kbdfh, s, 3, 4
	load_addend kj, 4s, 4
	load_factor kkmpr, s, 0, 4
	load_addend kl, 4s, 4
	load_factor kkmpr, s, 1, 4
	load_addend ko, 4s, 4
	load_factor kkmpr, s, 2, 4
	load_addend kq, 4s, 4
	load_factor kkmpr, s, 3, 4
	load_addend ks, 4s, 4
	load_factor ktvy, s, 0, 4
	load_addend ku, 4s, 4
	load_factor ktvy, s, 1, 4
	load_addend kw, 4s, 4
	load_factor ktvy, s, 2, 4
.endm

// Loop body fpu32_ops2_aarch64_neon: 12 instructions per 16 words (load 1, store 1, add 4, sub 0, mul 4, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops2_aarch64_neon)
	kernel_enter 2, 16, 4
	consts_begin bk_fpu32_consts
	ld1r	{ka.4s}, [kptr]			// a
	add	kptr, kptr, #22 * 4
	ld1r	{k2.4s}, [kptr]			// K2
	pass_begin
	blocks_enter load_block_4s, ops2_32_head, 0, 1, 2, 3
LOOP_BEGIN(fpu32_ops2_aarch64_neon)
	blocks_body load_block_4s, store_block_4s, ops2_32_head, ops2_32_rest, 0, 1, 2, 3
LOOP_END(fpu32_ops2_aarch64_neon)
	blocks_leave store_block_4s, ops2_32_rest, 0, 1, 2, 3
	pass_end ops2_32, 4s, s, 16, 4
9:	ret
END(fpu32_ops2_aarch64_neon)

// Loop body fpu32_ops8_aarch64_neon: 28 instructions per 16 words (load 1, store 1, add 12, sub 0, mul 4, fma 8, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops8_aarch64_neon)
	kernel_enter 2, 16, 4
	load_consts8_32
	pass_begin
	blocks_enter load_block_4s, ops8_32_head, 0, 1, 2, 3
LOOP_BEGIN(fpu32_ops8_aarch64_neon)
	blocks_body load_block_4s, store_block_4s, ops8_32_head, ops8_32_rest, 0, 1, 2, 3
LOOP_END(fpu32_ops8_aarch64_neon)
	blocks_leave store_block_4s, ops8_32_rest, 0, 1, 2, 3
	pass_end ops8_32, 4s, s, 16, 4
9:	ret
END(fpu32_ops8_aarch64_neon)

// Loop body fpu32_ops32_aarch64_neon: 138 instructions per 24 words (load 2, store 2, add 66, sub 0, mul 6, fma 60, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops32_aarch64_neon)
	kernel_enter_div 2, 24, 4
	save_d8_d15
	load_consts32_32
	pass_begin
	blocks_enter load_block6_4s, ops32_32_head, 0, 1, 2, 3, 4, 5
LOOP_BEGIN(fpu32_ops32_aarch64_neon)
	blocks_body load_block6_4s, store_block6_4s, ops32_32_head, ops32_32_rest, 0, 1, 2, 3, 4, 5
LOOP_END(fpu32_ops32_aarch64_neon)
	blocks_leave store_block6_4s, ops32_32_rest, 0, 1, 2, 3, 4, 5
	pass_end ops32_32, 4s, s, 16, 4
	restore_d8_d15
9:	ret
END(fpu32_ops32_aarch64_neon)

	.unreq	kbdfh
	.unreq	kkmpr
	.unreq	ktvy
	.unreq	vx4
	.unreq	vx5
	.unreq	acc4
	.unreq	acc5
	.unreq	tmp4
	.unreq	tmp5

/* ================================================================ fpu64 */

/* The factors, two to a register: b d | f h | k m | p r | t v | y. */
kbd		.req v31
kfh		.req v8
kkm		.req v9
kpr		.req v10
ktv		.req v11
ky		.req v12

/* ops32's fifth vector, in v13-v15. */
vx4		.req v13
acc4		.req v14
tmp4		.req v15

.macro ops2_64_head vecs:vararg
	head_adds 2d, ka, \vecs
.endm

.macro ops2_64_rest load, vecs:vararg
	.ifnb \load
	\load
	.endif
	head_mul 2d, k2.2d, \vecs
.endm

.macro ops8_64_head vecs:vararg
	head_adds 2d, ka, \vecs
.endm

.macro ops8_64_rest load, vecs:vararg
	head_mul 2d, kbd.d[0], \vecs
	fused_term fmls, 2d, kc, kbd.d[1], , \vecs
	fused_term fmla, 2d, ke, kfh.d[0], \load, \vecs
.endm

.macro ops32_64_head vecs:vararg
	head_adds 2d, ka, \vecs
.endm

.macro ops32_64_rest load, vecs:vararg
	head_mul 2d, kbd.d[0], \vecs
	fused_term fmls, 2d, kc, kbd.d[1], , \vecs
	fused_term fmla, 2d, ke, kfh.d[0], , \vecs
	fused_term fmls, 2d, kg, kfh.d[1], , \vecs
	fused_term fmla, 2d, kj, kkm.d[0], , \vecs
	fused_term fmls, 2d, kl, kkm.d[1], , \vecs
	fused_term fmla, 2d, ko, kpr.d[0], , \vecs
	fused_term fmls, 2d, kq, kpr.d[1], , \vecs
	fused_term fmla, 2d, ks, ktv.d[0], , \vecs
	fused_term fmls, 2d, ku, ktv.d[1], , \vecs
	fused_term fmla, 2d, kw, ky.d[0], \load, \vecs
.endm

.macro ops2_64 vecs:vararg
	ops2_64_head \vecs
	ops2_64_rest , \vecs
.endm

.macro ops8_64 vecs:vararg
	ops8_64_head \vecs
	ops8_64_rest , \vecs
.endm

.macro ops32_64 vecs:vararg
	ops32_64_head \vecs
	ops32_64_rest , \vecs
.endm

.macro load_consts8_64
	consts_begin bk_fpu64_consts
	load_addend ka, 2d, 8
	load_factor kbd, d, 0, 8
	load_addend kc, 2d, 8
	load_factor kbd, d, 1, 8
	load_addend ke, 2d, 8
	load_factor kfh, d, 0, 8
.endm

.macro load_consts32_64
	load_consts8_64
	load_addend kg, 2d, 8
	load_factor kfh, d, 1, 8
	load_addend kj, 2d, 8
	load_factor kkm, d, 0, 8
	load_addend kl, 2d, 8
	load_factor kkm, d, 1, 8
	load_addend ko, 2d, 8
	load_factor kpr, d, 0, 8
	load_addend kq, 2d, 8
	load_factor kpr, d, 1, 8
	load_addend ks, 2d, 8
	load_factor ktv, d, 0, 8
	load_addend ku, 2d, 8
	load_factor ktv, d, 1, 8
	load_addend kw, 2d, 8
	load_factor ky, d, 0, 8
.endm

// Loop body fpu64_ops2_aarch64_neon: 12 instructions per 8 words (load 1, store 1, add 4, sub 0, mul 4, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu64_ops2_aarch64_neon)
	kernel_enter 3, 8, 2
	consts_begin bk_fpu64_consts
	ld1r	{ka.2d}, [kptr]			// a
	add	kptr, kptr, #22 * 8
	ld1r	{k2.2d}, [kptr]			// K2
	pass_begin
	blocks_enter load_block_2d, ops2_64_head, 0, 1, 2, 3
LOOP_BEGIN(fpu64_ops2_aarch64_neon)
	blocks_body load_block_2d, store_block_2d, ops2_64_head, ops2_64_rest, 0, 1, 2, 3
LOOP_END(fpu64_ops2_aarch64_neon)
	blocks_leave store_block_2d, ops2_64_rest, 0, 1, 2, 3
	pass_end ops2_64, 2d, d, 16, 8
9:	ret
END(fpu64_ops2_aarch64_neon)

// Loop body fpu64_ops8_aarch64_neon: 28 instructions per 8 words (load 1, store 1, add 12, sub 0, mul 4, fma 8, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu64_ops8_aarch64_neon)
	kernel_enter 3, 8, 2
	save_d8_d15
	load_consts8_64
	pass_begin
	blocks_enter load_block_2d, ops8_64_head, 0, 1, 2, 3
LOOP_BEGIN(fpu64_ops8_aarch64_neon)
	blocks_body load_block_2d, store_block_2d, ops8_64_head, ops8_64_rest, 0, 1, 2, 3
LOOP_END(fpu64_ops8_aarch64_neon)
	blocks_leave store_block_2d, ops8_64_rest, 0, 1, 2, 3
	pass_end ops8_64, 2d, d, 16, 8
	restore_d8_d15
9:	ret
END(fpu64_ops8_aarch64_neon)

// Loop body fpu64_ops32_aarch64_neon: 116 instructions per 10 words (load 2, store 2, add 55, sub 0, mul 5, fma 50, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu64_ops32_aarch64_neon)
	kernel_enter_div 3, 10, 2
	save_d8_d15
	load_consts32_64
	pass_begin
	blocks_enter load_block5_2d, ops32_64_head, 0, 1, 2, 3, 4
LOOP_BEGIN(fpu64_ops32_aarch64_neon)
	blocks_body load_block5_2d, store_block5_2d, ops32_64_head, ops32_64_rest, 0, 1, 2, 3, 4
LOOP_END(fpu64_ops32_aarch64_neon)
	blocks_leave store_block5_2d, ops32_64_rest, 0, 1, 2, 3, 4
	pass_end ops32_64, 2d, d, 16, 8
	restore_d8_d15
9:	ret
END(fpu64_ops32_aarch64_neon)
