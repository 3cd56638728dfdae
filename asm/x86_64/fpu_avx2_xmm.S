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
 * ops8 there runs blocks of four vectors (a line at 128 bits), two blocks
 * a loop iteration, at every size (above bk_fpu_prefetch_min_bytes each
 * line prefetched a page ahead, as elsewhere): not the two-stage pipeline
 * the 256-bit build runs on Zen 4 and Zen 5, nor the pipeline over lines.
 * Designed for, per 128-bit vector: 2.0 cycles, the rate of the plain FP
 * mix there (1.57-1.59 TSC ticks at 2.55 GHz, 3 FP instructions a cycle,
 * not the 4 pipes' 1.5), each vector's chain (add 3, mul 3, fma 5 x 2: 16
 * cycles from its load) hidden by the three other vectors of its block
 * and the next block's loads. What holds it under that is its stores:
 * every form of the kernel's loads, FP work and stores measured ran
 * 1.74-1.79 ticks, a build of the two-stage without its stores 1.58.
 * On Zen 1 a store's data takes an add pipe (fpu_sse2.S gives the
 * harness), beside the block's three adds a vector.
 *
 * Measured on the Zen 1 core above (a throwaway harness, the builds
 * taking turns, best of 60 to 300 calls, TSC ticks per 128-bit vector,
 * fpu32, three runs; the words bit for bit the old kernel's, all lengths
 * 0-299 at 8 offsets, fp32 and fp64):
 *   16 KiB:  two-stage (before) 1.768-1.771, pairs of blocks 1.749, one
 *            block a loop 1.752-1.753, four a loop 1.742;
 *   256 KiB: the blocks from L2 prefetching 1 KiB ahead (before)
 *            1.799-1.806, pairs of blocks 1.748-1.785, four a loop 1.768;
 *   fp64, 16 and 128 KiB: before 1.782-1.788, pairs 1.760-1.764.
 * In fpu.sh (one thread / two, 3 rounds): 90.4 / 90.3 % of the FP mix at
 * L1 size, 90.9 / 91.3 % at L2 (89.2-89.4 % before), 1.02 and 1.06 x gcc.
 * (The two-stage with one loop branch per two steps had gained 0.5 %:
 * not kept.)
 * The bench's walk with loads and stores, a vector at a time into
 * registers nobody reads, runs slower there (2.02-2.19) than its flow walk
 * (the formula on the words in blocks of four: 1.74-1.77), and the second
 * bound is the better of the two (scripts/bench/peak_x86_64.S).
 */
#define BK_AVX2_XMM 1
#include "fpu_avx2.S"

// Loop body fpu32_ops8_x86_64_avx2.xmm: 67 instructions per 32 words (load 8, store 8, add 25, sub 0, mul 8, fma 16, and 0, orr 0, cmp 1, branch 1, other 0)
// Loop body fpu64_ops8_x86_64_avx2.xmm: 67 instructions per 16 words (load 8, store 8, add 25, sub 0, mul 8, fma 16, and 0, orr 0, cmp 1, branch 1, other 0)
// Loop body fpu32_ops32_x86_64_avx2.xmm: 125 instructions per 16 words (load 26, store 4, add 45, sub 4, mul 8, fma 36, and 0, orr 0, cmp 1, branch 1, other 0)
// Loop body fpu64_ops32_x86_64_avx2.xmm: 125 instructions per 8 words (load 26, store 4, add 45, sub 4, mul 8, fma 36, and 0, orr 0, cmp 1, branch 1, other 0)
