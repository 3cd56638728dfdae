/* SPDX-License-Identifier: MIT */
/*
 * peak: the loops that measure this core's own limits for the FPU
 * benchmark, run on the calling thread: a clock chain, each FPU kernel's
 * floating-point instruction mix, and an in-place streaming read+write.
 * The loops are in peak_<arch>.S; the caller times them. An architecture
 * without them reports 0 (unknown) everywhere.
 */
#ifndef BK_BENCH_PEAK_H
#define BK_BENCH_PEAK_H

/* The walks (ports) take x in whole groups of this many vectors. */
#define WALK_VECS 16

#ifndef __ASSEMBLER__
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Run the chain of dependent one-cycle integer adds `iterations` times;
 * returns the adds done (so adds / seconds is the core clock), 0 when this
 * build has no such loop. */
uint64_t peak_clock_run(uint64_t iterations);

/* Run the FP instruction mix of the kernel of `isa` with `ops` operations
 * per word (2, 8, 32) `iterations` times, in registers; returns the FP
 * vector instructions done, 0 when this build has no such loop. */
uint64_t peak_mix_run(const char *isa, int ops, uint64_t iterations);

/* The walks' forms: the mix with the kernel's loads and stores, and, for
 * ops8 of the FMA ISAs, the kernel's formula computed on the words. */
enum peak_walk { PEAK_WALK_MIX, PEAK_WALK_FLOW };

/* The same mix with the kernel's loads and stores, walking the `bytes` of
 * x (64-byte aligned) in place `passes` times as the kernel does (one load
 * and one store per vector, of 16 bytes where the kernel runs at 128 bits
 * on this core: peak_ports_vector_bytes; the factors it takes from memory
 * as memory operands; AVX2 ops8 up to BK_FPU_PIPE_MAX_BYTES x as the adds'
 * memory operand where the kernel runs its pipeline over lines), whole
 * groups of 16 vectors: the load and store ports' and the caches' bound at
 * that size, against the FP pipes' bound without. PEAK_WALK_FLOW: the
 * same instructions and traffic computing the formula on each vector of
 * x (fp64: x holds doubles, else floats) in blocks of four vectors,
 * which keeps x's value.
 * Returns the FP vector instructions done, 0 when there is no such loop
 * or x holds less than one group. */
uint64_t peak_ports_run(const char *isa, int ops, enum peak_walk form, int fp64, void *x,
			size_t bytes, uint64_t passes);

/* Whether peak_ports_run has a walk of that form for isa and ops. */
bool peak_ports_has(const char *isa, int ops, enum peak_walk form);

/* FP vector instructions per vector of that kernel (its loop body without
 * loads, stores and loop control), 0 if unknown. */
int peak_mix_per_vector(const char *isa, int ops);

/* Vector width of `isa` in bytes, 0 if unknown. */
size_t peak_vector_bytes(const char *isa);

/* Vector width in bytes of the loads and stores of that kernel's ports
 * walk, as the kernel runs on this core: 16 for the AVX2 kernels that
 * lib/dispatch runs at 128 bits (Zen 1), else peak_vector_bytes(isa). */
size_t peak_ports_vector_bytes(const char *isa, int ops);

/* Read and write back `bytes` of x (64-byte aligned, a multiple of 256),
 * `passes` times, with the vectors of `isa`; with `prefetch`, each line is
 * also prefetched one page ahead. Returns 0, or -1 when this build has no
 * stream loop for `isa`. */
int peak_stream(const char *isa, int prefetch, void *x, size_t bytes,
		size_t passes);

#endif /* __ASSEMBLER__ */

#endif
