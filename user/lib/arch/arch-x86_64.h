/* SPDX-License-Identifier: MIT */
/* x86-64: the time-stamp counter, and giving cache lines back. */
#ifndef BK_ARCH_X86_64_H
#define BK_ARCH_X86_64_H

#include <stddef.h>
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

/*
 * Give [buf, buf + len) back, line by line (line: the bytes one instruction
 * covers, bk_cpu_read_release): flushed out of every cache (clflushopt; the
 * CPU must have it; weakly ordered, the flushes overlap each other and what
 * is flushed stays valid in memory), or with `demote` moved from this
 * core's caches to the cache the cores share (cldemote, a hint that writes
 * nothing to memory; without it the instruction does nothing).
 */
#define BK_HAVE_RELEASE_LINES 1
static inline void bk_release_lines(const void *buf, size_t len, unsigned line, int demote)
{
	const char *c = (const char *)((uintptr_t)buf & ~(uintptr_t)(line - 1));

	for (; c < (const char *)buf + len; c += line) {
		if (demote)
			__asm__ volatile("cldemote %0" : : "m"(*c));
		else
			__asm__ volatile("clflushopt %0" : "+m"(*(volatile char *)c));
	}
}

#endif
