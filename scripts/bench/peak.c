// SPDX-License-Identifier: MIT
/*
 * peak: the table of the clock, FP-mix, ports and stream loops of peak_<arch>.S,
 * with what each does per iteration.
 */
#include "peak.h"

#include <stdbool.h>
#include <string.h>

#include "burnkit/prefetch.h"
#include "util.h"

typedef uint64_t peak_loop_fn(uint64_t iterations);
/* Walks x passes times; returns the FP instructions per vector. */
typedef uint64_t peak_walk_fn(void *x, size_t bytes, size_t passes);

struct mix {
	const char *isa;
	int ops;
	int per_vector;		/* FP instructions per vector of the kernel */
	peak_loop_fn *loop;	/* returns FP instructions per iteration */
	peak_walk_fn *ports;	/* the same with the kernel's loads and stores */
	peak_walk_fn *ports_pipe;	/* up to BK_FPU_PIPE_MAX_BYTES, if it differs
					 * (not on the cores whose AVX2 ops8 runs
					 * its two-stage pipeline) */
	const int *xmm_flag;	/* set (lib/dispatch): the kernel runs at 128
				 * bits, its loads and stores those of xmm_ports */
	peak_walk_fn *xmm_ports;
	/* the flow walks (ops8 of the FMA ISAs), for fp32 and fp64 words */
	peak_walk_fn *flow[2], *xmm_flow[2];
};

#if defined(__x86_64__)
peak_loop_fn peak_clock_chain;
peak_loop_fn peak_sse2_ops2, peak_sse2_ops8, peak_sse2_ops32;
peak_loop_fn peak_avx2_ops2, peak_avx2_ops8, peak_avx2_ops32;
peak_loop_fn peak_avx512_ops2, peak_avx512_ops8, peak_avx512_ops32;
peak_walk_fn ports_sse2_ops2, ports_sse2_ops8, ports_sse2_ops32;
peak_walk_fn ports_avx2_ops2, ports_avx2_ops8, ports_avx2_ops8_pipe, ports_avx2_ops32;
peak_walk_fn ports_avx2_xmm_ops8, ports_avx2_xmm_ops32;
peak_walk_fn ports_avx512_ops2, ports_avx512_ops8, ports_avx512_ops32;
peak_walk_fn ports_flow_avx2_ops8_f32, ports_flow_avx2_ops8_f64;
peak_walk_fn ports_flow_avx2_xmm_ops8_f32, ports_flow_avx2_xmm_ops8_f64;
peak_walk_fn ports_flow_avx512_ops8_f32, ports_flow_avx512_ops8_f64;
typedef void stream_fn(void *x, size_t bytes, size_t passes);
stream_fn stream_sse2, stream_avx2, stream_avx512;
stream_fn stream_sse2_prefetch, stream_avx2_prefetch, stream_avx512_prefetch;

static peak_loop_fn *const clock_loop = peak_clock_chain;

/* Per vector, as the kernels in asm/x86_64/fpu_*.S issue them. */
#define MIX(isa_, ops_, per_vector_, loop_, ports_) \
	.isa = isa_, .ops = ops_, .per_vector = per_vector_, .loop = loop_, .ports = ports_
static const struct mix mixes[] = {
	{ MIX("sse2", 2, 2, peak_sse2_ops2, ports_sse2_ops2) },
	{ MIX("sse2", 8, 8, peak_sse2_ops8, ports_sse2_ops8) },
	{ MIX("sse2", 32, 32, peak_sse2_ops32, ports_sse2_ops32) },
	{ MIX("avx2", 2, 2, peak_avx2_ops2, ports_avx2_ops2) },
	{ MIX("avx2", 8, 6, peak_avx2_ops8, ports_avx2_ops8), .ports_pipe = ports_avx2_ops8_pipe,
	  .xmm_flag = &bk_fpu_avx2_ops8_xmm, .xmm_ports = ports_avx2_xmm_ops8,
	  .flow = { ports_flow_avx2_ops8_f32, ports_flow_avx2_ops8_f64 },
	  .xmm_flow = { ports_flow_avx2_xmm_ops8_f32, ports_flow_avx2_xmm_ops8_f64 } },
	{ MIX("avx2", 32, 23, peak_avx2_ops32, ports_avx2_ops32),	/* split sum */
	  .xmm_flag = &bk_fpu_avx2_ops32_xmm, .xmm_ports = ports_avx2_xmm_ops32 },
	{ MIX("avx512", 2, 2, peak_avx512_ops2, ports_avx512_ops2) },
	{ MIX("avx512", 8, 6, peak_avx512_ops8, ports_avx512_ops8),
	  .flow = { ports_flow_avx512_ops8_f32, ports_flow_avx512_ops8_f64 } },
	{ MIX("avx512", 32, 22, peak_avx512_ops32, ports_avx512_ops32) },
};

static const struct stream {
	const char *isa;
	size_t bytes;
	stream_fn *loop, *prefetch_loop;
} streams[] = {
	{ "sse2", 16, stream_sse2, stream_sse2_prefetch },
	{ "avx2", 32, stream_avx2, stream_avx2_prefetch },
	{ "avx512", 64, stream_avx512, stream_avx512_prefetch },
};
#else
static peak_loop_fn *const clock_loop = NULL;
static const struct mix mixes[] = { { .isa = "" } };
typedef void stream_fn(void *x, size_t bytes, size_t passes);
static const struct stream {
	const char *isa;
	size_t bytes;
	stream_fn *loop, *prefetch_loop;
} streams[] = { { "", 0, NULL, NULL } };
#endif

uint64_t peak_clock_run(uint64_t iterations)
{
	return clock_loop ? iterations * clock_loop(iterations) : 0;
}

static const struct mix *find_mix(const char *isa, int ops)
{
	for (size_t i = 0; i < BK_ARRAY_SIZE(mixes); i++)
		if (mixes[i].loop && mixes[i].ops == ops && !strcmp(mixes[i].isa, isa))
			return &mixes[i];
	return NULL;
}

/* Whether the kernel of m runs at 128 bits on this core (lib/dispatch). */
static bool at_xmm(const struct mix *m)
{
	return m->xmm_flag && *m->xmm_flag;
}

uint64_t peak_mix_run(const char *isa, int ops, uint64_t iterations)
{
	const struct mix *m = find_mix(isa, ops);

	return m ? iterations * m->loop(iterations) : 0;
}

/* The bytes of x a walk covers: its whole groups of vbytes-byte vectors. */
static size_t walk_bytes(size_t vbytes, size_t bytes)
{
	return vbytes ? bytes / (WALK_VECS * vbytes) * (WALK_VECS * vbytes) : 0;
}

/* The mix walk for m at bytes of x on this core. */
static peak_walk_fn *mix_walk(const struct mix *m, size_t bytes)
{
	if (at_xmm(m))
		return m->xmm_ports;
	/* the kernel's own schedule at this size on this core (prefetch.h) */
	return m->ports_pipe && bytes <= BK_FPU_PIPE_MAX_BYTES && !bk_fpu_avx2_ops8_two_stage
		       ? m->ports_pipe : m->ports;
}

static peak_walk_fn *flow_walk(const struct mix *m, int fp64)
{
	return at_xmm(m) ? m->xmm_flow[fp64 != 0] : m->flow[fp64 != 0];
}

uint64_t peak_ports_run(const char *isa, int ops, enum peak_walk form, int fp64, void *x,
			size_t bytes, uint64_t passes)
{
	const struct mix *m = find_mix(isa, ops);
	size_t vbytes = peak_ports_vector_bytes(isa, ops);
	size_t walked = walk_bytes(vbytes, bytes);
	peak_walk_fn *walk = !m ? NULL : form == PEAK_WALK_FLOW ? flow_walk(m, fp64)
								 : mix_walk(m, bytes);

	if (!walk || !walked || !passes)
		return 0;
	return passes * (walked / vbytes) * walk(x, walked, passes);
}

bool peak_ports_has(const char *isa, int ops, enum peak_walk form)
{
	const struct mix *m = find_mix(isa, ops);

	return m && (form == PEAK_WALK_MIX || flow_walk(m, 0));
}

int peak_mix_per_vector(const char *isa, int ops)
{
	const struct mix *m = find_mix(isa, ops);

	return m ? m->per_vector : 0;
}

size_t peak_ports_vector_bytes(const char *isa, int ops)
{
	const struct mix *m = find_mix(isa, ops);

	return m && at_xmm(m) ? 16 : peak_vector_bytes(isa);
}

size_t peak_vector_bytes(const char *isa)
{
	for (size_t i = 0; i < BK_ARRAY_SIZE(streams); i++)
		if (streams[i].loop && !strcmp(streams[i].isa, isa))
			return streams[i].bytes;
	return 0;
}

int peak_stream(const char *isa, int prefetch, void *x, size_t bytes,
		size_t passes)
{
	for (size_t i = 0; i < BK_ARRAY_SIZE(streams); i++)
		if (streams[i].loop && !strcmp(streams[i].isa, isa)) {
			(prefetch ? streams[i].prefetch_loop : streams[i].loop)(x, bytes, passes);
			return 0;
		}
	return -1;
}
