/* SPDX-License-Identifier: MIT */
/*
 * fpu_avx2_xmm.S: the AVX2 ops8 and ops32 kernels at 128 bits, for cores
 * whose FP pipes are 128 bits wide and split each 256-bit instruction in
 * two (AMD Zen 1 and Zen+, family 17h below model 30h; lib/dispatch sets
 * bk_fpu_avx2_ops8_xmm and bk_fpu_avx2_ops32_xmm there, and
 * fpu32/fpu64_ops8/ops32_x86_64_avx2 call these instead). fpu_avx2.S built
 * a second time: the same schedules,
 * instructions and operation order (FUSED, SPLIT; the words come out bit
 * for bit as the 256-bit kernels'), on xmm registers, a vector of 16 bytes
 * (4 fpu32 or 2 fpu64 words), its constants' frame slots 16 bytes, and at
 * RAM size one prefetch a block, its one line.
 *
 * Why: on a Zen 1 core (EPYC 7001 under KVM, family 17h model 1, 2 vCPUs)
 * the bench's FP mix for ops32 (its 256-bit instructions, 23 a vector)
 * runs at 1.34 instructions a cycle, 17 cycles a vector of 8 fpu32 words,
 * the mix with the kernel's loads and stores at 89-94 % of that, and the
 * 256-bit kernel at 82 % (fpu.sh, one thread and two, L1 and L2 size).
 * The 128-bit build, in a throwaway harness (the two builds, SSE2 and
 * gcc -O3 -march=native taking turns, best of 40 to 300 calls, one
 * thread): 1.07-1.20 x as fast as the 256-bit one at 16 KiB (fpu32, five
 * runs), 1.04-1.06 x at 256 KiB (fpu32, two), 1.12-1.15 x for fpu64 at
 * both; in fpu.sh, which times gcc in the same run, the kernel went from
 * 1.13-1.14 x gcc to 1.28-1.43 x (L1 and L2 size, one thread, four runs),
 * to 97-103 % of the mix with its loads and stores, and in a quiet run to
 * 93.0-93.6 % of the FP mix at L1 and L2 size, one thread and two (82-83
 * and 78 % before). gcc, tuned for
 * that core by -march=native, emits 128-bit code there too. A block's
 * chain E (add 3, mul 3, fma 5 x 5, sub 3 on Zen 1: 34 cycles) is what the
 * schedule hides, as at 256 bits; the difference is in how the core takes
 * the 256-bit instructions apart (two macro-ops each, so half as many
 * vectors' chains in its windows), which the harness measured and did not
 * explain further. Designed for, per 128-bit vector: 8.6 cycles on Zen 1
 * (half the FP mix's 17.2 a 256-bit vector).
 *
 * ops8 there runs its two-stage pipeline (bk_fpu_avx2_ops8_two_stage, x
 * loaded once a vector) at 128 bits, over blocks of two vectors (half a
 * line). Its pipeline over lines, each add taking x from memory, is held
 * by the memory operations (the model that fits what follows: on Zen 1 a
 * 256-bit load or store is two of 128 bits, at most 2 a cycle, so the
 * three loads and the store of each 256-bit vector take 4 cycles against
 * 3 of FP work, and at 128 bits 2 against 1.5). Measured on the Zen 1 core above (a throwaway
 * harness, the builds and gcc -O3 -march=native taking turns, best of 200
 * to 300 calls, TSC ticks per 8 fpu32 words, two quiet runs of three):
 *   16 KiB: 256-bit line pipeline 4.43-4.47, 256-bit two-stage 4.37-4.38,
 *           128-bit line pipeline 3.93-3.96, 128-bit two-stage 3.54
 *           (1.25-1.26 x the 256-bit kernel), gcc 3.58-3.61;
 *   256 KiB: 256-bit blocks of four 4.23-4.32, 128-bit 3.50-3.61 (1.20 x;
 *           with or without the two-stage core's 1 KiB prefetches), gcc
 *           3.72-3.78;
 * fpu64 at 16 and 256 KiB: 1.23 and 1.10-1.11 x. The words are the 256-bit
 * kernel's bit for bit. Designed for, per 128-bit vector: 1.5 cycles (6
 * FP instructions on the 4 pipes, 3 adds on the two add pipes), its chain
 * (add 3, mul 3, fma 5 x 2: 16 cycles from its load) spread over two steps
 * as at 256 bits. The ops2 kernels stay at 256 bits there.
 *
 * What holds ops8 there at 88-89 % of the FP mix is its stores, not the
 * loop control. Measured on the same core (a throwaway harness, taking
 * turns, best of 200 to 300 calls, TSC ticks per 128-bit vector at
 * 16 KiB, two runs each): the two-stage loop 1.77-1.81; a diagnostic
 * build of it without the stores (its words wrong) 1.58, the FP mix 1.61
 * (half of a 256-bit vector's); one add and one fused cmp and jne per
 * two steps instead of per step (the block count made even, a pair left
 * to the whole vectors) 1.80-1.81, 0.4-0.5 % faster, not kept. The
 * bench's second bound (the mix with the kernel's loads and stores) does
 * not show that limit on this core: its walk, one vector after another,
 * ran at 2.12-2.23, four vectors interleaved term by term at 2.00, and
 * without stores at the mix's 1.60-1.62. The kernel outruns it, so
 * fpu.sh prints it as no limit here.
 */
#define BK_AVX2_XMM 1
#include "fpu_avx2.S"

// Loop body fpu32_ops8_x86_64_avx2.xmm: 35 instructions per 16 words (load 4, store 4, add 13, sub 0, mul 4, fma 8, and 0, orr 0, cmp 1, branch 1, other 0)
// Loop body fpu64_ops8_x86_64_avx2.xmm: 35 instructions per 8 words (load 4, store 4, add 13, sub 0, mul 4, fma 8, and 0, orr 0, cmp 1, branch 1, other 0)
// Loop body fpu32_ops32_x86_64_avx2.xmm: 125 instructions per 16 words (load 26, store 4, add 45, sub 4, mul 8, fma 36, and 0, orr 0, cmp 1, branch 1, other 0)
// Loop body fpu64_ops32_x86_64_avx2.xmm: 125 instructions per 8 words (load 26, store 4, add 45, sub 4, mul 8, fma 36, and 0, orr 0, cmp 1, branch 1, other 0)
