/* SPDX-License-Identifier: MIT */
/*
 * cpucache: the data cache sizes of CPU 0, from
 * /sys/devices/system/cpu/cpu0/cache/indexN/{level,type,size}, so a test
 * can size its data to a cache level (or to well beyond the last one).
 */
#ifndef BK_CPUCACHE_H
#define BK_CPUCACHE_H

#include <stdint.h>

struct bk_cpu_caches {
	uint64_t l1d, l2, l3;	/* bytes; 0: not reported */
};

/* The last level reported (L3, else L2, else L1d), 0 when none is. */
uint64_t bk_cpu_caches_last(const struct bk_cpu_caches *c);

/*
 * Read below `root` ("" or NULL: the live system; NULL also honours
 * BURNKIT_SYSROOT, as sysinfo does). Returns how many of L1d, L2, L3 were
 * found (0: sysfs reports no caches here).
 */
int bk_cpu_caches_read(const char *root, struct bk_cpu_caches *c);

/* "48K", "2048K", "32M", "1G" or plain bytes; 0 when unreadable. */
uint64_t bk_cpu_cache_size_parse(const char *text);

#endif
