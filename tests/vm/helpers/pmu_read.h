/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/*
 * The VM test helpers' read of the PMU cycle counter from user space, and
 * the SIGILL trap that tells a refused read: the caller sets pmu_trap with
 * sigsetjmp and installs pmu_on_sigill. x86-64 has no such counter (0).
 */
#ifndef BURNKIT_VM_PMU_READ_H
#define BURNKIT_VM_PMU_READ_H

#include <setjmp.h>
#include <stdint.h>

static sigjmp_buf pmu_trap;

static void pmu_on_sigill(int sig)
{
	(void)sig;
	siglongjmp(pmu_trap, 1);
}

static inline uint64_t read_pmccntr(void)
{
#if defined(__aarch64__)
	uint64_t v;

	__asm__ volatile("isb\n\tmrs %0, pmccntr_el0" : "=r"(v));
	return v;
#elif defined(__arm__)
	uint32_t v;

	__asm__ volatile("isb\n\tmrc p15, 0, %0, c9, c13, 0" : "=r"(v));
	return v;
#else
	return 0;
#endif
}

/*
 * PMUSERENR as EL0 sees it (readable there on both): after a trap, whether
 * the CPU's grant was gone or the read trapped for another reason.
 */
static inline uint64_t read_pmuserenr(void)
{
#if defined(__aarch64__)
	uint64_t v;

	__asm__ volatile("mrs %0, pmuserenr_el0" : "=r"(v));
	return v;
#elif defined(__arm__)
	uint32_t v;

	__asm__ volatile("mrc p15, 0, %0, c9, c14, 0" : "=r"(v));
	return v;
#else
	return 0;
#endif
}

#endif
