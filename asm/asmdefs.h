/* SPDX-License-Identifier: MIT */
/*
 * asmdefs.h: the prologue every .S file of burnkit shares.
 *
 * ENTRY/END give each kernel a global, typed, sized symbol (so objdump and
 * `burnkit inspect` find its bounds), aligned for the fetch unit. Every file
 * also gets a non-executable stack note.
 *
 * asm/ holds the kernels: asm/ref/ the C references (the generic fallback
 * and the oracle of every test), asm/x86_64|aarch64|armv7/ the hand-tuned
 * ones, file names saying the ISA variant. Nothing here knows user/: the
 * prototypes are in include/burnkit/kernels.h and user/lib/dispatch picks.
 */
#ifndef BURNKIT_ASMDEFS_H
#define BURNKIT_ASMDEFS_H

#if defined(__x86_64__)
#define BK_FUNC_ALIGN 6
#define BK_TYPE_FUNC @function
#else
#define BK_FUNC_ALIGN 6
#define BK_TYPE_FUNC %function
#endif

#define ENTRY(name)			\
	.text;				\
	.global name;			\
	.type name, BK_TYPE_FUNC;	\
	.p2align BK_FUNC_ALIGN;		\
name:

#define END(name)			\
	.size name, . - name

/*
 * LOOP_BEGIN/LOOP_END mark the hot loop body of a kernel with the local (not
 * global) symbols `bk_loop_<name>` and `bk_loop_end_<name>`: they stay in the
 * symbol table, so `burnkit inspect` counts exactly the instructions between
 * them (the loop's closing branch sits before LOOP_END). <name> is the kernel's
 * own symbol.
 */
#define LOOP_BEGIN(name) bk_loop_##name:
#define LOOP_END(name) bk_loop_end_##name:

/*
 * A kernel's further loop, taken instead of the main one at some sizes or
 * on some cores, named `loop`: bk_loop_<name>.<loop> and
 * bk_loop_end_<name>.<loop>, documented by its own line
 * "// Loop body <name>.<loop>: ..." and counted by `burnkit inspect` too.
 */
#define LOOP_BEGIN_NAMED(name, loop) bk_loop_##name.loop:
#define LOOP_END_NAMED(name, loop) bk_loop_end_##name.loop:

#if defined(__x86_64__)
/*
 * x86-64: a loop head, on a 32-byte boundary (a fetch block), so 0 or 32
 * bytes past a 64-byte one, which of the two moving with every edit of
 * the code before it; on some cores a loop's speed moves with it (AVX2
 * ops2's blocks of four on Zen 5 ran 1.3 x slower at 0 than at 32:
 * asm/x86_64/fpu_avx2.S). Built with BK_LOOP_SHIFT, 0 or 32
 * (scripts/bench/fpu.sh's LOOP_SHIFT), every loop head sits there, long
 * nops before it, so that the bench measures every kernel at both. A loop
 * of at most 32 bytes, as AVX-512 ops2's one vector an iteration, never
 * crosses a 64-byte line here (at 48 it would: 0.87-0.89 x gcc on Zen 5).
 */
.macro bk_loop_head
#ifdef BK_LOOP_SHIFT
	.p2align 6
.if BK_LOOP_SHIFT
	.nops	BK_LOOP_SHIFT
.endif
#else
	.p2align 5
#endif
.endm

/*
 * x86-64: a kernel's block loop, `block p, prefetch` from cur up to blkend
 * in steps of block_bytes, its head aligned; begin and end mark it where
 * they are LOOP_BEGIN and LOOP_END.
 */
.macro bk_block_loop begin, end, block, p, prefetch, block_bytes, cur, blkend
	bk_loop_head
\begin
2:	\block	\p, \prefetch
	add	$\block_bytes, \cur
	cmp	\blkend, \cur
	jne	2b
\end
.endm

/*
 * x86-64: a two-stage software pipeline over the blocks [cur, lastblk]
 * (none when lastblk is below cur), two register sets taking turns:
 * `first p` gives the
 * first block its first stage (set 0), each `step p, prefetch, a` gives
 * the block at cur (set a) its second stage beside the next block's first
 * (set 1 - a) and moves cur on by one block, `last p, a` gives the last
 * block (set a) its second stage; leaves cur one block past lastblk
 * (stride: the block's bytes). begin and end mark the loop, two steps.
 */
.macro bk_two_set_pipeline first, step, last, p, prefetch, stride, cur, lastblk, begin, end
	cmp	\lastblk, \cur
	ja	.Lbk_none\@
	\first	\p
	cmp	\lastblk, \cur
	je	.Lbk_last0\@
	bk_loop_head
\begin
2:	\step	\p, \prefetch, 0
	cmp	\lastblk, \cur
	je	.Lbk_last1\@
	\step	\p, \prefetch, 1
	cmp	\lastblk, \cur
	jne	2b
\end
.Lbk_last0\@:
	\last	\p, 0
	jmp	.Lbk_done\@
.Lbk_last1\@:
	\last	\p, 1
.Lbk_done\@:
	add	$\stride, \cur
.Lbk_none\@:
.endm
#endif

	.section .note.GNU-stack, "", %progbits

#endif
