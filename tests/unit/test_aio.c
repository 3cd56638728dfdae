// SPDX-License-Identifier: MIT
/* lib/storage/aio: a completion accounted whole, short or failed. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
