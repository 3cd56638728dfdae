/* SPDX-License-Identifier: MIT */
/*
 * fpu_sse2.S: the burninfpu / MP-MFLOPS kernels (2, 8 and 32 operations
 * per word, single and double precision) for x86-64 with SSE2 only, the
 * baseline every x86-64 CPU has.
 *
 * Assumptions:
 *
 * x86-64, System V ABI (the stack is 16-byte aligned at the call), SSE2
 * (16 xmm registers, two-operand instructions, no fused multiply-add).
 * x is 4-byte (fpu32) or 8-byte (fpu64) aligned, n >= 0, passes >= 0;
 * n or passes 0 does nothing. Contract, constants and operation order:
 * include/burnkit/kernels.h.
 * Syntax: GNU as, AT&T, as gcc emits it and objdump (so `burnkit inspect`)
 * prints it: the source and the disassembly the counts are checked against
 * read alike.
 *
 * Strategy: each pass runs the words before the first 16-byte boundary
 * one at a time (scalar ss/sd forms of the same code), then whole blocks of
 * aligned vectors (the loop body), whole aligned vectors, and the last
 * words one at a time again. The constants are broadcast once per call.
 * Two-operand arithmetic destroys its destination, so every term but the
 * last works on a register copy of x (movaps, which the renamer usually
 * eliminates); the last term works on x itself. A block interleaves its
 * vectors term by term: the chain of a vector is one add per term (the
 * running sum), so two (ops32) or four (ops8) vectors per block and
 * the overlap of consecutive blocks keep the adders and multipliers busy.
 * ops2 is a stream with two operations on the way: at four instructions
 * a 16-byte vector it is the front end that holds it, so its block is 16
 * vectors (four lines), which takes a loop's add, cmp and jne per four
 * lines instead of one. On a Zen 5 core (EPYC 9005, one thread, best of
 * 100-300 samples, taking turns) 16 vectors as two groups of eight ran
 * 3-11 % faster than four vectors a block at L1 and L2 size; a throwaway
 * harness put four vectors a block at 0.71-0.78 of the in-place stream,
 * eight at 0.79-0.89, twelve at 0.84-0.90, sixteen at 0.89-0.94.
 * Each vector is loaded, added, multiplied and stored before the next (in
 * xmm0-7 in turn), not eight loads, eight adds, eight multiplies and eight
 * stores: on the same core the kernel in this order ran 3 % faster at
 * 16 KiB, 7 % at 256 and 512 KiB, 4 % at 2 MiB and 1-3 % at 64 MiB (fp32
 * and fp64, the same words), and fpu.sh's L2 cell went from 88.6 to
 * 95.4 % of the stream. The bench's walk of the same instructions, one
 * vector at a time, had run at 95 % of that stream beside the grouped
 * kernel's 89 %: that pointed at the order. In the harness the grouped
 * adds and multiplies ran 1.85 vectors a cycle without the stores and 1.23
 * with them, storing a register the adds never wrote as slowly (so not the
 * chain), and nops in their place at the stream's rate; which resource
 * the grouped order crowds is not known (no counters were available).
 * At RAM size the hardware prefetchers stop at every 4 KiB page, so for x
 * larger than BK_FPU_PREFETCH_MIN_BYTES (4 MiB, burnkit/prefetch.h) each
 * block also prefetches (prefetcht0) its line one page ahead; where x fits
 * in the caches the prefetch only takes a load slot (fpu_avx2.S gives the
 * measurements). Each kernel has its pass loop twice, chosen once per
 * call: the plain one, which LOOP_BEGIN marks, and the prefetching one
 * (bk_prefetch_gated makes both from `passes`).
 * Prefetches past the end of x are harmless (they never fault).
 *
 * ops32 needs 22 constants and 16 registers hold 5 data registers at
 * least: the 11 addends (a, c, e, ...) stay in registers, the 11 factors
 * (b, d, f, ...) are broadcast once to 16-byte aligned stack slots and each
 * mulps takes its factor as a memory operand.
 *
 * Schedule. Cores named (128-bit vectors; per cycle; latencies in cycles):
 *   Skylake, Ice Lake   add and mul on ports 0 and 1: 2; add 4, mul 4
 *   Golden Cove         mul on ports 0 and 1, add on 1 and 5: 3 for a mix;
 *   (Sapphire Rapids)   add 2-3, mul 4
 *   Zen 2, Zen 3        add on 2 pipes, mul on 2 others; add 3, mul 3
 *   Zen 1               as Zen 2, and each store of an xmm register takes
 *                       an add pipe (FP2) for its data (measured there;
 *                       not known for the others)
 * A vector of ops32 is 32 FP instructions (21 add/sub, 11 mul): designed
 * for 16 cycles per vector on Skylake, 10.7 on Golden Cove, 10.5 on Zen 3
 * (its two add pipes); ops8 (5 add/sub, 3 mul) for 4, 2.7 and 2.5. On
 * Zen 1 the store's data shares the add pipes: 6 slots there a vector in
 * ops8, 3 cycles against its FP mix's 2.5, so 83 % of the mix is the most
 * any order of these instructions reaches (ops32: 22 slots against 21,
 * a 4.5 % cost).
 * A harness of independent 128-bit instructions there, cycles per group:
 * 20 adds and 12 muls 10; with 4 xmm stores 12, with 4 GPR stores or 4
 * loads instead 10; 16 adds, 12 muls and 4 xmm stores 10; 12 muls and 4
 * xmm stores 6. The bench's walk with the kernel's loads and stores shows
 * that bound (84-85 % of the mix; the kernel at 99-100 % of it). The
 * chain a vector hides is its running sum, one add or sub per term after
 * the first product: in ops32 10 x 4 cycles plus add and mul (48 cycles
 * from the load on Skylake, 36 on Zen 3), so 3-4 vectors must be in
 * flight: the two of a block and the next block's, 140-180 instructions
 * with the register copies, within the reorder buffers (Skylake 224, Zen 3
 * 256, Golden Cove 512). The copies (movaps) cost no FP port where the
 * renamer eliminates them (Ivy Bridge and later, Zen), only front-end
 * slots: 46 instructions per vector, 8-12 cycles at 4-6 a cycle, within
 * the FP time on every core named. ops32's 11 factors from memory are 12
 * loads per vector with x: at most 1.2 per cycle, of 2 or 3 load ports.
 *
 * Operation order: EXACT, the reference's to the bit: every x + c, every
 * product and every partial sum is rounded, in source order:
 *     r = (x + a) * b;  r = r - (x + c) * d;  r = r + (x + e) * f;  ...
 *
 * Instruction counts of the loop bodies, by class as the `Loop body` lines
 * state them (a block is 16 vectors in ops2, 4 in ops8, 2 in ops32; a
 * vector holds 4 fpu32 or 2 fpu64 words):
 *
 *     kernel   per vector                          per block  fpu32/word  fpu64/word
 *     ops2     load 1, add 1, mul 1, store 1           67        1.05        2.09
 *     ops8     load 1, add 4, sub 1, mul 3, store 1,   51        3.19        6.38
 *              other 2 (copies of x)
 *     ops32    load 1, add 16, sub 5, mul 11,          91       11.38       22.75
 *              store 1, other 10 (copies of x)
 *
 * plus, per block, 3 for the loop control (add, cmp, jne); the
 * prefetching loop (x larger than 4 MiB) adds one prefetch (other) per
 * block, four in ops2 (one per line). In ops32 the mulps/mulpd take
 * their factor from the stack as a memory operand; they count as mul, not
 * as loads. Classes by mnemonic:
 * movaps/movapd from memory is a load, to memory a store, between
 * registers other; addps/addpd and the pointer's add are add; subps/subpd
 * sub; mulps/mulpd mul; cmp; jcc branch; prefetcht0 other.
 */

#include "asmdefs.h"
#include "burnkit/prefetch.h"

#define xbase	%rdi		/* x */
#define nwords	%rsi		/* n */
#define npasses	%rdx		/* passes left */
#define cur	%rax		/* current word or vector in a pass */
#define xend	%rcx		/* end of x */
#define blkend	%r8		/* end of the whole blocks */
#define vecend	%r9		/* end of the whole vectors */
#define body	%r10		/* first 16-byte aligned vector */
#define nbytes	%r11		/* bytes from body to the end of x */
#define consts	%rax		/* bk_fpu*_consts, before the first pass */

#define VEC_BYTES 16
#define PREFETCH_BYTES 4096	/* one page ahead of the block being loaded */

/*
 * Split x[0, n) (esz_shift: log2 of the word size) into the head words,
 * the whole blocks of block_bytes, the whole vectors and the tail words,
 * and leave through 9f when there is no work.
 */
.macro split esz_shift, block_bytes
	test	nwords, nwords
	jz	9f
	test	npasses, npasses
	jz	9f
	mov	nwords, nbytes
	shl	$\esz_shift, nbytes
	lea	(xbase,nbytes), xend
	mov	xbase, body
	neg	body
	and	$VEC_BYTES - 1, body	// bytes to the next vector boundary
	cmp	nbytes, body
	cmova	nbytes, body		// but no further than the end of x
	sub	body, nbytes
	add	xbase, body
	mov	nbytes, vecend
	and	$-VEC_BYTES, vecend
	add	body, vecend
	and	$-\block_bytes, nbytes
	lea	(body,nbytes), blkend
.endm

/*
 * One pass around the block loop: the head words (scalar s), then cur at
 * the first block; after the blocks, the whole vectors (packed p), the tail
 * words, and the next pass. esz: word size.
 */
.macro pass_head vec, s, esz
	mov	xbase, cur
4:	cmp	body, cur
	je	8f
	\vec	\s, mov\()\s
	add	$\esz, cur
	jmp	4b
8:
.endm

.macro pass_tail vec, p, s, esz
5:	cmp	vecend, cur
	je	6f
	\vec	\p, mova\()\p
	add	$VEC_BYTES, cur
	jmp	5b
6:	cmp	xend, cur
	je	7f
	\vec	\s, mov\()\s
	add	$\esz, cur
	jmp	6b
7:	dec	npasses
	jnz	1b
.endm

/*
 * The passes over x: each pass's head, its blocks (`block`, given
 * `prefetch`), then its whole vectors and tail. begin and end mark the
 * block loop where they are LOOP_BEGIN and LOOP_END (the loop `burnkit
 * inspect` counts). %rax, the scratch of bk_prefetch_gated
 * (burnkit/prefetch.h), is free before it: consts is done with and cur
 * not yet set.
 */
.macro passes prefetch, begin, end, vec, block, p, s, esz, block_bytes
1:	pass_head \vec, \s, \esz
	cmp	blkend, cur
	je	3f
	bk_block_loop \begin, \end, \block, \p, \prefetch, \block_bytes, cur, blkend
3:	pass_tail \vec, \p, \s, \esz
.endm

/* Broadcast word k of the table (e: s or d, esz: word size) into reg. */
.macro bcast e, esz, k, reg
	movs\e	\k*\esz(consts), \reg
.ifc \e, s
	shufps	$0, \reg, \reg
.else
	unpcklpd \reg, \reg
.endif
.endm

/* ---------------------------------------------------------------- ops2 */

#define ka2	%xmm14
#define kfactor	%xmm15		/* K2 */

/*
 * The vector or word at byte off of cur, in xmm<r>: x = (x + a) * K2
 * (p: ps, pd, ss or sd; mov: the load and store that fit it).
 */
.macro ops2_at p, mov, r, off
	\mov	\off(cur), %xmm\r
	add\p	ka2, %xmm\r
	mul\p	kfactor, %xmm\r
	\mov	%xmm\r, \off(cur)
.endm

/* One vector or word at cur, the heads' and tails'. */
.macro ops2_vec p, mov
	ops2_at \p, \mov, 0, 0
.endm

/*
 * A block of ops2: 16 vectors (four lines), each loaded, added, multiplied
 * and stored before the next, in xmm0-7 in turn (see the strategy for why
 * so many and in this order).
 */
.macro ops2_block p, prefetch
.if \prefetch
	.irp line, 0, 1, 2, 3
	prefetcht0 PREFETCH_BYTES+\line*64(cur)
	.endr
.endif
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7
	ops2_at \p, mova\p, \r, \r*VEC_BYTES
	.endr
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7
	ops2_at \p, mova\p, \r, (8+\r)*VEC_BYTES
	.endr
.endm

/* ------------------------------------------------------------ terms */

/* First term of the vector in xr: r = (x + c) * d, into rr. */
.macro first_term p, xr, rr, c, d
	movaps	\xr, \rr
	add\p	\c, \rr
	mul\p	\d, \rr
.endm

/* A further term: r = r op (x + c) * d (op: add or sub), through t. */
.macro next_term p, op, xr, rr, t, c, d
	movaps	\xr, \t
	add\p	\c, \t
	mul\p	\d, \t
	\op\p	\t, \rr
.endm

/* The last term works on x itself. */
.macro last_term p, op, xr, rr, c, d
	add\p	\c, \xr
	mul\p	\d, \xr
	\op\p	\xr, \rr
.endm

/* ---------------------------------------------------------------- ops8 */

/* Blocks of four vectors: x in xmm0-3, results in xmm4-7, a copy in xmm8. */
#define tmp8	%xmm8
#define ka8	%xmm10
#define kb8	%xmm11
#define kc8	%xmm12
#define kd8	%xmm13
#define ke8	%xmm14
#define kf8	%xmm15

.macro ops8_vec p, mov
	\mov	(cur), %xmm0
	first_term \p, %xmm0, %xmm4, ka8, kb8
	next_term \p, sub, %xmm0, %xmm4, tmp8, kc8, kd8
	last_term \p, add, %xmm0, %xmm4, ke8, kf8
	\mov	%xmm4, (cur)
.endm

.macro ops8_block p, prefetch
.if \prefetch
	prefetcht0 PREFETCH_BYTES(cur)
.endif
	mova\p	0*VEC_BYTES(cur), %xmm0
	mova\p	1*VEC_BYTES(cur), %xmm1
	mova\p	2*VEC_BYTES(cur), %xmm2
	mova\p	3*VEC_BYTES(cur), %xmm3
	first_term \p, %xmm0, %xmm4, ka8, kb8
	first_term \p, %xmm1, %xmm5, ka8, kb8
	first_term \p, %xmm2, %xmm6, ka8, kb8
	first_term \p, %xmm3, %xmm7, ka8, kb8
	next_term \p, sub, %xmm0, %xmm4, tmp8, kc8, kd8
	next_term \p, sub, %xmm1, %xmm5, tmp8, kc8, kd8
	next_term \p, sub, %xmm2, %xmm6, tmp8, kc8, kd8
	next_term \p, sub, %xmm3, %xmm7, tmp8, kc8, kd8
	last_term \p, add, %xmm0, %xmm4, ke8, kf8
	last_term \p, add, %xmm1, %xmm5, ke8, kf8
	last_term \p, add, %xmm2, %xmm6, ke8, kf8
	last_term \p, add, %xmm3, %xmm7, ke8, kf8
	mova\p	%xmm4, 0*VEC_BYTES(cur)
	mova\p	%xmm5, 1*VEC_BYTES(cur)
	mova\p	%xmm6, 2*VEC_BYTES(cur)
	mova\p	%xmm7, 3*VEC_BYTES(cur)
.endm

.macro ops8_consts e, esz
	bcast	\e, \esz, 0, ka8
	bcast	\e, \esz, 1, kb8
	bcast	\e, \esz, 2, kc8
	bcast	\e, \esz, 3, kd8
	bcast	\e, \esz, 4, ke8
	bcast	\e, \esz, 5, kf8
.endm

/* ---------------------------------------------------------------- ops32 */

/*
 * Blocks of two vectors: x in xmm0 and xmm1, results in xmm2 and xmm3, a
 * copy of x in xmm4. Addends a, c, ..., w in xmm5-15; factors b, d, ..., y
 * in 16-byte stack slots, as memory operands.
 */
#define tmp32	%xmm4
#define ka32	%xmm5
#define kc32	%xmm6
#define ke32	%xmm7
#define kg32	%xmm8
#define kj32	%xmm9
#define kl32	%xmm10
#define ko32	%xmm11
#define kq32	%xmm12
#define ks32	%xmm13
#define ku32	%xmm14
#define kw32	%xmm15
#define kb32	0*VEC_BYTES(%rsp)
#define kd32	1*VEC_BYTES(%rsp)
#define kf32	2*VEC_BYTES(%rsp)
#define kh32	3*VEC_BYTES(%rsp)
#define kk32	4*VEC_BYTES(%rsp)
#define km32	5*VEC_BYTES(%rsp)
#define kp32	6*VEC_BYTES(%rsp)
#define kr32	7*VEC_BYTES(%rsp)
#define kt32	8*VEC_BYTES(%rsp)
#define kv32	9*VEC_BYTES(%rsp)
#define ky32	10*VEC_BYTES(%rsp)
#define FRAME_BYTES (11 * VEC_BYTES)

/* Terms 2 to 10 of the vector in xr, result in rr. */
.macro ops32_middle p, xr, rr
	next_term \p, sub, \xr, \rr, tmp32, kc32, kd32
	next_term \p, add, \xr, \rr, tmp32, ke32, kf32
	next_term \p, sub, \xr, \rr, tmp32, kg32, kh32
	next_term \p, add, \xr, \rr, tmp32, kj32, kk32
	next_term \p, sub, \xr, \rr, tmp32, kl32, km32
	next_term \p, add, \xr, \rr, tmp32, ko32, kp32
	next_term \p, sub, \xr, \rr, tmp32, kq32, kr32
	next_term \p, add, \xr, \rr, tmp32, ks32, kt32
	next_term \p, sub, \xr, \rr, tmp32, ku32, kv32
.endm

.macro ops32_vec p, mov
	\mov	(cur), %xmm0
	first_term \p, %xmm0, %xmm2, ka32, kb32
	ops32_middle \p, %xmm0, %xmm2
	last_term \p, add, %xmm0, %xmm2, kw32, ky32
	\mov	%xmm2, (cur)
.endm

.macro ops32_term2 p, op, c, d
	next_term \p, \op, %xmm0, %xmm2, tmp32, \c, \d
	next_term \p, \op, %xmm1, %xmm3, tmp32, \c, \d
.endm

.macro ops32_block p, prefetch
.if \prefetch
	prefetcht0 PREFETCH_BYTES(cur)
.endif
	mova\p	0*VEC_BYTES(cur), %xmm0
	mova\p	1*VEC_BYTES(cur), %xmm1
	first_term \p, %xmm0, %xmm2, ka32, kb32
	first_term \p, %xmm1, %xmm3, ka32, kb32
	ops32_term2 \p, sub, kc32, kd32
	ops32_term2 \p, add, ke32, kf32
	ops32_term2 \p, sub, kg32, kh32
	ops32_term2 \p, add, kj32, kk32
	ops32_term2 \p, sub, kl32, km32
	ops32_term2 \p, add, ko32, kp32
	ops32_term2 \p, sub, kq32, kr32
	ops32_term2 \p, add, ks32, kt32
	ops32_term2 \p, sub, ku32, kv32
	last_term \p, add, %xmm0, %xmm2, kw32, ky32
	last_term \p, add, %xmm1, %xmm3, kw32, ky32
	mova\p	%xmm2, 0*VEC_BYTES(cur)
	mova\p	%xmm3, 1*VEC_BYTES(cur)
.endm

/* Addends into registers, factors into the frame (through tmp32). */
.macro ops32_consts e, esz
	bcast	\e, \esz, 0, ka32
	bcast	\e, \esz, 2, kc32
	bcast	\e, \esz, 4, ke32
	bcast	\e, \esz, 6, kg32
	bcast	\e, \esz, 8, kj32
	bcast	\e, \esz, 10, kl32
	bcast	\e, \esz, 12, ko32
	bcast	\e, \esz, 14, kq32
	bcast	\e, \esz, 16, ks32
	bcast	\e, \esz, 18, ku32
	bcast	\e, \esz, 20, kw32
	.irp k, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21
	bcast	\e, \esz, \k, tmp32
	movaps	tmp32, VEC_BYTES*(\k-1)/2(%rsp)
	.endr
.endm

/* ---------------------------------------------------------------- kernels */

// Loop body fpu32_ops2_x86_64_sse2: 67 instructions per 64 words (load 16, store 16, add 17, sub 0, mul 16, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops2_x86_64_sse2)
	split	2, 16*VEC_BYTES
	movq	bk_fpu32_consts@GOTPCREL(%rip), consts
	bcast	s, 4, 0, ka2
	bcast	s, 4, 22, kfactor
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu32_ops2_x86_64_sse2), LOOP_END(fpu32_ops2_x86_64_sse2), \
		ops2_vec, ops2_block, ps, ss, 4, 16*VEC_BYTES
9:
	ret
END(fpu32_ops2_x86_64_sse2)

// Loop body fpu32_ops8_x86_64_sse2: 51 instructions per 16 words (load 4, store 4, add 17, sub 4, mul 12, fma 0, and 0, orr 0, cmp 1, branch 1, other 8)
ENTRY(fpu32_ops8_x86_64_sse2)
	split	2, 4*VEC_BYTES
	movq	bk_fpu32_consts@GOTPCREL(%rip), consts
	ops8_consts s, 4
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu32_ops8_x86_64_sse2), LOOP_END(fpu32_ops8_x86_64_sse2), \
		ops8_vec, ops8_block, ps, ss, 4, 4*VEC_BYTES
9:
	ret
END(fpu32_ops8_x86_64_sse2)

// Loop body fpu32_ops32_x86_64_sse2: 91 instructions per 8 words (load 2, store 2, add 33, sub 10, mul 22, fma 0, and 0, orr 0, cmp 1, branch 1, other 20)
ENTRY(fpu32_ops32_x86_64_sse2)
	push	%rbp
	mov	%rsp, %rbp
	sub	$FRAME_BYTES, %rsp		// 16-byte aligned slots
	split	2, 2*VEC_BYTES
	movq	bk_fpu32_consts@GOTPCREL(%rip), consts
	ops32_consts s, 4
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu32_ops32_x86_64_sse2), LOOP_END(fpu32_ops32_x86_64_sse2), \
		ops32_vec, ops32_block, ps, ss, 4, 2*VEC_BYTES
9:	leave
	ret
END(fpu32_ops32_x86_64_sse2)

// Loop body fpu64_ops2_x86_64_sse2: 67 instructions per 32 words (load 16, store 16, add 17, sub 0, mul 16, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu64_ops2_x86_64_sse2)
	split	3, 16*VEC_BYTES
	movq	bk_fpu64_consts@GOTPCREL(%rip), consts
	bcast	d, 8, 0, ka2
	bcast	d, 8, 22, kfactor
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu64_ops2_x86_64_sse2), LOOP_END(fpu64_ops2_x86_64_sse2), \
		ops2_vec, ops2_block, pd, sd, 8, 16*VEC_BYTES
9:
	ret
END(fpu64_ops2_x86_64_sse2)

// Loop body fpu64_ops8_x86_64_sse2: 51 instructions per 8 words (load 4, store 4, add 17, sub 4, mul 12, fma 0, and 0, orr 0, cmp 1, branch 1, other 8)
ENTRY(fpu64_ops8_x86_64_sse2)
	split	3, 4*VEC_BYTES
	movq	bk_fpu64_consts@GOTPCREL(%rip), consts
	ops8_consts d, 8
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu64_ops8_x86_64_sse2), LOOP_END(fpu64_ops8_x86_64_sse2), \
		ops8_vec, ops8_block, pd, sd, 8, 4*VEC_BYTES
9:
	ret
END(fpu64_ops8_x86_64_sse2)

// Loop body fpu64_ops32_x86_64_sse2: 91 instructions per 4 words (load 2, store 2, add 33, sub 10, mul 22, fma 0, and 0, orr 0, cmp 1, branch 1, other 20)
ENTRY(fpu64_ops32_x86_64_sse2)
	push	%rbp
	mov	%rsp, %rbp
	sub	$FRAME_BYTES, %rsp		// 16-byte aligned slots
	split	3, 2*VEC_BYTES
	movq	bk_fpu64_consts@GOTPCREL(%rip), consts
	ops32_consts d, 8
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu64_ops32_x86_64_sse2), LOOP_END(fpu64_ops32_x86_64_sse2), \
		ops32_vec, ops32_block, pd, sd, 8, 2*VEC_BYTES
9:	leave
	ret
END(fpu64_ops32_x86_64_sse2)
