/* SPDX-License-Identifier: MIT */
/* x86-64: the time-stamp counter. */
#ifndef BK_ARCH_X86_64_H
#define BK_ARCH_X86_64_H

#include <stdint.h>

#define BK_ARCH_NAME "x86_64"
#define BK_HAVE_TSC 1

static inline uint64_t bk_rdtsc(void)
{
	uint32_t lo, hi;

	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

/* rdtscp waits for earlier instructions to finish: the end of an interval. */
static inline uint64_t bk_rdtscp(void)
{
	uint32_t lo, hi, aux;

	__asm__ volatile("rdtscp" : "=a"(lo), "=d"(hi), "=c"(aux));
	return ((uint64_t)hi << 32) | lo;
}

/* lfence; rdtsc: later instructions do not start before the read. */
static inline uint64_t bk_rdtsc_ordered(void)
{
	uint32_t lo, hi;

	__asm__ volatile("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
	return ((uint64_t)hi << 32) | lo;
}

#endif
