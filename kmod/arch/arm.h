/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* ARMv7 counter accessors: CP15 PMU registers (PMCCNTR is 32 bits wide). */
#ifndef BURNKIT_ARCH_ARM_H
#define BURNKIT_ARCH_ARM_H

#include <linux/bits.h>
#include <linux/types.h>
#include <asm/barrier.h>

#define BK_ARCH_NAME		"arm"
#define BK_COUNTER_NAME		"pmccntr"
#define BK_COUNTER_MASK		0xffffffffULL	/* PMCCNTR wraps at 32 bits */
#define BK_HAVE_PMU_CONTROL	1
#define BK_HAVE_CNTVCT		0

#define BK_PMUSERENR_EN		BIT(0)
/* ARMv7 has only EN, which also lets the task program the whole PMU. */
#define BK_PMUSERENR_GRANT	BK_PMUSERENR_EN
#define BK_PMCR_E		BIT(0)
#define BK_PMCR_ENABLE		BK_PMCR_E
#define BK_PMCNTEN_CYCLES	BIT(31)
/* PMSELR.SEL 31 makes PMXEVTYPER the cycle counter's filter (PMCCFILTR). */
#define BK_PMSELR_CYCLES	31
#define BK_PMCCFILTR_P		BIT(31)	/* do not count at PL1 */
#define BK_PMCCFILTR_USER	BK_PMCCFILTR_P

#define BK_CP15_READ(crn, crm, op2)					\
	({ u32 v_; asm volatile("mrc p15, 0, %0, " #crn ", " #crm ", " #op2 \
				: "=r" (v_)); v_; })
#define BK_CP15_WRITE(v, crn, crm, op2)					\
	({ asm volatile("mcr p15, 0, %0, " #crn ", " #crm ", " #op2	\
			: : "r" ((u32)(v))); })

struct bk_pmu_regs {
	u64 userenr;
	u64 ccfiltr;
};

/*
 * Why this CPU has no PMU burnkit can use, or NULL: ID_DFR0.PerfMon (bits
 * 27:24) is 0xf without an architected PMU, 0 or 1 for none or PMUv1 (a
 * different register set).
 */
static inline const char *bk_pmu_absent_why(void)
{
	u32 ver = (BK_CP15_READ(c0, c1, 2) >> 24) & 0xf;

	if (ver == 0 || ver == 0xf)
		return "no architected PMU (ID_DFR0.PerfMon 0 or 0xf)";
	if (ver == 1)
		return "PMUv1 (ID_DFR0.PerfMon 1), not supported";
	return NULL;
}

static inline u64 bk_pmu_userenr(void)
{
	return BK_CP15_READ(c9, c14, 0);
}

static inline u64 bk_pmu_pmcr(void)
{
	return BK_CP15_READ(c9, c12, 0);
}

static inline u64 bk_pmu_cntenset(void)
{
	return BK_CP15_READ(c9, c12, 1);
}

/* Overflow interrupts: perf enables them for its counters, we never do. */
static inline u64 bk_pmu_intenset(void)
{
	return BK_CP15_READ(c9, c14, 1);
}

/*
 * The cycle counter's filter, through the event selector; PMSELR is put
 * back, since perf selects a counter before each PMXEV* access. PMUv2
 * without the filtering extension reads it as zero and ignores writes.
 */
static inline u64 bk_pmu_ccfiltr(void)
{
	u32 sel = BK_CP15_READ(c9, c12, 5), v;

	BK_CP15_WRITE(BK_PMSELR_CYCLES, c9, c12, 5);
	isb();
	v = BK_CP15_READ(c9, c13, 1);
	BK_CP15_WRITE(sel, c9, c12, 5);
	isb();
	return v;
}

static inline void bk_pmu_set_ccfiltr(u64 v)
{
	u32 sel = BK_CP15_READ(c9, c12, 5);

	BK_CP15_WRITE(BK_PMSELR_CYCLES, c9, c12, 5);
	isb();
	BK_CP15_WRITE(v, c9, c13, 1);
	BK_CP15_WRITE(sel, c9, c12, 5);
	isb();
}

/*
 * Whether this CPU can keep the kernel's cycles out of the count: the
 * filter's P bit sticks (probed, then put back).
 */
static inline bool bk_pmu_filter_probe(void)
{
	u64 was = bk_pmu_ccfiltr();
	bool sticks;

	bk_pmu_set_ccfiltr(was | BK_PMCCFILTR_P);
	sticks = bk_pmu_ccfiltr() & BK_PMCCFILTR_P;
	bk_pmu_set_ccfiltr(was);
	return sticks;
}

static inline void bk_pmu_save(struct bk_pmu_regs *r)
{
	r->userenr = bk_pmu_userenr();
	r->ccfiltr = bk_pmu_ccfiltr();
}

/* Start the cycle counter (32 bits), counting with filter ccfiltr. */
static inline void bk_pmu_start(u64 ccfiltr)
{
	bk_pmu_set_ccfiltr(ccfiltr);
	BK_CP15_WRITE(bk_pmu_pmcr() | BK_PMCR_ENABLE, c9, c12, 0);
	BK_CP15_WRITE(BK_PMCNTEN_CYCLES, c9, c12, 1);
	isb();
}

static inline void bk_pmu_grant(void)
{
	bk_pmu_start(BK_PMCCFILTR_USER);
	BK_CP15_WRITE(bk_pmu_userenr() | BK_PMUSERENR_GRANT, c9, c14, 0);
	isb();
}

static inline bool bk_pmu_grant_intact(void)
{
	return bk_pmu_userenr() & BK_PMUSERENR_GRANT;
}

static inline void bk_pmu_restore(const struct bk_pmu_regs *r)
{
	BK_CP15_WRITE(r->userenr, c9, c14, 0);
	bk_pmu_set_ccfiltr(r->ccfiltr);
	isb();
}

static inline u64 bk_counter_now(void)
{
	isb();
	return BK_CP15_READ(c9, c13, 0);
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
	return 0;
}

static inline u64 bk_cntvct_hz(void)
{
	return 0;
}

#endif
