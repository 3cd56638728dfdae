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
#define BK_HAVE_PMU_CONTROL	1
#define BK_HAVE_CNTVCT		1

#define BK_PMUSERENR_EN		BIT(0)	/* all PMU registers at EL0 */
#define BK_PMUSERENR_CR		BIT(2)	/* cycle counter reads at EL0 */
/* What a task that asks gets: cycle counter reads, nothing else. */
#define BK_PMUSERENR_GRANT	BK_PMUSERENR_CR
#define BK_PMCR_E		BIT(0)
#define BK_PMCR_LC		BIT(6)	/* 64-bit cycle counter overflow */
#define BK_PMCR_ENABLE		(BK_PMCR_E | BK_PMCR_LC)
#define BK_PMCNTEN_CYCLES	BIT(31)
#define BK_PMCCFILTR_P		BIT(31)	/* do not count at EL1 */
#define BK_PMCCFILTR_USER	BK_PMCCFILTR_P	/* EL0 only (NSH 0: nor EL2) */

/* The registers a grant changes, as found, put back after it. */
struct bk_pmu_regs {
	u64 userenr;
	u64 ccfiltr;
};

/*
 * Why this CPU has no PMU burnkit can use, or NULL: ID_AA64DFR0_EL1.PMUVer
 * (bits 11:8) is 0 without a PMU and 0xf for an IMPLEMENTATION DEFINED one;
 * without a PMU every PMU register access is undefined.
 */
static inline const char *bk_pmu_absent_why(void)
{
	u64 ver = (read_sysreg(id_aa64dfr0_el1) >> 8) & 0xf;

	if (ver == 0)
		return "no PMU (ID_AA64DFR0_EL1.PMUVer 0)";
	if (ver == 0xf)
		return "IMPLEMENTATION DEFINED PMU (ID_AA64DFR0_EL1.PMUVer 0xf)";
	return NULL;
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

static inline u64 bk_pmu_ccfiltr(void)
{
	return read_sysreg(pmccfiltr_el0);
}

/* PMUv3 always has PMCCFILTR_EL0: EL1 is kept out of the count. */
static inline bool bk_pmu_filter_probe(void)
{
	return true;
}

/* Overflow interrupts: perf enables them for its counters, we never do. */
static inline u64 bk_pmu_intenset(void)
{
	return read_sysreg(pmintenset_el1);
}

static inline void bk_pmu_save(struct bk_pmu_regs *r)
{
	r->userenr = read_sysreg(pmuserenr_el0);
	r->ccfiltr = read_sysreg(pmccfiltr_el0);
}

/* Start the cycle counter (64 bits), counting with filter ccfiltr. */
static inline void bk_pmu_start(u64 ccfiltr)
{
	write_sysreg(ccfiltr, pmccfiltr_el0);
	write_sysreg(read_sysreg(pmcr_el0) | BK_PMCR_ENABLE, pmcr_el0);
	write_sysreg(BK_PMCNTEN_CYCLES, pmcntenset_el0);
	isb();
}

/* EL0 only, running, readable at EL0: what a task that asked gets. */
static inline void bk_pmu_grant(void)
{
	bk_pmu_start(BK_PMCCFILTR_USER);
	write_sysreg(read_sysreg(pmuserenr_el0) | BK_PMUSERENR_GRANT,
		     pmuserenr_el0);
	isb();
}

/* Our grant is still in place: nobody (perf) changed it under us. */
static inline bool bk_pmu_grant_intact(void)
{
	return (read_sysreg(pmuserenr_el0) & BK_PMUSERENR_GRANT) &&
	       read_sysreg(pmccfiltr_el0) == BK_PMCCFILTR_USER;
}

/* Put back what bk_pmu_save() found; the counter keeps running. */
static inline void bk_pmu_restore(const struct bk_pmu_regs *r)
{
	write_sysreg(r->userenr, pmuserenr_el0);
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
