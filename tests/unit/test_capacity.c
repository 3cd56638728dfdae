// SPDX-License-Identifier: MIT
/*
 * testers/drive/capacity: units judged (ok, overwritten and by which unit,
 * lost, changed), the usable prefix and the verdict; and the device probe
 * against fake devices made of fake system calls: a 1 GiB device that
 * stores 16 MiB and wraps (a power of two), one that wraps at 10 MiB (not
 * one, f3#144), one that drops writes beyond 12 MiB, and a genuine one.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "storage/dio.h"
#include "testers/drive/capacity.h"

static uint32_t unit_buf[BK_UNIT_WORDS];

static void fill(const struct cap_map *m, uint64_t g)
{
	struct bk_layout l;
	uint32_t file = (uint32_t)(g / m->units_per_file) + 1;

	cap_layout(m, file, &l);
	bk_layout_fill(&l, unit_buf, (g % m->units_per_file) * BK_UNIT_BYTES, BK_UNIT_BYTES);
}

Test(capacity, units_judged)
{
	static struct cap_map m;

	cap_map_init(&m, 0x1234, 64 * BK_UNIT_BYTES, 16 * BK_UNIT_BYTES);
	cr_assert_eq(m.nfiles, 4);
	for (uint64_t g = 0; g < 10; g++) {
		fill(&m, g);
		cr_assert_eq(cap_judge(&m, g, unit_buf), CAP_OK);
	}
	fill(&m, 3);		/* unit 3's data where unit 40 (file 3) should be */
	cr_assert_eq(cap_judge(&m, 40, unit_buf), CAP_OVERWRITTEN);
	cr_assert(strstr(m.notes[0], "overwritten by unit 3 (byte 12288)"), "%s", m.notes[0]);
	memset(unit_buf, 0, sizeof(unit_buf));
	cr_assert_eq(cap_judge(&m, 41, unit_buf), CAP_LOST);
	memset(unit_buf, 0xff, sizeof(unit_buf));
	cr_assert_eq(cap_judge(&m, 42, unit_buf), CAP_LOST);
	fill(&m, 43);
	unit_buf[500] ^= 4;
	cr_assert_eq(cap_judge(&m, 43, unit_buf), CAP_CHANGED);
	cap_unreadable(&m, 44);
	cr_assert_eq(m.count[CAP_OK], 10);
	cr_assert_eq(m.count[CAP_LOST], 2);
	cr_assert_eq(cap_usable_bytes(&m), 40 * BK_UNIT_BYTES);
	cr_assert_str_eq(cap_verdict(&m), "fake");
}

/* Files on a card that stores 16 of 64 units and wraps: every unit reads
 * back the last one written to its cell, so the last 16 are ok and the
 * start is overwritten; one unit of the kept run was changed (metadata). */
static void judge_wrapped(struct cap_map *m)
{
	for (uint64_t g = 0; g < 64; g++) {
		fill(m, 48 + g % 16);
		if (g == 60)
			unit_buf[7] ^= 1;
		cap_judge(m, g, unit_buf);
	}
}

Test(capacity, file_mode_after_a_wrap_counts_every_unit_kept)
{
	static struct cap_map m;

	cap_map_init(&m, 9, 64 * BK_UNIT_BYTES, 32 * BK_UNIT_BYTES);
	m.in_order = 1;
	judge_wrapped(&m);
	cr_assert_eq(m.count[CAP_OK], 15);
	cr_assert_eq(m.count[CAP_OVERWRITTEN], 48);
	cr_assert(cap_usable_is_kept(&m));
	cr_assert_eq(cap_usable_bytes(&m), 15 * BK_UNIT_BYTES, "units 48-59 and 61-63, as f3read counts");
	cr_assert_str_eq(cap_verdict(&m), "fake");
}

Test(capacity, without_order_or_wrap_usable_is_the_prefix)
{
	static struct cap_map m;

	cap_map_init(&m, 9, 64 * BK_UNIT_BYTES, 32 * BK_UNIT_BYTES);
	judge_wrapped(&m);	/* not judged in order (a probe): no runs */
	cr_assert(!cap_usable_is_kept(&m));
	cr_assert_eq(cap_usable_bytes(&m), 0);
	cap_map_init(&m, 9, 64 * BK_UNIT_BYTES, 32 * BK_UNIT_BYTES);
	m.in_order = 1;
	for (uint64_t g = 0; g < 64; g++) {	/* writes beyond unit 20 dropped, no wrap */
		fill(&m, g);
		if (g >= 20)
			memset(unit_buf, 0, sizeof(unit_buf));
		cap_judge(&m, g, unit_buf);
	}
	cr_assert(!cap_usable_is_kept(&m));
	cr_assert_eq(cap_usable_bytes(&m), 20 * BK_UNIT_BYTES);
}

Test(capacity, stale_data_of_another_run_is_changed_not_ok)
{
	static struct cap_map old, now;

	cap_map_init(&old, 1, 8 * BK_UNIT_BYTES, 8 * BK_UNIT_BYTES);
	cap_map_init(&now, 2, 8 * BK_UNIT_BYTES, 8 * BK_UNIT_BYTES);
	fill(&old, 5);
	cr_assert_eq(cap_judge(&now, 5, unit_buf), CAP_CHANGED);
	cr_assert_str_eq(cap_verdict(&now), "damaged");
}

/* A fake device: `real` bytes of storage behind a claimed size, wrapping or dropping. */
static char *store;
static uint64_t real;
static int drops;

static ssize_t dev_pread(int fd, void *buf, size_t len, uint64_t off)
{
	(void)fd;
	if (drops && off >= real)
		memset(buf, 0, len);
	else
		memcpy(buf, store + off % real, len);
	return (ssize_t)len;
}

static ssize_t dev_pwrite(int fd, const void *buf, size_t len, uint64_t off)
{
	(void)fd;
	if (!(drops && off >= real))
		memcpy(store + off % real, buf, len);
	return (ssize_t)len;
}

static const struct bk_io_ops dev_ops = { dev_pread, dev_pwrite };

static uint64_t probe_fake(uint64_t claimed, uint64_t stores, int drop)
{
	static struct cap_run c;
	void *buf = bk_dio_alloc(BK_UNIT_BYTES);
	FILE *backing = tmpfile();	/* fsync and the ioctl need a real file */
	int fd = fileno(backing);
	FILE *devnull = fopen("/dev/null", "w");
	uint64_t usable;

	real = stores;
	drops = drop;
	store = calloc(1, real);
	cr_assert(store && buf && fd >= 0);
	memset(&c, 0, sizeof(c));
	c.ctx = calloc(1, sizeof(*c.ctx));
	c.ctx->log.console = devnull;
	c.ctx->log.text_fd = c.ctx->log.json_fd = -1;
	c.map.run = 77;
	bk_io_set_ops(&dev_ops);
	cr_assert_eq(cap_probe(&c, fd, claimed / BK_UNIT_BYTES, buf), 0);
	bk_io_set_ops(NULL);
	usable = cap_usable_bytes(&c.map);
	free(store);
	free(buf);
	free(c.ctx);
	fclose(devnull);
	fclose(backing);
	return usable;
}

Test(capacity, probe_finds_a_power_of_two_wrap)
{
	uint64_t got = probe_fake(1ull << 30, 16u << 20, 0);

	cr_assert_eq(got, 16777216, "got %llu", (unsigned long long)got);
}

Test(capacity, probe_finds_a_wrap_that_is_not_a_power_of_two)
{
	cr_assert_eq(probe_fake(1ull << 30, 10u << 20, 0), 10485760);
	cr_assert_eq(probe_fake(1ull << 30, (10u << 20) + 12288, 0), (10u << 20) + 12288,
		     "to the unit, not the MiB");
}

Test(capacity, probe_finds_dropped_writes)
{
	cr_assert_eq(probe_fake(256u << 20, 12u << 20, 1), 12u << 20);
}

Test(capacity, probe_passes_a_genuine_device)
{
	cr_assert_eq(probe_fake(64u << 20, 64u << 20, 0), 64u << 20);
}
