/* SPDX-License-Identifier: MIT */
/*
 * arm_model.h: the expected speed of an FPU kernel on an Arm core, from its
 * loop body's instruction mix (the counts `burnkit inspect` takes from the
 * disassembly) and a table of the core's FP pipes, load/store pipes and
 * latencies. No hardware is needed; the figures are a model, the bound a
 * well-scheduled loop body can reach, not a measurement.
 *
 * Cycles per loop iteration are the larger of
 *   throughput: FP instructions over the FP issue rate (plus the FP-pipe
 *     slots that Q-register stores take where the core does that), the
 *     load/store pipes' cycles for the words and the streamed constants,
 *     and all instructions over the issue width; an in-order core (no
 *     dual issue of vector loads/stores with FP work) adds FP and memory
 *     cycles instead of overlapping them;
 *   latency: one vector's dependency chain (x + a, the first product, then
 *     one link per further term through the accumulator), shared by the
 *     blocks in flight: one on an in-order core, window / instructions per
 *     iteration on an out-of-order one.
 * MFLOPS per GHz = nominal operations per iteration (words x 2, 8 or 32)
 * x 1000 / cycles.
 */
#ifndef BK_ARM_MODEL_H
#define BK_ARM_MODEL_H

struct bk_arm_core {
	const char *name;
	int in_order;		/* 1: FP and vector memory ops do not overlap */
	double issue;		/* instructions issued per cycle */
	double window;		/* instructions in flight (out of order) */
	double fp_q;		/* Q-form (128-bit) FP instructions per cycle */
	double fp_s;		/* scalar FP instructions per cycle */
	double lat_add, lat_mul;	/* FADD, FMUL latency */
	double lat_fma;		/* fused FMLA, accumulator to accumulator */
	double lat_mla;		/* chained VMLA (AArch32), accumulator to accumulator */
	double load_bytes;	/* bytes loaded per cycle (all load pipes) */
	double load_ops;	/* load instructions per cycle */
	double store_bytes;	/* bytes stored per cycle */
	int ldst_shared;	/* loads and stores share the pipes: cycles add */
	int store_fp_slot;	/* each 16 bytes stored also take an FP-pipe slot */
};

/* One loop body, as inspect counts it, and what the slot means. */
struct bk_arm_mix {
	unsigned words;		/* words per iteration */
	unsigned elem_bytes;	/* 4 (fpu32) or 8 (fpu64) */
	unsigned lanes;		/* words per FP instruction: 1 scalar, 16/elem NEON */
	unsigned ops;		/* nominal operations per word: 2, 8, 32 */
	unsigned terms;		/* (x + c) * k products per word: 1, 3, 11 */
	int fused;		/* further terms are fused (FMLA) or chained (VMLA) */
	unsigned load_max;	/* most bytes one load instruction moves: 64 (ld1 of
				 * four q), 128 (vldm of 16 d); loads beyond the
				 * block's share are streamed constants */
	unsigned loads, stores, fp, total;	/* instructions per iteration */
};

struct bk_arm_bound {
	double fp, mem, issue;	/* cycles per iteration of each resource */
	double throughput;	/* their bound (in order: issue vs fp + mem) */
	double chain;		/* one vector's chain, cycles */
	double blocks;		/* iterations in flight */
	double latency;		/* chain / blocks */
	double cycles;		/* the larger of throughput and latency */
	const char *limit;	/* "fp", "mem", "issue", "fp+mem" or "latency" */
	double mflops_per_ghz;
};

/* Cortex-A53, A72, A76 (index 0..2); the sources are in arm_model_calc.c. */
extern const struct bk_arm_core bk_arm_cores[3];

/* Fill mix's derived fields from the slot ("fpu32_ops8"), isa and arch. */
int bk_arm_mix_from_slot(struct bk_arm_mix *m, const char *arch,
			 const char *slot, const char *isa);

void bk_arm_model(const struct bk_arm_core *c, const struct bk_arm_mix *m,
		  struct bk_arm_bound *b);

#endif
