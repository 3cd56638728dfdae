// SPDX-License-Identifier: MIT
/*
 * storage/devstat: the kernel's block stat lines parsed (today's 17 fields
 * and the 11 of older kernels), lines that are not the format refused, the
 * load between two readings, and a reading from a sysfs tree of our own.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "storage/devstat.h"

/* A virtio disk's line (6.1): 17 fields, padded as the kernel pads them. */
static const char *line17 =
	"   66416      719  9313742    43004 10217283  1153614 1461003720  5103413        0  4315116  5206913        0        0        0        0   272044    60495\n";

/* The fields a line gave: reads' requests, sectors, ms; writes' the same; busy ms. */
static void expect_fields(const char *line, const uint64_t want[7])
{
	struct bk_devstat s;

	cr_assert_eq(bk_devstat_parse(line, &s), 0, "%s", line);
	const uint64_t seen[7] = { s.requests[0], s.sectors[0], s.ticks_ms[0], s.requests[1],
				   s.sectors[1], s.ticks_ms[1], s.busy_ms };

	for (int i = 0; i < 7; i++)
		cr_assert_eq(seen[i], want[i], "field %d: %llu, not %llu", i,
			     (unsigned long long)seen[i], (unsigned long long)want[i]);
}

Test(devstat, parses_the_kernels_17_fields)
{
	expect_fields(line17, (const uint64_t[7]){ 66416, 9313742, 43004, 10217283, 1461003720,
						   5103413, 4315116 });
}

Test(devstat, parses_the_older_11_fields)
{
	expect_fields("1 2 3 4 5 6 7 8 9 10 11\n", (const uint64_t[7]){ 1, 3, 4, 5, 7, 8, 10 });
}

Test(devstat, refuses_what_is_not_the_format)
{
	struct bk_devstat s;

	cr_assert_eq(bk_devstat_parse("1 2 3 4 5 6 7 8 9 10\n", &s), -1, "10 fields");
	cr_assert_eq(bk_devstat_parse("", &s), -1);
	cr_assert_eq(bk_devstat_parse("1 2 3 x 5 6 7 8 9 10 11\n", &s), -1);
	cr_assert_eq(bk_devstat_parse("1 2 3 -4 5 6 7 8 9 10 11\n", &s), -1);
	cr_assert_eq(bk_devstat_parse("99999999999999999999999 2 3 4 5 6 7 8 9 10 11\n", &s), -1,
		     "a field beyond 64 bits");
}

/* 1000 reads of 1 MiB in 2 s, 1600 ms of them busy, 1800 ms summed. */
Test(devstat, load_between_two_readings)
{
	struct bk_devstat a = { .requests = { 10, 500 }, .sectors = { 80, 4000 },
				.ticks_ms = { 5, 900 }, .busy_ms = 7000, .at_ns = 1000000000 };
	struct bk_devstat b = a;
	struct bk_devload l;

	b.requests[0] += 1000;
	b.sectors[0] += 1000 * 2048;
	b.ticks_ms[0] += 1800;
	b.busy_ms += 1600;
	b.at_ns += 2000000000;
	cr_assert_eq(bk_devload_between(&a, &b, 0, &l), 0);
	cr_assert_eq(l.requests, 1000);
	cr_assert_float_eq(l.kib_per_request, 1024, 1e-9);
	cr_assert_float_eq(l.await_ms, 1.8, 1e-9);
	cr_assert_float_eq(l.in_flight, 0.9, 1e-9);
	cr_assert_float_eq(l.util_pct, 80, 1e-9);
	cr_assert_eq(bk_devload_between(&a, &b, 1, &l), -1, "no write completed");
	b.busy_ms = a.busy_ms - 1;
	cr_assert_eq(bk_devload_between(&a, &b, 0, &l), -1, "a counter went backwards");
}

Test(devstat, reads_a_device_under_a_root)
{
	char root[] = "/tmp/bk-devstat-XXXXXX", dir[256], path[300], why[200];
	struct bk_devstat s;
	FILE *f;

	cr_assert_not_null(mkdtemp(root));
	snprintf(dir, sizeof(dir), "%s/sys/dev/block/8:1", root);
	for (char *p = dir + strlen(root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(dir, 0755);
		*p = '/';
	}
	cr_assert_eq(mkdir(dir, 0755), 0);
	snprintf(path, sizeof(path), "%s/stat", dir);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(line17, f);
	fclose(f);
	cr_assert_eq(bk_devstat_read(8, 1, root, &s, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(s.requests[1], 10217283);
	cr_assert_neq(s.at_ns, 0);
	cr_assert_eq(bk_devstat_read(8, 2, root, &s, why, sizeof(why)), -1);
	cr_assert(strstr(why, "8:2"), "why names the device: %s", why);
	f = fopen(path, "w");
	fputs("not counters\n", f);
	fclose(f);
	cr_assert_eq(bk_devstat_read(8, 1, root, &s, why, sizeof(why)), -1);
	cr_assert(strstr(why, "format"), "%s", why);
	unlink(path);
	snprintf(path, sizeof(path), "rm -r %s", root);
	cr_assert_eq(system(path), 0);
}
