// SPDX-License-Identifier: MIT
/*
 * The Arm core model of the bench (scripts/bench/arm_model_calc.c) against
 * the same figures worked out by hand from its core table: a throughput-
 * bound mix on each core, an in-order core adding FP and memory cycles, a
 * latency-bound mix, and the slot parsing.
 */
#include <criterion/criterion.h>

#include "../../scripts/bench/arm_model.h"

#define NEAR(got, want) cr_assert_float_eq((got), (want), 1e-6 * (want) + 1e-9, \
					   "got %.6f, want %.6f", (got), (want))

/* A four-vector fpu32 ops32 NEON block: 16 words, ld1 + st1, 88 FP instructions, 92 in all. */
static struct bk_arm_mix ops32_neon_a64(void)
{
	struct bk_arm_mix m;

	cr_assert_eq(bk_arm_mix_from_slot(&m, "aarch64", "fpu32_ops32", "neon"), 0);
	m.words = 16;
	m.loads = 1;
	m.stores = 1;
	m.fp = 88;
	m.total = 92;
	return m;
}

Test(arm_model, slot_parsing)
{
	struct bk_arm_mix m;

	cr_assert_eq(bk_arm_mix_from_slot(&m, "aarch64", "fpu64_ops8", "neon"), 0);
	cr_assert_eq(m.elem_bytes, 8);
	cr_assert_eq(m.lanes, 2);
	cr_assert_eq(m.ops, 8);
	cr_assert_eq(m.terms, 3);
	cr_assert(m.fused);
	cr_assert_eq(bk_arm_mix_from_slot(&m, "armv7", "fpu32_ops2", "vfp"), 0);
	cr_assert_eq(m.lanes, 1);
	cr_assert_eq(m.terms, 1);
	cr_assert(!m.fused);
	cr_assert_eq(bk_arm_mix_from_slot(&m, "armv7", "int_read", "armv7"), -1);
	cr_assert_eq(bk_arm_mix_from_slot(&m, "armv7", "fpu32_ops4", "neon"), -1);
}

/*
 * A76: FP (88 + 64/16 store-data slots) / 2 pipes = 46 cycles; memory
 * (64/32 + 64/32) = 4; issue 92/4 = 23; chain 2 + 3 + 10 x 4 = 45 over
 * 128/92 blocks = 32.3. Bound 46: 16 x 32 x 1000 / 46 = 11130.43.
 */
Test(arm_model, a76_fp_bound)
{
	struct bk_arm_mix m = ops32_neon_a64();
	struct bk_arm_bound b;

	bk_arm_model(&bk_arm_cores[2], &m, &b);
	cr_assert_str_eq(bk_arm_cores[2].name, "A76");
	NEAR(b.fp, 46.0);
	NEAR(b.mem, 4.0);
	NEAR(b.issue, 23.0);
	NEAR(b.chain, 45.0);
	NEAR(b.latency, 45.0 * 92 / 128);
	NEAR(b.cycles, 46.0);
	cr_assert_str_eq(b.limit, "fp");
	NEAR(b.mflops_per_ghz, 512000.0 / 46);
}

/* A72: 88 Q-form at one a cycle = 88; chain 4 + 4 + 10 x 3 = 38. 512000/88. */
Test(arm_model, a72_fp_bound)
{
	struct bk_arm_mix m = ops32_neon_a64();
	struct bk_arm_bound b;

	bk_arm_model(&bk_arm_cores[1], &m, &b);
	cr_assert_str_eq(bk_arm_cores[1].name, "A72");
	NEAR(b.fp, 88.0);
	NEAR(b.mem, 4.0);
	NEAR(b.chain, 38.0);
	NEAR(b.cycles, 88.0);
	cr_assert_str_eq(b.limit, "fp");
	NEAR(b.mflops_per_ghz, 512000.0 / 88);
}

/* A53, in order: 88 FP + (64/8 + 64/8) memory = 104 > 92/2; 512000/104. */
Test(arm_model, a53_in_order_adds_memory)
{
	struct bk_arm_mix m = ops32_neon_a64();
	struct bk_arm_bound b;

	bk_arm_model(&bk_arm_cores[0], &m, &b);
	cr_assert_str_eq(bk_arm_cores[0].name, "A53");
	NEAR(b.fp, 88.0);
	NEAR(b.mem, 16.0);
	NEAR(b.throughput, 104.0);
	NEAR(b.chain, 48.0);
	cr_assert_str_eq(b.limit, "fp+mem");
	NEAR(b.mflops_per_ghz, 512000.0 / 104);
}

/*
 * One vector a block (4 words, 22 FP, 26 in all) on the A53: throughput
 * max(13, 22 + 2 + 2) = 26, the chain 4 + 4 + 10 x 4 = 48 with one block
 * in flight: latency-bound, 4 x 32 x 1000 / 48 = 2666.67.
 */
Test(arm_model, a53_single_chain_is_latency_bound)
{
	struct bk_arm_mix m = ops32_neon_a64();
	struct bk_arm_bound b;

	m.words = 4;
	m.fp = 22;
	m.total = 26;
	bk_arm_model(&bk_arm_cores[0], &m, &b);
	NEAR(b.throughput, 26.0);
	NEAR(b.latency, 48.0);
	NEAR(b.cycles, 48.0);
	cr_assert_str_eq(b.limit, "latency");
	NEAR(b.mflops_per_ghz, 128000.0 / 48);
}

/*
 * fpu32_ops32_aarch64_neon as it is: six vectors, 24 words, two ld1 and
 * two st1 (96 bytes, no constant load), 132 FP, 138 in all. A53: 132 +
 * 96/8 + 96/8 = 156 cycles, 768000/156 = 4923.08 (26 a vector, as with
 * four). A76: (132 + 6) / 2 = 69 against a chain of 45 with one block in
 * flight (128/138 < 1): 768000/69.
 */
Test(arm_model, two_block_loads_are_not_constants)
{
	struct bk_arm_mix m = ops32_neon_a64();
	struct bk_arm_bound b;

	m.words = 24;
	m.loads = 2;
	m.stores = 2;
	m.fp = 132;
	m.total = 138;
	bk_arm_model(&bk_arm_cores[0], &m, &b);
	NEAR(b.mem, 24.0);
	NEAR(b.cycles, 156.0);
	NEAR(b.mflops_per_ghz, 768000.0 / 156);
	bk_arm_model(&bk_arm_cores[2], &m, &b);
	NEAR(b.fp, 69.0);
	NEAR(b.blocks, 1.0);
	NEAR(b.latency, 45.0);
	cr_assert_str_eq(b.limit, "fp");
	NEAR(b.mflops_per_ghz, 768000.0 / 69);
}

/*
 * fpu64_ops32_armv7_vfp on the A53: 4 words, 12 loads (one vldm of the
 * 32 bytes, 11 constant pairs), 88 scalar FP, 104 in all. Memory 32/8 + 11 + 32/8 = 19, so
 * 88 + 19 = 107 cycles: 4 x 32 x 1000 / 107.
 */
Test(arm_model, vfp_streamed_constants_cost_load_cycles)
{
	struct bk_arm_mix m;
	struct bk_arm_bound b;

	cr_assert_eq(bk_arm_mix_from_slot(&m, "armv7", "fpu64_ops32", "vfp"), 0);
	m.words = 4;
	m.loads = 12;
	m.stores = 1;
	m.fp = 88;
	m.total = 104;
	bk_arm_model(&bk_arm_cores[0], &m, &b);
	NEAR(b.mem, 19.0);
	NEAR(b.cycles, 107.0);
	NEAR(b.mflops_per_ghz, 128000.0 / 107);
}
