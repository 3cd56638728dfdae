/* SPDX-License-Identifier: MIT */
/*
 * dispatch: what the CPU can do, and the kernel table built from it.
 *
 * The table starts as the C references and is overlaid, ISA by ISA in rank
 * order, with every tuned variant the CPU supports (BLIS style). `--isa NAME`
 * stops the overlay at NAME and fails when the CPU lacks NAME.
 */
#ifndef BK_DISPATCH_H
#define BK_DISPATCH_H

#include <stddef.h>
#include <stdint.h>
#include <burnkit/kernels.h>

/* CPU features, one bit each; names in bk_feature_name(). */
enum {
	BK_FEAT_SSE2 = 1u << 0,
	BK_FEAT_AVX = 1u << 1,
	BK_FEAT_AVX2 = 1u << 2,
	BK_FEAT_FMA = 1u << 3,
	BK_FEAT_AVX512F = 1u << 4,
	BK_FEAT_AVX512DQ = 1u << 5,
	BK_FEAT_AVX512VL = 1u << 6,
	BK_FEAT_ASIMD = 1u << 7,	/* AArch64 Advanced SIMD */
	BK_FEAT_FP = 1u << 8,		/* AArch64 FP */
	BK_FEAT_VFP = 1u << 9,		/* ARMv7 VFP (any) */
	BK_FEAT_VFPV3 = 1u << 10,
	BK_FEAT_VFPV4 = 1u << 11,	/* fused multiply-add */
	BK_FEAT_VFPD32 = 1u << 12,	/* 32 double registers */
	BK_FEAT_NEON = 1u << 13,	/* ARMv7 NEON */
	BK_FEAT_INVTSC = 1u << 14,	/* x86 invariant TSC */
	BK_FEAT_RDTSCP = 1u << 15,
	BK_FEAT_CLFLUSHOPT = 1u << 16,	/* x86 weakly ordered line flush */
	BK_FEAT_CLDEMOTE = 1u << 17,	/* x86 line demote to the shared cache */
	BK_FEAT_COUNT = 18
};

const char *bk_feature_name(unsigned bit);

/*
 * The CPU's features, detected once (cpuid + xgetbv on x86, getauxval on
 * ARM). The environment variable BURNKIT_CPU_MASK, a comma-separated list
 * of feature names, hides features: it lets a user (and the tests) see what
 * burnkit does on a CPU without them.
 */
uint32_t bk_cpu_features(void);

/*
 * What the drive streams do with the lines of a read buffer once checked,
 * at queue depth 1 (storage/xfer.c): leave them in this core's caches,
 * flush them out of every cache (clflushopt), or demote them to the cache
 * the cores share (cldemote).
 */
enum bk_read_release {
	BK_READ_KEPT,
	BK_READ_FLUSHED,
	BK_READ_DEMOTED,
};

/*
 * This CPU's choice, with the bytes one instruction covers in *line (0
 * with BK_READ_KEPT): x86-64 with the instruction, on the cores
 * bk_read_release_for names; BK_READ_KEPT elsewhere or masked.
 */
enum bk_read_release bk_cpu_read_release(unsigned *line);

/* "kept", "flushed" or "demoted". */
const char *bk_read_release_name(enum bk_read_release r);

/* Write the names of the features in `feat`, space separated. */
void bk_features_string(uint32_t feat, char *buf, size_t len);

struct bk_isa {
	const char *name;	/* as given to --isa */
	uint32_t needs;		/* features the ISA's kernels require */
	const char *what;	/* one line for --help and `burnkit info` */
};

/* The ISAs of this architecture, lowest rank (the reference) first. */
const struct bk_isa *bk_isas(size_t *count);
const struct bk_isa *bk_isa_find(const char *name);
int bk_isa_supported(const struct bk_isa *isa, uint32_t features);
int bk_isa_rank(const char *name);

enum bk_order { BK_ORDER_EXACT, BK_ORDER_FUSED };

struct bk_kernel_table {
#define BK_TABLE_FIELD_(slot, type, ref)	\
	type *slot;				\
	const char *slot##_isa;			\
	enum bk_order slot##_order;
	BK_KERNEL_SLOTS(BK_TABLE_FIELD_)
#undef BK_TABLE_FIELD_
	const char *top_isa;	/* highest ISA overlaid */
};

/*
 * Fill `t`, and set the kernels' tuning for this CPU (bk_fpu_tuning).
 * force_isa NULL or "" picks the best the CPU has. Returns 0, or -1 with a
 * one-line reason in err (unknown ISA, or one this CPU lacks).
 */
int bk_dispatch_init(struct bk_kernel_table *t, const char *force_isa,
		     char *err, size_t errlen);

/*
 * How the x86-64 FPU kernels run on a core, where cores differ
 * (burnkit/prefetch.h): the size of x above which they prefetch one page
 * ahead (SIZE_MAX: never), whether AVX2 ops8 runs its two-stage pipeline
 * and the size of x above which its blocks from L2 prefetch (0: always),
 * whether AVX-512 ops2 runs one vector an iteration above L1 size, whether
 * AVX2 ops8 and AVX2 ops32 run at 128 bits, whether AVX2 ops2 prefetches
 * above the gate, and the core a tuning other than the default is for
 * (NULL: the default).
 */
struct bk_fpu_tuning {
	size_t prefetch_min_bytes;
	int avx2_ops8_two_stage;
	size_t avx2_ops8_l2_prefetch_min_bytes;
	int avx512_ops2_one_vector;
	int avx2_ops8_xmm;
	int avx2_ops32_xmm;
	int avx2_ops2_prefetch;
	const char *core;
};

/*
 * The tuning for an x86 CPU by its cpuid identity: the vendor string
 * ("AuthenticAMD", "GenuineIntel"), the family and the model with their
 * extended fields, and whether the core has AVX-512F (cpuid, whether or
 * not the OS enabled its registers).
 */
struct bk_fpu_tuning bk_fpu_tuning_for(const char *vendor, unsigned family,
				       unsigned model, int avx512f);

/*
 * What the drive streams do with a checked read buffer on an x86 CPU of
 * this cpuid identity (as bk_fpu_tuning_for takes it): flush or demote
 * only on the cores where that was measured to pay (lib/dispatch.c).
 */
enum bk_read_release bk_read_release_for(const char *vendor, unsigned family,
					 unsigned model, int avx512f);

/* This CPU's tuning (the default off x86-64); bk_dispatch_init applies it. */
struct bk_fpu_tuning bk_fpu_tuning(void);

/* The i-th tuning other than the default, one per core named, NULL past
 * the last (for the tests, which run every kernel under each); none off
 * x86-64, whose kernels read no tuning. */
const struct bk_fpu_tuning *bk_fpu_core_tuning(size_t i);

/* Set a tuning in the kernels; only while no kernel runs. */
void bk_fpu_tuning_apply(const struct bk_fpu_tuning *t);

/* One row of the variant list, for tests and `burnkit inspect`. */
struct bk_variant {
	const char *isa;
	const char *slot;
	const char *symbol;
	void (*fn)(void);
	enum bk_order order;
};

const struct bk_variant *bk_variants(size_t *count);

#endif
