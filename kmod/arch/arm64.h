/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* AArch64 counter accessors: PMU cycle counter registers, generic timer. */
#ifndef BURNKIT_ARCH_ARM64_H
#define BURNKIT_ARCH_ARM64_H

#include <linux/bits.h>
#include <linux/types.h>
#include <asm/barrier.h>
#include <asm/sysreg.h>

#define BK_ARCH_NAME		"arm64"
#define BK_COUNTER_NAME		"pmccntr"
#define BK_COUNTER_MASK		(~0ULL)	/* PMCR.LC: 64 bits */
#define BK_PMUSERENR_READ	(BK_PMUSERENR_EN | BK_PMUSERENR_CR)
#define BK_HAVE_PMU_CONTROL	1
#define BK_HAVE_CNTVCT		1

#define BK_PMUSERENR_EN		BIT(0)	/* all PMU registers at EL0 */
#define BK_PMUSERENR_CR		BIT(2)	/* cycle counter reads at EL0 */
#define BK_PMUSERENR_USER	BK_PMUSERENR_CR
#define BK_PMCR_E		BIT(0)
#define BK_PMCR_LC		BIT(6)	/* 64-bit cycle counter overflow */
#define BK_PMCR_ENABLE		(BK_PMCR_E | BK_PMCR_LC)
#define BK_PMCNTEN_CYCLES	BIT(31)

struct bk_pmu_regs {
	u64 userenr;
	u64 pmcr;
	u64 cntenset;
	u64 ccfiltr;
};

static inline void bk_pmu_save(struct bk_pmu_regs *r)
{
	r->userenr = read_sysreg(pmuserenr_el0);
	r->pmcr = read_sysreg(pmcr_el0);
	r->cntenset = read_sysreg(pmcntenset_el0);
	r->ccfiltr = read_sysreg(pmccfiltr_el0);
}

static inline u64 bk_pmu_userenr(void)
{
	return read_sysreg(pmuserenr_el0);
}

static inline u64 bk_pmu_cntenset(void)
{
	return read_sysreg(pmcntenset_el0);
}

static inline u64 bk_pmu_pmcr(void)
{
	return read_sysreg(pmcr_el0);
}

/* Overflow interrupts: perf enables them for its counters, we never do. */
static inline u64 bk_pmu_intenset(void)
{
	return read_sysreg(pmintenset_el1);
}

/* Count cycles at EL0 and EL1, start the cycle counter, let EL0 read it. */
static inline void bk_pmu_apply(void)
{
	write_sysreg(0, pmccfiltr_el0);
	write_sysreg(read_sysreg(pmcr_el0) | BK_PMCR_ENABLE, pmcr_el0);
	write_sysreg(BK_PMCNTEN_CYCLES, pmcntenset_el0);
	write_sysreg(read_sysreg(pmuserenr_el0) | BK_PMUSERENR_USER,
		     pmuserenr_el0);
	isb();
}

/* Put back what bk_pmu_save() found; PMCNTENSET bits clear through CLR. */
static inline void bk_pmu_restore(const struct bk_pmu_regs *r)
{
	u64 pmcr = read_sysreg(pmcr_el0) & ~(u64)BK_PMCR_ENABLE;

	write_sysreg(r->userenr, pmuserenr_el0);
	if (!(r->cntenset & BK_PMCNTEN_CYCLES))
		write_sysreg(BK_PMCNTEN_CYCLES, pmcntenclr_el0);
	write_sysreg(pmcr | (r->pmcr & BK_PMCR_ENABLE), pmcr_el0);
	write_sysreg(r->ccfiltr, pmccfiltr_el0);
	isb();
}

static inline u64 bk_counter_now(void)
{
	isb();
	return read_sysreg(pmccntr_el0);
}

static inline u64 bk_counter_begin(void)
{
	return bk_counter_now();
}

static inline u64 bk_counter_end(void)
{
	return bk_counter_now();
}

static inline u64 bk_cntvct_now(void)
{
	isb();
	return read_sysreg(cntvct_el0);
}

static inline u64 bk_cntvct_hz(void)
{
	return read_sysreg(cntfrq_el0);
}

#endif
