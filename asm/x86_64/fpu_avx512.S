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
 * boundary, whole blocks of aligned vectors (four in ops2 and ops8, seven
 * in ops32), whole aligned vectors, and a masked tail. Masked loads and
 * stores touch no word outside x, so any n and any alignment take the
 * same path, and the main loop never splits a cache line. ops2 and ops8
 * run their blocks one after another (the loop body); ops32 runs them in
 * a two-stage software pipeline (the schedule below), its loop body two
 * steps. ops2's and ops8's constants are broadcast into registers once per
 * call (ka..kf for a..f, kfactor for the 2-op factor). ops32 has 22, and
 * two blocks' x and sums take 28 registers, so it broadcasts each term's
 * addend and factor from the table into two registers once per block,
 * for the block's seven vectors. One temporary register serves every
 * x + c, and one pair every term's constants: renaming makes their uses
 * independent.
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
 * ops32 prefetches two pages ahead instead of one: its blocks of seven
 * (below) run through x faster than the blocks of five did, and with one
 * page ahead they ran 8-13 % slower than the old kernel at 64 MiB on a
 * Zen 5 core, with two 1-6 % (a harness, the two taking turns).
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
 * A vector of ops32 is 22 FP instructions (11 add, 1 mul, 10 fma): designed
 * for 11 cycles per vector on Intel and Zen 4, 5.5 on Zen 5; ops8 (3 add, 1
 * mul, 2 fma) for 3, and 1.5 on Zen 5. The chain a vector hides is its add,
 * mul and 10 fmas (ops8: 2), 46 cycles on Zen 4 (add 3, mul 3, FMA 4), 48
 * on Intel (4 each), 45 on Zen 5 (add 2), plus the load (ops8: 14-16 plus
 * the load): at 11 cycles per vector 5 vectors must be in flight, at 5.5
 * (Zen 5) 9, about 200 instructions, most of them waiting on their chain.
 * ops32's blocks are seven vectors: 28 registers for two blocks' x and
 * sums, with the temporary and the two constants 31.
 *
 * ops32's pipeline: step j loads block j + 1 (seven vectors) and issues its
 * terms 1-6 beside block j's terms 7-11, term by term for the seven
 * vectors of a block, each term's two constants broadcast first, in the
 * order j+1: 1 2 3, j: 7, j+1: 4, j: 8, j+1: 5, j: 9, j+1: 6, j: 10 11;
 * then it stores block j. Two register sets of x and sums take turns
 * (set 0 holds blocks 0, 2, 4, ..., set 1 the others), so the loop body
 * is two steps; the first step of a pass is block 0's terms 1-6
 * alone, the last block j's terms 7-11 alone. A step is seven vectors' FP
 * work (77 cycles of issue on Zen 4 and Intel, 38.5 on Zen 5), and each
 * vector's chain spreads over two steps: 154 cycles against a chain of
 * 46-48 plus the load, 77 on Zen 5 against 45 plus the load; and no step
 * waits on the loads it issues, since block j's terms 7-11 need none of
 * them. Per vector 4.1 loads (x, and 22 4- or 8-byte broadcasts for seven
 * vectors): 0.4 per cycle on Zen 4 and Intel, 0.75 on Zen 5. The blocks of
 * five before took the factors as broadcast memory operands, 12 loads a
 * vector, 2.2 a cycle at Zen 5's 5.5 cycles: more than that core kept
 * up beside the FP work (the bench's loop of that mix with those loads
 * ran at 89 % of the plain mix at L1 size, the kernel at 88 %; 82 and
 * 84 % at L2 size).
 * Measured on a Zen 4 core (EPYC 9004, family 25 model 17, under KVM,
 * one thread, L1 size; a throwaway harness, the variants taking turns,
 * best of 200-1000 samples, cycles per vector against 11.0 for the FP mix
 * and 11.0 with the kernel's loads and stores walking x, no chains):
 * five vectors a block term by term (the kernel before) 12.5-12.6, every
 * run (87 %); four, every constant in a register, 12.2-12.4; six with
 * three factors from memory 11.0 in some processes and 12.2-12.4 in
 * others, run to run; eight with seven 11.7-12.0; ten with all 11 11.6;
 * the two-stage pipeline with 3, 4 or 5 vectors a block 11.4-11.7, with 5
 * (kept) 11.4-11.5 (96 %), and 11.5 in every interleaving of the two
 * stages tried. At 256 and 512 KiB the old kernel 12.6, six 12.1-12.4,
 * eight 11.9; at 64 MiB the old kernel 12.8-12.9, the pipeline 11.7-11.8
 * without prefetching and 11.8-12.0 with it (kept for the cores where it
 * paid, below), bit for bit the same words as the old kernel.
 * On a Zen 5 core the blocks of five (before) were measured against
 * others, taking turns, as a time relative to four vectors interleaved
 * term by term, which ran at 6.3 cycles per vector (87 % of its FP mix):
 * five 0.94-0.95; six vectors with three factors from memory 0.96, seven
 * with five 0.99, eight with seven 0.96-1.03; five with two temporaries
 * or the adds issued a term ahead 0.95-0.98; a two-stage software
 * pipeline (a group's first terms beside the previous group's last)
 * 0.93-0.99; the even/odd split of the AVX2 kernel (kernels.h, SPLIT: one
 * instruction more, an add, and 12 adds are 6 cycles on two add pipes)
 * 0.94-0.98. The pipeline with blocks of five, measured there later by
 * fpu.sh: 88 % of the FP mix at L1 size and 84 % at L2 size. Against it
 * (a harness, the variants taking turns, best of 100-200 samples, cycles
 * per vector at the 3.65 GHz fpu.sh measured, against 5.5 for the FP
 * mix): the same blocks with each term's constants broadcast once per
 * block 5.7-5.9 at 16 KiB to 2 MiB (the old 6.1-6.7); blocks of six
 * 5.5-5.8; of seven (kept) 5.5-5.6 at 16 and 256 KiB and 5.5-5.7 at
 * 2 MiB, bit for bit the same words. At
 * 64 MiB, where memory bounds it (7.1-7.3 for the old), seven with one
 * page's prefetch 7.7-8.2 and with two pages' 7.2-7.6. Not measured on
 * Zen 4 or Intel: there the loads were no limit (1.1 a cycle), and the
 * blocks of seven keep twice the chain each needs in flight.
 * ops2 is bound by the stores at L1 size: one 64-byte store a cycle, with
 * 2 FP instructions per vector on 2 ports: 1 cycle per vector, 4 per
 * block.
 *
 * Operation order: FUSED. ops2 is exact: (x + a) * K2, rounded twice.
 * ops8 and ops32 compute every x + c exactly as the reference, the first
 * product (x + a) * b rounded as the reference, and then fuse each further
 * product into the running sum, left to right:
 *     r = (x + a) * b;  r = r - (x + c) * d;  r = r + (x + e) * f;  ...
 * where each `r = r -/+ u * k` is one vfnmadd231/vfmadd231 (one rounding
 * instead of two). So ops8 fuses terms 2 and 3, ops32 terms 2 to 11.
 *
 * Instruction counts of the loop bodies (ops2 and ops8: one block of 4
 * vectors of 16 fpu32 or 8 fpu64 words; ops32: two steps of 7 vectors),
 * by class as the `Loop body` lines state them (the plain loop; the
 * prefetching one has the prefetches besides):
 *
 *     kernel   per vector (one 64-byte line)     per loop  fpu32/word  fpu64/word
 *     ops2     load 1, add 1, mul 1, store 1         19        0.30        0.59
 *     ops8     load 1, add 3, mul 1, fma 2,          35        0.55        1.09
 *              store 1
 *     ops32    load 1 + 22/7, add 11, mul 1,        386        1.72        3.45
 *              fma 10, store 1
 *
 * plus 3 for the loop control in each block (add, cmp, jne), in each of
 * ops32's steps (add, cmp, je or jne). Classes by mnemonic: vmovups/vmovupd
 * and vbroadcastss/vbroadcastsd from memory are loads, vmovups/vmovupd to
 * memory a store; vaddps/vaddpd and the pointer's add are add;
 * vmulps/vmulpd mul; vfmadd231/vfnmadd231 fma; cmp; jcc branch; anything
 * else (prefetcht0) other.
 */

#include "asmdefs.h"
#include "burnkit/prefetch.h"

#define xbase	%rdi		/* x */
#define nwords	%rsi		/* n, before the split */
#define xend	%rsi		/* end of x, after it */
#define npasses	%rdx		/* passes left */
#define cur	%rax		/* current vector in a pass */
#define ktab	%rcx		/* bk_fpu*_consts, for ops32's constants */
#define blkend	%r8		/* end of the whole blocks */
#define vecend	%r9		/* end of the whole vectors */
#define body	%r10		/* first 64-byte aligned vector */
#define nbytes	%r11		/* bytes after the head, during the split */
#define lastblk	%r11		/* ops32: the last whole block (below body: none) */
#define consts	%rax		/* bk_fpu*_consts, before the first pass */

#define VEC_BYTES 64
#define PREFETCH_BYTES 4096	/* one page ahead of the block being loaded */
#define PREFETCH32_BYTES 8192	/* ops32: two pages ahead */

/*
 * Vector registers of ops2 and ops8 (ops32's: below). Constants a..f:
 * zmm11-16 (the 2-op factor K2 in zmm12). ops2: the block's four vectors
 * in zmm0-3. ops8: x of the block's four vectors in zmm0-3, their sums in
 * zmm5-8, the shared x + c in zmm10.
 */
#define ka	%zmm11
#define kb	%zmm12
#define kc	%zmm13
#define kd	%zmm14
#define ke	%zmm15
#define kf	%zmm16
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
.macro load_vecs p, off, regs:vararg
	.Lbk_nvec = 0
	.irp r, \regs
	vmovu\p	\off+.Lbk_nvec*VEC_BYTES(cur), \r
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
	load_vecs \p, 0, %zmm0, %zmm1, %zmm2, %zmm3
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

/*
 * ops2's passes one vector a loop iteration, the pointer stepped before
 * the store (the form gcc -O3 gives the reference), for x above L1 size on
 * the cores lib/dispatch names (bk_fpu_avx512_ops2_one_vector): each
 * pass's head, its whole vectors, its tail. 6 instructions a vector: the
 * load folded into the add, the store, the pointer's add, the fused cmp
 * and jne (the "Loop body KERNEL.one_vector" lines, which inspect counts
 * between LOOP_BEGIN_NAMED and LOOP_END_NAMED). Designed for one vector a
 * cycle on Zen 5 from L2 (a line read and a line written a cycle, what its
 * L2 moves):
 * fpu_bench --isa avx512 --size L2, one thread, 256 KiB, 3.68 GHz, runs
 * taking turns: 103-114 thousand MFLOPS (0.87-0.97 vectors a cycle), 0.99-1.02
 * x gcc in 7 of 8 runs, against 86-97 thousand and 0.78-0.90 x gcc for the
 * blocks of four where gcc ran at its faster rate. The same loop with the
 * pointer stepped after the store, and blocks of four either way, ran at
 * the blocks' rate; why the order counts is not known (no counters here).
 * In L1 the blocks of four stay: 1.11 x gcc, the one-vector loop 1.00.
 */
.macro ops2_one_vector_passes p, begin, end
1:	pass_head ops2_vec, \p
	cmp	vecend, cur
	je	3f
	bk_loop_head
\begin
2:	vadd\p	(cur), ka, %zmm0
	add	$VEC_BYTES, cur
	vmul\p	kfactor, %zmm0, %zmm0
	vmovu\p	%zmm0, -VEC_BYTES(cur)
	cmp	vecend, cur
	jne	2b
\end
3:	pass_tail ops2_vec, \p
.endm

/* ---------------------------------------------------------------- ops8 */

/*
 * The terms of ops8, for the vector whose x is in xr and whose sum is in
 * rr, x + c in tmp: the first, r = (x + a) * b, rounded twice; a further
 * one, r = r -/+ (x + c) * d, fused (p: ps or pd).
 */
.macro first_term p, xr, rr
	vadd\p	ka, \xr, tmp
	vmul\p	kb, tmp, \rr
.endm

.macro next_term p, xr, rr, fma, c, d
	vadd\p	\c, \xr, tmp
	\fma\p	\d, tmp, \rr
.endm

/*
 * A term (macro m, its arguments after the registers) for the first n of
 * a block's vectors (1 or 4), one vector after another: x in zmm0-3, the
 * sums in zmm5-8.
 */
.macro each_vec p, n, m, args:vararg
	\m \p, %zmm0, %zmm5, \args
.if \n > 1
	\m \p, %zmm1, %zmm6, \args
	\m \p, %zmm2, %zmm7, \args
	\m \p, %zmm3, %zmm8, \args
.endif
.endm

/* The sums of ops8 for the first n vectors, term by term. */
.macro ops8_sums p, n
	each_vec \p, \n, first_term
	each_vec \p, \n, next_term, vfnmadd231, kc, kd
	each_vec \p, \n, next_term, vfmadd231, ke, kf
.endm

/* Broadcast a..f (e: s or d, esz: word size). */
.macro ops8_consts e, esz
	vbroadcasts\e	0*\esz(consts), ka
	vbroadcasts\e	1*\esz(consts), kb
	vbroadcasts\e	2*\esz(consts), kc
	vbroadcasts\e	3*\esz(consts), kd
	vbroadcasts\e	4*\esz(consts), ke
	vbroadcasts\e	5*\esz(consts), kf
.endm

/* One vector at cur under opmask k, and a block of four. */
.macro ops8_vec p, k
	vmovu\p	(cur), %zmm0{%k\k}{z}
	ops8_sums \p, 1
	vmovu\p	%zmm5, (cur){%k\k}
.endm

.macro ops8_block p, prefetch
.if \prefetch
	prefetch_lines 4
.endif
	load_vecs \p, 0, %zmm0, %zmm1, %zmm2, %zmm3
	ops8_sums \p, 4
	store_vecs \p, %zmm5, %zmm6, %zmm7, %zmm8
.endm

/* ---------------------------------------------------------------- ops32 */

/*
 * ops32's registers: two sets of seven vectors, x and sums (set 0: x in
 * zmm0-6, sums in zmm7-13; set 1: zmm14-20, zmm21-27), the shared x + c
 * in zmm28, the term's addend and factor, broadcast from the table (ktab)
 * once per set, in zmm29 and zmm30.
 */
#define tmp32	%zmm28
#define kadd32	%zmm29
#define kfac32	%zmm30
#define SET32_VECS 7
#define BLOCK32_BYTES (SET32_VECS * VEC_BYTES)

/* The vectors of a set (the first n of them: 1 or 7), as m's arguments. */
.macro each_of_set p, set, n, m, args:vararg
.if \set == 0
	\m \p, %zmm0, %zmm7, \args
	.if \n > 1
	\m \p, %zmm1, %zmm8, \args
	\m \p, %zmm2, %zmm9, \args
	\m \p, %zmm3, %zmm10, \args
	\m \p, %zmm4, %zmm11, \args
	\m \p, %zmm5, %zmm12, \args
	\m \p, %zmm6, %zmm13, \args
	.endif
.else
	\m \p, %zmm14, %zmm21, \args
	\m \p, %zmm15, %zmm22, \args
	\m \p, %zmm16, %zmm23, \args
	\m \p, %zmm17, %zmm24, \args
	\m \p, %zmm18, %zmm25, \args
	\m \p, %zmm19, %zmm26, \args
	\m \p, %zmm20, %zmm27, \args
.endif
.endm

/*
 * A term of one vector, x in xr, its sum in rr: x + the term's addend,
 * then the product with its factor rounded into rr (term 0), or fused
 * into it (op: vfmadd231, vfnmadd231).
 */
.macro term32 p, xr, rr, op
	vadd\p	kadd32, \xr, tmp32
	\op\p	kfac32, tmp32, \rr
.endm

/* Broadcast table entry i into reg (p: ps or pd). */
.macro bcast32 p, i, reg
.ifc \p, ps
	vbroadcastss	(\i)*4(ktab), \reg
.else
	vbroadcastsd	(\i)*8(ktab), \reg
.endif
.endm

/*
 * Terms first..last (0-10), term by term, for the first n vectors of a
 * set: term i's addend (table entry 2i) and factor (2i + 1) broadcast
 * once for the set, the product rounded into the sum (term 0) or fused
 * into it, - and + in turn.
 */
.macro ops32_terms p, set, n, first, last
	ops32_term_if \p, \set, \n, \first, \last, 0, vmul
	ops32_term_if \p, \set, \n, \first, \last, 1, vfnmadd231
	ops32_term_if \p, \set, \n, \first, \last, 2, vfmadd231
	ops32_term_if \p, \set, \n, \first, \last, 3, vfnmadd231
	ops32_term_if \p, \set, \n, \first, \last, 4, vfmadd231
	ops32_term_if \p, \set, \n, \first, \last, 5, vfnmadd231
	ops32_term_if \p, \set, \n, \first, \last, 6, vfmadd231
	ops32_term_if \p, \set, \n, \first, \last, 7, vfnmadd231
	ops32_term_if \p, \set, \n, \first, \last, 8, vfmadd231
	ops32_term_if \p, \set, \n, \first, \last, 9, vfnmadd231
	ops32_term_if \p, \set, \n, \first, \last, 10, vfmadd231
.endm

.macro ops32_term_if p, set, n, first, last, i, op
.if \i >= \first && \i <= \last
	bcast32 \p, 2*\i, kadd32
	bcast32 \p, 2*\i+1, kfac32
	each_of_set \p, \set, \n, term32, \op
.endif
.endm

/* Term i alone for the first n vectors of a set. */
.macro ops32_term p, set, n, i
	ops32_terms \p, \set, \n, \i, \i
.endm

/* One vector at cur under opmask k, every term (set 0's first vector). */
.macro ops32_vec p, k
	vmovu\p	(cur), %zmm0{%k\k}{z}
	ops32_terms \p, 0, 1, 0, 10
	vmovu\p	%zmm7, (cur){%k\k}
.endm

/* Load a set's x from the block at off(cur), store its sums there. */
.macro load_set p, set, off
.if \set == 0
	load_vecs \p, \off, %zmm0, %zmm1, %zmm2, %zmm3, %zmm4, %zmm5, %zmm6
.else
	load_vecs \p, \off, %zmm14, %zmm15, %zmm16, %zmm17, %zmm18, %zmm19, %zmm20
.endif
.endm

.macro store_set p, set
.if \set == 0
	store_vecs \p, %zmm7, %zmm8, %zmm9, %zmm10, %zmm11, %zmm12, %zmm13
.else
	store_vecs \p, %zmm21, %zmm22, %zmm23, %zmm24, %zmm25, %zmm26, %zmm27
.endif
.endm

/*
 * One step of the pipeline: the block at cur (set a) has had its terms
 * 0-5, the next block (set 1 - a) is loaded; the next block's terms 0-5
 * and this block's 6-10 interleave, in the order the schedule above
 * gives, then this block is stored and cur moves to the next. The first
 * block's first stage, and the last block's second.
 */
.macro ops32_step p, prefetch, a
.if \prefetch
	.irp line, 0, 1, 2, 3, 4, 5, 6
	prefetcht0 PREFETCH32_BYTES+BLOCK32_BYTES+\line*VEC_BYTES(cur)
	.endr
.endif
	load_set \p, (1-\a), BLOCK32_BYTES
	ops32_terms \p, (1-\a), SET32_VECS, 0, 2
	ops32_term \p, \a, SET32_VECS, 6
	ops32_term \p, (1-\a), SET32_VECS, 3
	ops32_term \p, \a, SET32_VECS, 7
	ops32_term \p, (1-\a), SET32_VECS, 4
	ops32_term \p, \a, SET32_VECS, 8
	ops32_term \p, (1-\a), SET32_VECS, 5
	ops32_terms \p, \a, SET32_VECS, 9, 10
	store_set \p, \a
	add	$BLOCK32_BYTES, cur
.endm

.macro ops32_first p
	load_set \p, 0, 0
	ops32_terms \p, 0, SET32_VECS, 0, 5
.endm

.macro ops32_last p, a
	ops32_terms \p, \a, SET32_VECS, 6, 10
	store_set \p, \a
.endm

/* The passes of ops32: each pass's head, its blocks, its vectors and tail. */
.macro ops32_passes prefetch, begin, end, p
1:	pass_head ops32_vec, \p
	bk_two_set_pipeline ops32_first, ops32_step, ops32_last, \p, \prefetch, \
		BLOCK32_BYTES, cur, lastblk, \begin, \end
	pass_tail ops32_vec, \p
.endm

/* ---------------------------------------------------------------- kernels */

// Loop body fpu32_ops2_x86_64_avx512: 19 instructions per 64 words (load 4, store 4, add 5, sub 0, mul 4, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
// Loop body fpu32_ops2_x86_64_avx512.one_vector: 6 instructions per 16 words (load 0, store 1, add 2, sub 0, mul 1, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops2_x86_64_avx512)
	split	2, 4
	movq	bk_fpu32_consts@GOTPCREL(%rip), consts
	vbroadcastss	0*4(consts), ka
	vbroadcastss	22*4(consts), kfactor
	// one vector a loop iteration above L1 size, where the core's tuning asks
	bk_prefetch_gated_band bk_fpu_avx512_ops2_one_vector, $BK_FPU_PIPE_MAX_BYTES, 8f, \
		xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu32_ops2_x86_64_avx512), LOOP_END(fpu32_ops2_x86_64_avx512), \
		ops2_vec, ops2_block, ps, 4*VEC_BYTES
9:	vzeroupper
	ret
8:	ops2_one_vector_passes ps, LOOP_BEGIN_NAMED(fpu32_ops2_x86_64_avx512, one_vector), \
		LOOP_END_NAMED(fpu32_ops2_x86_64_avx512, one_vector)
	jmp	9b
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

// Loop body fpu32_ops32_x86_64_avx512: 386 instructions per 224 words (load 58, store 14, add 156, sub 0, mul 14, fma 140, and 0, orr 0, cmp 2, branch 2, other 0)
ENTRY(fpu32_ops32_x86_64_avx512)
	split	2, SET32_VECS
	lea	-BLOCK32_BYTES(blkend), lastblk
	movq	bk_fpu32_consts@GOTPCREL(%rip), ktab
	bk_prefetch_gated xbase, xend, %rax, 9f, ops32_passes, \
		LOOP_BEGIN(fpu32_ops32_x86_64_avx512), LOOP_END(fpu32_ops32_x86_64_avx512), \
		ps
9:	vzeroupper
	ret
END(fpu32_ops32_x86_64_avx512)

// Loop body fpu64_ops2_x86_64_avx512: 19 instructions per 32 words (load 4, store 4, add 5, sub 0, mul 4, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
// Loop body fpu64_ops2_x86_64_avx512.one_vector: 6 instructions per 8 words (load 0, store 1, add 2, sub 0, mul 1, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu64_ops2_x86_64_avx512)
	split	3, 4
	movq	bk_fpu64_consts@GOTPCREL(%rip), consts
	vbroadcastsd	0*8(consts), ka
	vbroadcastsd	22*8(consts), kfactor
	// one vector a loop iteration above L1 size, where the core's tuning asks
	bk_prefetch_gated_band bk_fpu_avx512_ops2_one_vector, $BK_FPU_PIPE_MAX_BYTES, 8f, \
		xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu64_ops2_x86_64_avx512), LOOP_END(fpu64_ops2_x86_64_avx512), \
		ops2_vec, ops2_block, pd, 4*VEC_BYTES
9:	vzeroupper
	ret
8:	ops2_one_vector_passes pd, LOOP_BEGIN_NAMED(fpu64_ops2_x86_64_avx512, one_vector), \
		LOOP_END_NAMED(fpu64_ops2_x86_64_avx512, one_vector)
	jmp	9b
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

// Loop body fpu64_ops32_x86_64_avx512: 386 instructions per 112 words (load 58, store 14, add 156, sub 0, mul 14, fma 140, and 0, orr 0, cmp 2, branch 2, other 0)
ENTRY(fpu64_ops32_x86_64_avx512)
	split	3, SET32_VECS
	lea	-BLOCK32_BYTES(blkend), lastblk
	movq	bk_fpu64_consts@GOTPCREL(%rip), ktab
	bk_prefetch_gated xbase, xend, %rax, 9f, ops32_passes, \
		LOOP_BEGIN(fpu64_ops32_x86_64_avx512), LOOP_END(fpu64_ops32_x86_64_avx512), \
		pd
9:	vzeroupper
	ret
END(fpu64_ops32_x86_64_avx512)
