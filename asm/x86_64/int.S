/* SPDX-License-Identifier: MIT */
/*
 * int.S: the stressInt integer kernels (write, check, read) for x86-64.
 *
 * Assumptions:
 *
 * x86-64, System V ABI, general-purpose registers only (no SSE/AVX: the
 * point is to load the integer units, as the original does). buf is 4-byte
 * aligned at least; words is a multiple of 32 (one 128-byte block); a
 * count below 32 does nothing. Layout and results: include/burnkit/kernels.h.
 *
 * Strategy: one loop iteration per 128-byte block. write stores each pair
 * of equal words with one 64-bit store from a general-purpose register (as
 * AArch64 pairs them with stp): the core retires a bounded number of
 * stores per cycle whatever their width, so 32 separate 32-bit stores only
 * tied the compiled reference, while 16 pair stores beat it. check and read
 * keep every word its own 32-bit instruction: a block costs 32 loads + 32
 * AND + 32 OR (check), or 32 loads with 16 ADD + 16 SUB (read), plus the loop control
 * (add, cmp, jne; cmp/jne fuse into one uop). check and read spread their
 * reductions over 8 and 4 accumulators, so that the load, store and ALU
 * ports, not a dependency chain, set the pace.
 *
 * Loads are separate `mov`s in check: its AND and OR both need the word,
 * and a memory operand on each would load it twice. In read each word feeds
 * one instruction, so its add and sub take the word as a memory operand:
 * one fused uop instead of two, and the loop is bound by the load ports
 * only (explicit loads made read about 2 % slower than the C reference,
 * measured with scripts/bench/int.sh).
 *
 * Instruction classes of the counts: `mov` from memory is a load, `mov` to
 * memory a store; add, sub, and, or (counted as orr), cmp and jcc (branch)
 * by mnemonic, whether or not they have a memory operand; anything else is
 * other.
 */

#include "asmdefs.h"

#define buf	%rdi
#define end	%rsi		/* was words */
#define p1	%edx
#define p2	%ecx
#define tmp	%eax

/* int_check accumulators: a and b halves of the AND and OR of each pattern. */
#define and1a	%r8d
#define and1b	%r9d
#define or1a	%r10d
#define or1b	%r11d
#define and2a	%ebx
#define and2b	%ebp
#define or2a	%r12d
#define or2b	%r13d

/* int_read accumulators: word j of each group of four goes to sum<j>. */
#define sum0	%r8d
#define sum1	%r9d
#define sum2	%r10d
#define sum3	%r11d

#define BLOCK_BYTES 128

/* Turn the word count into the end pointer; leave when there is no block. */
.macro blocks_to_end
	shr	$5, end			// whole blocks
	jz	9f
	shl	$7, end
	add	buf, end
.endm

/* Four words of one pattern at byte offset off: two 64-bit pair stores. */
.macro write4 off, pair
	movq	\pair, \off(buf)
	movq	\pair, \off+8(buf)
.endm

.macro check4 off, and_acc, or_acc
	movl	\off(buf), tmp
	andl	tmp, \and_acc
	orl	tmp, \or_acc
	movl	\off+4(buf), tmp
	andl	tmp, \and_acc
	orl	tmp, \or_acc
	movl	\off+8(buf), tmp
	andl	tmp, \and_acc
	orl	tmp, \or_acc
	movl	\off+12(buf), tmp
	andl	tmp, \and_acc
	orl	tmp, \or_acc
.endm

/* op is addl for a p1 group, subl for a p2 group; the word is its memory operand. */
.macro read4 off, op
	\op	\off(buf), sum0
	\op	\off+4(buf), sum1
	\op	\off+8(buf), sum2
	\op	\off+12(buf), sum3
.endm

// Loop body int_write_x86_64: 19 instructions per 32 words (load 0, store 16, add 1, sub 0, mul 0, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(int_write_x86_64)
	blocks_to_end
	mov	p1, %eax		// pair1 = p1:p1
	mov	%rax, %r8
	shl	$32, %r8
	or	%rax, %r8
	mov	p2, %eax		// pair2 = p2:p2
	mov	%rax, %r9
	shl	$32, %r9
	or	%rax, %r9
	bk_loop_head
LOOP_BEGIN(int_write_x86_64)
1:	write4	0, %r8
	write4	16, %r9
	write4	32, %r8
	write4	48, %r9
	write4	64, %r8
	write4	80, %r9
	write4	96, %r8
	write4	112, %r9
	add	$BLOCK_BYTES, buf
	cmp	end, buf
	jne	1b
LOOP_END(int_write_x86_64)
9:	ret
END(int_write_x86_64)

// Loop body int_check_x86_64: 99 instructions per 32 words (load 32, store 0, add 1, sub 0, mul 0, fma 0, and 32, orr 32, cmp 1, branch 1, other 0)
ENTRY(int_check_x86_64)
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	mov	$-1, and1a		// AND identity
	mov	$-1, and1b
	mov	$-1, and2a
	mov	$-1, and2b
	xor	or1a, or1a		// OR identity
	xor	or1b, or1b
	xor	or2a, or2a
	xor	or2b, or2b
	blocks_to_end
	bk_loop_head
LOOP_BEGIN(int_check_x86_64)
1:	check4	0, and1a, or1a
	check4	16, and2a, or2a
	check4	32, and1b, or1b
	check4	48, and2b, or2b
	check4	64, and1a, or1a
	check4	80, and2a, or2a
	check4	96, and1b, or1b
	check4	112, and2b, or2b
	add	$BLOCK_BYTES, buf
	cmp	end, buf
	jne	1b
LOOP_END(int_check_x86_64)
9:	and	and1b, and1a		// fold the halves
	or	or1b, or1a
	and	and2b, and2a
	or	or2b, or2a
	xor	p1, and1a		// zero where a reduction is right
	xor	p1, or1a
	xor	p2, and2a
	xor	p2, or2a
	or	or1a, and1a
	or	or2a, and2a
	xor	%eax, %eax
	or	and2a, and1a
	setne	%al			// 1 when any word was wrong
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	ret
END(int_check_x86_64)

// Loop body int_read_x86_64: 35 instructions per 32 words (load 0, store 0, add 17, sub 16, mul 0, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
// (add includes 16 and sub all 16 memory-operand forms: each is also the load of its word)
ENTRY(int_read_x86_64)
	xor	sum0, sum0
	xor	sum1, sum1
	xor	sum2, sum2
	xor	sum3, sum3
	blocks_to_end
	bk_loop_head
LOOP_BEGIN(int_read_x86_64)
1:	read4	0, addl
	read4	16, subl
	read4	32, addl
	read4	48, subl
	read4	64, addl
	read4	80, subl
	read4	96, addl
	read4	112, subl
	add	$BLOCK_BYTES, buf
	cmp	end, buf
	jne	1b
LOOP_END(int_read_x86_64)
9:	mov	sum0, %eax		// the total wraps, so order is free
	add	sum1, %eax
	add	sum2, %eax
	add	sum3, %eax
	ret
END(int_read_x86_64)
