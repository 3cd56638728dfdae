/* SPDX-License-Identifier: MIT */
/*
 * memstat: the memory and swap counters of the whole machine, from
 * /proc/meminfo (sizes) and /proc/vmstat (event counts since boot): what
 * vmstat shows as free, cache, si, so, and the kernel's OOM kill count.
 * Paths are read below a root directory ("" or NULL for the live system;
 * BURNKIT_SYSROOT overrides NULL, as for sysinfo), so tests can use fixtures.
 * And this process's own peak resident set (getrusage), for the summary.
 */
#ifndef BK_MEMSTAT_H
#define BK_MEMSTAT_H

#include <stddef.h>
#include <stdint.h>

struct bk_memstat {
	uint64_t t_ns;		/* bk_now_ns() when read */
	/* /proc/meminfo, in bytes; 0 when absent */
	unsigned long long mem_total, mem_free, mem_available, cached, buffers;
	unsigned long long swap_total, swap_free;
	/* /proc/vmstat, counts since boot */
	unsigned long long pswpin, pswpout;	/* pages swapped in, out */
	unsigned long long pgmajfault;		/* faults that waited for I/O */
	unsigned long long oom_kill;		/* processes the OOM killer ended */
	int has_vmstat;		/* /proc/vmstat was readable */
	int has_oom_kill;	/* it counts OOM kills (Linux 4.13 on) */
};

/*
 * The .supported hook of the testers that size themselves by MemAvailable:
 * 0, or -1 and why when /proc/meminfo cannot be read here.
 */
int bk_memstat_supported(char *why, size_t len);

/* 0, or -1 when /proc/meminfo cannot be read (the rest is then zero). */
int bk_memstat_read(struct bk_memstat *m, const char *root);

/* Bytes of swap in use. */
static inline unsigned long long bk_memstat_swap_used(const struct bk_memstat *m)
{
	return m->swap_total > m->swap_free ? m->swap_total - m->swap_free : 0;
}

/*
 * Peak resident set size in KiB (getrusage ru_maxrss): of this process, and
 * of the largest of its children waited for so far (0 when none ended).
 */
struct bk_peak_rss {
	unsigned long long self_kib;
	unsigned long long children_kib;
};

/* 0, or -1 when getrusage fails (then both are 0). */
int bk_peak_rss(struct bk_peak_rss *p);

#endif
