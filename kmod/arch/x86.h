/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* x86-64 counter accessors: TSC reads serialised the way Paoloni measures. */
#ifndef BURNKIT_ARCH_X86_H
#define BURNKIT_ARCH_X86_H

#include <linux/types.h>
#include <asm/msr.h>
#include <asm/special_insns.h>

#define BK_ARCH_NAME		"x86_64"
#define BK_COUNTER_NAME		"tsc"
#define BK_COUNTER_MASK		(~0ULL)
#define BK_HAVE_PMU_CONTROL	0
#define BK_HAVE_CNTVCT		0

/* "cpuid; rdtsc": nothing earlier is still in flight when the TSC is read. */
static inline u64 bk_counter_begin(void)
{
	u32 lo, hi;

	asm volatile("cpuid\n\t"
		     "rdtsc"
		     : "=a" (lo), "=d" (hi)
		     : "a" (0)
		     : "rbx", "rcx", "memory");
	return ((u64)hi << 32) | lo;
}

/* "rdtscp; cpuid": everything before has retired, nothing later starts. */
static inline u64 bk_counter_end(void)
{
	u32 lo, hi;

	asm volatile("rdtscp\n\t"
		     "mov %%eax, %0\n\t"
		     "mov %%edx, %1\n\t"
		     "xor %%eax, %%eax\n\t"
		     "cpuid"
		     : "=r" (lo), "=r" (hi)
		     :
		     : "rax", "rbx", "rcx", "rdx", "memory");
	return ((u64)hi << 32) | lo;
}

static inline u64 bk_counter_now(void)
{
	return rdtsc_ordered();
}

/* x86 has no second counter: the TSC is always readable. */
static inline u64 bk_cntvct_now(void)
{
	return 0;
}

static inline u64 bk_cntvct_hz(void)
{
	return 0;
}

#endif
