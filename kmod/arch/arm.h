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
#define BK_PMUSERENR_READ	BK_PMUSERENR_EN
#define BK_HAVE_PMU_CONTROL	1
#define BK_HAVE_CNTVCT		0

#define BK_PMUSERENR_EN		BIT(0)
#define BK_PMUSERENR_USER	BK_PMUSERENR_EN	/* ARMv7 has only EN */
#define BK_PMCR_E		BIT(0)
#define BK_PMCR_ENABLE		BK_PMCR_E
#define BK_PMCNTEN_CYCLES	BIT(31)

#define BK_CP15_READ(crn, crm, op2)					\
	({ u32 v_; asm volatile("mrc p15, 0, %0, " #crn ", " #crm ", " #op2 \
				: "=r" (v_)); v_; })
#define BK_CP15_WRITE(v, crn, crm, op2)					\
	({ asm volatile("mcr p15, 0, %0, " #crn ", " #crm ", " #op2	\
			: : "r" ((u32)(v))); })

struct bk_pmu_regs {
	u64 userenr;
	u64 pmcr;
	u64 cntenset;
	u64 ccfiltr;	/* unused: ARMv7 cannot filter the cycle counter */
};

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

static inline void bk_pmu_save(struct bk_pmu_regs *r)
{
	r->userenr = bk_pmu_userenr();
	r->pmcr = bk_pmu_pmcr();
	r->cntenset = bk_pmu_cntenset();
	r->ccfiltr = 0;
}

static inline void bk_pmu_apply(void)
{
	BK_CP15_WRITE(bk_pmu_pmcr() | BK_PMCR_ENABLE, c9, c12, 0);
	BK_CP15_WRITE(BK_PMCNTEN_CYCLES, c9, c12, 1);
	BK_CP15_WRITE(bk_pmu_userenr() | BK_PMUSERENR_USER, c9, c14, 0);
	isb();
}

static inline void bk_pmu_restore(const struct bk_pmu_regs *r)
{
	u32 pmcr = bk_pmu_pmcr() & ~(u32)BK_PMCR_ENABLE;

	BK_CP15_WRITE(r->userenr, c9, c14, 0);
	if (!(r->cntenset & BK_PMCNTEN_CYCLES))
		BK_CP15_WRITE(BK_PMCNTEN_CYCLES, c9, c12, 2);
	BK_CP15_WRITE(pmcr | (r->pmcr & BK_PMCR_ENABLE), c9, c12, 0);
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
