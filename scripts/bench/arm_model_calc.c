// SPDX-License-Identifier: MIT
/*
 * The model of arm_model.h: per-core figures and the bound.
 *
 * Sources of the core table (no hardware here; every figure is from a
 * public description, none is measured):
 *   Cortex-A53: Arm publishes no optimisation guide. GCC's pipeline
 *     description (config/arm/cortex-a53.md): FP add and multiply issue in
 *     slot 0 only, latency 4; a multiply-accumulate is the multiply, then
 *     the add 4 cycles later (8 in all, the accumulator needed at cycle 4,
 *     so 4 from accumulator to accumulator). One Q-form FP instruction a
 *     cycle; 64-bit loads (128-bit ones take two cycles) that do not
 *     dual-issue with FP instructions (ncnn's A53 dual-issue notes,
 *     measured); one load/store pipe, taken here as 8 bytes a cycle for
 *     stores too. In order, dual issue: 2 instructions a cycle.
 *   Cortex-A72: Software Optimization Guide (Arm UAN 0016A): two FP/ASIMD
 *     pipes F0/F1; a Q-form FP add, multiply or multiply-accumulate issues
 *     one a cycle (both pipes), scalar ones two; FADD 4, FMUL 4, FMADD 7
 *     with 3 through the accumulator (late forwarding), taken for the
 *     Q-form FMLA and the AArch32 VMLA too (the Cortex-A57 guide lists
 *     VMLA, VMLS and VFMA together, 9 with 4 through the accumulator);
 *     one load and one store pipe of 16 bytes; 3-wide decode, 128 in
 *     flight.
 *   Cortex-A76: Software Optimization Guide (and the Neoverse N1 model of
 *     LLVM, the same core): two 128-bit FP/ASIMD pipes V0/V1, each FADD
 *     (2), FMUL (3), FMLA (4) one a cycle; two load/store pipes of 16
 *     bytes shared by loads and stores, and a Q-register store also takes
 *     a V-pipe slot per 16 bytes for its data; 4-wide decode, 128 in
 *     flight. The AArch32 chained VMLA is taken as a multiply then an add
 *     (3 + 2 = 5 through the accumulator): an assumption, not a guide
 *     figure.
 */
#include <string.h>

#include "arm_model.h"

const struct bk_arm_core bk_arm_cores[3] = {
	{ .name = "A53", .in_order = 1, .issue = 2, .window = 0,
	  .fp_q = 1, .fp_s = 1, .lat_add = 4, .lat_mul = 4,
	  .lat_fma = 4, .lat_mla = 4,
	  .load_bytes = 8, .load_ops = 1, .store_bytes = 8,
	  .ldst_shared = 1, .store_fp_slot = 0 },
	{ .name = "A72", .in_order = 0, .issue = 3, .window = 128,
	  .fp_q = 1, .fp_s = 2, .lat_add = 4, .lat_mul = 4,
	  .lat_fma = 3, .lat_mla = 3,
	  .load_bytes = 16, .load_ops = 1, .store_bytes = 16,
	  .ldst_shared = 0, .store_fp_slot = 0 },
	{ .name = "A76", .in_order = 0, .issue = 4, .window = 128,
	  .fp_q = 2, .fp_s = 2, .lat_add = 2, .lat_mul = 3,
	  .lat_fma = 4, .lat_mla = 5,
	  .load_bytes = 32, .load_ops = 2, .store_bytes = 32,
	  .ldst_shared = 1, .store_fp_slot = 1 },
};

int bk_arm_mix_from_slot(struct bk_arm_mix *m, const char *arch,
			 const char *slot, const char *isa)
{
	if (!strncmp(slot, "fpu32_", 6))
		m->elem_bytes = 4;
	else if (!strncmp(slot, "fpu64_", 6))
		m->elem_bytes = 8;
	else
		return -1;
	if (!strcmp(slot + 6, "ops2")) {
		m->ops = 2;
		m->terms = 1;
	} else if (!strcmp(slot + 6, "ops8")) {
		m->ops = 8;
		m->terms = 3;
	} else if (!strcmp(slot + 6, "ops32")) {
		m->ops = 32;
		m->terms = 11;
	} else {
		return -1;
	}
	m->lanes = !strcmp(isa, "neon") ? 16 / m->elem_bytes : 1;
	/* AArch64 kernels fuse their further terms; AArch32 ones chain them. */
	m->fused = !strcmp(arch, "aarch64");
	m->load_max = !strcmp(arch, "aarch64") ? 64 : 128;
	return 0;
}

static double max2(double a, double b)
{
	return a > b ? a : b;
}

void bk_arm_model(const struct bk_arm_core *c, const struct bk_arm_mix *m,
		  struct bk_arm_bound *b)
{
	unsigned bytes_u = m->words * m->elem_bytes;
	unsigned block_loads = (bytes_u + m->load_max - 1) / m->load_max;
	unsigned consts = m->loads > block_loads ? m->loads - block_loads : 0;
	double bytes = bytes_u;
	double rate = m->lanes > 1 ? c->fp_q : c->fp_s;
	double loads = bytes / c->load_bytes + consts / c->load_ops;
	double stores = bytes / c->store_bytes;
	double link = m->fused ? c->lat_fma : c->lat_mla;

	b->fp = m->fp / rate + (c->store_fp_slot ? bytes / 16 / c->fp_q : 0);
	b->mem = c->ldst_shared ? loads + stores : max2(loads, stores);
	b->issue = m->total / c->issue;
	if (c->in_order) {
		b->throughput = max2(b->issue, b->fp + b->mem);
		b->limit = b->issue > b->fp + b->mem ? "issue" : "fp+mem";
	} else {
		b->throughput = max2(max2(b->fp, b->mem), b->issue);
		b->limit = b->throughput == b->fp ? "fp" :
			   b->throughput == b->mem ? "mem" : "issue";
	}
	b->chain = c->lat_add + c->lat_mul + (m->terms - 1) * link;
	b->blocks = c->in_order ? 1 : max2(1, c->window / m->total);
	b->latency = b->chain / b->blocks;
	b->cycles = b->throughput;
	if (b->latency > b->throughput) {
		b->cycles = b->latency;
		b->limit = "latency";
	}
	b->mflops_per_ghz = (double)m->words * m->ops * 1000 / b->cycles;
}
