/* SPDX-License-Identifier: MIT */
/*
 * fpu_bench.h: what fpu_bench.c (the sampling) and fpu_report.c (the
 * tables and goals) share: the options, the contenders of a cell and the
 * cells of each ISA measured.
 */
#ifndef BK_BENCH_FPU_BENCH_H
#define BK_BENCH_FPU_BENCH_H

#include <stddef.h>

#include <burnkit/kernels.h>

#define NOPS 3
extern const int ops_list[NOPS];	/* 2, 8, 32 */

enum { SIZE_L1, SIZE_L2, SIZE_RAM, NSIZES };
extern const char *const size_names[NSIZES];

struct bench_opts {
	int fp64;
	int aa;			/* --aa: gcc -O3's build in burnkit's place */
	const char *isa;	/* --isa: measure only that ISA */
	unsigned repeats;
	double min_seconds;
	int threads;
	unsigned sizes;		/* bit per size to measure; 0: all */
	double max_seconds;	/* per contender and cell, then stop repeating */
	int wall;		/* time by the wall clock, not thread CPU time */
	unsigned rounds;	/* every cell measured this many times, in turn */
	unsigned max_rounds;	/* and a cell whose ratios are unstable up to
				 * this many times */
	double spread_limit;	/* per cent of a ratio's median its rounds may
				 * spread over before it is unstable */
};
extern struct bench_opts opt;

int size_on(int size);

struct impl {
	const char *name;
	bk_fpu32_fn *f32[NOPS];
	bk_fpu64_fn *f64[NOPS];
};

enum {
	C_BURNKIT, C_NATIVE, C_BASE, C_MIX, C_PORTS, C_PORTS_FLOW, C_STREAM, C_STREAM_PF,
	NCONTENDERS
};

#define MAX_ROUNDS 9

struct cell {
	double rate[NCONTENDERS];	/* MFLOPS; MB/s for the streams */
	double stream;			/* MB/s, the better stream */
	double compute, memory;		/* the two bounds, MFLOPS */
	double ports;			/* the FP mix with the kernel's loads and
					 * stores, MFLOPS: the second bound (the
					 * better of the two walks, peak.h) */
};

/*
 * One ISA measured: burnkit's kernels capped at it, gcc's build for it,
 * and its own FP mix and stream (the bounds of its own instructions).
 */
struct isa_run {
	const char *isa;		/* NULL: the architecture has no mix loops */
	struct impl burnkit;
	const struct impl *native;
	char kernels[160];		/* which kernel each op count got */
	/* [round][size][op][threads: one, all] */
	struct cell rounds[MAX_ROUNDS][NSIZES][NOPS][2];
	unsigned nrounds[NSIZES][NOPS][2];	/* rounds each cell was measured */
};

/* The ISAs measured (fpu_impls.c fills them). */
#define MAX_RUNS 3
extern struct isa_run runs[MAX_RUNS];
extern int nruns;
extern const struct impl base_impl;	/* gcc -O2, baseline ISA */

/* Fill runs[]: every ISA this CPU has with mix loops, or opt.isa alone;
 * prints which kernels and competitor each got. 0, or -1 (printed). */
int pick_runs(void);

/* fpu_report.c: the table of one ISA (medians of the rounds, and the
 * spread of the ratios), and its goals (the gcc -O2 goal only for the
 * best ISA, `top`: the last measured without --isa). */
void print_table(const struct isa_run *run, int nthreads, const size_t words[NSIZES]);
void print_goals(const struct isa_run *run, int nthreads, int top);

/* Whether a ratio a goal judges of this cell spreads by more than 10 %
 * of its median over the cell's rounds: the cell is measured again. */
int cell_unstable(const struct isa_run *run, int s, int op, int ti);

#endif
