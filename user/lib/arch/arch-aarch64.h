/* SPDX-License-Identifier: MIT */
/*
 * AArch64: the generic timer's virtual count (always readable at EL0 on
 * Linux) and the PMU cycle counter (readable at EL0 only after burnkit.ko,
 * or perf_user_access, sets PMUSERENR_EL0; until then it raises SIGILL).
 */
#ifndef BK_ARCH_AARCH64_H
#define BK_ARCH_AARCH64_H

#include <stdint.h>

#define BK_ARCH_NAME "aarch64"
#define BK_HAVE_CNTVCT 1
#define BK_HAVE_PMCCNTR 1
#define BK_PMCCNTR_BITS 64

static inline uint64_t bk_cntvct(void)
{
	uint64_t v;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v) : : "memory");
	return v;
}

static inline uint64_t bk_cntfrq(void)
{
	uint64_t v;

	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(v));
	return v;
}

static inline uint64_t bk_pmccntr(void)
{
	uint64_t v;

	__asm__ volatile("isb\n\tmrs %0, pmccntr_el0" : "=r"(v) : : "memory");
	return v;
}

#endif
