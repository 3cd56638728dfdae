// SPDX-License-Identifier: MIT
/*
 * fpu_impls: what fpu_bench measures for each ISA: burnkit's kernels
 * capped at it (lib/dispatch) and gcc -O3 -march=native built for it
 * (fpu.sh builds one object per ISA with the -m flags that keep gcc to
 * it, its symbols prefixed), and gcc -O2 for the baseline ISA.
 */
#include <stdio.h>
#include <string.h>

#include <burnkit/kernels.h>
#include "dispatch.h"
#include "fpu_bench.h"
#include "peak.h"
#include "util.h"

static const char *const isa_names[] = { "sse2", "avx2", "avx512" };

#define DECLARE_BUILD(prefix)						\
	bk_fpu32_fn prefix##fpu32_ops2_ref, prefix##fpu32_ops8_ref,	\
		prefix##fpu32_ops32_ref;				\
	bk_fpu64_fn prefix##fpu64_ops2_ref, prefix##fpu64_ops8_ref,	\
		prefix##fpu64_ops32_ref;
DECLARE_BUILD(o2base_)


#define BUILD(prefix, name)						\
	{ name,								\
	  { prefix##fpu32_ops2_ref, prefix##fpu32_ops8_ref, prefix##fpu32_ops32_ref }, \
	  { prefix##fpu64_ops2_ref, prefix##fpu64_ops8_ref, prefix##fpu64_ops32_ref } }

/*
 * gcc -O3 -march=native per ISA (fpu.sh builds them with the -m flags
 * that keep gcc to that ISA): the competitor of burnkit's kernels of the
 * same ISA. Where the architecture has one build, isa is NULL: it is the
 * competitor of every ISA.
 */
struct native {
	const char *isa;
	struct impl impl;
};

#if defined(__x86_64__)
DECLARE_BUILD(o3sse2_)
DECLARE_BUILD(o3avx2_)
DECLARE_BUILD(o3avx512_)
static const struct native natives[] = {
	{ "sse2", BUILD(o3sse2_, "gcc -O3 -march=native -mno-avx") },
	{ "avx2", BUILD(o3avx2_, "gcc -O3 -march=native -mavx2 -mfma -mno-avx512f") },
	{ "avx512", BUILD(o3avx512_, "gcc -O3 -march=native") },
};
#else
DECLARE_BUILD(o3native_)
static const struct native natives[] = {
	{ NULL, BUILD(o3native_, "gcc -O3 -march=native") },
};
#endif

const struct impl base_impl = BUILD(o2base_, "gcc -O2 (baseline ISA)");

static const struct impl *native_of(const char *isa)
{
	for (size_t i = 0; i < BK_ARRAY_SIZE(natives); i++)
		if (!natives[i].isa || (isa && !strcmp(natives[i].isa, isa)))
			return &natives[i].impl;
	return &natives[BK_ARRAY_SIZE(natives) - 1].impl;
}

static const char *order_name(enum bk_order o)
{
	return o == BK_ORDER_FUSED ? "fused" : "exact";
}

/* burnkit's kernels from the dispatch table capped at run->isa (the best
 * the CPU has when NULL). */
static int pick_burnkit(struct isa_run *run)
{
	struct bk_kernel_table t;
	char err[256];
	struct impl *bk = &run->burnkit;

	if (bk_dispatch_init(&t, run->isa ? run->isa : opt.isa, err, sizeof(err))) {
		fprintf(stderr, "fpu_bench: %s\n", err);
		return -1;
	}
	bk->name = "burnkit";
	bk->f32[0] = t.fpu32_ops2;
	bk->f32[1] = t.fpu32_ops8;
	bk->f32[2] = t.fpu32_ops32;
	bk->f64[0] = t.fpu64_ops2;
	bk->f64[1] = t.fpu64_ops8;
	bk->f64[2] = t.fpu64_ops32;
	if (opt.fp64)
		snprintf(run->kernels, sizeof(run->kernels),
			 "2 ops %s (%s), 8 ops %s (%s), 32 ops %s (%s)",
			 t.fpu64_ops2_isa, order_name(t.fpu64_ops2_order),
			 t.fpu64_ops8_isa, order_name(t.fpu64_ops8_order),
			 t.fpu64_ops32_isa, order_name(t.fpu64_ops32_order));
	else
		snprintf(run->kernels, sizeof(run->kernels),
			 "2 ops %s (%s), 8 ops %s (%s), 32 ops %s (%s)",
			 t.fpu32_ops2_isa, order_name(t.fpu32_ops2_order),
			 t.fpu32_ops8_isa, order_name(t.fpu32_ops8_order),
			 t.fpu32_ops32_isa, order_name(t.fpu32_ops32_order));
	run->native = native_of(run->isa ? run->isa : t.top_isa);
	if (opt.aa) {
		/* A/A: the same code on both sides, so every ratio but 1 is
		 * the bench's own error */
		memcpy(bk->f32, run->native->f32, sizeof(bk->f32));
		memcpy(bk->f64, run->native->f64, sizeof(bk->f64));
		snprintf(run->kernels, sizeof(run->kernels),
			 "replaced by gcc's (--aa: A/A, the competitor against itself)");
	}
	return 0;
}

/*
 * The ISAs to measure: every one this CPU has that has mix loops, or the
 * one --isa names; on an architecture without mix loops, the dispatch
 * table's best, without a compute bound.
 */
int pick_runs(void)
{
	for (size_t k = 0; k < BK_ARRAY_SIZE(isa_names); k++) {
		const struct bk_isa *isa = bk_isa_find(isa_names[k]);

		if (!isa || !bk_isa_supported(isa, bk_cpu_features()) ||
		    !peak_vector_bytes(isa_names[k]) ||
		    (*opt.isa && strcmp(opt.isa, isa_names[k])))
			continue;
		runs[nruns++].isa = isa_names[k];
	}
	if (!nruns)
		runs[nruns++].isa = NULL;
	for (int r = 0; r < nruns; r++) {
		if (pick_burnkit(&runs[r]))
			return -1;
		printf("%s: burnkit kernels %s; against %s\n",
		       runs[r].isa ? runs[r].isa : "this CPU", runs[r].kernels,
		       runs[r].native->name);
	}
	return 0;
}

