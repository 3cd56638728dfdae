// SPDX-License-Identifier: MIT
/* lib/storage/xfer: the overlapped stream over each engine, moving and
 * checking real data, completing short transfers, stopping at an error. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "storage/aio.h"
#include "storage/dio.h"
#include "storage/lathist.h"
#include "storage/verify.h"
#include "storage/xfer.h"
#include "helpers/fake_io.h"
#include "helpers/scratch.h"

/* The data every stream test moves: layout of file 1, one pattern per unit. */
static void unit_pattern(const void *arg, uint64_t unit, uint32_t *number, uint32_t *word,
			 uint32_t *gen)
{
	(void)arg;
	*number = (uint32_t)(unit % 164) + 1;
	*word = (uint32_t)(unit * 0x9E3779B9u);
	*gen = 0;
}

static const struct bk_layout file1 = { 1, 0x12345678u, 65536, unit_pattern, NULL };

struct stream_ctx {
	size_t len;
	struct bk_verifier v;
	int random;
	size_t longest_check;	/* the longest piece check() was given */
};

static uint64_t seq_offset(void *arg, uint64_t i)
{
	struct stream_ctx *s = arg;

	return s->random ? (i * 7919 % 64) * s->len : i * s->len;
}

static void fill(void *arg, uint64_t i, uint64_t off, void *buf, size_t len, uint64_t prev)
{
	(void)arg;
	(void)i;
	bk_layout_refill(&file1, buf, off, len, prev);
}

static int check(void *arg, uint64_t i, uint64_t off, void *buf, size_t len)
{
	struct stream_ctx *s = arg;

	(void)i;
	bk_verify(&s->v, &file1, buf, off, len);
	if (len > s->longest_check)
		s->longest_check = len;
	return 0;
}

/* Write 64 transfers with engine `kind` at `depth`, read them back checked. */
static void stream_round_trip(enum bk_aio_kind kind, unsigned depth, int direct, size_t len)
{
	struct bk_aio a;
	struct bk_xfer x;
	struct stream_ctx s = { .len = len };
	struct bk_lathist lat;
	char why[256];
	int fd;

	if (bk_aio_open(&a, kind, depth, why, sizeof(why)))
		cr_skip_test("%s is not available here: %s", bk_aio_kind_name(kind), why);
	bk_test_make_tmpdir();
	fd = bk_test_scratch_file("stream.dat", 0);
	if (direct && bk_dio_probe(fd, why, sizeof(why))) {
		cr_log_warn("direct I/O refused in %s (%s): streaming buffered", bk_test_tmpdir, why);
		direct = 0;
	}
	if (direct)
		cr_assert_eq(fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_DIRECT), 0);
	bk_verifier_init(&s.v, 0, NULL, NULL);
	memset(&x, 0, sizeof(x));
	x = (struct bk_xfer){ .aio = &a, .fd = fd, .write = 1, .len = len, .count = 64,
			      .offset = seq_offset, .prepare = fill, .arg = &s };
	cr_assert_eq(bk_xfer_run(&x), 0, "write: %s", strerror(x.err));
	cr_assert_eq(x.done, 64);
	cr_assert_eq(x.bytes, 64 * len);

	bk_lathist_init(&lat);
	x = (struct bk_xfer){ .aio = &a, .fd = fd, .write = 0, .len = len, .count = 200,
			      .offset = seq_offset, .complete = check, .arg = &s, .lat = &lat };
	s.random = 1;
	cr_assert_eq(bk_xfer_run(&x), 0, "read: %s", strerror(x.err));
	cr_assert_eq(x.done, 200);
	cr_assert_eq(lat.count, 200, "a latency per transfer");
	cr_assert_eq(s.v.bad_words, 0, "%s depth %u: data read back wrong",
		     bk_aio_kind_name(a.kind), depth);
	cr_assert_eq(s.v.bytes, 200 * len, "every byte read was checked");
	if (depth > 1 && len > (256u << 10))
		cr_assert_eq(s.longest_check, 256u << 10, "checked in 256 KiB slices");
	else
		cr_assert_eq(s.longest_check, len, "checked whole");

	/* Past the end: the stream fails with ENODATA, not a short success. */
	s.random = 0;
	x = (struct bk_xfer){ .aio = &a, .fd = fd, .write = 0, .len = len, .count = 70,
			      .offset = seq_offset, .complete = check, .arg = &s };
	cr_assert_eq(bk_xfer_run(&x), -ENODATA);
	cr_assert_eq(x.err_off, 64 * len);
	bk_aio_close(&a);
	close(fd);
	bk_test_remove_tmpdir();
}

Test(xfer, sync_engine_streams_and_checks)
{
	stream_round_trip(BK_AIO_SYNC, 1, 0, 65536);
	stream_round_trip(BK_AIO_SYNC, 4, 1, 4096);
}

Test(xfer, io_uring_streams_and_checks)
{
	stream_round_trip(BK_AIO_URING, 1, 1, 65536);
	stream_round_trip(BK_AIO_URING, 4, 1, 4096);
	stream_round_trip(BK_AIO_URING, 4, 0, 1024);
}

/*
 * Reads longer than a check slice (256 KiB) are checked slice by slice at
 * depths above 1, the finished transfers replaced in between; every byte is
 * still checked at its own offset (a piece checked against the wrong place
 * in the file would count bad words), the last piece shorter. At depth 1
 * the check is whole.
 */
Test(xfer, long_reads_are_checked_in_slices)
{
	stream_round_trip(BK_AIO_URING, 4, 1, 640u << 10);
	stream_round_trip(BK_AIO_SYNC, 2, 1, 640u << 10);
}

Test(xfer, linux_aio_streams_and_checks)
{
	stream_round_trip(BK_AIO_LINUX, 1, 1, 65536);
	stream_round_trip(BK_AIO_LINUX, 8, 1, 4096);
}

Test(xfer, engines_complete_short_transfers)
{
	struct bk_aio a;
	struct bk_xfer x;
	struct stream_ctx s = { .len = 8192 };
	char why[256];

	/* Through the sync engine the fake fake_calls return 1000 bytes at a time. */
	cr_assert_eq(bk_aio_open(&a, BK_AIO_SYNC, 2, why, sizeof(why)), 0);
	bk_layout_fill(&file1, fake_backing, 0, sizeof(fake_backing));
	use_short_ops(1000, 0);
	bk_verifier_init(&s.v, 0, NULL, NULL);
	x = (struct bk_xfer){ .aio = &a, .fd = 3, .len = 8192, .count = 8,
			      .offset = seq_offset, .complete = check, .arg = &s };
	cr_assert_eq(bk_xfer_run(&x), 0);
	real_ops();
	cr_assert_eq(x.done, 8);
	cr_assert_eq(s.v.bad_words, 0);
	cr_assert_eq(a.counts.short_reads, 8 * 8, "9 fake_calls per 8192 bytes, 8 of them short");
	bk_aio_close(&a);
}

/* Fake fake_calls that fail with EIO from byte `eio_from` on. */
static uint64_t eio_from;

static ssize_t eio_pread(int fd, void *buf, size_t len, uint64_t off)
{
	if (off + len > eio_from) {
		errno = EIO;
		return -1;
	}
	return fake_short_pread(fd, buf, len, off);
}

static const struct bk_io_ops eio_ops = { eio_pread, fake_short_pwrite };

Test(xfer, a_failed_transfer_stops_the_stream_with_its_error_and_offset)
{
	struct bk_aio a;
	struct bk_xfer x;
	struct stream_ctx s = { .len = 4096 };
	char why[256];

	cr_assert_eq(bk_aio_open(&a, BK_AIO_SYNC, 1, why, sizeof(why)), 0);
	bk_layout_fill(&file1, fake_backing, 0, sizeof(fake_backing));
	fake_chunk = 1 << 20;
	fake_eintr_first = 0;
	fake_calls = 0;
	eio_from = 5 * 4096 + 100;
	bk_io_set_ops(&eio_ops);
	bk_verifier_init(&s.v, 0, NULL, NULL);
	x = (struct bk_xfer){ .aio = &a, .fd = 3, .len = 4096, .count = 16,
			      .offset = seq_offset, .complete = check, .arg = &s };
	cr_assert_eq(bk_xfer_run(&x), -EIO);
	real_ops();
	cr_assert_eq(x.err, EIO);
	cr_assert_eq(x.err_off, 5 * 4096, "the transfer that failed");
	cr_assert_eq(x.done, 5, "the ones before it, whole");
	cr_assert_eq(s.v.bytes, 5 * 4096, "and checked");
	bk_aio_close(&a);
}

Test(xfer, only_a_read_at_depth_1_releases_its_checked_buffers)
{
	struct bk_aio one, four;
	struct bk_xfer x;
	unsigned cpu_line, line = 1;
	enum bk_read_release cpu = bk_cpu_read_release(&cpu_line);
	char why[256];

	cr_assert_eq(bk_aio_open(&one, BK_AIO_SYNC, 1, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(bk_aio_open(&four, BK_AIO_SYNC, 4, why, sizeof(why)), 0, "%s", why);
	x = (struct bk_xfer){ .aio = &one, .len = 1 << 20 };
	cr_assert_eq(bk_xfer_read_release(&x, &line), cpu, "reading at depth 1: this CPU's");
	cr_assert_eq(line, cpu_line);
	x.write = 1;
	cr_assert_eq(bk_xfer_read_release(&x, &line), BK_READ_KEPT, "writing");
	cr_assert_eq(line, 0);
	x = (struct bk_xfer){ .aio = &four, .len = 1 << 20 };
	line = 1;
	cr_assert_eq(bk_xfer_read_release(&x, &line), BK_READ_KEPT, "reading at depth 4");
	cr_assert_eq(line, 0);
	bk_aio_close(&one);
	bk_aio_close(&four);
}
