/* SPDX-License-Identifier: MIT */
/*
 * peak_x86_64.S: the loops that measure this core's own limits for the
 * FPU benchmark (scripts/bench/fpu.sh): the core clock, the sustained
 * throughput of each FPU kernel's floating-point instruction mix, and the
 * streaming bandwidth of an in-place read and write.
 *
 * Assumptions:
 *
 * x86-64, System V ABI. The sse2 loops need SSE2, the avx2 loops AVX and
 * FMA3, the avx512 loops AVX-512F; the caller checks (lib/dispatch).
 *
 * Clock: peak_clock_chain runs CLOCK_CHAIN dependent 64-bit register adds
 * per iteration. An integer add has a latency of exactly one cycle on every
 * x86-64 core, and a register-to-register chain cannot be shortened by
 * renaming tricks (those fold only immediates or moves), so iterations x
 * CLOCK_CHAIN / seconds is the core clock.
 *
 * Mix: peak_<isa>_ops<k>(iterations) runs the floating-point instructions
 * of one vector of the burnkit kernel of that ISA and operation count, in
 * the kernel's order, MIX_REPEAT times per iteration, with no loads or
 * stores and no dependency a port could wait on: adds and multiplies write
 * registers nobody reads (three-operand VEX/EVEX forms), fused multiply-
 * adds accumulate into ten rotating accumulators (latency 4 x 10 / 10 per
 * group: never a stall), and the two-operand SSE2 forms rotate over 14
 * accumulators. The result is the number of vector FP instructions the
 * ports retire per second for that mix: the bound of the kernel's body
 * before any memory traffic. Each function returns its count of FP
 * instructions per iteration (computed by the assembler) so the caller
 * never restates it. Kinds, per vector, as the kernels issue them:
 *
 *     FMA ISAs  ops2: add mul   ops8: add mul (add fma) x2
 *               ops32: add mul (add fma) x10                      (AVX-512)
 *               ops32: add mul add mul (add fma) x9 add     (AVX2, split)
 *     SSE2      ops2: add mul   ops8: add mul (add mul add) x2
 *               ops32: add mul (add mul add) x10      (sub counts as add)
 *
 * Ports: ports_<isa>_ops<k>(x, bytes, passes) runs the same FP
 * instructions with the kernel's memory traffic, walking x in place as the
 * kernel does, a vector at a time, passes times: per vector one load and
 * one store and, where the kernel takes factors from memory (ops32 of
 * SSE2: 11 per vector), that many of the multiplies with a memory operand
 * (here a stack slot); for the ops32 that load their 22 constants once per
 * block (AVX2: from its stack frame, blocks of four vectors; AVX-512:
 * broadcast from the table, blocks of seven), each vector's share of the
 * block's constant loads (kind 6); ports_avx2_ops8_pipe, for x
 * of at most 32 KiB as the kernel there (where it runs its pipeline over
 * lines), no load and x as each add's memory operand. At L1 size it shows
 * whether the load and store ports, not the FP pipes, bound the kernel; at
 * L2 and RAM size the caches' and memory's traffic beside the FP work as
 * well: the second bound of the bench. Its loads and stores do not count
 * as FP instructions. (An earlier form stored to 16 rotating stack slots,
 * so each load met a store still in flight: on Zen 3 it ran the AVX2 ops8
 * mix at 87 % of the plain mix at L1 size, this walk at 97-103 %. On a
 * Zen 5 core that form ran the AVX-512 ops8 mix at 76-83 % of the plain
 * mix, the kernel faster than it; not measured there with this one.)
 *
 * The avx2_xmm walks are the AVX2 ones on xmm registers, 16-byte loads and
 * stores: the ops8 and ops32 kernels run at 128 bits on the cores whose FP
 * pipes are 128 bits wide (lib/dispatch: Zen 1), and there these are their
 * loads and stores. The plain mix stays at 256 bits, the ISA's width: on
 * a Zen 1 core ops8's ran 1.38 ymm instructions a cycle (14.7 flops), on
 * xmm 2.48 (13.2 flops; ops32: 1.27 and 2.64, 10.1 and 10.5 flops; one
 * run each of fpu.sh), so the compute bound is never lowered by a
 * kernel's choice of width.
 *
 * Stream: stream_<isa>(x, bytes, passes) reads and writes back every
 * 64-byte line of x, passes times, four vectors per iteration with plain
 * (temporal) loads and stores: the traffic of the 2-op kernel without its
 * arithmetic; stream_<isa>_prefetch also prefetches one page ahead, as the
 * kernels do. x is 64-byte aligned and bytes a multiple of 256.
 */

#include "peak.h"

#define CLOCK_CHAIN 200
/* The stack slots of the walks' constants: 0 holds 0.0, 1-11 hold 1.0. */
#define MEM_SLOT(k) (64 * (k))(%rsp)
#define MEM_FRAME (12 * 64)
#define MIX_REPEAT_OPS2 64
#define MIX_REPEAT_OPS8 24
#define MIX_REPEAT_OPS32 8

	.section .rodata
	.p2align 2
one_f32:
	.float	1.0
	.p2align 3
one_f64:
	.double	1.0
	.text

/* ---------------------------------------------------------------- clock */

	.global	peak_clock_chain
	.type	peak_clock_chain, @function
	.p2align 6
peak_clock_chain:
	mov	$1, %ecx
	xor	%eax, %eax
1:	.rept	CLOCK_CHAIN
	add	%rcx, %rax		// each add waits for the one before
	.endr
	dec	%rdi
	jnz	1b
	mov	$CLOCK_CHAIN, %eax
	ret
	.size	peak_clock_chain, . - peak_clock_chain

/* ---------------------------------------------------------------- mix */

/* Register numbers are computed: %(expr) needs the alternate macro syntax. */
	.altmacro

/* Three- and two-operand forms with computed register numbers. */
.macro ins3 mnem, R, src2, src1, dst
	\mnem	%\R\src2, %\R\src1, %\R\dst
.endm

.macro ins2 mnem, src, dst
	\mnem	%xmm\src, %xmm\dst
.endm

/* The two-operand form with a stack slot as the source (SSE2 ops32). */
.macro mem2 mnem, R, slot, dst
	\mnem	MEM_SLOT(\slot), %\R\dst
.endm

/* The walk's vector at byte offset off from %rax: loaded, stored, added. */
.macro walk_ld mnem, R, off, dst
	\mnem	\off(%rax), %\R\dst
.endm

.macro walk_st mnem, R, src, off
	\mnem	%\R\src, \off(%rax)
.endm

.macro walk_add mnem, R, off, src1, dst
	\mnem	\off(%rax), %\R\src1, %\R\dst
.endm

/*
 * One instruction of kind k (0 add, 1 mul, 2 fma; in walks 3 the load of
 * x, 4 its store, 5 an add of x from memory, 6 a constant's load) on
 * register file R (ymm or zmm, VEX/EVEX forms). R14 and R15 are the
 * constant operands; adds write R10/R11, multiplies R12/R13, FMAs
 * accumulate into R0-R9.
 */
.macro vex_op R, k
.if \k == 0
	ins3	vaddps, \R, 15, 14, %(10 + n_add - (n_add / 2) * 2)
	n_add = n_add + 1
.elseif \k == 1
	ins3	vmulps, \R, 15, 14, %(12 + n_mul - (n_mul / 2) * 2)
	n_mul = n_mul + 1
.elseif \k == 2
	ins3	vfmadd231ps, \R, 15, 14, %(n_fma - (n_fma / 10) * 10)
	n_fma = n_fma + 1
.elseif \k == 3
	/* into the first add's destination, renamed again at once (into
	 * R12, kept until the next multiply, the loop ran 15 % slower on
	 * Zen 3) */
	walk_ld	vmovups, \R, %(n_vec * VEC_WALK), 10
	n_cload = 0
.elseif \k == 4
	walk_st	vmovups, \R, 13, %(n_vec * VEC_WALK)
	n_vec = n_vec + 1
.elseif \k == 6
	/* a constant into R14 (0.0) or R15 (1.0) in turn, from its slot, as
	 * ops32 loads its 22 once per block of CLOAD_BLOCK vectors: vector
	 * v of the block takes ceil(22 (v + 1) / B) - ceil(22 v / B) of them
	 * (AVX2, B 4: 6 and 5 in turn; AVX-512, B 7: 4 then six times 3) */
	n_cvec = n_vec - (n_vec / CLOAD_BLOCK) * CLOAD_BLOCK
	n_cquota = (22 * n_cvec + 21 + CLOAD_BLOCK) / CLOAD_BLOCK
	n_cquota = n_cquota - (22 * n_cvec + CLOAD_BLOCK - 1) / CLOAD_BLOCK
	.if n_cload < n_cquota
	.if (n_cload - (n_cload / 2) * 2) == 0
	vmovaps	MEM_SLOT(0), %\R\()14
	.else
	vmovaps	MEM_SLOT(1), %\R\()15
	.endif
	.endif
	n_cload = n_cload + 1
.else
	walk_add vaddps, \R, %(n_vec * VEC_WALK), 14, %(10 + n_add - (n_add / 2) * 2)
	n_add = n_add + 1
.endif
.if \k < 3 || \k == 5
	n_ins = n_ins + 1
.endif
.endm

/* Kind k on SSE2: xmm14 is the addend (0.0), xmm15 the factor (1.0). */
.macro sse_op R, k
.if \k == 0
	ins2	addps, 14, %(n_ins - (n_ins / 14) * 14)
.elseif \k == 1
	.if n_memop < n_mem
	mem2	mulps, xmm, %(n_memop + 1), %(n_ins - (n_ins / 14) * 14)
	n_memop = n_memop + 1
	.else
	ins2	mulps, 15, %(n_ins - (n_ins / 14) * 14)
	.endif
.elseif \k == 3
	walk_ld	movaps, xmm, %(n_vec * VEC_WALK), %(n_ins - (n_ins / 14) * 14)
	n_memop = 0
.else
	/* the factor 1.0, as every word: x stays uniform (fpu_bench checks) */
	walk_st	movaps, xmm, 15, %(n_vec * VEC_WALK)
	n_vec = n_vec + 1
.endif
.if \k < 3
	n_ins = n_ins + 1
.endif
.endm

.macro mix_seq op, R, kinds:vararg
	.irp k, \kinds
	\op	\R, \k
	.endr
.endm

/*
 * Operands: R14 = 0.0 and R15 = 1.0, slot 0 holds 0.0 and the others 1.0,
 * accumulators and the other destinations 0.0 (a walk's first store takes
 * R13 before any multiply wrote it: x stays uniform, as fpu_bench checks).
 */
.macro vex_setup R
	vxorps	%xmm14, %xmm14, %xmm14
	vbroadcastss one_f32(%rip), %\R\()15
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
	vxorps	%xmm\r, %xmm\r, %xmm\r
	.endr
	.irp k, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	vmovups	%\R\()15, MEM_SLOT(\k)
	.endr
	vmovups	%\R\()14, MEM_SLOT(0)
.endm

.macro sse_setup R
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
	xorps	%xmm\r, %xmm\r
	.endr
	movss	one_f32(%rip), %xmm15
	shufps	$0, %xmm15, %xmm15
	.irp k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	movaps	%xmm15, MEM_SLOT(\k)
	.endr
.endm

/*
 * peak_<isa>_ops<k>: setup, then iterations x repeat x the kinds; returns
 * the FP instructions per iteration.
 */
/* A function's entry with a 64-byte aligned stack frame of `bytes`. */
.macro entry_with_frame name, bytes
	.global	\name
	.type	\name, @function
	.p2align 6
\name:
	push	%rbp
	mov	%rsp, %rbp
	and	$-64, %rsp
	sub	$\bytes, %rsp
.endm

/* The assembler's counts of a sequence of kinds, from zero; mem factors
 * from memory per vector. */
.macro mix_counts mem
	n_ins = 0
	n_add = 0
	n_mul = 0
	n_fma = 0
	n_memop = 0
	n_cload = 0
	n_vec = 0
	n_mem = \mem
.endm

.macro mix_func name, setup, op, R, repeat, epilogue, mem, kinds:vararg
	entry_with_frame \name, MEM_FRAME
	\setup	\R			// and the constants in their slots
	mix_counts \mem
	.p2align 5
1:	.rept	\repeat
	mix_seq	\op, \R, \kinds
	.endr
	dec	%rdi
	jnz	1b
	\epilogue
	mov	$n_ins, %eax
	leave
	ret
	.size	\name, . - \name
.endm


/*
 * A walk over x (%rdi), bytes (%rsi) of it, passes (%rdx) times, the
 * current group of WALK_VECS vectors at %rax: walk_begin, the group's
 * code, walk_end with the vector size. bytes a multiple of WALK_VECS
 * vectors, at least one group; passes at least one.
 */
.macro walk_begin
	lea	(%rdi,%rsi), %rsi	// end of x
1:	mov	%rdi, %rax
	.p2align 5
2:
.endm

.macro walk_end vbytes
	add	$WALK_VECS * \vbytes, %rax
	cmp	%rsi, %rax
	jb	2b
	dec	%rdx
	jnz	1b
.endm

/*
 * ports_<isa>_ops<k>(x, bytes, passes): the kinds (with the kernel's
 * loads and stores) for each vector of x in turn; returns the FP
 * instructions per vector.
 */
.macro walk_func name, setup, op, R, vbytes, epilogue, mem, kinds:vararg
	entry_with_frame \name, MEM_FRAME
	\setup	\R
	walk_begin
	mix_counts \mem
	VEC_WALK = \vbytes
	.rept	WALK_VECS
	mix_seq	\op, \R, \kinds
	.endr
	walk_end \vbytes
	\epilogue
	mov	$n_ins / WALK_VECS, %eax
	leave
	ret
	.size	\name, . - \name
.endm

.macro no_epilogue
.endm
.macro vex_epilogue
	vzeroupper
.endm

#define FMA_OPS2 0, 1
#define FMA_OPS8 0, 1, 0, 2, 0, 2
#define FMA_OPS32 0, 1, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2
#define FMA_OPS32_SPLIT 0, 1, 0, 1, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, 0, 2, \
	0, 2, 0, 2, 0
/* ops32's mixes (AVX2: FMA_OPS32_SPLIT; AVX-512: FMA_OPS32) with the most
 * constant loads any vector of a block of CLOAD_BLOCK takes (kind 6;
 * vex_op emits each vector's share): AVX2 6 a vector, B 4; AVX-512 4, B 7. */
#define FMA_OPS32_SPLIT_CLOADS 6, 0, 1, 6, 0, 1, 0, 2, 6, 0, 2, 0, 2, 6, 0, 2, \
	0, 2, 6, 0, 2, 0, 2, 6, 0, 2, 0, 2, 0
#define FMA_OPS32_CLOADS 6, 0, 1, 0, 2, 0, 2, 6, 0, 2, 0, 2, 0, 2, 6, 0, 2, \
	0, 2, 0, 2, 6, 0, 2, 0, 2
#define SSE_OPS2 0, 1
#define SSE_OPS8 0, 1, 0, 1, 0, 0, 1, 0
#define SSE_OPS32 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, \
	0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0
/* With the kernel's memory traffic: 3 loads x, 4 stores the result. */
#define LS(kinds...) 3, kinds, 4
/* AVX2 ops8 up to 32 KiB: no load, each add takes x as its memory operand (5). */
#define FMA_OPS8_XMEM 5, 1, 5, 2, 5, 2

	mix_func peak_sse2_ops2, sse_setup, sse_op, xmm, MIX_REPEAT_OPS2, no_epilogue, 0, SSE_OPS2
	mix_func peak_sse2_ops8, sse_setup, sse_op, xmm, MIX_REPEAT_OPS8, no_epilogue, 0, SSE_OPS8
	mix_func peak_sse2_ops32, sse_setup, sse_op, xmm, MIX_REPEAT_OPS32, no_epilogue, 0, SSE_OPS32
	mix_func peak_avx2_ops2, vex_setup, vex_op, ymm, MIX_REPEAT_OPS2, vex_epilogue, 0, FMA_OPS2
	mix_func peak_avx2_ops8, vex_setup, vex_op, ymm, MIX_REPEAT_OPS8, vex_epilogue, 0, FMA_OPS8
	mix_func peak_avx2_ops32, vex_setup, vex_op, ymm, MIX_REPEAT_OPS32, vex_epilogue, 0, FMA_OPS32_SPLIT
	mix_func peak_avx512_ops2, vex_setup, vex_op, zmm, MIX_REPEAT_OPS2, vex_epilogue, 0, FMA_OPS2
	mix_func peak_avx512_ops8, vex_setup, vex_op, zmm, MIX_REPEAT_OPS8, vex_epilogue, 0, FMA_OPS8
	mix_func peak_avx512_ops32, vex_setup, vex_op, zmm, MIX_REPEAT_OPS32, vex_epilogue, 0, FMA_OPS32
	walk_func ports_sse2_ops2, sse_setup, sse_op, xmm, 16, no_epilogue, 0, LS(SSE_OPS2)
	walk_func ports_sse2_ops8, sse_setup, sse_op, xmm, 16, no_epilogue, 0, LS(SSE_OPS8)
	walk_func ports_sse2_ops32, sse_setup, sse_op, xmm, 16, no_epilogue, 11, LS(SSE_OPS32)
	walk_func ports_avx2_ops2, vex_setup, vex_op, ymm, 32, vex_epilogue, 0, LS(FMA_OPS2)
	walk_func ports_avx2_ops8, vex_setup, vex_op, ymm, 32, vex_epilogue, 0, LS(FMA_OPS8)
	walk_func ports_avx2_ops8_pipe, vex_setup, vex_op, ymm, 32, vex_epilogue, 0, FMA_OPS8_XMEM, 4
	CLOAD_BLOCK = 4
	walk_func ports_avx2_ops32, vex_setup, vex_op, ymm, 32, vex_epilogue, 0, \
		LS(FMA_OPS32_SPLIT_CLOADS)
	walk_func ports_avx2_xmm_ops8, vex_setup, vex_op, xmm, 16, vex_epilogue, 0, LS(FMA_OPS8)
	walk_func ports_avx2_xmm_ops32, vex_setup, vex_op, xmm, 16, vex_epilogue, 0, \
		LS(FMA_OPS32_SPLIT_CLOADS)
	walk_func ports_avx512_ops2, vex_setup, vex_op, zmm, 64, vex_epilogue, 0, LS(FMA_OPS2)
	walk_func ports_avx512_ops8, vex_setup, vex_op, zmm, 64, vex_epilogue, 0, LS(FMA_OPS8)
	CLOAD_BLOCK = 7
	walk_func ports_avx512_ops32, vex_setup, vex_op, zmm, 64, vex_epilogue, 0, \
		LS(FMA_OPS32_CLOADS)

/*
 * The flow walk of ops8 (FMA ISAs): x in blocks of four vectors, each
 * loaded, the kernel's formula computed on it term by term across the
 * block, (x + a) b - (x + c) d + (x + e) f, with a, c, e 0.0 (R14) and b,
 * d, f 1.0 (R15, in the words' precision), and the results stored over
 * it: every add reads a load, the multiply an add, each FMA an add and
 * the term before, as in the kernel. Each step is exact, so x keeps its
 * value (-0 comes out +0, an infinity or NaN a quiet NaN): uniform words
 * stay uniform, as fpu_bench checks. A block takes x into R0-R3 and its
 * results into R4-R7, the adds R8 (renamed each time). sfx: ps for fp32
 * words, pd for fp64.
 *
 * Why a second form: on a Zen 1 core the walk above (registers nobody
 * reads, FMAs into rotating accumulators, a vector at a time) ran its
 * 128-bit ops8 mix with loads and stores at 2.02-2.19 TSC ticks a vector,
 * the plain mix at 1.57-1.59, the formula computed on each vector in
 * turn at 1.77-1.79 (four or sixteen vectors a loop, the adds first, the
 * stores a group late: all the same), and in blocks of four at 1.74-1.76
 * (at 16 and 256 KiB). fpu_bench takes the better of the two walks as the
 * second bound.
 */
.macro flow_term R, sfx, fma
	.irp v, 0, 1, 2, 3
	ins3	vadd\sfx, \R, 14, \v, 8
	ins3	\fma\sfx, \R, 15, 8, %(4 + \v)
	n_ins = n_ins + 2
	.endr
.endm

.macro flow_block R, sfx, off
	.irp v, 0, 1, 2, 3
	walk_ld	vmovups, \R, %(\off + \v * VEC_WALK), \v
	.endr
	flow_term \R, \sfx, vmul
	flow_term \R, \sfx, vfnmadd231
	flow_term \R, \sfx, vfmadd231
	.irp v, 0, 1, 2, 3
	walk_st	vmovups, \R, %(4 + \v), %(\off + \v * VEC_WALK)
	.endr
.endm

/* ports_flow_<isa>_ops8_<f32|f64>(x, bytes, passes): the flow walk;
 * returns its FP instructions per vector (counted by the assembler). */
.macro flow_func name, R, vbytes, sfx
	entry_with_frame \name, MEM_FRAME
	vex_setup \R
.ifc \sfx, pd
.ifc \R, xmm
	vmovddup one_f64(%rip), %xmm15
.else
	vbroadcastsd one_f64(%rip), %\R\()15
.endif
.endif
	walk_begin
	VEC_WALK = \vbytes
	n_ins = 0
	n_blk = 0
	.rept	WALK_VECS / 4
	flow_block \R, \sfx, %(n_blk * 4 * \vbytes)
	n_blk = n_blk + 1
	.endr
	walk_end \vbytes
	vzeroupper
	mov	$n_ins / WALK_VECS, %eax
	leave
	ret
	.size	\name, . - \name
.endm

	flow_func ports_flow_avx2_ops8_f32, ymm, 32, ps
	flow_func ports_flow_avx2_ops8_f64, ymm, 32, pd
	flow_func ports_flow_avx2_xmm_ops8_f32, xmm, 16, ps
	flow_func ports_flow_avx2_xmm_ops8_f64, xmm, 16, pd
	flow_func ports_flow_avx512_ops8_f32, zmm, 64, ps
	flow_func ports_flow_avx512_ops8_f64, zmm, 64, pd

	.noaltmacro

/* ---------------------------------------------------------------- stream */

/*
 * stream_<isa>[_prefetch](x, bytes, passes): vmove is the aligned vector
 * move, R the register file; the _prefetch forms also prefetch each line
 * one page (4096 bytes) ahead, as the kernels do.
 */
.macro stream_func name, vmove, R, vbytes, prefetch, epilogue
	.global	\name
	.type	\name, @function
	.p2align 6
\name:
	test	%rsi, %rsi
	jz	3f
	test	%rdx, %rdx
	jz	3f
	lea	(%rdi,%rsi), %rsi	// end of x
1:	mov	%rdi, %rax
	.p2align 5
2:
.if \prefetch
	.irp line, 0, 64, 128, 192
	.if \line < 4 * \vbytes
	prefetcht0 4096+\line(%rax)
	.endif
	.endr
.endif
	\vmove	0*\vbytes(%rax), %\R\()0
	\vmove	1*\vbytes(%rax), %\R\()1
	\vmove	2*\vbytes(%rax), %\R\()2
	\vmove	3*\vbytes(%rax), %\R\()3
	\vmove	%\R\()0, 0*\vbytes(%rax)
	\vmove	%\R\()1, 1*\vbytes(%rax)
	\vmove	%\R\()2, 2*\vbytes(%rax)
	\vmove	%\R\()3, 3*\vbytes(%rax)
	add	$4*\vbytes, %rax
	cmp	%rsi, %rax
	jne	2b
	dec	%rdx
	jnz	1b
3:	\epilogue
	ret
	.size	\name, . - \name
.endm

	stream_func stream_sse2, movaps, xmm, 16, 0, no_epilogue
	stream_func stream_avx2, vmovaps, ymm, 32, 0, vex_epilogue
	stream_func stream_avx512, vmovaps, zmm, 64, 0, vex_epilogue
	stream_func stream_sse2_prefetch, movaps, xmm, 16, 1, no_epilogue
	stream_func stream_avx2_prefetch, vmovaps, ymm, 32, 1, vex_epilogue
	stream_func stream_avx512_prefetch, vmovaps, zmm, 64, 1, vex_epilogue

	.section .note.GNU-stack, "", %progbits
