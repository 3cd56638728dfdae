// SPDX-License-Identifier: MIT
/*
 * memstat: the memory counters read from a fixture of a Pi 3 in the
 * middle of paging, and from a tree without them.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "memstat.h"
#include "testers/int/paging_plan.h"

#define MiB (1024ull * 1024)

static const char *fixture(const char *name, char *buf, size_t len)
{
	const char *base = getenv("BURNKIT_FIXTURES");

	snprintf(buf, len, "%s/%s", base ? base : "tests/unit/fixtures", name);
	return buf;
}

Test(memstat, meminfo_and_vmstat_of_a_paging_pi)
{
	struct bk_memstat m;
	char root[512];

	cr_assert_eq(bk_memstat_read(&m, fixture("paging", root, sizeof(root))), 0);
	cr_assert_eq(m.mem_total, 948280ull * 1024);
	cr_assert_eq(m.mem_free, 11764ull * 1024);
	cr_assert_eq(m.mem_available, 20344ull * 1024);
	cr_assert_eq(m.cached, 18868ull * 1024, "Cached, not SwapCached: %llu", m.cached);
	cr_assert_eq(m.buffers, 88ull * 1024);
	cr_assert_eq(m.swap_total, 102396ull * 1024);
	cr_assert_eq(m.swap_free, 9192ull * 1024);
	cr_assert_eq(bk_memstat_swap_used(&m), (102396ull - 9192) * 1024);
	cr_assert(m.has_vmstat);
	cr_assert_eq(m.pswpin, 1049713);
	cr_assert_eq(m.pswpout, 751997);
	cr_assert_eq(m.pgmajfault, 93204, "pgmajfault, not pgmajfault_s: %llu", m.pgmajfault);
	cr_assert(m.has_oom_kill);
	cr_assert_eq(m.oom_kill, 2);
	cr_assert_gt(m.t_ns, 0);
}

Test(memstat, pi3_without_vmstat_and_a_missing_tree)
{
	struct bk_memstat m;
	char root[512];

	cr_assert_eq(bk_memstat_read(&m, fixture("pi3", root, sizeof(root))), 0);
	cr_assert_eq(m.swap_total, 102396ull * 1024);
	cr_assert_not(m.has_vmstat);
	cr_assert_not(m.has_oom_kill);
	cr_assert_eq(bk_memstat_read(&m, fixture("no-such-tree", root, sizeof(root))), -1);
	cr_assert_eq(m.mem_total, 0);
}

Test(memstat, live_system_has_memory)
{
	struct bk_memstat m;

	cr_assert_eq(bk_memstat_read(&m, ""), 0);
	cr_assert_gt(m.mem_total, 0);
	cr_assert_leq(m.mem_available, m.mem_total);
	cr_assert_leq(m.swap_free, m.swap_total);
}
