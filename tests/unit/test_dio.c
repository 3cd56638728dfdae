// SPDX-License-Identifier: MIT
/*
 * Transfers that are never passed over: short reads and writes retried and
 * counted, EINTR repeated, the end of a file reported; the async engines
 * and the overlapped stream moving and checking real data.
 */
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

/* A scratch directory on a real filesystem: below build/ when there is one. */
static char tmpdir[256];

static void make_tmpdir(void)
{
	struct stat st;

	snprintf(tmpdir, sizeof(tmpdir), "%s/bk-dio.XXXXXX",
		 !stat("build", &st) && S_ISDIR(st.st_mode) ? "build" : ".");
	cr_assert_not_null(mkdtemp(tmpdir), "mkdtemp: %s", strerror(errno));
}

static void remove_tmpdir(void)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	cr_assert_eq(system(cmd), 0);
}

static int scratch_file(const char *name, int flags)
{
	char path[320];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | flags, 0644);
	cr_assert_geq(fd, 0, "open %s: %s", path, strerror(errno));
	return fd;
}

/* Fake system calls: at most `chunk` bytes per call, EINTR first when asked. */
static size_t chunk;
static int eintr_first, calls;
static char backing[65536];

static ssize_t short_pread(int fd, void *buf, size_t len, uint64_t off)
{
	(void)fd;
	calls++;
	if (eintr_first && calls == 1) {
		errno = EINTR;
		return -1;
	}
	if (off >= sizeof(backing))
		return 0;
	if (len > chunk)
		len = chunk;
	if ((size_t)off + len > sizeof(backing))
		len = sizeof(backing) - (size_t)off;
	memcpy(buf, backing + off, len);
	return (ssize_t)len;
}

static ssize_t short_pwrite(int fd, const void *buf, size_t len, uint64_t off)
{
	(void)fd;
	calls++;
	if (eintr_first && calls == 1) {
		errno = EINTR;
		return -1;
	}
	if (chunk == 0)
		return 0;
	if (len > chunk)
		len = chunk;
	if ((size_t)off + len > sizeof(backing))
		len = sizeof(backing) - (size_t)off;
	memcpy(backing + off, buf, len);
	return (ssize_t)len;
}

static const struct bk_io_ops short_ops = { short_pread, short_pwrite };

static void use_short_ops(size_t c, int eintr)
{
	chunk = c;
	eintr_first = eintr;
	calls = 0;
	bk_io_set_ops(&short_ops);
}

static void real_ops(void)
{
	bk_io_set_ops(NULL);
}

TestSuite(dio, .fini = real_ops);

Test(dio, short_reads_are_retried_and_counted)
{
	struct bk_io_counts c = { 0 };
	char buf[10000];

	for (size_t i = 0; i < sizeof(backing); i++)
		backing[i] = (char)(i * 13);
	use_short_ops(1000, 0);
	cr_assert_eq(bk_pread_full(3, buf, sizeof(buf), 100, &c), 0);
	cr_assert_arr_eq(buf, backing + 100, sizeof(buf), "every byte, in place");
	cr_assert_eq(calls, 10);
	cr_assert_eq(c.short_reads, 9, "each call that returned less than asked");
	cr_assert_eq(c.short_writes, 0);
}

Test(dio, short_writes_are_retried_and_counted)
{
	struct bk_io_counts c = { 0 };
	char buf[5000];

	memset(backing, 0, sizeof(backing));
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (char)(i * 7 + 1);
	use_short_ops(999, 0);
	cr_assert_eq(bk_pwrite_full(3, buf, sizeof(buf), 4096, &c), 0);
	cr_assert_arr_eq(backing + 4096, buf, sizeof(buf));
	cr_assert_eq(calls, 6);
	cr_assert_eq(c.short_writes, 5);
}

Test(dio, eintr_is_repeated)
{
	struct bk_io_counts c = { 0 };
	char buf[100];

	use_short_ops(4096, 1);
	cr_assert_eq(bk_pread_full(3, buf, sizeof(buf), 0, &c), 0);
	cr_assert_eq(c.interrupted, 1);
	cr_assert_eq(c.short_reads, 0);
}

Test(dio, the_end_of_the_file_is_an_error_not_a_short_success)
{
	struct bk_io_counts c = { 0 };
	char buf[4096];

	use_short_ops(4096, 0);
	cr_assert_eq(bk_pread_full(3, buf, sizeof(buf), sizeof(backing) - 100, &c), -ENODATA);
	cr_assert_eq(c.short_reads, 1);
}

Test(dio, a_write_that_makes_no_progress_fails)
{
	char buf[16] = { 0 };

	use_short_ops(0, 0);
	cr_assert_eq(bk_pwrite_full(3, buf, sizeof(buf), 0, NULL), -EIO);
}

Test(dio, completions_are_accounted_whole_short_or_failed)
{
	struct bk_io_counts c = { 0 };
	struct bk_aio_req r = { .len = 8192 };

	cr_assert_eq(bk_aio_account(&c, &r, 4096), BK_AIO_AGAIN);
	cr_assert_eq(r.done, 4096);
	cr_assert_eq(c.short_reads, 1);
	cr_assert_eq(bk_aio_account(&c, &r, 4096), BK_AIO_DONE);
	cr_assert_eq(r.done, 8192);
	r.done = 0;
	cr_assert_eq(bk_aio_account(&c, &r, 0), BK_AIO_FAILED);
	cr_assert_eq(r.err, ENODATA, "a read meeting the end of the file");
	r.write = 1;
	r.err = 0;
	cr_assert_eq(bk_aio_account(&c, &r, 0), BK_AIO_FAILED);
	cr_assert_eq(r.err, EIO);
	cr_assert_eq(bk_aio_account(&c, &r, -ENOSPC), BK_AIO_FAILED);
	cr_assert_eq(r.err, ENOSPC);
	cr_assert_eq(bk_aio_account(&c, &r, -EINTR), BK_AIO_AGAIN);
	cr_assert_eq(c.interrupted, 1);
	cr_assert_eq(bk_aio_account(&c, &r, 9000), BK_AIO_FAILED, "more than asked");
	r.err = 0;
	cr_assert_eq(bk_aio_account(&c, &r, 100), BK_AIO_AGAIN);
	cr_assert_eq(c.short_writes, 1);
}

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
	make_tmpdir();
	fd = scratch_file("stream.dat", 0);
	if (direct && bk_dio_probe(fd, why, sizeof(why))) {
		cr_log_warn("direct I/O refused in %s (%s): streaming buffered", tmpdir, why);
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

	/* Past the end: the stream fails with ENODATA, not a short success. */
	s.random = 0;
	x = (struct bk_xfer){ .aio = &a, .fd = fd, .write = 0, .len = len, .count = 70,
			      .offset = seq_offset, .complete = check, .arg = &s };
	cr_assert_eq(bk_xfer_run(&x), -ENODATA);
	cr_assert_eq(x.err_off, 64 * len);
	bk_aio_close(&a);
	close(fd);
	remove_tmpdir();
}

Test(dio, sync_engine_streams_and_checks)
{
	stream_round_trip(BK_AIO_SYNC, 1, 0, 65536);
	stream_round_trip(BK_AIO_SYNC, 4, 1, 4096);
}

Test(dio, io_uring_streams_and_checks)
{
	stream_round_trip(BK_AIO_URING, 1, 1, 65536);
	stream_round_trip(BK_AIO_URING, 4, 1, 4096);
	stream_round_trip(BK_AIO_URING, 4, 0, 1024);
}

Test(dio, linux_aio_streams_and_checks)
{
	stream_round_trip(BK_AIO_LINUX, 1, 1, 65536);
	stream_round_trip(BK_AIO_LINUX, 8, 1, 4096);
}

Test(dio, engines_complete_short_transfers)
{
	struct bk_aio a;
	struct bk_xfer x;
	struct stream_ctx s = { .len = 8192 };
	char why[256];

	/* Through the sync engine the fake calls return 1000 bytes at a time. */
	cr_assert_eq(bk_aio_open(&a, BK_AIO_SYNC, 2, why, sizeof(why)), 0);
	bk_layout_fill(&file1, backing, 0, sizeof(backing));
	use_short_ops(1000, 0);
	bk_verifier_init(&s.v, 0, NULL, NULL);
	x = (struct bk_xfer){ .aio = &a, .fd = 3, .len = 8192, .count = 8,
			      .offset = seq_offset, .complete = check, .arg = &s };
	cr_assert_eq(bk_xfer_run(&x), 0);
	real_ops();
	cr_assert_eq(x.done, 8);
	cr_assert_eq(s.v.bad_words, 0);
	cr_assert_eq(a.counts.short_reads, 8 * 8, "9 calls per 8192 bytes, 8 of them short");
	bk_aio_close(&a);
}

/* Fake calls that fail with EIO from byte `eio_from` on. */
static uint64_t eio_from;

static ssize_t eio_pread(int fd, void *buf, size_t len, uint64_t off)
{
	if (off + len > eio_from) {
		errno = EIO;
		return -1;
	}
	return short_pread(fd, buf, len, off);
}

static const struct bk_io_ops eio_ops = { eio_pread, short_pwrite };

Test(dio, a_failed_transfer_stops_the_stream_with_its_error_and_offset)
{
	struct bk_aio a;
	struct bk_xfer x;
	struct stream_ctx s = { .len = 4096 };
	char why[256];

	cr_assert_eq(bk_aio_open(&a, BK_AIO_SYNC, 1, why, sizeof(why)), 0);
	bk_layout_fill(&file1, backing, 0, sizeof(backing));
	chunk = 1 << 20;
	eintr_first = 0;
	calls = 0;
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

Test(dio, probe_on_a_real_file)
{
	char why[256];
	int fd, rc;

	make_tmpdir();
	fd = scratch_file("probe.dat", 0);
	rc = bk_dio_probe(fd, why, sizeof(why));
	if (!rc)
		cr_assert_eq(fcntl(fd, F_GETFL) & O_DIRECT, 0, "flags restored");
	close(fd);
	remove_tmpdir();
	if (rc)
		cr_skip_test("O_DIRECT is not available where the tests run: %s", why);
	cr_assert_eq(rc, 0);
}

Test(dio, buffers_are_aligned)
{
	for (size_t n = 1; n < 300000; n = n * 3 + 1) {
		void *p = bk_dio_alloc(n);

		cr_assert_not_null(p);
		cr_assert_eq((uintptr_t)p % BK_DIO_ALIGN, 0);
		free(p);
	}
}

Test(lathist, percentiles_within_one_part_in_64)
{
	struct bk_lathist h;

	bk_lathist_init(&h);
	for (uint64_t i = 1; i <= 100000; i++)
		bk_lathist_add(&h, i * 1000);	/* 1 us .. 100 ms, uniform */
	cr_assert_eq(h.count, 100000);
	static const double pct[] = { 50, 95, 99, 99.9 };
	for (size_t i = 0; i < 4; i++) {
		double want = pct[i] * 1000 * 1000;	/* ns */
		double got = (double)bk_lathist_percentile(&h, pct[i]);

		cr_assert(got >= want * (1 - 1.0 / 64) && got <= want * (1 + 1.0 / 64),
			  "p%g: %g, want %g", pct[i], got, want);
	}
	cr_assert_eq(bk_lathist_percentile(&h, 100), 100000000);
	cr_assert_eq(h.min_ns, 1000);
}

Test(lathist, small_values_are_exact)
{
	struct bk_lathist h;

	bk_lathist_init(&h);
	cr_assert_eq(bk_lathist_percentile(&h, 50), 0, "empty");
	for (uint64_t i = 0; i < 100; i++)
		bk_lathist_add(&h, i);
	cr_assert_eq(bk_lathist_percentile(&h, 50), 49);
	cr_assert_eq(bk_lathist_percentile(&h, 1), 0);
	cr_assert_eq(bk_lathist_percentile(&h, 99), 98);
}
