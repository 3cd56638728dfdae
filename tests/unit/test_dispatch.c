// SPDX-License-Identifier: MIT
/* dispatch: the kernel table, --isa, and hidden features. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "burnkit/prefetch.h"
#include "dispatch.h"

Test(dispatch, ref_isa_gives_the_references)
{
	struct bk_kernel_table t;
	char err[256];

	cr_assert_eq(bk_dispatch_init(&t, "ref", err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(t.fpu32_ops32, fpu32_ops32_ref);
	cr_assert_eq(t.fpu64_ops2, fpu64_ops2_ref);
	cr_assert_eq(t.int_check, int_check_ref);
	cr_assert_str_eq(t.fpu32_ops8_isa, "ref");
	cr_assert_str_eq(t.top_isa, "ref");
}

Test(dispatch, unknown_isa_is_refused_with_the_list)
{
	struct bk_kernel_table t;
	char err[256];

	cr_assert_eq(bk_dispatch_init(&t, "mmx", err, sizeof(err)), -1);
	cr_assert(strstr(err, "unknown ISA \"mmx\""), "%s", err);
	cr_assert(strstr(err, "ref"), "%s", err);
}

Test(dispatch, best_table_uses_each_slots_highest_supported_variant)
{
	struct bk_kernel_table t;
	size_t nv, nisa;
	const struct bk_variant *v = bk_variants(&nv);
	const struct bk_isa *isa = bk_isas(&nisa);
	uint32_t feat = bk_cpu_features();
	char err[256];

	cr_assert_eq(bk_dispatch_init(&t, NULL, err, sizeof(err)), 0, "%s", err);
#define CHECK_SLOT_(s_, type, ref)					\
	{								\
		int best = 0;						\
		const struct bk_variant *win = NULL;			\
		for (size_t i = 0; i < nv; i++) {			\
			int r = bk_isa_rank(v[i].isa);			\
			if (strcmp(v[i].slot, #s_) ||			\
			    !bk_isa_supported(&isa[r], feat) || r < best) \
				continue;				\
			best = r;					\
			win = &v[i];					\
		}							\
		if (!win) {						\
			cr_assert_eq(t.s_, ref, "%s: reference expected", #s_); \
		} else {						\
			cr_assert_eq((void (*)(void))t.s_, win->fn,	\
				     "%s: %s should win", #s_, win->symbol); \
			cr_assert_str_eq(t.s_##_isa, isa[best].name);	\
		}							\
	}
	BK_KERNEL_SLOTS(CHECK_SLOT_)
#undef CHECK_SLOT_
	(void)nisa;
}

Test(dispatch, forcing_an_isa_the_cpu_lacks_fails_clearly)
{
	size_t nisa;
	const struct bk_isa *isa = bk_isas(&nisa);
	struct bk_kernel_table t;
	char err[256], mask[256] = "";

	if (nisa < 2)
		cr_skip_test("this architecture has no ISA above the reference");
	/* Hide every feature the top ISA needs. */
	for (unsigned b = 0; b < BK_FEAT_COUNT; b++)
		if (isa[nisa - 1].needs & (1u << b)) {
			strcat(mask, bk_feature_name(b));
			strcat(mask, ",");
		}
	if (!*mask)
		cr_skip_test("the top ISA needs no feature");
	setenv("BURNKIT_CPU_MASK", mask, 1);
	/* bk_cpu_features() caches: this test runs in its own process. */
	cr_assert_eq(bk_dispatch_init(&t, isa[nisa - 1].name, err, sizeof(err)), -1);
	cr_assert(strstr(err, "this CPU cannot run ISA"), "%s", err);
	cr_assert_eq(bk_dispatch_init(&t, NULL, err, sizeof(err)), 0, "%s", err);
	cr_assert_neq(strcmp(t.top_isa, isa[nisa - 1].name), 0);
}

Test(dispatch, zen1_zen4_zen5_and_emerald_rapids_have_their_own_tunings_other_cores_keep_the_default)
{
	struct bk_fpu_tuning zen1 = bk_fpu_tuning_for("AuthenticAMD", 0x17, 0x01, 0);
	struct bk_fpu_tuning zen_plus = bk_fpu_tuning_for("AuthenticAMD", 0x17, 0x08, 0);
	struct bk_fpu_tuning zen2 = bk_fpu_tuning_for("AuthenticAMD", 0x17, 0x31, 0);
	struct bk_fpu_tuning zen4 = bk_fpu_tuning_for("AuthenticAMD", 0x19, 0x11, 1);
	struct bk_fpu_tuning zen3 = bk_fpu_tuning_for("AuthenticAMD", 0x19, 0x01, 0);
	struct bk_fpu_tuning zen5 = bk_fpu_tuning_for("AuthenticAMD", 0x1a, 0x02, 1);
	struct bk_fpu_tuning spr = bk_fpu_tuning_for("GenuineIntel", 6, 0x8f, 1);
	struct bk_fpu_tuning intel17 = bk_fpu_tuning_for("GenuineIntel", 0x17, 0x01, 0);
	struct bk_fpu_tuning emr = bk_fpu_tuning_for("GenuineIntel", 6, 0xcf, 1);
	struct bk_fpu_tuning intel_d0 = bk_fpu_tuning_for("GenuineIntel", 6, 0xd0, 1);
	struct bk_fpu_tuning intel_ce = bk_fpu_tuning_for("GenuineIntel", 6, 0xce, 1);

	cr_assert_str_eq(zen1.core, "AMD Zen 1");
	cr_assert_eq(zen1.avx2_ops32_xmm, 1);
	cr_assert_eq(zen_plus.avx2_ops32_xmm, 1, "Zen+ has Zen 1's 128-bit pipes");
	cr_assert_eq(zen1.prefetch_min_bytes, (size_t)BK_FPU_PREFETCH_MIN_BYTES);
	cr_assert_eq(zen1.avx2_ops8_two_stage, 0, "its 128-bit ops8 runs pairs of blocks");
	cr_assert_eq(zen1.avx2_ops8_xmm, 1);
	cr_assert_eq(zen_plus.avx2_ops8_xmm, 1);
	cr_assert_eq(zen2.avx2_ops8_xmm, 0);
	cr_assert_eq(zen3.avx2_ops8_xmm, 0);
	cr_assert_eq(zen4.avx2_ops8_xmm, 0);
	cr_assert_eq(zen5.avx2_ops8_xmm, 0);
	cr_assert_eq(spr.avx2_ops8_xmm, 0);
	cr_assert_null(zen2.core, "Zen 2's pipes are 256 bits wide");
	cr_assert_eq(zen2.avx2_ops32_xmm, 0);
	cr_assert_null(intel17.core, "the vendor counts, not the family alone");
	cr_assert_eq(zen3.avx2_ops32_xmm, 0);
	cr_assert_eq(zen4.avx2_ops32_xmm, 0);
	cr_assert_eq(zen5.avx2_ops32_xmm, 0);
	cr_assert_eq(spr.avx2_ops32_xmm, 0);
	cr_assert_eq(zen1.avx2_ops2_prefetch, 1);
	cr_assert_eq(zen_plus.avx2_ops2_prefetch, 1);
	cr_assert_eq(zen2.avx2_ops2_prefetch, 0, "measured on Zen 1 only");
	cr_assert_eq(zen3.avx2_ops2_prefetch, 0, "the prefetch cost ops2 1-18 % on Zen 3");
	cr_assert_eq(zen4.avx2_ops2_prefetch, 0);
	cr_assert_eq(zen5.avx2_ops2_prefetch, 1, "it paid on Zen 5 too");
	cr_assert_eq(spr.avx2_ops2_prefetch, 0, "not measured against none on Sapphire Rapids");
	cr_assert_str_eq(emr.core, "Intel Emerald Rapids");
	cr_assert_eq(emr.avx2_ops2_prefetch, 1, "84-86 %% of the stream without, 101-104 %% with");
	cr_assert_eq(emr.prefetch_min_bytes, (size_t)BK_FPU_PREFETCH_MIN_BYTES);
	cr_assert_eq(emr.avx2_ops8_two_stage, 0);
	cr_assert_eq(emr.avx2_ops8_xmm, 0);
	cr_assert_eq(emr.avx2_ops32_xmm, 0);
	cr_assert_eq(emr.avx512_ops2_one_vector, 0);
	cr_assert_eq(emr.avx2_ops8_l2_prefetch_min_bytes, 0);
	cr_assert_null(intel_d0.core, "a model range ends where it says");
	cr_assert_null(intel_ce.core, "and begins where it says");

	cr_assert_eq(zen4.prefetch_min_bytes, SIZE_MAX);
	cr_assert_eq(zen4.avx2_ops8_two_stage, 1);
	cr_assert_str_eq(zen4.core, "AMD Zen 4");
	cr_assert_eq(zen5.avx2_ops8_two_stage, 1);
	cr_assert_eq(zen4.avx2_ops8_l2_prefetch_min_bytes, 0, "Zen 4's blocks from L2 always prefetch");
	cr_assert_eq(zen5.avx2_ops8_l2_prefetch_min_bytes, (size_t)BK_FPU_L2_PREFETCH_MIN_BYTES,
		     "Zen 5's prefetch from L2 only above 512 KiB");
	cr_assert_gt(zen5.avx2_ops8_l2_prefetch_min_bytes, (size_t)BK_FPU_PIPE_MAX_BYTES);
	cr_assert_lt(zen5.avx2_ops8_l2_prefetch_min_bytes, (size_t)BK_FPU_PREFETCH_MIN_BYTES);
	cr_assert_eq(zen3.avx2_ops8_l2_prefetch_min_bytes, 0);
	cr_assert_eq(spr.avx2_ops8_l2_prefetch_min_bytes, 0);
	cr_assert_eq(zen5.prefetch_min_bytes, (size_t)BK_FPU_PREFETCH_MIN_BYTES);
	cr_assert_str_eq(zen5.core, "AMD Zen 5");
	cr_assert_eq(zen5.avx512_ops2_one_vector, 1);
	cr_assert_eq(zen4.avx512_ops2_one_vector, 0, "measured on Zen 5 only");
	cr_assert_eq(zen3.avx2_ops8_two_stage, 0);
	cr_assert_eq(spr.avx2_ops8_two_stage, 0);
	cr_assert_eq(zen3.avx512_ops2_one_vector, 0);
	cr_assert_eq(spr.avx512_ops2_one_vector, 0);
	cr_assert_eq(zen3.prefetch_min_bytes, (size_t)BK_FPU_PREFETCH_MIN_BYTES);
	cr_assert_null(zen3.core);
	cr_assert_eq(spr.prefetch_min_bytes, (size_t)BK_FPU_PREFETCH_MIN_BYTES);
	cr_assert_null(spr.core);
}

Test(dispatch, init_applies_this_cpus_tuning_to_the_kernels)
{
	struct bk_kernel_table t;
	char err[256];

	bk_fpu_prefetch_min_bytes = 12345;
	bk_fpu_avx2_ops8_two_stage = 7;
	bk_fpu_avx2_ops8_l2_prefetch_min_bytes = 12345;
	bk_fpu_avx512_ops2_one_vector = 7;
	bk_fpu_avx2_ops8_xmm = 7;
	bk_fpu_avx2_ops32_xmm = 7;
	bk_fpu_avx2_ops2_prefetch = 7;
	cr_assert_eq(bk_dispatch_init(&t, "ref", err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(bk_fpu_prefetch_min_bytes, bk_fpu_tuning().prefetch_min_bytes);
	cr_assert_eq(bk_fpu_avx2_ops8_two_stage, bk_fpu_tuning().avx2_ops8_two_stage);
	cr_assert_eq(bk_fpu_avx2_ops8_l2_prefetch_min_bytes,
		     bk_fpu_tuning().avx2_ops8_l2_prefetch_min_bytes);
	cr_assert_eq(bk_fpu_avx512_ops2_one_vector, bk_fpu_tuning().avx512_ops2_one_vector);
	cr_assert_eq(bk_fpu_avx2_ops8_xmm, bk_fpu_tuning().avx2_ops8_xmm);
	cr_assert_eq(bk_fpu_avx2_ops32_xmm, bk_fpu_tuning().avx2_ops32_xmm);
	cr_assert_eq(bk_fpu_avx2_ops2_prefetch, bk_fpu_tuning().avx2_ops2_prefetch);
}

Test(dispatch, every_core_tuning_differs_from_the_default_and_names_its_core)
{
	size_t n = 0;

	while (bk_fpu_core_tuning(n))
		n++;
#if defined(__x86_64__)
	cr_assert_gt(n, 0);
#else
	cr_assert_eq(n, 0, "only the x86-64 kernels read a tuning");
#endif
	for (size_t i = 0; i < n; i++) {
		const struct bk_fpu_tuning *t = bk_fpu_core_tuning(i);

		cr_assert_not_null(t->core);
		cr_assert(t->prefetch_min_bytes != (size_t)BK_FPU_PREFETCH_MIN_BYTES ||
			  t->avx2_ops8_two_stage || t->avx512_ops2_one_vector ||
			  t->avx2_ops8_xmm || t->avx2_ops32_xmm || t->avx2_ops2_prefetch ||
			  t->avx2_ops8_l2_prefetch_min_bytes,
			  "%s: the default", t->core);
		/* page-ahead prefetches only at RAM size, where a two-stage
		 * core's AVX2 ops8 leaves its pairs of blocks for them */
		cr_assert_geq(t->prefetch_min_bytes, (size_t)BK_FPU_PREFETCH_MIN_BYTES,
			      "%s: prefetching below the two-stage RAM gate", t->core);
		/* the pairs of blocks from L2 that do not prefetch end below
		 * the size where the page-ahead prefetches begin */
		cr_assert_lt(t->avx2_ops8_l2_prefetch_min_bytes, (size_t)BK_FPU_PREFETCH_MIN_BYTES,
			     "%s: the L2 prefetch gate at or above the RAM gate", t->core);
	}
}

/* Read buffers are flushed or demoted after their check only where the
 * instruction is, on the cores where that paid. */
Test(dispatch, the_release_line_is_the_cpus_or_none)
{
	unsigned line = 1;
	enum bk_read_release r = bk_cpu_read_release(&line);

	if (r == BK_READ_KEPT)
		cr_assert_eq(line, 0);
	else
		cr_assert(line >= 16 && !(line & (line - 1)), "line %u", line);
	if (r == BK_READ_FLUSHED)
		cr_assert(bk_cpu_features() & BK_FEAT_CLFLUSHOPT);
	if (r == BK_READ_DEMOTED)
		cr_assert(bk_cpu_features() & BK_FEAT_CLDEMOTE);
	if (!bk_fpu_tuning().core)
		cr_assert_eq(r, BK_READ_KEPT, "a core without a tuning of its own keeps them");
#if !defined(__x86_64__)
	cr_assert_eq(r, BK_READ_KEPT, "only x86-64 releases lines from user space here");
#endif
}

Test(dispatch, read_buffers_are_flushed_on_zen5_and_demoted_on_emerald_rapids)
{
	cr_assert_eq(bk_read_release_for("AuthenticAMD", 0x1a, 0x02, 1), BK_READ_FLUSHED,
		     "0.90 x fio flushed, 0.76 not");
	cr_assert_eq(bk_read_release_for("GenuineIntel", 6, 0xcf, 1), BK_READ_DEMOTED,
		     "0.99 x fio demoted, 0.81 kept; flushed 0.72-0.81");
	cr_assert_eq(bk_read_release_for("AuthenticAMD", 0x19, 0x11, 1), BK_READ_KEPT);
	cr_assert_eq(bk_read_release_for("AuthenticAMD", 0x17, 0x01, 0), BK_READ_KEPT);
	cr_assert_eq(bk_read_release_for("GenuineIntel", 6, 0x8f, 1), BK_READ_KEPT);
	cr_assert_eq(bk_read_release_for("", 0, 0, 0), BK_READ_KEPT);
	cr_assert_str_eq(bk_read_release_name(BK_READ_KEPT), "kept");
	cr_assert_str_eq(bk_read_release_name(BK_READ_FLUSHED), "flushed");
	cr_assert_str_eq(bk_read_release_name(BK_READ_DEMOTED), "demoted");
}

Test(dispatch, masked_release_instructions_keep_the_lines)
{
	unsigned line = 1;

	/* bk_cpu_features() caches: this test runs in its own process. */
	setenv("BURNKIT_CPU_MASK", "clflushopt,cldemote", 1);
	cr_assert_eq(bk_cpu_features() & (BK_FEAT_CLFLUSHOPT | BK_FEAT_CLDEMOTE), 0);
	cr_assert_eq(bk_cpu_read_release(&line), BK_READ_KEPT);
	cr_assert_eq(line, 0);
}
