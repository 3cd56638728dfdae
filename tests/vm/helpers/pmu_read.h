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

/*
 * One EL0 read of a PMU register into v (uint64_t): the AArch64 or the
 * ARMv7 instruction given, into a register of that width; 0 elsewhere.
 */
#if defined(__aarch64__)
typedef uint64_t pmu_el0_reg;
#define PMU_EL0_INSN(a64, a32) a64
#elif defined(__arm__)
typedef uint32_t pmu_el0_reg;
#define PMU_EL0_INSN(a64, a32) a32
#endif

#ifdef PMU_EL0_INSN
#define PMU_EL0_READ(v, a64, a32)					\
	do {								\
		pmu_el0_reg r_;						\
		__asm__ volatile(PMU_EL0_INSN(a64, a32) : "=r"(r_));	\
		(v) = r_;						\
	} while (0)
#else
#define PMU_EL0_READ(v, a64, a32) ((v) = 0)
#endif

static inline uint64_t read_pmccntr(void)
{
	uint64_t v;

	PMU_EL0_READ(v, "isb\n\tmrs %0, pmccntr_el0", "isb\n\tmrc p15, 0, %0, c9, c13, 0");
	return v;
}

/*
 * PMUSERENR as EL0 sees it (readable there on both): after a trap, whether
 * the CPU's grant was gone or the read trapped for another reason.
 */
static inline uint64_t read_pmuserenr(void)
{
	uint64_t v;

	PMU_EL0_READ(v, "mrs %0, pmuserenr_el0", "mrc p15, 0, %0, c9, c14, 0");
	return v;
}

#endif
