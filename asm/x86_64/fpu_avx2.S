/* SPDX-License-Identifier: MIT */
/*
 * fpu_avx2.S: the burninfpu / MP-MFLOPS kernels (2, 8 and 32 operations
 * per word, single and double precision) for x86-64 with AVX2 and FMA3.
 *
 * Assumptions:
 *
 * x86-64, System V ABI, AVX (VEX encoding, 16 ymm registers), AVX2 and
 * FMA3. x is 4-byte (fpu32) or 8-byte (fpu64) aligned, n >= 0, passes >= 0;
 * n or passes 0 does nothing. Contract, constants and operation order:
 * include/burnkit/kernels.h.
 * Syntax: GNU as, AT&T, as gcc emits it and objdump (so `burnkit inspect`)
 * prints it: the source and the disassembly the counts are checked against
 * read alike.
 *
 * Strategy: each pass splits x into a head up to the first 32-byte
 * boundary, whole blocks of aligned vectors (the loop body), whole aligned
 * vectors, and a tail. Head and tail go through vmaskmovps/vmaskmovpd with
 * a lane mask taken from a sliding window over lane_masks (the window for
 * k bytes starts k bytes before its end), so they touch no word outside x
 * and any n and alignment take the same path. ops8 for x of at most
 * BK_FPU_PIPE_MAX_BYTES (32 KiB, burnkit/prefetch.h) runs its blocks in
 * a software pipeline instead (see the schedule). The constants are
 * broadcast once per call. One temporary register serves every x + c of
 * an ops8 block (two in ops32): renaming makes its uses independent. At
 * RAM size the hardware prefetchers stop at every 4 KiB page, so for x
 * larger than BK_FPU_PREFETCH_MIN_BYTES (4 MiB, burnkit/prefetch.h) each
 * block of ops8 and ops32 also prefetches (prefetcht0) each of its lines
 * one page ahead. Those kernels therefore have their pass loop twice,
 * chosen once per call: the plain one, which LOOP_BEGIN marks, and the
 * prefetching one (bk_prefetch_gated makes both from `passes`). ops2,
 * nothing but a stream, prefetches only on the cores lib/dispatch names
 * (bk_fpu_avx2_ops2_prefetch: Zen 1, Zen 5 and Emerald Rapids; below).
 * Measured on a Sapphire
 * Rapids core, one thread, ops2 prefetching every line against one line
 * in two: 3-6 % faster at 256 MiB (95 % of the in-place stream with
 * prefetch), 2 % at 1 MiB, 5 % slower at L1 size. On a Zen 3 core (EPYC
 * 7003, one thread, cycles per vector, best of 200 samples, the two
 * taking turns): without the prefetches ops8 1.85 against 1.99 at L1
 * size, ops2 1.12 against 1.56 at L2 size, none slower up to 4 MiB (L3);
 * with them ops8 6-11 % and ops32 (the schedule before this one) 25 %
 * faster at 64 MiB, ops2 1-18 % slower there (one
 * prefetch per block, every other line, was slower still), which is why
 * ops2 has no prefetching loop: it runs at the plain stream's rate, as
 * gcc's loop does, on either core (the Sapphire Rapids gain above is 3-6 %
 * of a stream the bench compares with the better of plain and
 * prefetching). On a Zen 5 core (EPYC 9005, 64 MiB, one thread) ops2 ran
 * 12-16 % faster with a prefetch every line (every other line: no
 * change); a later day, the builds taking turns, it did not: 90.5-92.1 %
 * of the stream with the prefetch in 6 runs, 85.2-94.0 % without in 8,
 * and blocks of eight vectors (the stream loop's 256 bytes) 90.7-94.2 %
 * in 4. A third day (fpu.sh --isa avx2 --size RAM, 64 MiB, a bench build
 * that chose by a switch, 3 runs each way taking turns, one more with the
 * prefetch before them): with the prefetch (4 runs) 98.0-100.3 % of the
 * stream on one thread and 1.08-1.10 x gcc, without 94.3-96.5 % and
 * 1.01-1.03 x (a full fpu.sh run that day: 88.7 %, the goal missed); on
 * two threads 92.8-100.3 % against 95.0-95.7 %, x gcc 1.08-1.11 against
 * 1.02-1.04. So on Zen 5 (an AVX2 kernel there only with --isa avx2) it
 * prefetches, as on Zen 1; on Zen 3 the prefetch cost it, and Sapphire
 * Rapids (3-6 %, above) and the cores not measured keep the plain loop.
 * On an Emerald Rapids core (Xeon, family 6 model CFh, AVX-512; fpu.sh
 * --isa avx2 --size RAM, 600 MiB a thread, a bench build that chose by a
 * switch, 3 runs each way taking turns) ops2 ran at 101.1-104.0 % of the
 * stream with the prefetch on one thread (x gcc 1.21-1.22) and 101.7-103.1
 * % on two (1.21-1.24), without it 84.0-86.2 % (1.01-1.03) and 84.0-85.5 %
 * (1.01-1.02); a harness (best of 15 calls a size, the two taking turns)
 * gave 0.98-1.06 x at 8-64 MiB, inside its L3, and 1.17-1.28 x at 128-600
 * MiB. So Emerald Rapids prefetches too.
 * On a Zen 1 core (EPYC 7001 under KVM, fpu32, one thread, a throwaway
 * harness, the builds and the streams taking turns, TSC ticks per 64-byte
 * line, best of 8 to 10 calls) the prefetch every line paid: 13.63-13.85
 * against 15.62-16.15 at 64 MiB (1.16-1.17 x; the prefetching stream
 * 13.77-13.89, the plain one 15.87-15.98), 9.02 against 11.62 at 8 MiB;
 * ops2 at 128 bits ran no faster (3.62 against 3.57 at 256 KiB, 15.99
 * against 15.62 at 64 MiB). So there ops2 prefetches above
 * bk_fpu_prefetch_min_bytes, as ops8 and ops32 do. Prefetches past the end
 * of x are harmless (they never fault).
 *
 * Schedule. Cores named (256-bit vectors; per cycle; latencies in cycles):
 *   Skylake, Ice Lake   FMA/mul/add on ports 0 and 1: 2; FMA 4, add 4;
 *                       2 loads
 *   Golden Cove         FMA/mul on ports 0 and 1, add on 1 and 5: 3 for a
 *   (Sapphire Rapids)   mix of both; FMA 4, add 2-3; 3 loads
 *   Zen 2, Zen 3        FMA/mul on 2 pipes, add on 2 others: 4 for an even
 *                       mix; FMA 5 (Zen 2) or 4 (Zen 3), add 3; 2 loads
 *   Zen 1, Zen+         the same pipes 128 bits wide, a 256-bit instruction
 *                       two macro-ops; FMA 5, add 3; ops8 (two-stage) and
 *                       ops32 run at 128 bits there (fpu_avx2_xmm.S, this
 *                       file built again)
 * ops2 and ops8 keep every constant in a register; a vector's chain is
 * short (ops8: add, mul, 2 fma: 15-19 cycles from its load), so blocks of
 * four vectors interleaved term by term, and the overlap of consecutive
 * blocks, fill the pipes: ops8 is designed for 6 FP instructions per
 * vector, 3.0 cycles on Skylake, 2.0 on Golden Cove, 1.5 on Zen 3, which
 * needs 5-12 vectors (1.5-3 blocks, 60-110 instructions) in flight.
 *
 * On Zen 3 that schedule runs at 1.78-1.86 cycles per vector at L1 size,
 * against 1.50 for its FP mix and 1.54 with its loads and stores walking
 * x: the chain behind each load waits in the scheduler. So for x of at
 * most 32 KiB ops8 runs a pipeline over blocks of one line: each step
 * issues the first term of block j, the second of block j - 2 and the
 * third (and the stores) of block j - 3, every add taking x from memory
 * (three loads per vector, no load instruction: 7 instructions per vector
 * instead of 8). It measured 1.575-1.62 cycles per vector at 16 and 32
 * KiB (95 % of the FP mix; the old schedule 1.78-1.80, the same words bit
 * for bit), the stages on consecutive steps (j, j - 1, j - 2) 1.64, and
 * x loaded once into a register 1.70-1.78 (a throwaway harness, best of
 * 500 samples each, taking turns). Beyond L1 the three loads of each
 * vector wait for its line together: at 48 KiB to 256 KiB the pipeline
 * was 3-10 % slower than the blocks of four, at 40 KiB 2-7 % faster;
 * hence the gate at 32 KiB, the smallest L1d of the cores named. On
 * Golden Cove-class cores a two-stage pipeline with x from memory
 * measured 1-2 % slower than the blocks of four (below).
 *
 * Zen 4 wants the opposite: there x as the adds' memory operand (three
 * 32-byte loads per vector, 2 per cycle at 1.5 cycles per vector) is
 * what holds the line pipeline at 90 % of the FP mix, and the blocks of
 * four reach 92 % at L1 size and 86-87 % at 256 and 512 KiB. So on the
 * cores lib/dispatch names (bk_fpu_avx2_ops8_two_stage: Zen 4, and Zen 5
 * below) ops8 runs a two-stage pipeline over blocks of one line in L1 and
 * (Zen 4) at RAM size (x from L2 and L3: below), x loaded
 * once into a register: step j loads block j + 1 and issues its first
 * term, block j's third, then block j + 1's second, and stores block j;
 * two register sets take turns. 8 instructions per vector and 1.5 for the
 * loop control (3 a step), designed for 1.5 cycles per vector (6
 * instructions a cycle, the dispatch width of Zen 3 and Zen 4, with cmp
 * and jcc fused); each vector's chain (15-19 cycles from its load)
 * spreads over two steps. Measured on a Zen 4 core (EPYC 9004, one
 * thread, a throwaway harness, taking turns, best of 300 samples, % of
 * the FP mix): 99.2-99.7 at 16 KiB (the line pipeline 90.1, blocks of
 * four 92.2), 89.0-89.2 at 256 and 512 KiB (blocks of four 86.5-86.7),
 * and at 64 MiB, neither prefetching, 3.62 cycles per vector against
 * 3.63; the same words bit for bit. Term orders tried within a step
 * (the first term of block j + 1 alone, block j's second and third after
 * it) ran the same at 256 KiB and 0.5 % slower at L1 size.
 *
 * Beyond L1 size the two stages' loads wait for their lines (86-88 % of
 * the FP mix at 48-512 KiB, 80-83 % at 768 KiB to 1 MiB, against 93-95 %
 * and 87-89 % for the mix with its loads and stores walking x), and the
 * blocks of four with their two prefetches first in the block, each line
 * BK_FPU_L2_PREFETCH_BYTES (1 KiB) ahead, run faster: so on those cores x from
 * L2 and L3 (larger than BK_FPU_PIPE_MAX_BYTES, at most
 * BK_FPU_PREFETCH_MIN_BYTES) runs them. Measured on the same core (that
 * kernel and the two stages taking turns, best of 400 samples, 2-3
 * processes each, a quiet stretch; % of the FP mix): 89.9-90.5 against
 * 86.3-87.3 at 48 KiB, 90.2-90.8 against 86.7-87.1 at 64 KiB, 91.3-92.7
 * against 87.9-88.3 at 256 KiB, 91.6 against 88.4-88.7 at 512 KiB,
 * 86.0-86.5 against 82.8-83.4 at 768 KiB, 84.2 against 79.4 at 1 MiB,
 * 86.0-88.2 against 85.0-86.2 at 2 and 4 MiB. They stay off at L1 size
 * (98.8 against 99.5 at 16 KiB; with prefetches of any address, even one
 * never touched, the blocks ran at 97-98 % there against 92 % without:
 * an effect of the core's scheduling, not of the data) and at RAM size
 * (19 % slower at 64 MiB). Tried and not kept: 2 KiB ahead (as 1 KiB or
 * slower); the prefetches after the loads (89.6-89.9 % at 512 KiB); the
 * two stages with a prefetch a step 2 KiB ahead, after its loads or
 * before (88-89 % at 512 KiB, 86-87 % at 1 MiB; prefetchw the same,
 * prefetcht1 slower); the two stages unrolled to four steps a branch
 * (the same in a harness, 3 % slower at 64 KiB in the kernel).
 *
 * The blocks of four from L2 and L3 run two a loop iteration, one add
 * and one fused cmp and jne for eight vectors: 8.75 macro-ops a vector
 * with the prefetches instead of 9, of the 6 a cycle Zen 4 dispatches (9
 * a vector at 1.5 cycles a vector left none to catch up when a line came
 * late). The whole vectors after the last pair go one by one. Measured
 * on the same core against one block an iteration (a throwaway harness,
 * the two taking turns, best of 300 samples, 5 processes at each size;
 * the same words bit for bit): 1.3-1.9 % faster at 512 KiB (91.6-93.0 %
 * of the FP mix against 89.9-91.9), 0.8-1.4 % at 256 KiB, 1.1-2.6 % at
 * 64 KiB, -0.6 to 3.2 % at 1 MiB.
 *
 * Zen 5 (EPYC 9005; four FP pipes, as for AVX-512) is held the same way:
 * fpu.sh measured the line pipeline at 90 % of its FP mix at L1 size, one
 * thread and two. In a harness there (taking turns, best of 200 samples,
 * cycles per vector against 1.5 for the FP mix): the two stages
 * 1.465-1.515 at 16 and 28 KiB against the line pipeline's 1.625-1.679;
 * from 64 KiB to 2 MiB the pairs of blocks and the blocks of four alike
 * (1.47-1.58); at 64 MiB the two stages without prefetches 3.26-3.75
 * against 3.29-3.61 for the blocks prefetching a page ahead. The
 * page-ahead prefetches pay there for the other kernels
 * (burnkit/prefetch.h), so Zen 5 keeps them, and its ops8 takes the
 * prefetching blocks at RAM size.
 *
 * From L2, Zen 5 runs the pairs of blocks without the prefetches up to
 * BK_FPU_L2_PREFETCH_MIN_BYTES (512 KiB, half its L2) and with them above
 * (bk_fpu_avx2_ops8_l2_prefetch_min_bytes). fpu.sh's L2 cell (512 KiB a
 * thread) fell to 84-89 % of the bound in some runs and not in others,
 * which a harness there showed are stretches of the host, not of the
 * process: the variants and the FP mix taking turns, % of the mix, the
 * best of 15 samples a window, 7 windows a process, 30 processes. At 512
 * KiB in the windows where every kernel ran slow (76 of 180; the busy
 * host's, maybe another thread on the core) the pairs without prefetches
 * ran at 91.1 against 84.1 with them 1 KiB ahead, faster in 69 (512 B, 2
 * and 4 KiB ahead 84.7-85.3, the two stages 86.3); fp64 94.7 against 84.8,
 * faster in 32 of 32; in the other windows all alike (103.6-104.1, fp64
 * 103.8-104.7); two processes at once the same (92.2 against 86.4 in the
 * slow windows). At 64 KiB 96.4 against 92.2 in the few slow windows.
 * Above the gate the prefetches paid: 3.5-4.4 points at 768 and 896 KiB,
 * 0.9 (fp64 2.9) at 1 MiB; alike at 2 and 4 MiB. fpu.sh --isa avx2 --size
 * L2, the builds before and after taking turns, 8 runs each, fp32 and
 * fp64 (% of the bound, one thread / two): before 86.9-98.7 / 85.4-98.5,
 * fp64 89.1-98.3 / 84.8-97.8 (7 of the 32 cells below 90); after
 * 92.2-99.1 / 92.8-98.9, fp64 97.6-99.0 / 92.1-99.1 (none).
 *
 * Measured for ops8 on a Sapphire Rapids core (one thread, L1 size, a
 * quiet host, the best of 40 samples or more, cycles from the bench's
 * integer add chain): 2.10-2.22 cycles per vector against 2.02 for its FP
 * mix with the kernel's loads and stores (96 %). The loop control is not
 * the limit: eight vectors per iteration (half the add, cmp and jne per
 * vector) measured within 0.5 % of this schedule, taking turns with it.
 * Nor is the scheduler's window: a two-stage software pipeline, each
 * vector's first terms issued one iteration ahead of its last (x as the
 * adds' memory operand), measured 1-2 % below it at L1 and L2 size, 234
 * runs taking turns over five minutes on a shared Emerald Rapids host.
 * On a Zen 3 core (EPYC 7003 under KVM, one thread, L1 size; the bench's
 * FP mix runs at 4.0 instructions per cycle there, the four pipes): 1.84-
 * 1.85 against 1.50 for its FP mix and 1.73 with the kernel's loads and
 * stores (93 % of that second bound).
 *
 * ops32 needs 22 constants and sums each vector in two chains (kernels.h,
 * SPLIT): E of 5 fmas after its add and mul, O of 4, then x = E - O. A
 * vector is 23 FP instructions (12 add/sub, 2 mul, 9 fma); its chain E
 * is 29 cycles on Zen 3 and Zen 4 (add 3, mul 3, fma 4, sub 3), 34 on
 * Zen 2, 29-33 on Golden Cove, plus the load. A block is four vectors
 * (two lines) interleaved term by term: x, E and O of each in ymm0-11,
 * x + c of the vectors in pairs in ymm12-13, and each term's addend and
 * factor loaded from a stack frame (the 22 constants, broadcast once per
 * call) into ymm14-15 once for the four vectors. That is 6.5 loads per
 * vector (x and 5.5 constants) and 31.25 instructions with the store and
 * the loop control. The chain it hides: in the order the core receives
 * them, a block's eight chains advance together while the block issues
 * (24 cycles of FP issue on Zen 3 and Zen 4), so an instruction waits in
 * the scheduler for about the chain's length less that, instead of the
 * chain's whole length when one vector follows another: the FP
 * schedulers hold the chains of about two blocks in flight instead of
 * five vectors' worth waiting. Designed for, per vector: 11.5 cycles on
 * Skylake (its two FP ports; 3.3 cycles of loads, 7.8 of 4-wide issue),
 * 7.7 on Golden Cove (FP ports; 2.2 of loads), 6.0 on Zen 2 to Zen 4
 * (their two add pipes; 3.3 cycles of loads at 2 a cycle, 5.2 of their
 * 6-wide dispatch).
 *
 * Measured on a Zen 4 core (EPYC 9004 under KVM, fpu32, one thread, a
 * throwaway harness, the variants and the FP mix taking turns, best of 300
 * samples at 15 KiB and of 60 at 510 KiB, two to seven runs of each at
 * each size, one loud run left out, in which every schedule ran at
 * 69-79 %; % of the FP mix measured in the same run, the results bit for
 * bit those of the reference's SPLIT order): this schedule 96.3-96.6 % at
 * both sizes (two runs); the one before it (one vector at a time, the 11
 * addends in registers, the factors as memory operands) 83.5-88.8 %.
 * Tried, not kept: four vectors with one x + c register (each add followed
 * by its fma) 90.2-93.6 %; three vectors, three constants in registers
 * 86.8-92.8 %; two vectors, seven constants in registers 82-89 %, with the
 * other constants as memory operands (two loads each) 78-80 %; one sum per
 * vector (the reference's single chain, as the AVX-512 kernel sums) over
 * three to six vectors 74-82 %. In the bench (scripts/bench/fpu.sh, this
 * core) ops32 runs at 94.5-96.8 % of its FP bound at L1 and L2 size on one
 * and two threads, fpu32 and fpu64, 1.41-1.42 x gcc -O3; at 2 and 64 MiB
 * it ran 1.13-1.16 x as fast as the schedule before it (the two taking
 * turns, best of 30 to 200 calls). On the other cores named this schedule
 * is not measured; the one before it ran at 90-93 % of the FP mix on
 * Sapphire Rapids (8.28-8.57 cycles per vector against 7.7) and 77-79 % on
 * Zen 3 (7.6-7.7 against 6.0), and two vectors interleaved with it ran as
 * fast as one on Zen 3 and 2 % faster at L1 size, 2 % slower at L2 size on
 * Sapphire Rapids; four were not tried there.
 *
 * Operation order: FUSED. ops2 is exact: (x + a) * K2, rounded twice.
 * ops8 computes every x + c exactly as the reference, the first product
 * (x + a) * b rounded as the reference, and then fuses each further
 * product into the running sum, left to right:
 *     r = (x + a) * b;  r = r - (x + c) * d;  r = r + (x + e) * f
 * where each `r = r -/+ u * k` is one vfnmadd231/vfmadd231 (one rounding
 * instead of two). ops32 rounds every x + c as the reference, and sums in
 * two chains (kernels.h, SPLIT; its error bound is there):
 *     E = (x + a) * b;  E = E + (x + e) * f;  ...  E = E + (x + w) * y
 *     O = (x + c) * d;  O = O + (x + g) * h;  ...  O = O + (x + u) * v
 *     x = E - O
 * each further term one vfmadd231.
 *
 * Instruction counts of the loop bodies, by class as the `Loop body` lines
 * state them (a block is 4 vectors, 8 in ops2; a vector holds 8 fpu32 or
 * 4 fpu64 words):
 *
 *     kernel   per vector                    per block  fpu32/word  fpu64/word
 *     ops2     add 1 (x from memory), mul 1,     27        0.42        0.84
 *              store 1 (a block of 8 vectors)
 *     ops8     load 1, add 3, mul 1, fma 2,      35        1.09        2.19
 *              store 1
 *     ops8 up  add 3 (x from memory), mul 1,     59        0.92        1.84
 *     to 32K   fma 2, store 1 (a group of 4
 *              lines, 8 vectors)
 *     ops8     load 1, add 3, mul 1, fma 2,      38        1.19        2.38
 *     two-     store 1 (two steps of a line,
 *     stage    4 vectors)
 *     ops32    load 6.5 (x, and 22 constants    125        3.91        7.81
 *              a block), add 11, mul 2, fma 9,
 *              sub 1, store 1
 *     ops32    the same on xmm (Zen 1)          125        7.81       15.63
 *     .xmm
 *
 * plus, per block, 3 for the loop control (add, cmp, jne; counted in the
 * ops8 group's 59 and the two-stage's 38, 3 a step); the prefetching
 * loop (x larger than bk_fpu_prefetch_min_bytes) adds per block the
 * prefetches (one per 64-byte line: 2 in ops8, whether a page or 1 KiB
 * ahead, 4 in ops2 on Zen 1; the two-stage ops8 has none). ops8's adds
 * with x from memory count as add, not as loads; ops32's constants,
 * loaded from the stack frame, count as loads. The `Loop body` lines (what `burnkit inspect`
 * checks) are the block loops; ops8's group loop, above, is for x of at
 * most 32 KiB, its two-stage loop for the cores that run it. Classes by
 * mnemonic: vmovups/vmovupd/vmovaps/vmovapd from memory is a load, to
 * memory a store; vaddps/vaddpd and the pointer's add are add;
 * vsubps/vsubpd sub; vmulps/vmulpd mul; vfmadd231/vfnmadd231 fma; cmp; jcc
 * branch; anything else (prefetcht0) other.
 */

#include "asmdefs.h"
#include "burnkit/prefetch.h"

#define xbase	%rdi		/* x */
#define nwords	%rsi		/* n, before the split */
#define headmask %rsi		/* lane mask window of the head, after it */
#define npasses	%rdx		/* passes left */
#define cur	%rax		/* current vector in a pass */
#define xend	%rcx		/* end of x */
#define blkend	%r8		/* end of the whole blocks */
#define vecend	%r9		/* end of the whole vectors */
#define body	%r10		/* first 32-byte aligned vector */
#define nbytes	%r11		/* bytes after the head, during the split */
#define tailmask %r11		/* lane mask window of the tail, after it */
#define consts	%rax		/* bk_fpu*_consts, before the first pass */

#ifdef BK_AVX2_XMM
/*
 * The second build (fpu_avx2_xmm.S): ops8 and ops32 at 128 bits, the same
 * instructions on xmm registers under the _xmm names, for the cores whose
 * FP pipes are 128 bits wide (there it ran faster; see that file); its
 * ops8 takes the pairs of blocks at every size (ops8_passes).
 */
#define VEC_BYTES 16
#define ymm0 xmm0
#define ymm1 xmm1
#define ymm2 xmm2
#define ymm3 xmm3
#define ymm4 xmm4
#define ymm5 xmm5
#define ymm6 xmm6
#define ymm7 xmm7
#define ymm8 xmm8
#define ymm9 xmm9
#define ymm10 xmm10
#define ymm11 xmm11
#define ymm12 xmm12
#define ymm13 xmm13
#define ymm14 xmm14
#define ymm15 xmm15
/* Each kernel's loop is its 256-bit kernel's further loop KERNEL.xmm
 * (`burnkit inspect` counts it); name is pasted unexpanded. */
#undef LOOP_BEGIN
#undef LOOP_END
#define LOOP_BEGIN(name) bk_loop_##name.xmm:
#define LOOP_END(name) bk_loop_end_##name.xmm:
#define fpu32_ops8_x86_64_avx2 fpu32_ops8_x86_64_avx2_xmm
#define fpu64_ops8_x86_64_avx2 fpu64_ops8_x86_64_avx2_xmm
#define fpu32_ops32_x86_64_avx2 fpu32_ops32_x86_64_avx2_xmm
#define fpu64_ops32_x86_64_avx2 fpu64_ops32_x86_64_avx2_xmm
#define PAIR_BYTES 32
#define PAIR_SHIFT 5
#else
#define VEC_BYTES 32
#define PAIR_BYTES 64
#define PAIR_SHIFT 6
#endif
#define LINE_BYTES 64
#define PREFETCH_BYTES 4096	/* one page ahead of the block being loaded */

/* A block macro's prefetch argument: 0 none, 1 one page ahead
 * (bk_prefetch_gated), or this: BK_FPU_L2_PREFETCH_BYTES ahead (ops8 only). */
#define PREFETCH_FROM_L2 2

/* Every kernel keeps x of its single vector in ymm0 and a lane mask in ymm1. */
#define lanes	%ymm1

	.section .rodata
	.p2align 5
lane_masks:
	.rept	VEC_BYTES / 4
	.long	-1
	.endr
	.rept	VEC_BYTES / 4
	.long	0
	.endr
	.text

/*
 * Split x[0, n) (esz_shift: log2 of the word size) into the head, the
 * whole blocks of block_bytes, the whole vectors and the tail, and leave
 * through 9f when there is no work.
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
	sub	body, nbytes		// bytes from the first aligned vector
	lea	lane_masks+VEC_BYTES(%rip), headmask
	sub	body, headmask		// window with `head bytes` lanes set
	add	xbase, body
	mov	nbytes, vecend
	and	$-VEC_BYTES, vecend
	add	body, vecend
	mov	nbytes, blkend
	and	$-\block_bytes, blkend
	add	body, blkend
	and	$VEC_BYTES - 1, nbytes	// tail bytes
	lea	lane_masks+VEC_BYTES(%rip), %rax
	sub	nbytes, %rax
	mov	%rax, tailmask
.endm

/* The head of a pass, then cur = the first aligned vector. */
.macro pass_head vec, p
	mov	xbase, cur
	cmp	body, cur
	je	4f
	vmovdqu	(headmask), lanes
	\vec	\p, 1
4:	mov	body, cur
.endm

/* Whole vectors after the blocks, the tail, the next pass. */
.macro pass_tail vec, p
5:	cmp	vecend, cur
	je	6f
	\vec	\p, 0
	add	$VEC_BYTES, cur
	jmp	5b
6:	cmp	xend, cur
	je	7f
	vmovdqu	(tailmask), lanes
	\vec	\p, 1
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

/* Load the vector at cur into reg, under `lanes` when masked. */
.macro load_vec p, masked, reg
.if \masked
	vmaskmov\p (cur), lanes, \reg
.else
	vmovu\p	(cur), \reg
.endif
.endm

.macro store_vec p, masked, reg
.if \masked
	vmaskmov\p \reg, lanes, (cur)
.else
	vmovu\p	\reg, (cur)
.endif
.endm

/* ---------------------------------------------------------------- ops2 */

#define kfactor	%ymm15		/* K2 */
#define ka2	%ymm14		/* a */

/*
 * A block of ops2: eight vectors (four lines), each added to a with x
 * from memory, multiplied and stored before the next, in ymm0-7 in turn:
 * 3 instructions a vector and 3 a block for the loop, 3.4 in all. The
 * chain from a vector's load to its store (load, add, mul: about 13
 * cycles on the cores named below) is hidden by the vectors after it,
 * which depend on nothing before them. Designed for 0.5 cycles a vector
 * where the core takes two loads and two 256-bit stores a cycle and 7
 * instructions (Zen 5: 0.6 measured at L1 size, below), 1 cycle on
 * Skylake (one store a cycle); from L2 and RAM the caches set the rate,
 * the stream's (Zen 5: 0.8 cycles a vector from L2).
 *
 * Why eight vectors so: on a Zen 5 core (EPYC 9005, one thread, a
 * throwaway harness, TSC ticks per vector at 2.69 GHz, best of 15-30
 * calls, the loops taking turns, each placed with its head at 0, 16, 32
 * and 48 bytes past a 64-byte boundary, three runs) the blocks of four
 * this replaced, loads first, then adds, multiplies and stores, ran
 * 0.57-0.62 at 24 KiB with the head at 16, 32 or 48 and 0.75-0.79 at 0,
 * where the build had put it (75 % of the stream beside it at L2 size in
 * fpu.sh, 1.00 x gcc); the same grouping over eight vectors 0.57-0.61 at
 * every head; these eight 0.41-0.47 in two runs and 0.52-0.53 in the
 * third, the stream loop 0.51-0.55. At 512 KiB these eight ran 0.54-0.56
 * in two runs (the stream 0.55-0.57) and 0.58-0.62 in a noisier one (the
 * stream 0.61), the blocks of four as the stream but 0.72-0.79 with the
 * head at 0; gcc's form (one vector an iteration) 0.72-0.86 at either
 * size, 1.12 once with its head at 48. Where a
 * loop lands in its 64-byte line moves with any edit of the code before
 * it in this file (the section is aligned to 64 bytes, the loop head to
 * 32), so a schedule must not depend on it.
 */
#define OPS2_BLOCK_BYTES (8 * VEC_BYTES)

.macro ops2_vec p, masked
	load_vec \p, \masked, %ymm0
	vadd\p	ka2, %ymm0, %ymm0
	vmul\p	kfactor, %ymm0, %ymm0
	store_vec \p, \masked, %ymm0
.endm

.macro ops2_block p, prefetch
.if \prefetch
	.irp line, 0, 1, 2, 3
	prefetcht0 PREFETCH_BYTES+\line*LINE_BYTES(cur)
	.endr
.endif
	.irp v, 0, 1, 2, 3, 4, 5, 6, 7
	vadd\p	\v*VEC_BYTES(cur), ka2, %ymm\v
	vmul\p	kfactor, %ymm\v, %ymm\v
	vmovu\p	%ymm\v, \v*VEC_BYTES(cur)
	.endr
.endm

/*
 * ops2's passes: prefetching one page ahead above bk_fpu_prefetch_min_bytes
 * only on the cores bk_fpu_avx2_ops2_prefetch names (lib/dispatch: Zen 1,
 * Zen 5 and Emerald Rapids),
 * plain everywhere else and below the gate (see the strategy).
 */
.macro ops2_passes p, begin, end
	bk_prefetch_gated_if bk_fpu_avx2_ops2_prefetch, xbase, xend, %rax, 9f, passes, \
		\begin, \end, ops2_vec, ops2_block, \p, OPS2_BLOCK_BYTES
.endm

/* One constant into every lane of reg (e: s or d; an xmm has no
 * vbroadcastsd, vmovddup does the same there). */
.macro bcast e, src, reg
.if VEC_BYTES == 16
.ifc \e, d
	vmovddup \src, \reg
	.exitm
.endif
.endif
	vbroadcasts\e \src, \reg
.endm

/* ------------------------------------------------------------ terms */

/* First term of the vector in xr: r = (x + c) * d, rounded twice. */
.macro first_term p, xr, rr, t, c, d
	vadd\p	\c, \xr, \t
	vmul\p	\d, \t, \rr
.endm

/* A further term: r = r -/+ (x + c) * d, fused (fma: vfmadd231 or vfnmadd231). */
.macro next_term p, fma, xr, rr, t, c, d
	vadd\p	\c, \xr, \t
	\fma\p	\d, \t, \rr
.endm

/* ---------------------------------------------------------------- ops8 */

/* Blocks of four vectors: x in ymm0-3, results in ymm4-7, x + c in ymm8. */
#define tmp8	%ymm8
#define ka8	%ymm10
#define kb8	%ymm11
#define kc8	%ymm12
#define kd8	%ymm13
#define ke8	%ymm14
#define kf8	%ymm15

.macro ops8_vec p, masked
	load_vec \p, \masked, %ymm0
	first_term \p, %ymm0, %ymm4, tmp8, ka8, kb8
	next_term \p, vfnmadd231, %ymm0, %ymm4, tmp8, kc8, kd8
	next_term \p, vfmadd231, %ymm0, %ymm4, tmp8, ke8, kf8
	store_vec \p, \masked, %ymm4
.endm

.macro ops8_term4 p, fma, c, d
	next_term \p, \fma, %ymm0, %ymm4, tmp8, \c, \d
	next_term \p, \fma, %ymm1, %ymm5, tmp8, \c, \d
	next_term \p, \fma, %ymm2, %ymm6, tmp8, \c, \d
	next_term \p, \fma, %ymm3, %ymm7, tmp8, \c, \d
.endm

/* The block of four vectors at off(cur). */
.macro ops8_block p, prefetch, off=0
.if \prefetch
	.Lahead = PREFETCH_BYTES
	.if \prefetch == PREFETCH_FROM_L2
	.Lahead = BK_FPU_L2_PREFETCH_BYTES
	.endif
	prefetcht0 \off+.Lahead+0*LINE_BYTES(cur)
.if 4 * VEC_BYTES > LINE_BYTES
	prefetcht0 \off+.Lahead+1*LINE_BYTES(cur)
.endif
.endif
	vmovu\p	\off+0*VEC_BYTES(cur), %ymm0
	vmovu\p	\off+1*VEC_BYTES(cur), %ymm1
	vmovu\p	\off+2*VEC_BYTES(cur), %ymm2
	vmovu\p	\off+3*VEC_BYTES(cur), %ymm3
	first_term \p, %ymm0, %ymm4, tmp8, ka8, kb8
	first_term \p, %ymm1, %ymm5, tmp8, ka8, kb8
	first_term \p, %ymm2, %ymm6, tmp8, ka8, kb8
	first_term \p, %ymm3, %ymm7, tmp8, ka8, kb8
	ops8_term4 \p, vfnmadd231, kc8, kd8
	ops8_term4 \p, vfmadd231, ke8, kf8
	vmovu\p	%ymm4, \off+0*VEC_BYTES(cur)
	vmovu\p	%ymm5, \off+1*VEC_BYTES(cur)
	vmovu\p	%ymm6, \off+2*VEC_BYTES(cur)
	vmovu\p	%ymm7, \off+3*VEC_BYTES(cur)
.endm

/* Two blocks of four vectors, one loop control for both (see ops8_passes). */
.macro ops8_block_pair p, prefetch
	ops8_block \p, \prefetch, 0
	ops8_block \p, \prefetch, 4*VEC_BYTES
.endm

/* blkend for pairs of blocks; the whole vectors after them go one by one. */
.macro ops8_pair_split
	mov	vecend, blkend
	sub	body, blkend
	and	$-8*VEC_BYTES, blkend
	add	body, blkend
.endm

.macro ops8_consts e, esz
	bcast	\e, 0*\esz(consts), ka8
	bcast	\e, 1*\esz(consts), kb8
	bcast	\e, 2*\esz(consts), kc8
	bcast	\e, 3*\esz(consts), kd8
	bcast	\e, 4*\esz(consts), ke8
	bcast	\e, 5*\esz(consts), kf8
.endm

/*
 * ops8 for x of at most BK_FPU_PIPE_MAX_BYTES (32 KiB, burnkit/prefetch.h):
 * a software pipeline over blocks of two vectors (PAIR_BYTES: a line at
 * 256 bits, half a line at 128) in three stages, every x + c taking x
 * from memory as the add's memory operand (no load instruction, no x
 * register). Step j issues the first term of block j, the second of block
 * j - 2 and the third and the stores of block j - 3, newest first: a
 * stage's inputs have had a step or two (3-7 cycles) to arrive, so fewer
 * instructions wait in the scheduler. Block b keeps its two results in
 * register pair b % 4 from its first term to its store, so a group of
 * four steps is the loop body. cur points at the oldest block of a step;
 * blkend (ops8_pipe_split) at the oldest block of the first step after
 * the groups: the blocks past them are left to the whole-vector loop of
 * the pass.
 */
.macro ops8_stage_term p, off, c, op, d, r0, r1
	vadd\p	\off(cur), \c, tmp8
	\op\p	\d, tmp8, \r0
	vadd\p	\off+VEC_BYTES(cur), \c, tmp8
	\op\p	\d, tmp8, \r1
.endm

/* r = (x + a) * b, rounded twice, as first_term */
.macro ops8_stage0 p, off, r0, r1
	ops8_stage_term \p, \off, ka8, vmul, kb8, \r0, \r1
.endm

.macro ops8_stage1 p, off, r0, r1
	ops8_stage_term \p, \off, kc8, vfnmadd231, kd8, \r0, \r1
.endm

.macro ops8_stage2 p, off, r0, r1
	ops8_stage_term \p, \off, ke8, vfmadd231, kf8, \r0, \r1
	vmovu\p	\r0, \off(cur)
	vmovu\p	\r1, \off+VEC_BYTES(cur)
.endm

/* Register pairs of the pipeline: the results of block b in pair b % 4. */
#define PAIR0	%ymm0, %ymm1
#define PAIR1	%ymm2, %ymm3
#define PAIR2	%ymm4, %ymm5
#define PAIR3	%ymm6, %ymm7

/* Step k of a group (cur: its first step's oldest block): its blocks
 * k + 3, k + 1 and k, in pairs a, b and c. */
.macro ops8_step p, k, a0, a1, b0, b1, c0, c1
	ops8_stage0 \p, (\k+3)*PAIR_BYTES, \a0, \a1
	ops8_stage1 \p, (\k+1)*PAIR_BYTES, \b0, \b1
	ops8_stage2 \p, \k*PAIR_BYTES, \c0, \c1
.endm

/*
 * blkend for the pipeline: with N whole blocks of two vectors from body,
 * the pipeline takes the largest N' <= N with N' - 3 a multiple of 4, at
 * least 7 (the fill, one group, the drain): blkend = body + N' - 3 blocks,
 * or body when N < 7 (no pipeline). %rax is free here.
 */
.macro ops8_pipe_split
	mov	vecend, %rax
	sub	body, %rax
	shr	$PAIR_SHIFT, %rax	// whole blocks of two vectors
	mov	body, blkend
	cmp	$7, %rax
	jb	8f
	sub	$3, %rax
	and	$-4, %rax
	shl	$PAIR_SHIFT, %rax
	add	%rax, blkend
8:
.endm

/* The pipeline over [cur, blkend + 3 blocks): fill, groups, drain. */
.macro ops8_pipe p
	ops8_stage0 \p, 0*PAIR_BYTES, PAIR0
	ops8_stage0 \p, 1*PAIR_BYTES, PAIR1
	ops8_stage0 \p, 2*PAIR_BYTES, PAIR2
	ops8_stage1 \p, 0*PAIR_BYTES, PAIR0
	bk_loop_head
2:	ops8_step \p, 0, PAIR3, PAIR1, PAIR0
	ops8_step \p, 1, PAIR0, PAIR2, PAIR1
	ops8_step \p, 2, PAIR1, PAIR3, PAIR2
	ops8_step \p, 3, PAIR2, PAIR0, PAIR3
	add	$4*PAIR_BYTES, cur
	cmp	blkend, cur
	jne	2b
	ops8_stage1 \p, 1*PAIR_BYTES, PAIR1
	ops8_stage2 \p, 0*PAIR_BYTES, PAIR0
	ops8_stage1 \p, 2*PAIR_BYTES, PAIR2
	ops8_stage2 \p, 1*PAIR_BYTES, PAIR1
	ops8_stage2 \p, 2*PAIR_BYTES, PAIR2
	add	$3*PAIR_BYTES, cur
.endm

/* The passes of the pipelined ops8 (its group loop is not the marked one). */
.macro ops8_pipe_passes p
1:	pass_head ops8_vec, \p
	cmp	blkend, cur
	je	3f
	ops8_pipe \p
3:	pass_tail ops8_vec, \p
.endm

/*
 * ops8 in a two-stage pipeline over blocks of two vectors (PAIR_BYTES), at
 * every size, on the cores bk_fpu_avx2_ops8_two_stage names (lib/dispatch;
 * see the schedule): step j loads block j + 1 and issues its first term,
 * block j's third, then block j + 1's second, and stores block j. Two
 * register sets of x and results take turns (set 0: x in ymm0-1, results
 * in ymm4-5; set 1: ymm2-3, ymm6-7), so the loop body is two steps. blkend
 * (ops8_ts_split) is the last whole block, body - 1 block when there is
 * none.
 */
.macro ops8_ts_split
	mov	vecend, blkend
	sub	body, blkend
	and	$-PAIR_BYTES, blkend
	lea	-PAIR_BYTES(body,blkend), blkend
.endm

/* Load a set's x from the block at off(cur); store its results at cur. */
.macro ts_load p, set, off
.if \set == 0
	vmovu\p	\off(cur), %ymm0
	vmovu\p	\off+VEC_BYTES(cur), %ymm1
.else
	vmovu\p	\off(cur), %ymm2
	vmovu\p	\off+VEC_BYTES(cur), %ymm3
.endif
.endm

.macro ts_store p, set
.if \set == 0
	vmovu\p	%ymm4, (cur)
	vmovu\p	%ymm5, VEC_BYTES(cur)
.else
	vmovu\p	%ymm6, (cur)
	vmovu\p	%ymm7, VEC_BYTES(cur)
.endif
.endm

/* Term i (0-2) of ops8 for both vectors of a set. */
.macro ts_term p, set, i
.if \set == 0
	ts_term_pair \p, \i, %ymm0, %ymm4, %ymm1, %ymm5
.else
	ts_term_pair \p, \i, %ymm2, %ymm6, %ymm3, %ymm7
.endif
.endm

.macro ts_term_pair p, i, x0, r0, x1, r1
.if \i == 0
	first_term \p, \x0, \r0, tmp8, ka8, kb8
	first_term \p, \x1, \r1, tmp8, ka8, kb8
.elseif \i == 1
	next_term \p, vfnmadd231, \x0, \r0, tmp8, kc8, kd8
	next_term \p, vfnmadd231, \x1, \r1, tmp8, kc8, kd8
.else
	next_term \p, vfmadd231, \x0, \r0, tmp8, ke8, kf8
	next_term \p, vfmadd231, \x1, \r1, tmp8, ke8, kf8
.endif
.endm

/* Step of the pipeline: block j at cur in set a, block j + 1 in the other. */
.macro ops8_ts_step p, prefetch, a
.if \prefetch
	.error "the two-stage ops8 never prefetches (see ops8_passes)"
.endif
	ts_load \p, (1-\a), PAIR_BYTES
	ts_term \p, (1-\a), 0
	ts_term \p, \a, 2
	ts_term \p, (1-\a), 1
	ts_store \p, \a
	add	$PAIR_BYTES, cur
.endm

/* The first block's first stage, and the last block's second. */
.macro ops8_ts_first p
	ts_load \p, 0, 0
	ts_term \p, 0, 0
	ts_term \p, 0, 1
.endm

.macro ops8_ts_last p, a
	ts_term \p, \a, 2
	ts_store \p, \a
.endm

/* The passes of the two-stage ops8 (its loop is not the marked one). */
.macro ops8_ts_passes p
1:	pass_head ops8_vec, \p
	bk_two_set_pipeline ops8_ts_first, ops8_ts_step, ops8_ts_last, \p, 0, \
		PAIR_BYTES, cur, blkend
	pass_tail ops8_vec, \p
.endm

/*
 * ops8's passes: on the cores that run the two-stage pipeline best
 * (lib/dispatch), in it for x in L1 (at most BK_FPU_PIPE_MAX_BYTES), in
 * blocks of four vectors, two a loop iteration, prefetching
 * BK_FPU_L2_PREFETCH_BYTES ahead (x from L2 and L3; on Zen 5 only above
 * bk_fpu_avx2_ops8_l2_prefetch_min_bytes, without up to it), and at RAM size
 * (larger than BK_FPU_PREFETCH_MIN_BYTES) in the two-stage pipeline
 * again where the core never prefetches a page ahead (Zen 4; it has no
 * prefetching copy), else in blocks of four prefetching a page ahead
 * above bk_fpu_prefetch_min_bytes (Zen 5); elsewhere pipelined over
 * lines for x of at most BK_FPU_PIPE_MAX_BYTES, else in blocks of four
 * vectors, prefetching a page ahead above bk_fpu_prefetch_min_bytes. The
 * 128-bit build (Zen 1) runs pairs of blocks of four at every size,
 * prefetching a page ahead above the gate (fpu_avx2_xmm.S).
 */
.macro ops8_passes p, begin, end
#ifdef BK_AVX2_XMM
	bk_prefetch_gated xbase, xend, %rax, 9f, ops8_pair_passes, \
		\begin, \end, \p
#else
	.hidden	bk_fpu_avx2_ops8_two_stage
	.hidden	bk_fpu_avx2_ops8_l2_prefetch_min_bytes
	.hidden	bk_fpu_prefetch_min_bytes
	cmpl	$0, bk_fpu_avx2_ops8_two_stage(%rip)
	je	.Lops8_default\@
	bk_if_larger xbase, xend, %rax, bk_fpu_prefetch_min_bytes(%rip), \
		.Lops8_blocks\@
	bk_if_larger xbase, xend, %rax, $BK_FPU_PREFETCH_MIN_BYTES, .Lops8_ts\@
	bk_if_larger xbase, xend, %rax, \
		bk_fpu_avx2_ops8_l2_prefetch_min_bytes(%rip), .Lops8_from_l2\@
	bk_if_larger xbase, xend, %rax, $BK_FPU_PIPE_MAX_BYTES, .Lops8_in_l2\@
.Lops8_ts\@:
	ops8_ts_split
	ops8_ts_passes \p
	jmp	9f
.Lops8_from_l2\@:
	ops8_pair_passes PREFETCH_FROM_L2, , , \p
	jmp	9f
.Lops8_in_l2\@:
	ops8_pair_passes 0, , , \p
	jmp	9f
.Lops8_default\@:
	bk_if_larger xbase, xend, %rax, $BK_FPU_PIPE_MAX_BYTES, .Lops8_blocks\@
	ops8_pipe_split
	ops8_pipe_passes \p
	jmp	9f
.Lops8_blocks\@:
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \begin, \end, \
		ops8_vec, ops8_block, \p, 4*VEC_BYTES
#endif
.endm

/* ops8's passes in pairs of blocks of four (x from L2 and L3 on the
 * two-stage cores, every size in the 128-bit build). */
.macro ops8_pair_passes prefetch, begin, end, p
	ops8_pair_split
	passes \prefetch, \begin, \end, ops8_vec, ops8_block_pair, \p, \
		8*VEC_BYTES
.endm

/* ---------------------------------------------------------------- ops32 */

/*
 * The 22 constants a, b, ..., y are broadcast once per call to 32-byte
 * slots of the stack frame, slot k holding constant k (kernels.h order:
 * addends a, c, ... at even k, factors b, d, ... at odd k).
 *
 * A block is four vectors (two lines) interleaved term by term: x in
 * ymm0-3, the even-term sums E in ymm4-7, the odd-term sums O in ymm8-11,
 * x + c in ymm12 and ymm13 (the vectors in pairs; renaming makes each
 * use independent), and each term's addend and factor in ymm14 and
 * ymm15, loaded from the frame once for the four vectors.
 */
#define FRAME_BYTES	(22 * VEC_BYTES)
#define kslot(k)	(k)*VEC_BYTES(%rsp)
#define kaddend	%ymm14
#define kfactor32	%ymm15

/*
 * Term k/2 (k: its addend's slot) of the four vectors, into their sums
 * s0-s3: mul for a chain's first term, vfmadd231 for each further one
 * (r = r + (x + c) * d, one rounding).
 */
.macro ops32_term4 p, op, k, s0, s1, s2, s3
	vmova\p	kslot(\k), kaddend
	vmova\p	kslot(\k+1), kfactor32
	vadd\p	kaddend, %ymm0, %ymm12
	vadd\p	kaddend, %ymm1, %ymm13
	\op\p	kfactor32, %ymm12, \s0
	\op\p	kfactor32, %ymm13, \s1
	vadd\p	kaddend, %ymm2, %ymm12
	vadd\p	kaddend, %ymm3, %ymm13
	\op\p	kfactor32, %ymm12, \s2
	\op\p	kfactor32, %ymm13, \s3
.endm

/* x = E - O of vector v (in ymm4 + v and ymm8 + v), stored. */
.macro ops32_store4 p, v, e, o
	vsub\p	\o, \e, \e
	vmovu\p	\e, \v*VEC_BYTES(cur)
.endm

/*
 * E and O alternate term by term, so the eight chains of a block advance
 * side by side; then x = E - O.
 */
.macro ops32_block p, prefetch
.if \prefetch
	prefetcht0 PREFETCH_BYTES+0*LINE_BYTES(cur)
.if 4 * VEC_BYTES > LINE_BYTES
	prefetcht0 PREFETCH_BYTES+1*LINE_BYTES(cur)
.endif
.endif
	vmovu\p	0*VEC_BYTES(cur), %ymm0
	vmovu\p	1*VEC_BYTES(cur), %ymm1
	vmovu\p	2*VEC_BYTES(cur), %ymm2
	vmovu\p	3*VEC_BYTES(cur), %ymm3
	ops32_term4 \p, vmul, 0, %ymm4, %ymm5, %ymm6, %ymm7
	ops32_term4 \p, vmul, 2, %ymm8, %ymm9, %ymm10, %ymm11
	.irp k, 4, 8, 12, 16
	ops32_term4 \p, vfmadd231, \k, %ymm4, %ymm5, %ymm6, %ymm7
	ops32_term4 \p, vfmadd231, (\k+2), %ymm8, %ymm9, %ymm10, %ymm11
	.endr
	ops32_term4 \p, vfmadd231, 20, %ymm4, %ymm5, %ymm6, %ymm7
	ops32_store4 \p, 0, %ymm4, %ymm8
	ops32_store4 \p, 1, %ymm5, %ymm9
	ops32_store4 \p, 2, %ymm6, %ymm10
	ops32_store4 \p, 3, %ymm7, %ymm11
.endm

/*
 * One vector (a masked head or tail, or whole vectors after the blocks):
 * x in ymm0, E in ymm4, O in ymm2, x + c in ymm3 (ymm1 holds the lane
 * mask), every constant a memory operand from its slot.
 */
.macro ops32_vec p, masked
	load_vec \p, \masked, %ymm0
	first_term \p, %ymm0, %ymm4, %ymm3, kslot(0), kslot(1)
	first_term \p, %ymm0, %ymm2, %ymm3, kslot(2), kslot(3)
	.irp k, 4, 8, 12, 16
	next_term \p, vfmadd231, %ymm0, %ymm4, %ymm3, kslot(\k), kslot(\k+1)
	next_term \p, vfmadd231, %ymm0, %ymm2, %ymm3, kslot(\k+2), kslot(\k+3)
	.endr
	next_term \p, vfmadd231, %ymm0, %ymm4, %ymm3, kslot(20), kslot(21)
	vsub\p	%ymm2, %ymm4, %ymm4
	store_vec \p, \masked, %ymm4
.endm

/* Every constant into its slot (through ymm3). */
.macro ops32_consts e, esz
	.irp k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, \
		18, 19, 20, 21
	bcast	\e, \k*\esz(consts), %ymm3
	vmovaps	%ymm3, kslot(\k)
	.endr
.endm

/*
 * ops8 and ops32 at 128 bits on the cores lib/dispatch names
 * (bk_fpu_avx2_ops8_xmm, bk_fpu_avx2_ops32_xmm): a tail call to
 * xmm_kernel when flag is set, the arguments untouched.
 */
.macro xmm_gate flag, xmm_kernel
	.hidden	\flag
	.hidden	\xmm_kernel
	cmpl	$0, \flag(%rip)
	jne	\xmm_kernel
.endm

/* ---------------------------------------------------------------- kernels */

#ifndef BK_AVX2_XMM
// Loop body fpu32_ops2_x86_64_avx2: 27 instructions per 64 words (load 0, store 8, add 9, sub 0, mul 8, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops2_x86_64_avx2)
	split	2, OPS2_BLOCK_BYTES
	movq	bk_fpu32_consts@GOTPCREL(%rip), consts
	vbroadcastss	0*4(consts), ka2
	vbroadcastss	22*4(consts), kfactor
	ops2_passes ps, LOOP_BEGIN(fpu32_ops2_x86_64_avx2), \
		LOOP_END(fpu32_ops2_x86_64_avx2)
9:	vzeroupper
	ret
END(fpu32_ops2_x86_64_avx2)
#endif

// Loop body fpu32_ops8_x86_64_avx2: 35 instructions per 32 words (load 4, store 4, add 13, sub 0, mul 4, fma 8, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops8_x86_64_avx2)
#ifndef BK_AVX2_XMM
	xmm_gate bk_fpu_avx2_ops8_xmm, fpu32_ops8_x86_64_avx2_xmm
#endif
	split	2, 4*VEC_BYTES
	movq	bk_fpu32_consts@GOTPCREL(%rip), consts
	ops8_consts s, 4
	ops8_passes ps, \
		LOOP_BEGIN(fpu32_ops8_x86_64_avx2), LOOP_END(fpu32_ops8_x86_64_avx2)
9:	vzeroupper
	ret
END(fpu32_ops8_x86_64_avx2)

// Loop body fpu32_ops32_x86_64_avx2: 125 instructions per 32 words (load 26, store 4, add 45, sub 4, mul 8, fma 36, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu32_ops32_x86_64_avx2)
#ifndef BK_AVX2_XMM
	xmm_gate bk_fpu_avx2_ops32_xmm, fpu32_ops32_x86_64_avx2_xmm
#endif
	push	%rbp
	mov	%rsp, %rbp
	and	$-VEC_BYTES, %rsp		// constants in aligned slots
	sub	$FRAME_BYTES, %rsp
	split	2, 4*VEC_BYTES
	movq	bk_fpu32_consts@GOTPCREL(%rip), consts
	ops32_consts s, 4
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu32_ops32_x86_64_avx2), LOOP_END(fpu32_ops32_x86_64_avx2), \
		ops32_vec, ops32_block, ps, 4*VEC_BYTES
9:	vzeroupper
	leave
	ret
END(fpu32_ops32_x86_64_avx2)

#ifndef BK_AVX2_XMM
// Loop body fpu64_ops2_x86_64_avx2: 27 instructions per 32 words (load 0, store 8, add 9, sub 0, mul 8, fma 0, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu64_ops2_x86_64_avx2)
	split	3, OPS2_BLOCK_BYTES
	movq	bk_fpu64_consts@GOTPCREL(%rip), consts
	vbroadcastsd	0*8(consts), ka2
	vbroadcastsd	22*8(consts), kfactor
	ops2_passes pd, LOOP_BEGIN(fpu64_ops2_x86_64_avx2), \
		LOOP_END(fpu64_ops2_x86_64_avx2)
9:	vzeroupper
	ret
END(fpu64_ops2_x86_64_avx2)
#endif

// Loop body fpu64_ops8_x86_64_avx2: 35 instructions per 16 words (load 4, store 4, add 13, sub 0, mul 4, fma 8, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu64_ops8_x86_64_avx2)
#ifndef BK_AVX2_XMM
	xmm_gate bk_fpu_avx2_ops8_xmm, fpu64_ops8_x86_64_avx2_xmm
#endif
	split	3, 4*VEC_BYTES
	movq	bk_fpu64_consts@GOTPCREL(%rip), consts
	ops8_consts d, 8
	ops8_passes pd, \
		LOOP_BEGIN(fpu64_ops8_x86_64_avx2), LOOP_END(fpu64_ops8_x86_64_avx2)
9:	vzeroupper
	ret
END(fpu64_ops8_x86_64_avx2)

// Loop body fpu64_ops32_x86_64_avx2: 125 instructions per 16 words (load 26, store 4, add 45, sub 4, mul 8, fma 36, and 0, orr 0, cmp 1, branch 1, other 0)
ENTRY(fpu64_ops32_x86_64_avx2)
#ifndef BK_AVX2_XMM
	xmm_gate bk_fpu_avx2_ops32_xmm, fpu64_ops32_x86_64_avx2_xmm
#endif
	push	%rbp
	mov	%rsp, %rbp
	and	$-VEC_BYTES, %rsp		// constants in aligned slots
	sub	$FRAME_BYTES, %rsp
	split	3, 4*VEC_BYTES
	movq	bk_fpu64_consts@GOTPCREL(%rip), consts
	ops32_consts d, 8
	bk_prefetch_gated xbase, xend, %rax, 9f, passes, \
		LOOP_BEGIN(fpu64_ops32_x86_64_avx2), LOOP_END(fpu64_ops32_x86_64_avx2), \
		ops32_vec, ops32_block, pd, 4*VEC_BYTES
9:	vzeroupper
	leave
	ret
END(fpu64_ops32_x86_64_avx2)
