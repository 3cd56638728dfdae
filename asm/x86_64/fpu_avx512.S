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
 * boundary, whole blocks of aligned vectors (four in ops2 and ops8, five
 * in ops32: the loop body), whole aligned vectors, and a masked tail.
 * Masked loads and stores touch no word outside x, so any n and any
 * alignment take the same path, and the main loop never splits a cache
 * line. The constants are broadcast into registers once per call (ka..kw
 * for a..w, kfactor for the 2-op factor); ops32's last factor y is a
 * broadcast memory operand ({1to16}/{1to8}) of each vector's last fma,
 * since five vectors' x and sums, a temporary and 21 constants fill the 32
 * registers. One temporary register serves every x + c of a block:
 * renaming makes its uses independent.
 * At RAM size the hardware prefetchers stop at every 4 KiB page and the
 * long chains of ops8 and ops32 leave few loads in flight, so for x larger
 * than BK_FPU_PREFETCH_MIN_BYTES (4 MiB, burnkit/prefetch.h) each block
 * also prefetches (prefetcht0) each of its lines one page ahead. Each
 * kernel therefore has its pass loop twice, chosen once per call: the
 * plain one, which LOOP_BEGIN marks, and the prefetching one
 * (bk_prefetch_gated makes both from `passes`). Measured with 600 MiB per
 * core on a Sapphire Rapids core: ops32 went from 1.8 to 2.9 Gwords/s with
 * the prefetches, ops8 from 2.6 to 3.5, ops2 from 2.5-2.6 to 2.9-3.0 (one
 * line in four gave the gain of one per line there; the in-place stream
 * with prefetch: 3.1). On a Zen 5 core (EPYC 9005, one thread, 64 MiB):
 * ops32 22 %, ops8 28 %, ops2 20 % faster with them, ops2 4-10 % more with
 * every line prefetched than with one line in four (which it had while it
 * prefetched in the caches too). Where x fits in the caches a prefetch
 * only takes a load slot: on that Zen 5 core, ops8 7 % and ops32 1 %
 * slower at L1 size with them, ops2 7 % slower at L2 size; on Sapphire
 * Rapids ops2 lost 5 % at L1 size to one prefetch per block and 10-20 % to
 * one per line.
 * Prefetches past the end of x are harmless (they never fault).
 *
 * Schedule. Cores named (512-bit vectors; per cycle; latencies in cycles):
 *   Skylake-SP, Ice Lake-SP, Sapphire Rapids (two 512-bit FMA units):
 *                       add, mul and FMA on ports 0 (0+1 fused) and 5: 2;
 *                       FMA 4, add 4; 2 512-bit loads, 1 store
 *   Zen 4               each 512-bit operation in two halves on the 256-bit
 *                       pipes: add 1 and mul/FMA 1 per cycle; FMA 4, add 3
 *   Zen 5 (EPYC 9005)   four 512-bit pipes, mul/FMA on 2, add on 2: 4 for
 *                       an even mix; FMA 4, add 2; 2 512-bit loads, 1
 *                       store
 * A vector of ops32 is 22 FP instructions (11 add, 1 mul, 10 fma):
 * designed for 11 cycles per vector on Intel and Zen 4, 5.5 on Zen 5;
 * ops8 (3 add, 1 mul, 2 fma) for 3, and 1.5 on Zen 5. The chain a vector
 * hides is its add, mul and 10 fmas (ops8: 2), about 48 cycles plus the
 * load in ops32 (ops8 16): at 11 cycles per vector 5 vectors must be in
 * flight, at 5.5 (Zen 5) 9, about 200 instructions, most of them waiting
 * on their chain in the FP schedulers. Four vectors interleaved term by
 * term, as on Intel, ran at 6.3 cycles per vector on Zen 5 (87 % of its
 * FP mix); five, the most that 32 registers hold with one factor from
 * memory, at 5.9-6.0 (a throwaway harness, one thread, L1 size, the
 * variants taking turns, best of 300 samples; as a time, 0.94-0.95 of
 * four's). Measured there as well, each bit-identical: six vectors with
 * three factors from memory 0.96, seven with five 0.99, eight with seven
 * 0.96-1.03; five with two temporaries or the adds issued a term ahead
 * 0.95-0.98; a two-stage software pipeline (a group's first terms beside the
 * previous group's last) 0.93-0.99; the even/odd split of the AVX2 kernel
 * (kernels.h, SPLIT: one instruction more, an add, and 12 adds are 6
 * cycles on two add pipes) 0.94-0.98. ops2 is bound by the stores at L1
 * size: one 64-byte store a cycle, with 2 FP instructions per vector on 2
 * ports: 1 cycle per vector, 4 per block.
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
 * or 8 fpu64 words, 5 in ops32), by class as the `Loop body` lines state
 * them (the plain loop; the prefetching one has the prefetches besides):
 *
 *     kernel   per vector (one 64-byte line)     per block  fpu32/word  fpu64/word
 *     ops2     load 1, add 1, mul 1, store 1         19        0.30        0.59
 *     ops8     load 1, add 3, mul 1, fma 2,          35        0.55        1.09
 *              store 1
 *     ops32    load 1, add 11, mul 1, fma 10,       123        1.54        3.08
 *              store 1
 *
 * plus 3 for the loop control in each block (add, cmp, jne). Classes by
 * mnemonic: vmovups/vmovupd from memory is a load, to memory a store;
 * vaddps/vaddpd and the pointer's add are add; vmulps/vmulpd mul;
 * vfmadd231/vfnmadd231 fma (with y from memory too); cmp; jcc branch;
 * anything else (prefetcht0) other.
 */

#include "asmdefs.h"
#include "burnkit/prefetch.h"

#define xbase	%rdi		/* x */
#define nwords	%rsi		/* n, before the split */
#define xend	%rsi		/* end of x, after it */
#define npasses	%rdx		/* passes left */
#define cur	%rax		/* current vector in a pass */
#define ktab	%rcx		/* bk_fpu*_consts, for ops32's factor y */
#define blkend	%r8		/* end of the whole blocks */
#define vecend	%r9		/* end of the whole vectors */
#define body	%r10		/* first 64-byte aligned vector */
#define nbytes	%r11		/* bytes after the head, during the split */
#define consts	%rax		/* bk_fpu*_consts, before the first pass */

#define VEC_BYTES 64
#define PREFETCH_BYTES 4096	/* one page ahead of the block being loaded */

/*
 * Vector registers. Constants a..w: zmm11-31 (ops32's y is a broadcast
 * memory operand; the 2-op factor K2 in zmm12). ops2: the block's four
 * vectors in zmm0-3. ops8 and ops32: x of the block's vectors (four, five)
 * in zmm0-4, their sums in zmm5-9, the shared x + c in zmm10.
 */
#define ka	%zmm11
#define kb	%zmm12
#define kc	%zmm13
#define kd	%zmm14
#define ke	%zmm15
#define kf	%zmm16
#define kg	%zmm17
#define kh	%zmm18
#define kj	%zmm19
#define kk	%zmm20
#define kl	%zmm21
#define km	%zmm22
#define ko	%zmm23
#define kp	%zmm24
#define kq	%zmm25
#define kr	%zmm26
#define ks	%zmm27
#define kt	%zmm28
#define ku	%zmm29
#define kv	%zmm30
#define kw	%zmm31
#define kfactor	%zmm12		/* the 2-op factor K2, table entry 22 */
#define tmp	%zmm10

/*
 * Split x[0, n) (esz_shift: log2 of the word size) into a masked head up
 * to the first 64-byte boundary, whole blocks of block_vecs vectors, whole
 * vectors and a masked tail, and leave through 9f when there is no work:
 * the head mask in k1, the tail mask in k2, every lane in k3.
 */
.macro split esz_shift, block_vecs
	test	nwords, nwords
	jz	9f
	test	npasses, npasses
	jz	9f
	shl	$\esz_shift, nwords
	mov	nwords, nbytes
	add	xbase, xend		// nwords is xend from here on
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
.if \block_vecs == 4
	and	$-(4 * VEC_BYTES), nbytes
	lea	(body,nbytes), blkend
.else
	/* whole blocks = whole vectors / block_vecs, once per call */
	mov	nbytes, %rax
	shr	$6, %rax		// whole vectors
	mov	npasses, %rcx
	xor	%edx, %edx
	mov	$\block_vecs, %r8d
	div	%r8
	mov	%rcx, npasses
	imul	$\block_vecs * VEC_BYTES, %rax, %rax
	lea	(body,%rax), blkend
.endif
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

/*
 * The passes over x: each pass's head, its blocks (`block`, given
 * `prefetch`), then its whole vectors and tail. begin and end mark the
 * block loop where they are LOOP_BEGIN and LOOP_END (the loop `burnkit
 * inspect` counts). %rax, the scratch of bk_prefetch_gated
 * (burnkit/prefetch.h), is free before it: consts is done with and cur
 * not yet set.
 */
.macro passes prefetch, begin, end, vec, block, p, block_bytes
1:	pass_head \vec, \p
	cmp	blkend, cur
	je	3f
	bk_block_loop \begin, \end, \block, \p, \prefetch, \block_bytes, cur, blkend
3:	pass_tail \vec, \p
.endm

/* Prefetch the block's first `count` lines one page ahead. */
.macro prefetch_lines count
	.irp line, 0, 1, 2, 3, 4
	.if \line < \count
	prefetcht0 PREFETCH_BYTES+\line*VEC_BYTES(cur)
	.endif
	.endr
.endm

/* Load the block's vectors into regs, or store them from regs, in order. */
.macro load_vecs p, regs:vararg
	.Lbk_nvec = 0
	.irp r, \regs
	vmovu\p	.Lbk_nvec*VEC_BYTES(cur), \r
	.Lbk_nvec = .Lbk_nvec + 1
	.endr
.endm

.macro store_vecs p, regs:vararg
	.Lbk_nvec = 0
	.irp r, \regs
	vmovu\p	\r, .Lbk_nvec*VEC_BYTES(cur)
	.Lbk_nvec = .Lbk_nvec + 1
	.endr
.endm

/* ---------------------------------------------------------------- ops2 */

/* One vector at cur under opmask k: x = (x + a) * K2. */
.macro ops2_vec p, k
	vmovu\p	(cur), %zmm0{%k\k}{z}
	vadd\p	ka, %zmm0, %zmm0
	vmul\p	kfactor, %zmm0, %zmm0
	vmovu\p	%zmm0, (cur){%k\k}
.endm

.macro ops2_block p, prefetch
.if \prefetch
	prefetch_lines 4
.endif
	load_vecs \p, %zmm0, %zmm1, %zmm2, %zmm3
	vadd\p	ka, %zmm0, %zmm0
	vadd\p	ka, %zmm1, %zmm1
	vadd\p	ka, %zmm2, %zmm2
	vadd\p	ka, %zmm3, %zmm3
	vmul\p	kfactor, %zmm0, %zmm0
	vmul\p	kfactor, %zmm1, %zmm1
	vmul\p	kfactor, %zmm2, %zmm2
	vmul\p	kfactor, %zmm3, %zmm3
	store_vecs \p, %zmm0, %zmm1, %zmm2, %zmm3
.endm

/* ---------------------------------------------------------------- terms */

/*
 * The terms of ops8 and ops32, for the vector whose x is in xr and whose
 * sum is in rr, x + c in tmp: the first, r = (x + a) * b, rounded twice;
 * a further one, r = r -/+ (x + c) * d, fused; and ops32's last, with y a
 * broadcast of table entry 21 as the memory operand (p: ps or pd).
 */
.macro first_term p, xr, rr
	vadd\p	ka, \xr, tmp
	vmul\p	kb, tmp, \rr
.endm

.macro next_term p, xr, rr, fma, c, d
	vadd\p	\c, \xr, tmp
	\fma\p	\d, tmp, \rr
.endm

.macro last_term p, xr, rr
	vadd\p	kw, \xr, tmp
.ifc \p, ps
	vfmadd231ps 21*4(ktab){1to16}, tmp, \rr
.else
	vfmadd231pd 21*8(ktab){1to8}, tmp, \rr
.endif
.endm

/*
 * A term (macro m, its arguments after the registers) for the first n of
 * a block's vectors (1, 4 or 5), one vector after another: x in zmm0-4,
 * the sums in zmm5-9.
 */
.macro each_vec p, n, m, args:vararg
	\m \p, %zmm0, %zmm5, \args
.if \n > 1
	\m \p, %zmm1, %zmm6, \args
	\m \p, %zmm2, %zmm7, \args
	\m \p, %zmm3, %zmm8, \args
.endif
.if \n > 4
	\m \p, %zmm4, %zmm9, \args
.endif
.endm

/* The sums of ops8 and of ops32 for the first n vectors, term by term. */
.macro ops8_sums p, n
	each_vec \p, \n, first_term
	each_vec \p, \n, next_term, vfnmadd231, kc, kd
	each_vec \p, \n, next_term, vfmadd231, ke, kf
.endm

.macro ops32_sums p, n
	ops8_sums \p, \n
	each_vec \p, \n, next_term, vfnmadd231, kg, kh
	each_vec \p, \n, next_term, vfmadd231, kj, kk
	each_vec \p, \n, next_term, vfnmadd231, kl, km
	each_vec \p, \n, next_term, vfmadd231, ko, kp
	each_vec \p, \n, next_term, vfnmadd231, kq, kr
	each_vec \p, \n, next_term, vfmadd231, ks, kt
	each_vec \p, \n, next_term, vfnmadd231, ku, kv
	each_vec \p, \n, last_term
.endm

/* Broadcast a..f, or a..w for ops32 (e: s or d, esz: word size). */
.macro ops8_consts e, esz
	vbroadcasts\e	0*\esz(consts), ka
	vbroadcasts\e	1*\esz(consts), kb
	vbroadcasts\e	2*\esz(consts), kc
	vbroadcasts\e	3*\esz(consts), kd
	vbroadcasts\e	4*\esz(consts), ke
	vbroadcasts\e	5*\esz(consts), kf
.endm

.macro ops32_consts e, esz
	ops8_consts \e, \esz
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
	mov	consts, ktab
.endm

/* ---------------------------------------------------------- ops8, ops32 */

/* One vector at cur under opmask k, and a block of four (ops8) or five. */
.macro ops8_vec p, k
	vmovu\p	(cur), %zmm0{%k\k}{z}
	ops8_sums \p, 1
	vmovu\p	%zmm5, (cur){%k\k}
.endm

.macro ops8_block p, prefetch
.if \prefetch
	prefetch_lines 4
.endif
	load_vecs \p, %zmm0, %zmm1, %zmm2, %zmm3
	ops8_sums \p, 4
	store_vecs \p, %zmm5, %zmm6, %zmm7, %zmm8
.endm

.macro ops32_vec p, k
	vmovu\p	(cur), %zmm0{%k\k}{z}
	ops32_sums \p, 1
	vmovu\p	%zmm5, (cur){%k\k}
.endm

.macro ops32_block p, prefetch
.if \prefetch
	prefetch_lines 5
.endif
	load_vecs \p, %zmm0, %zmm1, %zmm2, %zmm3, %zmm4
	ops32_sums \p, 5
	store_vecs \p, %zmm5, %zmm6, %zmm7, %zmm8, %zmm9
.endm

/* ---------------------------------------------------------------- kernels */

// Loop body fpu32_ops2_x86_64_avx512: 19 instructions per 64 words (load 4, store 4, add 5, sub 0, mul 4, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops2_x86_64_avx512)
	split	2, 4
	movq	bk_fpu32_consts@GOTPCREL(%rip), consts
	vbroadcastss	0*4(consts), ka
	vbroadcastss	22*4(consts), kfactor
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu32_ops2_x86_64_avx512), LOOP_END(fpu32_ops2_x86_64_avx512), \
		ops2_vec, ops2_block, ps, 4*VEC_BYTES
9:	vzeroupper
	ret
END(fpu32_ops2_x86_64_avx512)

// Loop body fpu32_ops8_x86_64_avx512: 35 instructions per 64 words (load 4, store 4, add 13, sub 0, mul 4, fma 8, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops8_x86_64_avx512)
	split	2, 4
	movq	bk_fpu32_consts@GOTPCREL(%rip), consts
	ops8_consts s, 4
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu32_ops8_x86_64_avx512), LOOP_END(fpu32_ops8_x86_64_avx512), \
		ops8_vec, ops8_block, ps, 4*VEC_BYTES
9:	vzeroupper
	ret
END(fpu32_ops8_x86_64_avx512)

// Loop body fpu32_ops32_x86_64_avx512: 123 instructions per 80 words (load 5, store 5, add 56, sub 0, mul 5, fma 50, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops32_x86_64_avx512)
	split	2, 5
	movq	bk_fpu32_consts@GOTPCREL(%rip), consts
	ops32_consts s, 4
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu32_ops32_x86_64_avx512), LOOP_END(fpu32_ops32_x86_64_avx512), \
		ops32_vec, ops32_block, ps, 5*VEC_BYTES
9:	vzeroupper
	ret
END(fpu32_ops32_x86_64_avx512)

// Loop body fpu64_ops2_x86_64_avx512: 19 instructions per 32 words (load 4, store 4, add 5, sub 0, mul 4, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu64_ops2_x86_64_avx512)
	split	3, 4
	movq	bk_fpu64_consts@GOTPCREL(%rip), consts
	vbroadcastsd	0*8(consts), ka
	vbroadcastsd	22*8(consts), kfactor
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu64_ops2_x86_64_avx512), LOOP_END(fpu64_ops2_x86_64_avx512), \
		ops2_vec, ops2_block, pd, 4*VEC_BYTES
9:	vzeroupper
	ret
END(fpu64_ops2_x86_64_avx512)

// Loop body fpu64_ops8_x86_64_avx512: 35 instructions per 32 words (load 4, store 4, add 13, sub 0, mul 4, fma 8, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu64_ops8_x86_64_avx512)
	split	3, 4
	movq	bk_fpu64_consts@GOTPCREL(%rip), consts
	ops8_consts d, 8
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu64_ops8_x86_64_avx512), LOOP_END(fpu64_ops8_x86_64_avx512), \
		ops8_vec, ops8_block, pd, 4*VEC_BYTES
9:	vzeroupper
	ret
END(fpu64_ops8_x86_64_avx512)

// Loop body fpu64_ops32_x86_64_avx512: 123 instructions per 40 words (load 5, store 5, add 56, sub 0, mul 5, fma 50, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu64_ops32_x86_64_avx512)
	split	3, 5
	movq	bk_fpu64_consts@GOTPCREL(%rip), consts
	ops32_consts d, 8
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu64_ops32_x86_64_avx512), LOOP_END(fpu64_ops32_x86_64_avx512), \
		ops32_vec, ops32_block, pd, 5*VEC_BYTES
9:	vzeroupper
	ret
END(fpu64_ops32_x86_64_avx512)
