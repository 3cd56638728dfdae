// SPDX-License-Identifier: MIT
/* dispatch: CPU feature detection and the kernel table. */
#include "dispatch.h"
#include "util.h"

#include <burnkit/prefetch.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <cpuid.h>
#elif defined(__aarch64__) || defined(__arm__)
#include <sys/auxv.h>
#endif

static const char *const feature_names[BK_FEAT_COUNT] = {
	"sse2", "avx", "avx2", "fma", "avx512f", "avx512dq", "avx512vl",
	"asimd", "fp", "vfp", "vfpv3", "vfpv4", "vfpd32", "neon",
	"invariant_tsc", "rdtscp", "clflushopt", "cldemote",
};

const char *bk_feature_name(unsigned bit)
{
	return bit < BK_FEAT_COUNT ? feature_names[bit] : "?";
}

/* This CPU's cpuid identity, as core_named takes it ("" and zeros off x86). */
struct cpu_identity {
	char vendor[13];
	unsigned family, model;
	int avx512f;
};

static struct cpu_identity cpu_identity(void)
{
	struct cpu_identity id = { "", 0, 0, 0 };
#if defined(__x86_64__)
	unsigned a, b, c, d;

	if (__get_cpuid_max(0, NULL) < 1)
		return id;
	__cpuid(0, a, b, c, d);
	memcpy(id.vendor, &b, 4);
	memcpy(id.vendor + 4, &d, 4);
	memcpy(id.vendor + 8, &c, 4);
	id.vendor[12] = '\0';
	__cpuid(1, a, b, c, d);
	id.family = (a >> 8) & 0xf;
	id.model = (a >> 4) & 0xf;
	if (id.family == 0xf)
		id.family += (a >> 20) & 0xff;
	if (id.family == 0x6 || id.family >= 0xf)
		id.model |= ((a >> 16) & 0xf) << 4;
	if (__get_cpuid_max(0, NULL) >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		id.avx512f = !!(b & (1u << 16));
	}
#endif
	return id;
}

#if defined(__x86_64__)
static uint64_t xgetbv0(void)
{
	uint32_t lo, hi;

	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return ((uint64_t)hi << 32) | lo;
}

/* The table's choice for this core's checked read buffers, and the bytes
 * one clflushopt or cldemote covers (0: unusable), read with the features. */
static enum bk_read_release read_release;
static unsigned cache_line;

static uint32_t detect(void)
{
	unsigned a, b, c, d, max;
	uint32_t f = 0;
	uint64_t xcr0 = 0;

	max = __get_cpuid_max(0, NULL);
	if (max < 1)
		return 0;
	__cpuid(1, a, b, c, d);
	if (d & (1u << 26))
		f |= BK_FEAT_SSE2;
	/* EBX bits 15-8: the line clflush (and cldemote) covers, in 8-byte
	 * units; a size that is not a power of two from 16 keeps the lines. */
	cache_line = ((b >> 8) & 0xff) * 8;
	if (cache_line < 16 || (cache_line & (cache_line - 1)))
		cache_line = 0;
	struct cpu_identity id = cpu_identity();

	read_release = bk_read_release_for(id.vendor, id.family, id.model, id.avx512f);
	/* AVX state must be enabled by the OS (OSXSAVE + XCR0 bits 1,2). */
	if (c & (1u << 27))
		xcr0 = xgetbv0();
	int avx_os = (xcr0 & 0x6) == 0x6;
	int avx512_os = avx_os && (xcr0 & 0xe0) == 0xe0;
	if (avx_os && (c & (1u << 28)))
		f |= BK_FEAT_AVX;
	if (avx_os && (c & (1u << 12)))
		f |= BK_FEAT_FMA;
	if (max >= 7) {
		__cpuid_count(7, 0, a, b, c, d);
		if (avx_os && (b & (1u << 5)))
			f |= BK_FEAT_AVX2;
		if (avx512_os && (b & (1u << 16)))
			f |= BK_FEAT_AVX512F;
		if (avx512_os && (b & (1u << 17)))
			f |= BK_FEAT_AVX512DQ;
		if (avx512_os && (b & (1u << 31)))
			f |= BK_FEAT_AVX512VL;
		if (b & (1u << 23))
			f |= BK_FEAT_CLFLUSHOPT;
		if (c & (1u << 25))
			f |= BK_FEAT_CLDEMOTE;
	}
	__cpuid(0x80000000, a, b, c, d);
	if (a >= 0x80000001) {
		__cpuid(0x80000001, a, b, c, d);
		if (d & (1u << 27))
			f |= BK_FEAT_RDTSCP;
	}
	__cpuid(0x80000000, a, b, c, d);
	if (a >= 0x80000007) {
		__cpuid(0x80000007, a, b, c, d);
		if (d & (1u << 8))
			f |= BK_FEAT_INVTSC;
	}
	return f;
}
#elif defined(__aarch64__)
static uint32_t detect(void)
{
	unsigned long hw = getauxval(AT_HWCAP);
	uint32_t f = 0;

	if (hw & (1ul << 0))	/* HWCAP_FP */
		f |= BK_FEAT_FP;
	if (hw & (1ul << 1))	/* HWCAP_ASIMD */
		f |= BK_FEAT_ASIMD;
	return f;
}
#elif defined(__arm__)
static uint32_t detect(void)
{
	unsigned long hw = getauxval(AT_HWCAP);
	uint32_t f = 0;

	if (hw & (1ul << 6))	/* HWCAP_VFP */
		f |= BK_FEAT_VFP;
	if (hw & (1ul << 12))	/* HWCAP_NEON */
		f |= BK_FEAT_NEON;
	if (hw & (1ul << 13))	/* HWCAP_VFPv3 */
		f |= BK_FEAT_VFPV3;
	if (hw & (1ul << 16))	/* HWCAP_VFPv4 */
		f |= BK_FEAT_VFPV4;
	if (hw & (1ul << 19))	/* HWCAP_VFPD32 */
		f |= BK_FEAT_VFPD32;
	return f;
}
#else
static uint32_t detect(void)
{
	return 0;
}
#endif

static uint32_t apply_mask(uint32_t f)
{
	const char *mask = getenv("BURNKIT_CPU_MASK");
	char buf[256], *save = NULL;

	if (!mask || !*mask)
		return f;
	bk_strlcpy(buf, mask, sizeof(buf));
	for (char *tok = strtok_r(buf, ", ", &save); tok;
	     tok = strtok_r(NULL, ", ", &save)) {
		for (unsigned i = 0; i < BK_FEAT_COUNT; i++)
			if (!strcmp(tok, feature_names[i]))
				f &= ~(1u << i);
	}
	return f;
}

uint32_t bk_cpu_features(void)
{
	static int done;
	static uint32_t features;

	if (!done) {
		features = apply_mask(detect());
		done = 1;
	}
	return features;
}

void bk_features_string(uint32_t feat, char *buf, size_t len)
{
	size_t off = 0;

	if (len)
		buf[0] = '\0';
	for (unsigned i = 0; i < BK_FEAT_COUNT; i++) {
		if (!(feat & (1u << i)))
			continue;
		int n = snprintf(buf + off, len - off, "%s%s", off ? " " : "",
				 feature_names[i]);
		if (n < 0 || (size_t)n >= len - off)
			break;
		off += (size_t)n;
	}
}

/* ISAs per architecture, in rank order: each builds on the ones before. */
static const struct bk_isa isas[] = {
	{ "ref", 0, "C reference kernels, as compiled" },
#if defined(__x86_64__)
	{ "x86_64", 0, "scalar x86-64 assembly (integer kernels)" },
	{ "sse2", BK_FEAT_SSE2, "SSE2, 128-bit vectors, separate multiply and add" },
	{ "avx2", BK_FEAT_AVX | BK_FEAT_AVX2 | BK_FEAT_FMA,
	  "AVX2 + FMA3, 256-bit vectors, fused multiply-add" },
	{ "avx512", BK_FEAT_AVX | BK_FEAT_AVX2 | BK_FEAT_FMA | BK_FEAT_AVX512F,
	  "AVX-512F, 512-bit vectors, fused multiply-add" },
#elif defined(__aarch64__)
	{ "aarch64", 0, "scalar A64 assembly (integer kernels)" },
	{ "neon", BK_FEAT_ASIMD, "Advanced SIMD (NEON), 128-bit vectors" },
#elif defined(__arm__)
	{ "armv7", 0, "scalar A32 assembly (integer kernels)" },
	{ "vfp", BK_FEAT_VFP | BK_FEAT_VFPV3, "VFPv3 scalar floating point" },
	{ "neon", BK_FEAT_VFP | BK_FEAT_VFPV3 | BK_FEAT_NEON,
	  "NEON, 128-bit single-precision vectors" },
#endif
};

const struct bk_isa *bk_isas(size_t *count)
{
	*count = BK_ARRAY_SIZE(isas);
	return isas;
}

int bk_isa_rank(const char *name)
{
	for (size_t i = 0; i < BK_ARRAY_SIZE(isas); i++)
		if (!strcmp(isas[i].name, name))
			return (int)i;
	return -1;
}

const struct bk_isa *bk_isa_find(const char *name)
{
	int r = bk_isa_rank(name);

	return r < 0 ? NULL : &isas[r];
}

int bk_isa_supported(const struct bk_isa *isa, uint32_t features)
{
	return (isa->needs & features) == isa->needs;
}

#define BK_VARIANT_ROW_(isa, slot, sym, order) \
	{ #isa, #slot, #sym, (void (*)(void))sym, BK_ORDER_##order },
static const struct bk_variant variants[] = {
	BK_VARIANTS(BK_VARIANT_ROW_)
	{ NULL, NULL, NULL, NULL, BK_ORDER_EXACT }
};
#undef BK_VARIANT_ROW_

const struct bk_variant *bk_variants(size_t *count)
{
	*count = BK_ARRAY_SIZE(variants) - 1;
	return variants;
}

/*
 * Cores whose kernels run better with a tuning other than the default,
 * each with the measurements behind it (burnkit/prefetch.h,
 * asm/x86_64/fpu_avx2.S). AMD family 19h with AVX-512 is Zen 4 (Zen 3, the
 * same family, has none): at 64 MiB on 4 KiB pages, one thread and two,
 * every kernel ran as fast or faster without the page-ahead prefetches
 * (ops2 7-9 %, ops8 5-6 %, ops32 1 %), and AVX2 ops8 in its two-stage
 * pipeline at 99 % of its FP mix at L1 size, against 90 % over lines.
 * Family 1Ah with AVX-512 is Zen 5: there too the line pipeline's three
 * loads a vector held AVX2 ops8 at 90 % of its mix at L1 size, the
 * two-stage pipeline 8-10 % faster at 16 and 28 KiB, and the pairs of
 * blocks from L2 as fast as the blocks of four (a harness, taking turns);
 * but the page-ahead prefetches pay there (burnkit/prefetch.h), so it
 * keeps them, and AVX2 ops8 takes the prefetching blocks at RAM size, as
 * AVX2 ops2 does its prefetching loop (98-100 % of the stream against
 * 94-97 % without, asm/x86_64/fpu_avx2.S). Its AVX2 ops8 pairs of blocks
 * from L2 prefetch only above 512 KiB: at 512 KiB and 64 KiB the
 * prefetches cost 4-10 points of the FP mix in the stretches when the
 * host slowed every kernel, and nothing outside them; at 768 KiB to
 * 1 MiB they paid 1-4 points.
 * Zen 5's AVX-512 ops2 runs one vector a loop iteration above L1 size,
 * where its blocks of four trailed gcc's loop (the measurements are in
 * asm/x86_64/fpu_avx512.S, before ops2_one_vector_passes).
 * Family 17h below model 30h is Zen 1 and Zen+ (Zen 2 from 30h on), whose
 * FP pipes are 128 bits wide: AVX2 ops32 ran 1.14 x as fast at 128 bits
 * there, and AVX2 ops8 1.20-1.26 x in its two-stage pipeline at 128 bits,
 * where its pipeline over lines waits on its loads; the 128-bit build's
 * pairs of blocks of four ran 1-3 % faster still at 16 and 256 KiB, so it
 * runs them at every size and not the two-stage pipeline
 * (asm/x86_64/fpu_avx2_xmm.S); AVX2 ops2 ran 1.16-1.17 x as fast at 64 MiB
 * prefetching a page ahead, at the prefetching stream's rate
 * (asm/x86_64/fpu_avx2.S).
 * Intel family 6 model CFh is Emerald Rapids: there AVX2 ops2 ran at
 * 84-86 % of the stream at RAM size without the prefetch and 101-104 %
 * with it (x gcc 1.01-1.03 against 1.21-1.24), from L3 (8-64 MiB) within
 * 2 % either way (asm/x86_64/fpu_avx2.S). Sapphire Rapids (8Fh), the
 * same core, was not measured so and keeps the default.
 * read_release: what the drive streams do with each checked slice of a
 * read buffer at queue depth 1 before the next transfer into it
 * (storage/xfer.c): flush or demote only where that was measured to pay.
 * drive.sh's seq-read 1 MB QD1 against plain fio, runs taking turns: on
 * Zen 5 0.90 flushed against 0.76 kept (10 runs each); on Emerald Rapids
 * 0.99 demoted against 0.81 kept (7 runs each), flushed 0.72-0.81 (3
 * runs); on an earlier core (README) flushing made no difference.
 */
static const struct core_tuning {
	const char *vendor;
	unsigned family;
	unsigned model_from, model_below;	/* models [from, below) of the family */
	int avx512f;
	enum bk_read_release read_release;	/* the drive streams' (above) */
	struct bk_fpu_tuning tuning;
} core_tunings[] = {
	{ "AuthenticAMD", 0x17, 0, 0x30, 0, BK_READ_KEPT,
	  { .prefetch_min_bytes = BK_FPU_PREFETCH_MIN_BYTES, .avx2_ops8_xmm = 1,
	    .avx2_ops32_xmm = 1, .avx2_ops2_prefetch = 1,
	    .core = "AMD Zen 1" } },
	{ "AuthenticAMD", 0x19, 0, 0x100, 1, BK_READ_KEPT,
	  { .prefetch_min_bytes = SIZE_MAX, .avx2_ops8_two_stage = 1,
	    .core = "AMD Zen 4" } },
	{ "AuthenticAMD", 0x1a, 0, 0x100, 1, BK_READ_FLUSHED,
	  { .prefetch_min_bytes = BK_FPU_PREFETCH_MIN_BYTES,
	    .avx2_ops8_two_stage = 1,
	    .avx2_ops8_l2_prefetch_min_bytes = BK_FPU_L2_PREFETCH_MIN_BYTES,
	    .avx512_ops2_one_vector = 1, .avx2_ops2_prefetch = 1,
	    .core = "AMD Zen 5" } },
	{ "GenuineIntel", 0x6, 0xcf, 0xd0, 1, BK_READ_DEMOTED,
	  { .prefetch_min_bytes = BK_FPU_PREFETCH_MIN_BYTES,
	    .avx2_ops2_prefetch = 1, .core = "Intel Emerald Rapids" } },
};

static const struct bk_fpu_tuning default_tuning = {
	.prefetch_min_bytes = BK_FPU_PREFETCH_MIN_BYTES,
};

/* The entry of core_tunings for a cpuid identity; NULL: the default. */
static const struct core_tuning *core_named(const char *vendor, unsigned family,
					    unsigned model, int avx512f)
{
	for (size_t i = 0; i < BK_ARRAY_SIZE(core_tunings); i++) {
		const struct core_tuning *c = &core_tunings[i];

		if (!strcmp(vendor, c->vendor) && family == c->family &&
		    model >= c->model_from && model < c->model_below &&
		    !avx512f == !c->avx512f)
			return c;
	}
	return NULL;
}

struct bk_fpu_tuning bk_fpu_tuning_for(const char *vendor, unsigned family,
				       unsigned model, int avx512f)
{
	const struct core_tuning *c = core_named(vendor, family, model, avx512f);

	return c ? c->tuning : default_tuning;
}

enum bk_read_release bk_read_release_for(const char *vendor, unsigned family,
					 unsigned model, int avx512f)
{
	const struct core_tuning *c = core_named(vendor, family, model, avx512f);

	return c ? c->read_release : BK_READ_KEPT;
}

const char *bk_read_release_name(enum bk_read_release r)
{
	switch (r) {
	case BK_READ_FLUSHED:
		return "flushed";
	case BK_READ_DEMOTED:
		return "demoted";
	default:
		return "kept";
	}
}

const struct bk_fpu_tuning *bk_fpu_core_tuning(size_t i)
{
#if defined(__x86_64__)	/* only the x86-64 kernels read a tuning */
	return i < BK_ARRAY_SIZE(core_tunings) ? &core_tunings[i].tuning : NULL;
#else
	(void)i;
	return NULL;
#endif
}

void bk_fpu_tuning_apply(const struct bk_fpu_tuning *t)
{
	bk_fpu_prefetch_min_bytes = t->prefetch_min_bytes;
	bk_fpu_avx2_ops8_two_stage = t->avx2_ops8_two_stage;
	bk_fpu_avx2_ops8_l2_prefetch_min_bytes = t->avx2_ops8_l2_prefetch_min_bytes;
	bk_fpu_avx512_ops2_one_vector = t->avx512_ops2_one_vector;
	bk_fpu_avx2_ops8_xmm = t->avx2_ops8_xmm;
	bk_fpu_avx2_ops32_xmm = t->avx2_ops32_xmm;
	bk_fpu_avx2_ops2_prefetch = t->avx2_ops2_prefetch;
}

struct bk_fpu_tuning bk_fpu_tuning(void)
{
	struct cpu_identity id = cpu_identity();

	return bk_fpu_tuning_for(id.vendor, id.family, id.model, id.avx512f);
}

enum bk_read_release bk_cpu_read_release(unsigned *line)
{
#if defined(__x86_64__)
	/* Read by detect() with the features, once: CPUID exits a VM. */
	uint32_t f = bk_cpu_features();
	uint32_t needs = read_release == BK_READ_FLUSHED ? BK_FEAT_CLFLUSHOPT :
			 read_release == BK_READ_DEMOTED ? BK_FEAT_CLDEMOTE : 0;

	if (needs && (f & needs) && cache_line) {
		*line = cache_line;
		return read_release;
	}
#endif
	*line = 0;
	return BK_READ_KEPT;
}

int bk_dispatch_init(struct bk_kernel_table *t, const char *force_isa,
		     char *err, size_t errlen)
{
	uint32_t feat = bk_cpu_features();
	int top = (int)BK_ARRAY_SIZE(isas) - 1;
	struct bk_fpu_tuning tuning = bk_fpu_tuning();

	bk_fpu_tuning_apply(&tuning);

	if (force_isa && *force_isa) {
		top = bk_isa_rank(force_isa);
		if (top < 0) {
			char names[256] = "";
			size_t off = 0;

			for (size_t i = 0; i < BK_ARRAY_SIZE(isas); i++)
				off += (size_t)snprintf(names + off,
					sizeof(names) - off, "%s%s",
					i ? ", " : "", isas[i].name);
			snprintf(err, errlen,
				 "unknown ISA \"%s\"; this build knows: %s",
				 force_isa, names);
			return -1;
		}
		if (!bk_isa_supported(&isas[top], feat)) {
			char have[256];

			bk_features_string(feat, have, sizeof(have));
			snprintf(err, errlen,
				 "this CPU cannot run ISA \"%s\" (it has: %s)",
				 force_isa, *have ? have : "no listed features");
			return -1;
		}
	}

#define BK_SET_REF_(slot, type, ref)		\
	t->slot = ref;				\
	t->slot##_isa = "ref";			\
	t->slot##_order = BK_ORDER_EXACT;
	BK_KERNEL_SLOTS(BK_SET_REF_)
#undef BK_SET_REF_
	t->top_isa = "ref";

	for (int r = 1; r <= top; r++) {
		if (!bk_isa_supported(&isas[r], feat))
			continue;
		t->top_isa = isas[r].name;
#define BK_OVERLAY_(isa, slot, sym, order)				\
		if (!strcmp(#isa, isas[r].name)) {			\
			t->slot = sym;					\
			t->slot##_isa = isas[r].name;			\
			t->slot##_order = BK_ORDER_##order;		\
		}
		BK_VARIANTS(BK_OVERLAY_)
#undef BK_OVERLAY_
	}
	return 0;
}
