/* SPDX-License-Identifier: MIT */
/*
 * fpu_avx512.S: the burninfpu / MP-MFLOPS kernels (2, 8 and 32 operations
 * per word, single and double precision) for x86-64 with AVX-512F.
 *
 * Assumptions:
 *
 * x86-64, System V ABI, AVX-512F (EVEX encoding, 32 zmm registers, opmask
 * registers); nothing from AVX-512DQ/BW/VL. x is 4-byte (fpu32) or 8-byte
 * (fpu64) aligned, n >= 0, passes >= 0; n or passes 0 does nothing.
 * Contract, constants and operation order: include/burnkit/kernels.h.
 * Syntax: GNU as, AT&T, as gcc emits it and objdump (so `burnkit inspect`)
 * prints it: the source and the disassembly the counts are checked against
 * read alike.
 *
 * Strategy: each pass splits x into a masked head up to the first 64-byte
 * boundary, whole blocks of four aligned vectors (the loop body), whole
 * aligned vectors, and a masked tail. Masked loads and stores touch no
 * word outside x, so any n and any alignment take the same path, and the
 * main loop never splits a cache line. The constants are broadcast into
 * registers once per call (ka..ky for a..y, kfactor for the 2-op factor). A
 * vector's terms form one dependency chain (10 fused multiply-adds of 4
 * cycles each in ops32), so a block interleaves four vectors term by term
 * and the out-of-order core overlaps consecutive blocks: the two 512-bit
 * FP ports, not latency, set the pace. One temporary register serves every
 * x + c of a block: renaming makes the four uses independent.
 * At RAM size the hardware prefetchers stop at every 4 KiB page and the
 * long chains of ops8 and ops32 leave few loads in flight, so each block
 * also prefetches (prefetcht0) its lines one page ahead. Measured with
 * 600 MiB per core on a Sapphire Rapids core: ops32 went from 1.8 to 2.9
 * Gwords/s, ops8 from 2.6 to 3.5; at L2 size no change beyond the noise.
 * The 2-op kernel needs both 512-bit load ports, the store port and both
 * FP ports every cycle at L1 size, where one prefetch per line cost it 10
 * to 20 per cent; its own loads keep the hardware prefetchers going, and
 * one prefetch per block (one line in four) gave the same gain at RAM size
 * as one per line (2.5-2.6 -> 2.9-3.0 Gwords/s; the in-place stream with
 * prefetch: 3.1) for 5 per cent at L1. Prefetches past the end of x are
 * harmless (they never fault).
 *
 * Schedule. Cores named (512-bit vectors; per cycle; latencies in cycles):
 *   Skylake-SP, Ice Lake-SP, Sapphire Rapids (two 512-bit FMA units):
 *                       add, mul and FMA on ports 0 (0+1 fused) and 5: 2;
 *                       FMA 4, add 4
 *   Zen 4               each 512-bit operation in two halves on the 256-bit
 *                       pipes: add 1 and mul/FMA 1 per cycle; FMA 4, add 3
 * A vector of ops32 is 22 FP instructions (11 add, 1 mul, 10 fma):
 * designed for 11 cycles per vector on every core named; ops8 (3 add,
 * 1 mul, 2 fma) for 3. The chain a vector hides is its add, mul and 10
 * fmas (ops8: 2), 48 cycles plus the load in ops32 (ops8 16): 5 vectors
 * (ops8: 8) must be in flight, the four of a block and the next block's,
 * about 140 instructions, within the reorder buffers (Ice Lake 352,
 * Sapphire Rapids 512, Zen 4 320). With 32 registers every constant stays
 * in one, so the loads are one per vector. ops2 is bound by the stores at
 * L1 size: one 64-byte store a cycle, with 2 FP instructions per vector
 * on 2 ports: 1 cycle per vector, 4 per block.
 *
 * Operation order: FUSED. ops2 is exact: (x + a) * K2, rounded twice.
 * ops8 and ops32 compute every x + c exactly as the reference, the first
 * product (x + a) * b rounded as the reference, and then fuse each further
 * product into the running sum, left to right:
 *     r = (x + a) * b;  r = r - (x + c) * d;  r = r + (x + e) * f;  ...
 * where each `r = r -/+ u * k` is one vfnmadd231/vfmadd231 (one rounding
 * instead of two). So ops8 fuses terms 2 and 3, ops32 terms 2 to 11.
 *
 * Instruction counts of the loop bodies (one block: 4 vectors of 16 fpu32
 * or 8 fpu64 words), by class as the `Loop body` lines state them:
 *
 *     kernel   per vector (one 64-byte line)     per block  fpu32/word  fpu64/word
 *     ops2     load 1, add 1, mul 1, store 1         20        0.31        0.63
 *              (and 1 prefetch per block)
 *     ops8     load 1, add 3, mul 1, fma 2,          39        0.61        1.22
 *              store 1, other 1 (prefetch)
 *     ops32    load 1, add 11, mul 1, fma 10,       103        1.61        3.22
 *              store 1, other 1 (prefetch)
 *
 * plus 3 for the loop control in each block (add, cmp, jne). Classes by
 * mnemonic: vmovups/vmovupd from memory is a load, to memory a store;
 * vaddps/vaddpd and the pointer's add are add; vmulps/vmulpd mul;
 * vfmadd231/vfnmadd231 fma; cmp; jcc branch; anything else (prefetcht0)
 * other.
 */

#include "asmdefs.h"

#define xbase	%rdi		/* x */
#define nwords	%rsi		/* n, scratch after the split */
#define npasses	%rdx		/* passes left */
#define cur	%rax		/* current vector in a pass */
#define blkend	%r8		/* end of the whole blocks */
#define vecend	%r9		/* end of the whole vectors */
#define body	%r10		/* first 64-byte aligned vector */
#define nbytes	%r11
#define consts	%rax		/* bk_fpu*_consts, before the first pass */

#define VEC_BYTES 64
#define BLOCK_BYTES (4 * VEC_BYTES)
#define PREFETCH_BYTES 4096	/* one page ahead of the block being loaded */

/*
 * Vector registers. Data: x of the block's vectors in zmm0-3, their results
 * in zmm4-7, the shared temporary in zmm8. Constants a..y: zmm10-31.
 */
#define ka	%zmm10
#define kb	%zmm11
#define kc	%zmm12
#define kd	%zmm13
#define ke	%zmm14
#define kf	%zmm15
#define kg	%zmm16
#define kh	%zmm17
#define kj	%zmm18
#define kk	%zmm19
#define kl	%zmm20
#define km	%zmm21
#define ko	%zmm22
#define kp	%zmm23
#define kq	%zmm24
#define kr	%zmm25
#define ks	%zmm26
#define kt	%zmm27
#define ku	%zmm28
#define kv	%zmm29
#define kw	%zmm30
#define ky	%zmm31
#define kfactor	%zmm11		/* the 2-op factor K2, table entry 22 */
#define tmp	%zmm8

/*
 * Split x[0, n) (esz_shift: log2 of the word size) and leave through 9f
 * when there is no work: the head mask, the aligned start, the ends of the
 * blocks and of the vectors, and the tail mask.
 */
.macro split esz_shift
	test	nwords, nwords
	jz	9f
	test	npasses, npasses
	jz	9f
	mov	nwords, nbytes
	shl	$\esz_shift, nbytes
	mov	xbase, %rcx
	neg	%rcx
	and	$VEC_BYTES - 1, %ecx	// bytes to the next vector boundary
	cmp	nbytes, %rcx
	cmova	nbytes, %rcx		// but no further than the end of x
	lea	(xbase,%rcx), body
	sub	%rcx, nbytes		// bytes from the first aligned vector
	shr	$\esz_shift, %ecx
	mov	$1, %eax
	shl	%cl, %eax
	dec	%eax
	kmovw	%eax, %k1		// k1: the head's lanes
	mov	nbytes, %rcx
	and	$VEC_BYTES - 1, %ecx
	shr	$\esz_shift, %ecx
	mov	$1, %eax
	shl	%cl, %eax
	dec	%eax
	kmovw	%eax, %k2		// k2: the tail's lanes
	kxnorw	%k3, %k3, %k3		// k3: every lane
	mov	nbytes, vecend
	and	$-VEC_BYTES, vecend
	add	body, vecend
	and	$-BLOCK_BYTES, nbytes
	lea	(body,nbytes), blkend
.endm

/* Broadcast a..y (e: s or d, esz: word size) into ka..ky. */
.macro load_consts22 e, esz
	vbroadcasts\e	0*\esz(consts), ka
	vbroadcasts\e	1*\esz(consts), kb
	vbroadcasts\e	2*\esz(consts), kc
	vbroadcasts\e	3*\esz(consts), kd
	vbroadcasts\e	4*\esz(consts), ke
	vbroadcasts\e	5*\esz(consts), kf
	vbroadcasts\e	6*\esz(consts), kg
	vbroadcasts\e	7*\esz(consts), kh
	vbroadcasts\e	8*\esz(consts), kj
	vbroadcasts\e	9*\esz(consts), kk
	vbroadcasts\e	10*\esz(consts), kl
	vbroadcasts\e	11*\esz(consts), km
	vbroadcasts\e	12*\esz(consts), ko
	vbroadcasts\e	13*\esz(consts), kp
	vbroadcasts\e	14*\esz(consts), kq
	vbroadcasts\e	15*\esz(consts), kr
	vbroadcasts\e	16*\esz(consts), ks
	vbroadcasts\e	17*\esz(consts), kt
	vbroadcasts\e	18*\esz(consts), ku
	vbroadcasts\e	19*\esz(consts), kv
	vbroadcasts\e	20*\esz(consts), kw
	vbroadcasts\e	21*\esz(consts), ky
.endm

/* The masked head of a pass, then cur = the first aligned vector. */
.macro pass_head vec, p
	kortestw %k1, %k1
	jz	4f
	mov	xbase, cur
	\vec	\p, 1
4:	mov	body, cur
.endm

/* Whole vectors after the blocks, the masked tail, the next pass. */
.macro pass_tail vec, p
5:	cmp	vecend, cur
	je	6f
	\vec	\p, 3
	add	$VEC_BYTES, cur
	jmp	5b
6:	kortestw %k2, %k2
	jz	7f
	\vec	\p, 2
7:	dec	npasses
	jnz	1b
.endm

/* ---------------------------------------------------------------- ops2 */

/* One vector at cur under opmask k: x = (x + a) * K2. */
.macro ops2_vec p, k
	vmovu\p	(cur), %zmm0{%k\k}{z}
	vadd\p	ka, %zmm0, %zmm0
	vmul\p	kfactor, %zmm0, %zmm0
	vmovu\p	%zmm0, (cur){%k\k}
.endm

.macro ops2_block p
	prefetcht0 PREFETCH_BYTES(cur)	// one line in four: see the strategy
	vmovu\p	0*VEC_BYTES(cur), %zmm0
	vmovu\p	1*VEC_BYTES(cur), %zmm1
	vmovu\p	2*VEC_BYTES(cur), %zmm2
	vmovu\p	3*VEC_BYTES(cur), %zmm3
	vadd\p	ka, %zmm0, %zmm0
	vadd\p	ka, %zmm1, %zmm1
	vadd\p	ka, %zmm2, %zmm2
	vadd\p	ka, %zmm3, %zmm3
	vmul\p	kfactor, %zmm0, %zmm0
	vmul\p	kfactor, %zmm1, %zmm1
	vmul\p	kfactor, %zmm2, %zmm2
	vmul\p	kfactor, %zmm3, %zmm3
	vmovu\p	%zmm0, 0*VEC_BYTES(cur)
	vmovu\p	%zmm1, 1*VEC_BYTES(cur)
	vmovu\p	%zmm2, 2*VEC_BYTES(cur)
	vmovu\p	%zmm3, 3*VEC_BYTES(cur)
.endm

/* ---------------------------------------------------------------- terms */

/* First term of one vector (x in zmm0): r = (x + a) * b, rounded twice. */
.macro first_vec p
	vadd\p	ka, %zmm0, tmp
	vmul\p	kb, tmp, %zmm4
.endm

/* One further term of one vector: r = r -/+ (x + c) * d, fused. */
.macro term_vec p, fma, c, d
	vadd\p	\c, %zmm0, tmp
	\fma\p	\d, tmp, %zmm4
.endm

/* The same for the four vectors of a block, term by term. */
.macro first_block p
	vadd\p	ka, %zmm0, tmp
	vmul\p	kb, tmp, %zmm4
	vadd\p	ka, %zmm1, tmp
	vmul\p	kb, tmp, %zmm5
	vadd\p	ka, %zmm2, tmp
	vmul\p	kb, tmp, %zmm6
	vadd\p	ka, %zmm3, tmp
	vmul\p	kb, tmp, %zmm7
.endm

.macro term_block p, fma, c, d
	vadd\p	\c, %zmm0, tmp
	\fma\p	\d, tmp, %zmm4
	vadd\p	\c, %zmm1, tmp
	\fma\p	\d, tmp, %zmm5
	vadd\p	\c, %zmm2, tmp
	\fma\p	\d, tmp, %zmm6
	vadd\p	\c, %zmm3, tmp
	\fma\p	\d, tmp, %zmm7
.endm

.macro load_block p
	prefetcht0 PREFETCH_BYTES+0*VEC_BYTES(cur)
	prefetcht0 PREFETCH_BYTES+1*VEC_BYTES(cur)
	prefetcht0 PREFETCH_BYTES+2*VEC_BYTES(cur)
	prefetcht0 PREFETCH_BYTES+3*VEC_BYTES(cur)
	vmovu\p	0*VEC_BYTES(cur), %zmm0
	vmovu\p	1*VEC_BYTES(cur), %zmm1
	vmovu\p	2*VEC_BYTES(cur), %zmm2
	vmovu\p	3*VEC_BYTES(cur), %zmm3
.endm

.macro store_block p
	vmovu\p	%zmm4, 0*VEC_BYTES(cur)
	vmovu\p	%zmm5, 1*VEC_BYTES(cur)
	vmovu\p	%zmm6, 2*VEC_BYTES(cur)
	vmovu\p	%zmm7, 3*VEC_BYTES(cur)
.endm

/* ---------------------------------------------------------------- ops8 */

.macro ops8_vec p, k
	vmovu\p	(cur), %zmm0{%k\k}{z}
	first_vec \p
	term_vec \p, vfnmadd231, kc, kd
	term_vec \p, vfmadd231, ke, kf
	vmovu\p	%zmm4, (cur){%k\k}
.endm

.macro ops8_block p
	load_block \p
	first_block \p
	term_block \p, vfnmadd231, kc, kd
	term_block \p, vfmadd231, ke, kf
	store_block \p
.endm

/* ---------------------------------------------------------------- ops32 */

.macro ops32_vec p, k
	vmovu\p	(cur), %zmm0{%k\k}{z}
	first_vec \p
	term_vec \p, vfnmadd231, kc, kd
	term_vec \p, vfmadd231, ke, kf
	term_vec \p, vfnmadd231, kg, kh
	term_vec \p, vfmadd231, kj, kk
	term_vec \p, vfnmadd231, kl, km
	term_vec \p, vfmadd231, ko, kp
	term_vec \p, vfnmadd231, kq, kr
	term_vec \p, vfmadd231, ks, kt
	term_vec \p, vfnmadd231, ku, kv
	term_vec \p, vfmadd231, kw, ky
	vmovu\p	%zmm4, (cur){%k\k}
.endm

.macro ops32_block p
	load_block \p
	first_block \p
	term_block \p, vfnmadd231, kc, kd
	term_block \p, vfmadd231, ke, kf
	term_block \p, vfnmadd231, kg, kh
	term_block \p, vfmadd231, kj, kk
	term_block \p, vfnmadd231, kl, km
	term_block \p, vfmadd231, ko, kp
	term_block \p, vfnmadd231, kq, kr
	term_block \p, vfmadd231, ks, kt
	term_block \p, vfnmadd231, ku, kv
	term_block \p, vfmadd231, kw, ky
	store_block \p
.endm

/* ---------------------------------------------------------------- kernels */

// Loop body fpu32_ops2_x86_64_avx512: 20 instructions per 64 words (load 4, store 4, add 5, sub 0, mul 4, fma 0, and 0, orr 0, cmp 1, branch 1, other 1)
ENTRY(fpu32_ops2_x86_64_avx512)
	split	2
	movq	bk_fpu32_consts@GOTPCREL(%rip), consts
	vbroadcastss 0*4(consts), ka
	vbroadcastss 22*4(consts), kfactor
1:	pass_head ops2_vec, ps
	cmp	blkend, cur
	je	3f
	.p2align 5			// loop head on a fetch-block boundary
LOOP_BEGIN(fpu32_ops2_x86_64_avx512)
2:	ops2_block ps
	add	$BLOCK_BYTES, cur
	cmp	blkend, cur
	jne	2b
LOOP_END(fpu32_ops2_x86_64_avx512)
3:	pass_tail ops2_vec, ps
9:	vzeroupper
	ret
END(fpu32_ops2_x86_64_avx512)

// Loop body fpu32_ops8_x86_64_avx512: 39 instructions per 64 words (load 4, store 4, add 13, sub 0, mul 4, fma 8, and 0, orr 0, cmp 1, branch 1, other 4)
ENTRY(fpu32_ops8_x86_64_avx512)
	split	2
	movq	bk_fpu32_consts@GOTPCREL(%rip), consts
	vbroadcastss 0*4(consts), ka
	vbroadcastss 1*4(consts), kb
	vbroadcastss 2*4(consts), kc
	vbroadcastss 3*4(consts), kd
	vbroadcastss 4*4(consts), ke
	vbroadcastss 5*4(consts), kf
1:	pass_head ops8_vec, ps
	cmp	blkend, cur
	je	3f
	.p2align 5
LOOP_BEGIN(fpu32_ops8_x86_64_avx512)
2:	ops8_block ps
	add	$BLOCK_BYTES, cur
	cmp	blkend, cur
	jne	2b
LOOP_END(fpu32_ops8_x86_64_avx512)
3:	pass_tail ops8_vec, ps
9:	vzeroupper
	ret
END(fpu32_ops8_x86_64_avx512)

// Loop body fpu32_ops32_x86_64_avx512: 103 instructions per 64 words (load 4, store 4, add 45, sub 0, mul 4, fma 40, and 0, orr 0, cmp 1, branch 1, other 4)
ENTRY(fpu32_ops32_x86_64_avx512)
	split	2
	movq	bk_fpu32_consts@GOTPCREL(%rip), consts
	load_consts22 s, 4
1:	pass_head ops32_vec, ps
	cmp	blkend, cur
	je	3f
	.p2align 5
LOOP_BEGIN(fpu32_ops32_x86_64_avx512)
2:	ops32_block ps
	add	$BLOCK_BYTES, cur
	cmp	blkend, cur
	jne	2b
LOOP_END(fpu32_ops32_x86_64_avx512)
3:	pass_tail ops32_vec, ps
9:	vzeroupper
	ret
END(fpu32_ops32_x86_64_avx512)

// Loop body fpu64_ops2_x86_64_avx512: 20 instructions per 32 words (load 4, store 4, add 5, sub 0, mul 4, fma 0, and 0, orr 0, cmp 1, branch 1, other 1)
ENTRY(fpu64_ops2_x86_64_avx512)
	split	3
	movq	bk_fpu64_consts@GOTPCREL(%rip), consts
	vbroadcastsd 0*8(consts), ka
	vbroadcastsd 22*8(consts), kfactor
1:	pass_head ops2_vec, pd
	cmp	blkend, cur
	je	3f
	.p2align 5
LOOP_BEGIN(fpu64_ops2_x86_64_avx512)
2:	ops2_block pd
	add	$BLOCK_BYTES, cur
	cmp	blkend, cur
	jne	2b
LOOP_END(fpu64_ops2_x86_64_avx512)
3:	pass_tail ops2_vec, pd
9:	vzeroupper
	ret
END(fpu64_ops2_x86_64_avx512)

// Loop body fpu64_ops8_x86_64_avx512: 39 instructions per 32 words (load 4, store 4, add 13, sub 0, mul 4, fma 8, and 0, orr 0, cmp 1, branch 1, other 4)
ENTRY(fpu64_ops8_x86_64_avx512)
	split	3
	movq	bk_fpu64_consts@GOTPCREL(%rip), consts
	vbroadcastsd 0*8(consts), ka
	vbroadcastsd 1*8(consts), kb
	vbroadcastsd 2*8(consts), kc
	vbroadcastsd 3*8(consts), kd
	vbroadcastsd 4*8(consts), ke
	vbroadcastsd 5*8(consts), kf
1:	pass_head ops8_vec, pd
	cmp	blkend, cur
	je	3f
	.p2align 5
LOOP_BEGIN(fpu64_ops8_x86_64_avx512)
2:	ops8_block pd
	add	$BLOCK_BYTES, cur
	cmp	blkend, cur
	jne	2b
LOOP_END(fpu64_ops8_x86_64_avx512)
3:	pass_tail ops8_vec, pd
9:	vzeroupper
	ret
END(fpu64_ops8_x86_64_avx512)

// Loop body fpu64_ops32_x86_64_avx512: 103 instructions per 32 words (load 4, store 4, add 45, sub 0, mul 4, fma 40, and 0, orr 0, cmp 1, branch 1, other 4)
ENTRY(fpu64_ops32_x86_64_avx512)
	split	3
	movq	bk_fpu64_consts@GOTPCREL(%rip), consts
	load_consts22 d, 8
1:	pass_head ops32_vec, pd
	cmp	blkend, cur
	je	3f
	.p2align 5
LOOP_BEGIN(fpu64_ops32_x86_64_avx512)
2:	ops32_block pd
	add	$BLOCK_BYTES, cur
	cmp	blkend, cur
	jne	2b
LOOP_END(fpu64_ops32_x86_64_avx512)
3:	pass_tail ops32_vec, pd
9:	vzeroupper
	ret
END(fpu64_ops32_x86_64_avx512)
