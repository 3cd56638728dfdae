/* SPDX-License-Identifier: MIT */
/*
 * int.S: the stressInt integer kernels (write, check, read) for AArch64.
 *
 * Assumptions:
 *
 * ARMv8-A, AArch64, AAPCS64, general-purpose registers only (no Advanced
 * SIMD: the point is to load the integer units, as the original does).
 * buf is 4-byte aligned at least (ldp/stp of W registers accept any such
 * address on normal memory); words is a multiple of 32 (one 128-byte
 * block); a count below 32 does nothing. Layout and results:
 * include/burnkit/kernels.h.
 *
 * Strategy: one loop iteration per 128-byte block. Words move in pairs
 * (ldp/stp of two W registers: one instruction, two 32-bit words, one
 * 64-bit access), which halves the load/store instructions without leaving
 * 32-bit scalar code; every word then has its own ALU instruction(s):
 * 32 AND + 32 OR (check), 16 ADD + 16 SUB (read). The loop is written for
 * in-order Cortex-A53 as much as for out-of-order A72/A76: the four words of
 * one group are loaded while the group before is reduced, so no ALU
 * instruction waits for its load, and the AND and OR of a word sit next to
 * each other so the two can issue together. Four accumulators give chains
 * of 16 (check) and 8 (read) per block, shorter than the block's ALU time
 * on two or three ALUs. Loop control is add, cmp, b.ne.
 *
 * Instruction classes of the counts: ldp is a load and stp a store (each
 * one instruction moving two words); add, sub, and, orr, cmp, b.cond
 * (branch) by mnemonic; anything else is other.
 */

#include "asmdefs.h"

#define buf	x0
#define end	x1		/* was words */
#define p1	w2
#define p2	w3

/* Two groups of four loaded words, alternating: a while b is loaded. */
#define a0	w4
#define a1	w5
#define a2	w6
#define a3	w7
#define b0	w8
#define b1	w9
#define b2	w10
#define b3	w11

/* int_check accumulators */
#define and1	w12
#define or1	w13
#define and2	w14
#define or2	w15

/* int_read accumulators: word j of each group goes to sum<j>. */
#define sum0	w12
#define sum1	w13
#define sum2	w14
#define sum3	w15

#define BLOCK_BYTES 128

/* Turn the word count into the end pointer; leave when there is no block. */
.macro blocks_to_end
	lsr	end, end, #5		// whole blocks
	cbz	end, 9f
	add	end, buf, end, lsl #7
.endm

/* Load the group of four words at byte offset off into word0..word3. */
.macro load4 off, word0, word1, word2, word3
	ldp	\word0, \word1, [buf, #\off]
	ldp	\word2, \word3, [buf, #\off+8]
.endm

.macro check4 word0, word1, word2, word3, and_acc, or_acc
	and	\and_acc, \and_acc, \word0
	orr	\or_acc, \or_acc, \word0
	and	\and_acc, \and_acc, \word1
	orr	\or_acc, \or_acc, \word1
	and	\and_acc, \and_acc, \word2
	orr	\or_acc, \or_acc, \word2
	and	\and_acc, \and_acc, \word3
	orr	\or_acc, \or_acc, \word3
.endm

/* op is add for a p1 group, sub for a p2 group. */
.macro read4 op, word0, word1, word2, word3
	\op	sum0, sum0, \word0
	\op	sum1, sum1, \word1
	\op	sum2, sum2, \word2
	\op	sum3, sum3, \word3
.endm

// Loop body int_write_aarch64: 19 instructions per 32 words (load 0, store 16, add 1, sub 0, mul 0, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
// (store: 16 stp, two words each)
ENTRY(int_write_aarch64)
	blocks_to_end
	.p2align 4
LOOP_BEGIN(int_write_aarch64)
1:	stp	p1, p1, [buf]		// words 0-3: p1
	stp	p1, p1, [buf, #8]
	stp	p2, p2, [buf, #16]	// words 4-7: p2
	stp	p2, p2, [buf, #24]
	stp	p1, p1, [buf, #32]
	stp	p1, p1, [buf, #40]
	stp	p2, p2, [buf, #48]
	stp	p2, p2, [buf, #56]
	stp	p1, p1, [buf, #64]
	stp	p1, p1, [buf, #72]
	stp	p2, p2, [buf, #80]
	stp	p2, p2, [buf, #88]
	stp	p1, p1, [buf, #96]
	stp	p1, p1, [buf, #104]
	stp	p2, p2, [buf, #112]
	stp	p2, p2, [buf, #120]
	add	buf, buf, #BLOCK_BYTES
	cmp	buf, end
	b.ne	1b
LOOP_END(int_write_aarch64)
9:	ret
END(int_write_aarch64)

// Loop body int_check_aarch64: 83 instructions per 32 words (load 16, store 0, add 1, sub 0, mul 0, fma 0, and 32, orr 32, cmp 1, branch 1, other 0)
// (load: 16 ldp, two words each)
ENTRY(int_check_aarch64)
	mov	and1, #-1		// AND identity
	mov	or1, #0			// OR identity
	mov	and2, #-1
	mov	or2, #0
	blocks_to_end
	.p2align 4
LOOP_BEGIN(int_check_aarch64)
1:	load4	0, a0, a1, a2, a3	// words 0-3: p1
	load4	16, b0, b1, b2, b3	// words 4-7: p2
	check4	a0, a1, a2, a3, and1, or1
	load4	32, a0, a1, a2, a3
	check4	b0, b1, b2, b3, and2, or2
	load4	48, b0, b1, b2, b3
	check4	a0, a1, a2, a3, and1, or1
	load4	64, a0, a1, a2, a3
	check4	b0, b1, b2, b3, and2, or2
	load4	80, b0, b1, b2, b3
	check4	a0, a1, a2, a3, and1, or1
	load4	96, a0, a1, a2, a3
	check4	b0, b1, b2, b3, and2, or2
	load4	112, b0, b1, b2, b3
	check4	a0, a1, a2, a3, and1, or1
	add	buf, buf, #BLOCK_BYTES
	check4	b0, b1, b2, b3, and2, or2
	cmp	buf, end
	b.ne	1b
LOOP_END(int_check_aarch64)
9:	eor	and1, and1, p1		// zero where a reduction is right
	eor	or1, or1, p1
	eor	and2, and2, p2
	eor	or2, or2, p2
	orr	and1, and1, or1
	orr	and2, and2, or2
	orr	and1, and1, and2
	cmp	and1, #0
	cset	w0, ne			// 1 when any word was wrong
	ret
END(int_check_aarch64)

// Loop body int_read_aarch64: 51 instructions per 32 words (load 16, store 0, add 17, sub 16, mul 0, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
// (load: 16 ldp, two words each)
ENTRY(int_read_aarch64)
	mov	sum0, #0
	mov	sum1, #0
	mov	sum2, #0
	mov	sum3, #0
	blocks_to_end
	.p2align 4
LOOP_BEGIN(int_read_aarch64)
1:	load4	0, a0, a1, a2, a3	// words 0-3: p1, added
	load4	16, b0, b1, b2, b3	// words 4-7: p2, subtracted
	read4	add, a0, a1, a2, a3
	load4	32, a0, a1, a2, a3
	read4	sub, b0, b1, b2, b3
	load4	48, b0, b1, b2, b3
	read4	add, a0, a1, a2, a3
	load4	64, a0, a1, a2, a3
	read4	sub, b0, b1, b2, b3
	load4	80, b0, b1, b2, b3
	read4	add, a0, a1, a2, a3
	load4	96, a0, a1, a2, a3
	read4	sub, b0, b1, b2, b3
	load4	112, b0, b1, b2, b3
	read4	add, a0, a1, a2, a3
	add	buf, buf, #BLOCK_BYTES
	read4	sub, b0, b1, b2, b3
	cmp	buf, end
	b.ne	1b
LOOP_END(int_read_aarch64)
9:	add	w0, sum0, sum1		// the total wraps, so order is free
	add	w0, w0, sum2
	add	w0, w0, sum3
	ret
END(int_read_aarch64)
