// SPDX-License-Identifier: MIT
/*
 * lib/storage/aio: a completion accounted whole, short or failed; an
 * io_uring ring without the SQ index array where the kernel takes one
 * (tests/unit/test_xfer.c moves data through each engine).
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/io_uring.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "storage/aio.h"

Test(aio, completions_are_accounted_whole_short_or_failed)
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

/*
 * A ring without the SQ index array (6.6) leaves the kernel's static key
 * alone: the machine's first ring and its last patch no kernel code. The
 * kernel is asked directly whether it takes the flag; bk_aio must use it
 * when it does.
 */
Test(aio, io_uring_ring_has_no_sq_array_where_the_kernel_allows)
{
	struct io_uring_params p;
	struct bk_aio a;
	char why[256];
	int fd, takes_flag;

	if (bk_aio_open(&a, BK_AIO_URING, 4, why, sizeof(why)))
		cr_skip_test("io_uring is not available here: %s", why);
	memset(&p, 0, sizeof(p));
	p.flags = IORING_SETUP_NO_SQARRAY;
	fd = (int)syscall(__NR_io_uring_setup, 4, &p);
	takes_flag = fd >= 0;
	cr_assert(takes_flag || errno == EINVAL, "io_uring_setup: %s", strerror(errno));
	if (fd >= 0)
		close(fd);
	if (takes_flag)
		cr_assert_null(a.sq_array, "the kernel takes NO_SQARRAY, the ring has an SQ array");
	else
		cr_assert_not_null(a.sq_array, "an SQ array is needed before 6.6");
	bk_aio_close(&a);
}

/*
 * bk_aio_poll: nothing in flight, nothing to take; a read submitted is taken
 * once finished, without a wait in the library (io_uring); another engine
 * never gives one (its completions wait for bk_aio_reap).
 */
Test(aio, poll_takes_what_has_finished_without_waiting)
{
	static char data[4096], buf[4096];
	char path[] = "/tmp/bk-aio-poll-XXXXXX", why[256];
	struct bk_aio_req *done[4], *r;
	struct bk_aio a;
	int fd, n = 0;

	if (bk_aio_open(&a, BK_AIO_URING, 4, why, sizeof(why)))
		cr_skip_test("io_uring is not available here: %s", why);
	fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	unlink(path);
	memset(data, 0x5a, sizeof(data));
	cr_assert_eq(write(fd, data, sizeof(data)), (ssize_t)sizeof(data));
	cr_assert_eq(bk_aio_poll(&a, done, 4), 0, "nothing in flight");
	r = bk_aio_get(&a);
	cr_assert_not_null(r);
	*r = (struct bk_aio_req){ .fd = fd, .buf = buf, .len = sizeof(buf), .tag = 7 };
	cr_assert_eq(bk_aio_submit(&a, r), 0);
	for (int tries = 0; tries < 100000 && !n; tries++) {
		n = bk_aio_poll(&a, done, 4);
		if (!n)
			usleep(10);
	}
	cr_assert_eq(n, 1, "the read was taken once it finished");
	cr_assert_eq(done[0]->tag, 7);
	cr_assert_eq(done[0]->err, 0);
	cr_assert_eq(memcmp(buf, data, sizeof(buf)), 0);
	bk_aio_put(&a, done[0]);
	cr_assert_eq(a.inflight, 0);
	bk_aio_close(&a);

	cr_assert_eq(bk_aio_open(&a, BK_AIO_SYNC, 4, why, sizeof(why)), 0, "%s", why);
	r = bk_aio_get(&a);
	*r = (struct bk_aio_req){ .fd = fd, .buf = buf, .len = sizeof(buf), .tag = 8 };
	cr_assert_eq(bk_aio_submit(&a, r), 0);
	cr_assert_eq(bk_aio_poll(&a, done, 4), 0, "the sync engine's completion waits for a reap");
	cr_assert_eq(bk_aio_reap(&a, done, 1, 4), 1);
	bk_aio_put(&a, done[0]);
	bk_aio_close(&a);
	close(fd);
}
