// SPDX-License-Identifier: MIT
/*
 * cpucache: the cache sizes read from sysfs fixtures.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "testers/fpu/cpucache.h"
#include "testers/fpu/mflops_plan.h"

Test(cpucache, sizes_parse)
{
	cr_assert_eq(bk_cpu_cache_size_parse("48K\n"), 48 << 10);
	cr_assert_eq(bk_cpu_cache_size_parse("2048K"), 2 << 20);
	cr_assert_eq(bk_cpu_cache_size_parse("32M"), 32 << 20);
	cr_assert_eq(bk_cpu_cache_size_parse("1G"), 1ull << 30);
	cr_assert_eq(bk_cpu_cache_size_parse("512"), 512);
	cr_assert_eq(bk_cpu_cache_size_parse("big"), 0);
	cr_assert_eq(bk_cpu_cache_size_parse("3X"), 0);
}

static void put(const char *root, int index, const char *file, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "mkdir -p %s/sys/devices/system/cpu/cpu0/cache/index%d",
		 root, index);
	cr_assert_eq(system(path), 0);
	snprintf(path, sizeof(path), "%s/sys/devices/system/cpu/cpu0/cache/index%d/%s",
		 root, index, file);
	f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

Test(cpucache, reads_data_and_unified_caches_of_cpu0)
{
	const char *tmp = getenv("TMPDIR");
	char root[256], cmd[600];
	struct bk_cpu_caches c;

	snprintf(root, sizeof(root), "%s/bk-cpucache-XXXXXX", tmp && *tmp ? tmp : P_tmpdir);
	cr_assert_not_null(mkdtemp(root));
	put(root, 0, "level", "1\n");
	put(root, 0, "type", "Data\n");
	put(root, 0, "size", "32K\n");
	put(root, 1, "level", "1\n");
	put(root, 1, "type", "Instruction\n");
	put(root, 1, "size", "64K\n");
	put(root, 2, "level", "2\n");
	put(root, 2, "type", "Unified\n");
	put(root, 2, "size", "1024K\n");
	put(root, 3, "level", "3\n");
	put(root, 3, "type", "Unified\n");
	put(root, 3, "size", "8M\n");
	cr_assert_eq(bk_cpu_caches_read(root, &c), 3);
	cr_assert_eq(c.l1d, 32 << 10, "the instruction cache is not L1d");
	cr_assert_eq(c.l2, 1 << 20);
	cr_assert_eq(c.l3, 8 << 20);
	cr_assert_eq(bk_cpu_caches_last(&c), 8 << 20);
	snprintf(cmd, sizeof(cmd), "rm -rf %s/sys/devices/system/cpu/cpu0/cache/index3", root);
	cr_assert_eq(system(cmd), 0);
	cr_assert_eq(bk_cpu_caches_read(root, &c), 2);
	cr_assert_eq(bk_cpu_caches_last(&c), 1 << 20, "no L3: L2 is the last");
	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	cr_assert_eq(system(cmd), 0);
	cr_assert_eq(bk_cpu_caches_read(root, &c), 0, "nothing reported");
	cr_assert_eq(bk_cpu_caches_last(&c), 0);
}
