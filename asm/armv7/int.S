/* SPDX-License-Identifier: MIT */
/*
 * int.S: the stressInt integer kernels (write, check, read) for ARMv7.
 *
 * Assumptions:
 *
 * ARMv7-A, A32 (ARM state), AAPCS, core registers only (no VFP or NEON:
 * the point is to load the integer units, as the original does). buf is
 * 4-byte aligned at least, which ldm/stm require; words is a multiple of 32
 * (one 128-byte block); a count below 32 does nothing. Layout and results:
 * include/burnkit/kernels.h.
 *
 * Strategy: one loop iteration per 128-byte block. Words move by ldm/stm:
 * one instruction moves a whole group of equal words (four for ldm, eight
 * for stm, the p1 group then the p2 group), and its writeback steps the
 * pointer, so the loop needs no add. The Cortex-A72 optimization guide
 * gives ldm/stm one cycle per two registers, the rate of ldrd/strd, and
 * twice that of single ldr/str; with fewer instructions, ldm/stm leave the
 * issue slots to the ALU instructions that are the point of the test: every
 * word has its own AND + ORR (check) or ADD or SUB (read). The two groups of
 * four loaded words alternate, one loading while the other is reduced, so
 * the in-order A53 does not wait for its loads; four accumulators give
 * chains of 16 (check) and 8 (read) per block. Loop control is cmp, bne.
 *
 * Instruction classes of the counts: ldm (ldmia in objdump) is a load and
 * stm (stmia) a store, each one instruction moving four or eight words;
 * add, sub, and, orr, cmp, b<cond> (branch) by mnemonic; anything else is
 * other.
 */

#include "asmdefs.h"

	.syntax unified
	.arm

#define buf	r0
#define end	r1		/* was words */
#define p1	r2
#define p2	r3

/* Two groups of four loaded words, alternating: a while b is loaded. */
#define GROUP_A	{r4-r7}
#define GROUP_B	{r8-r11}

/* int_check accumulators; p1 and p2 wait on the stack meanwhile. */
#define and1	r2
#define or1	r3
#define and2	ip
#define or2	lr

/* int_read accumulators: word j of each group goes to sum<j>. */
#define sum0	r2
#define sum1	r3
#define sum2	ip
#define sum3	lr

/* Turn the word count into the end pointer; leave when there is no block. */
.macro blocks_to_end
	lsrs	end, end, #5		// whole blocks
	beq	9f
	add	end, buf, end, lsl #7
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

#define CHECK_A(acc_and, acc_or) check4 r4, r5, r6, r7, acc_and, acc_or
#define CHECK_B(acc_and, acc_or) check4 r8, r9, r10, r11, acc_and, acc_or
#define READ_A(op) read4 op, r4, r5, r6, r7
#define READ_B(op) read4 op, r8, r9, r10, r11

// Loop body int_write_armv7: 6 instructions per 32 words (load 0, store 4, add 0, sub 0, mul 0, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
// (store: 4 stm, eight words each, pointer writeback included)
ENTRY(int_write_armv7)
	push	{r4-r11}
	mov	r4, p1			// r4-r7: four words of p1
	mov	r5, p1
	mov	r6, p1
	mov	r7, p1
	mov	r8, p2			// r8-r11: four words of p2
	mov	r9, p2
	mov	r10, p2
	mov	r11, p2
	blocks_to_end
	.p2align 4
LOOP_BEGIN(int_write_armv7)
1:	stm	buf!, {r4-r11}		// words 0-7
	stm	buf!, {r4-r11}		// words 8-15
	stm	buf!, {r4-r11}		// words 16-23
	stm	buf!, {r4-r11}		// words 24-31
	cmp	buf, end
	bne	1b
LOOP_END(int_write_armv7)
9:	pop	{r4-r11}
	bx	lr
END(int_write_armv7)

// Loop body int_check_armv7: 74 instructions per 32 words (load 8, store 0, add 0, sub 0, mul 0, fma 0, and 32, orr 32, cmp 1, branch 1, other 0)
// (load: 8 ldm, four words each, pointer writeback included)
ENTRY(int_check_armv7)
	push	{r2-r11, lr}		// p1, p2 at [sp], [sp, #4]
	mvn	and1, #0		// AND identity
	mov	or1, #0			// OR identity
	mvn	and2, #0
	mov	or2, #0
	blocks_to_end
	.p2align 4
LOOP_BEGIN(int_check_armv7)
1:	ldm	buf!, GROUP_A		// words 0-3: p1
	ldm	buf!, GROUP_B		// words 4-7: p2
	CHECK_A(and1, or1)
	ldm	buf!, GROUP_A		// words 8-11
	CHECK_B(and2, or2)
	ldm	buf!, GROUP_B		// words 12-15
	CHECK_A(and1, or1)
	ldm	buf!, GROUP_A		// words 16-19
	CHECK_B(and2, or2)
	ldm	buf!, GROUP_B		// words 20-23
	CHECK_A(and1, or1)
	ldm	buf!, GROUP_A		// words 24-27
	CHECK_B(and2, or2)
	ldm	buf!, GROUP_B		// words 28-31
	CHECK_A(and1, or1)
	CHECK_B(and2, or2)
	cmp	buf, end
	bne	1b
LOOP_END(int_check_armv7)
9:	ldm	sp, {r4, r5}		// p1, p2
	eor	and1, and1, r4		// zero where a reduction is right
	eor	or1, or1, r4
	eor	and2, and2, r5
	eor	or2, or2, r5
	orr	and1, and1, or1
	orr	and2, and2, or2
	orrs	r0, and1, and2
	movne	r0, #1			// 1 when any word was wrong
	pop	{r2-r11, pc}
END(int_check_armv7)

// Loop body int_read_armv7: 42 instructions per 32 words (load 8, store 0, add 16, sub 16, mul 0, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
// (load: 8 ldm, four words each, pointer writeback included)
ENTRY(int_read_armv7)
	push	{r4-r11, lr}
	mov	sum0, #0
	mov	sum1, #0
	mov	sum2, #0
	mov	sum3, #0
	blocks_to_end
	.p2align 4
LOOP_BEGIN(int_read_armv7)
1:	ldm	buf!, GROUP_A		// words 0-3: p1, added
	ldm	buf!, GROUP_B		// words 4-7: p2, subtracted
	READ_A(add)
	ldm	buf!, GROUP_A		// words 8-11
	READ_B(sub)
	ldm	buf!, GROUP_B		// words 12-15
	READ_A(add)
	ldm	buf!, GROUP_A		// words 16-19
	READ_B(sub)
	ldm	buf!, GROUP_B		// words 20-23
	READ_A(add)
	ldm	buf!, GROUP_A		// words 24-27
	READ_B(sub)
	ldm	buf!, GROUP_B		// words 28-31
	READ_A(add)
	READ_B(sub)
	cmp	buf, end
	bne	1b
LOOP_END(int_read_armv7)
9:	add	r0, sum0, sum1		// the total wraps, so order is free
	add	r0, r0, sum2
	add	r0, r0, sum3
	pop	{r4-r11, pc}
END(int_read_armv7)
