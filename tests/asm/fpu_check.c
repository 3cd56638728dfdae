// SPDX-License-Identifier: MIT
/*
 * FPU kernels against their references: lengths 0..~4100 and both sides of
 * the sizes at which the x86-64 kernels change schedule (32 KiB, 512 KiB,
 * 4 MiB: burnkit/prefetch.h), every element
 * offset within 64 bytes, 1 and 3 passes, random words in [0.5, 1.5),
 * guard words before and after. EXACT variants must match bit for bit;
 * FUSED ones within BK_FPU*_FUSED_REL_TOL per pass; the largest relative
 * difference of one pass seen is printed (fpu_max_rel_diff). And x placed
 * right after and right before an inaccessible page: a kernel that reads
 * or writes one byte outside x (a load of the next block issued early,
 * say) faults there.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "burnkit/prefetch.h"
#include "harness.h"

double fpu_max_rel_diff;

static const size_t lengths[] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 23, 24, 31, 32, 33, 47, 48,
	63, 64, 65, 95, 96, 97, 127, 128, 129, 255, 256, 257, 1000, 1023,
	1024, 1025, 4095, 4096, 4099,
	80, 160, 400, 401, 1280,
};

/* The sizes of x (bytes) at which the x86-64 kernels change how they run a
 * pass (burnkit/prefetch.h). */
static const size_t gates[] = {
	BK_FPU_PIPE_MAX_BYTES, BK_FPU_L2_PREFETCH_MIN_BYTES, BK_FPU_PREFETCH_MIN_BYTES,
};
#define N_GATES (sizeof(gates) / sizeof(gates[0]))

#define BK_FPU_CHECK(prefix, T, TOL)					\
static void prefix##_case(const struct bk_variant *v, bk_##prefix##_fn *ref, \
			  size_t len, size_t off, size_t passes, uint64_t *rng) \
{									\
	size_t total = GUARD_WORDS + off + len + GUARD_WORDS;		\
	T *got = malloc(total * sizeof(T) + 64);			\
	T *want = malloc(total * sizeof(T) + 64);			\
	T *g = (T *)(((uintptr_t)got + 63) & ~(uintptr_t)63);		\
	T *w = (T *)(((uintptr_t)want + 63) & ~(uintptr_t)63);		\
	bk_##prefix##_fn *fn = (bk_##prefix##_fn *)v->fn;		\
									\
	for (size_t i = 0; i < total; i++)				\
		g[i] = w[i] = (T)(0.5 + rng_unit(rng));			\
	fn(g + GUARD_WORDS + off, len, passes);				\
	ref(w + GUARD_WORDS + off, len, passes);			\
	for (size_t i = 0; i < total; i++) {				\
		int inside = i >= GUARD_WORDS + off &&			\
			     i < GUARD_WORDS + off + len;		\
		double d = fabs((double)g[i] - (double)w[i]);		\
		double tol = inside && v->order == BK_ORDER_FUSED ?	\
			TOL * (double)passes * fabs((double)w[i]) : 0.0; \
		if (inside && passes == 1 && w[i] != 0 &&		\
		    d / fabs((double)w[i]) > fpu_max_rel_diff)		\
			fpu_max_rel_diff = d / fabs((double)w[i]);	\
		if (d > tol || (d == 0 && memcmp(&g[i], &w[i], sizeof(T)) && \
				v->order == BK_ORDER_EXACT)) {		\
			case_fail("%s len %zu offset %zu passes %zu: "	\
				  "%s element %zu got %.9g want %.9g",	\
				  v->symbol, len, off, passes,		\
				  inside ? "data" : "guard",		\
				  i - GUARD_WORDS - off, (double)g[i],	\
				  (double)w[i]);			\
			break;						\
		}							\
	}								\
	free(got);							\
	free(want);							\
}									\
									\
/* Equal words in, bit-identical words out, at every position. */	\
static void prefix##_uniform(const struct bk_variant *v, size_t len,	\
			     size_t off)				\
{									\
	T *raw = malloc((off + len + 1) * sizeof(T) + 64);		\
	T *x = (T *)(((uintptr_t)raw + 63) & ~(uintptr_t)63) + off;	\
									\
	for (size_t i = 0; i < len; i++)				\
		x[i] = (T)BK_FPU_X0;					\
	((bk_##prefix##_fn *)v->fn)(x, len, 5);				\
	for (size_t i = 1; i < len; i++)				\
		if (memcmp(&x[i], &x[0], sizeof(T))) {			\
			case_fail("%s len %zu offset %zu: word %zu is %.9g, " \
				  "word 0 is %.9g (all must be equal)",	\
				  v->symbol, len, off, i, (double)x[i],	\
				  (double)x[0]);			\
			break;						\
		}							\
	free(raw);							\
}									\
									\
/*								\
 * x against inaccessible pages: first at the very start of an		\
 * accessible page (a page without access before it), then ending at	\
 * the very end of one (a page without access after it).		\
 */									\
static void prefix##_fenced(const struct bk_variant *v, size_t len)	\
{									\
	size_t page = (size_t)sysconf(_SC_PAGESIZE);			\
	size_t span = (len * sizeof(T) + page - 1) / page * page;	\
	size_t total = span + 2 * page;					\
	unsigned char *map = mmap(NULL, total, PROT_READ | PROT_WRITE,	\
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);	\
	bk_##prefix##_fn *fn = (bk_##prefix##_fn *)v->fn;		\
									\
	if (map == MAP_FAILED) {					\
		case_fail("%s: mmap of %zu bytes failed", v->symbol, total); \
		return;							\
	}								\
	if (mprotect(map, page, PROT_NONE) ||				\
	    mprotect(map + page + span, page, PROT_NONE)) {		\
		case_fail("%s: mprotect failed", v->symbol);		\
		munmap(map, total);					\
		return;							\
	}								\
	T *first = (T *)(map + page);					\
	T *last = (T *)(map + page + span) - len;			\
	T *want = malloc(len * sizeof(T) + 1);				\
									\
	for (size_t i = 0; i < len; i++)				\
		want[i] = (T)(0.5 + (double)i / (double)(len + 1));	\
	memcpy(first, want, len * sizeof(T));				\
	fn(want, len, 2);						\
	fn(first, len, 2);						\
	if (len && memcmp(first, want, len * sizeof(T)))		\
		case_fail("%s fenced len %zu: x at a page start differs", \
			  v->symbol, len);				\
	for (size_t i = 0; i < len; i++)				\
		last[i] = (T)(0.5 + (double)i / (double)(len + 1));	\
	fn(last, len, 2);						\
	if (len && memcmp(last, want, len * sizeof(T)))		\
		case_fail("%s fenced len %zu: x at a page end differs",	\
			  v->symbol, len);				\
	free(want);							\
	munmap(map, total);						\
}									\
									\
void check_##prefix(const struct bk_variant *v)				\
{									\
	uint64_t rng = 0x9e3779b97f4a7c15ull;				\
	bk_##prefix##_fn *ref;						\
	size_t max_off = 64 / sizeof(T);				\
									\
	if (!strcmp(v->slot, #prefix "_ops2"))				\
		ref = prefix##_ops2_ref;				\
	else if (!strcmp(v->slot, #prefix "_ops8"))			\
		ref = prefix##_ops8_ref;				\
	else								\
		ref = prefix##_ops32_ref;				\
	for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++) { \
		size_t len = lengths[li];				\
		size_t step = len > 300 ? max_off / 4 : 1;		\
									\
		for (size_t off = 0; off < max_off; off += step)	\
			for (size_t passes = 1; passes <= 3; passes += 2) \
				prefix##_case(v, ref, len, off, passes, &rng); \
	}								\
	/* x of exactly the sizes above which the x86-64 kernels	\
	 * leave their pipeline and prefetch, of 13 words more, and	\
	 * of 1 to 8 lines more, odd and even (the two-stage ops8	\
	 * at RAM size ends after either step; burnkit/prefetch.h),	\
	 * of 1 to 15 32-byte vectors more (AVX2 ops8's pairs of	\
	 * blocks of four from L2 end on every remainder of 8);	\
	 * the pipelines' counts over every				\
	 * remainder of whole lines (AVX2 ops8: groups of 4 lines;	\
	 * AVX-512 ops32: 1 to 5 blocks of 5, odd and even). */	\
	for (size_t extra = 0; extra <= 13; extra += 13)		\
		for (size_t off = 0; off < 2; off++)			\
			for (size_t g = 0; g < N_GATES; g++)		\
				prefix##_case(v, ref, gates[g] / sizeof(T) + \
					      extra, off, 1, &rng);	\
	for (size_t g = 0; g < N_GATES; g++)				\
		for (size_t lines = 1; lines <= 8; lines++)		\
			prefix##_case(v, ref, (gates[g] + lines * 64) /	\
				      sizeof(T) + lines % 3, lines % 2, 3, &rng); \
	for (size_t g = 0; g < N_GATES; g++)				\
		for (size_t vecs = 1; vecs <= 15; vecs++)		\
			prefix##_case(v, ref, (gates[g] + vecs * 32) /	\
				      sizeof(T), 0, 1, &rng);		\
	for (size_t lines = 4; lines <= 26; lines++)			\
		for (size_t off = 0; off < max_off; off += 5)		\
			prefix##_case(v, ref, lines * 64 / sizeof(T) + off % 3, \
				      off, 3, &rng);			\
	for (size_t len = 1; len <= 200; len++)				\
		for (size_t off = 0; off < max_off; off += 3)		\
			prefix##_uniform(v, len, off);			\
	for (size_t len = 0; len <= 100; len++)				\
		prefix##_fenced(v, len);				\
	prefix##_fenced(v, 1027);					\
}									\
									\
/* The same random words through v under def and under tuning: equal	\
 * bit for bit, or a failed case. */					\
static void prefix##_same_case(const struct bk_variant *v,		\
			       const struct bk_fpu_tuning *def,		\
			       const struct bk_fpu_tuning *tuning,	\
			       size_t len, size_t off, uint64_t *rng)	\
{									\
	T *a = malloc((off + len + 1) * sizeof(T) + 64);		\
	T *b = malloc((off + len + 1) * sizeof(T) + 64);		\
	T *xa = (T *)(((uintptr_t)a + 63) & ~(uintptr_t)63) + off;	\
	T *xb = (T *)(((uintptr_t)b + 63) & ~(uintptr_t)63) + off;	\
	bk_##prefix##_fn *fn = (bk_##prefix##_fn *)v->fn;		\
									\
	for (size_t i = 0; i < len; i++)				\
		xa[i] = xb[i] = (T)(0.5 + rng_unit(rng));		\
	bk_fpu_tuning_apply(def);					\
	fn(xa, len, 3);							\
	bk_fpu_tuning_apply(tuning);					\
	fn(xb, len, 3);							\
	for (size_t i = 0; i < len; i++)				\
		if (memcmp(&xa[i], &xb[i], sizeof(T))) {		\
			case_fail("%s len %zu offset %zu: word %zu is %.17g " \
				  "under %s, %.17g under the default",	\
				  v->symbol, len, off, i, (double)xb[i], \
				  tuning->core, (double)xa[i]);		\
			break;						\
		}							\
	free(a);							\
	free(b);							\
}									\
									\
static void prefix##_same(const struct bk_variant *v,			\
			  const struct bk_fpu_tuning *def,		\
			  const struct bk_fpu_tuning *tuning)		\
{									\
	uint64_t rng = 0x2545f4914f6cdd1dull;				\
	size_t max_off = 64 / sizeof(T);				\
									\
	for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++) \
		for (size_t off = 0; off < max_off; off += 3)		\
			prefix##_same_case(v, def, tuning, lengths[li], off, \
					   &rng);			\
	for (size_t g = 0; g < N_GATES; g++)				\
		for (size_t extra = 0; extra <= 40; extra += 13)	\
			prefix##_same_case(v, def, tuning,		\
					   gates[g] / sizeof(T) + extra, \
					   extra % 3, &rng);		\
}

BK_FPU_CHECK(fpu32, float, BK_FPU32_FUSED_REL_TOL)
BK_FPU_CHECK(fpu64, double, BK_FPU64_FUSED_REL_TOL)

void check_fpu_same_under(const struct bk_variant *v, const struct bk_fpu_tuning *def,
			  const struct bk_fpu_tuning *tuning)
{
	if (!strncmp(v->slot, "fpu32_", 6))
		fpu32_same(v, def, tuning);
	else
		fpu64_same(v, def, tuning);
	bk_fpu_tuning_apply(tuning);
}
