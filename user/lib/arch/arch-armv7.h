/* SPDX-License-Identifier: MIT */
/*
 * ARMv7: the generic timer's 64-bit virtual count (CNTVCT, readable at PL0
 * when CNTKCTL.PL0VCTEN is set, as Linux does for its vDSO) and the 32-bit
 * PMU cycle counter PMCCNTR (readable at PL0 only after PMUSERENR.EN is set
 * by burnkit.ko; until then it raises SIGILL).
 */
#ifndef BK_ARCH_ARMV7_H
#define BK_ARCH_ARMV7_H

#include <stdint.h>

#define BK_ARCH_NAME "armv7"
#define BK_HAVE_CNTVCT 1
#define BK_HAVE_PMCCNTR 1
#define BK_PMCCNTR_BITS 32

static inline uint64_t bk_cntvct(void)
{
	uint32_t lo, hi;

	__asm__ volatile("isb\n\tmrrc p15, 1, %0, %1, c14"
			 : "=r"(lo), "=r"(hi) : : "memory");
	return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t bk_cntfrq(void)
{
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c14, c0, 0" : "=r"(v));
	return v;
}

static inline uint64_t bk_pmccntr(void)
{
	uint32_t v;

	__asm__ volatile("isb\n\tmrc p15, 0, %0, c9, c13, 0" : "=r"(v) : : "memory");
	return v;
}

#endif
