// SPDX-License-Identifier: MIT
/* lib/storage/dio: short reads and writes retried and counted, EINTR
 * repeated, the end of a file reported; O_DIRECT probed, buffers aligned. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "storage/dio.h"
#include "helpers/fake_io.h"
#include "helpers/scratch.h"

TestSuite(dio, .fini = real_ops);

Test(dio, short_reads_are_retried_and_counted)
{
	struct bk_io_counts c = { 0 };
	char buf[10000];

	for (size_t i = 0; i < sizeof(fake_backing); i++)
		fake_backing[i] = (char)(i * 13);
	use_short_ops(1000, 0);
	cr_assert_eq(bk_pread_full(3, buf, sizeof(buf), 100, &c), 0);
	cr_assert_arr_eq(buf, fake_backing + 100, sizeof(buf), "every byte, in place");
	cr_assert_eq(fake_calls, 10);
	cr_assert_eq(c.short_reads, 9, "each call that returned less than asked");
	cr_assert_eq(c.short_writes, 0);
}

Test(dio, short_writes_are_retried_and_counted)
{
	struct bk_io_counts c = { 0 };
	char buf[5000];

	memset(fake_backing, 0, sizeof(fake_backing));
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (char)(i * 7 + 1);
	use_short_ops(999, 0);
	cr_assert_eq(bk_pwrite_full(3, buf, sizeof(buf), 4096, &c), 0);
	cr_assert_arr_eq(fake_backing + 4096, buf, sizeof(buf));
	cr_assert_eq(fake_calls, 6);
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
	cr_assert_eq(bk_pread_full(3, buf, sizeof(buf), sizeof(fake_backing) - 100, &c), -ENODATA);
	cr_assert_eq(c.short_reads, 1);
}

Test(dio, a_write_that_makes_no_progress_fails)
{
	char buf[16] = { 0 };

	use_short_ops(0, 0);
	cr_assert_eq(bk_pwrite_full(3, buf, sizeof(buf), 0, NULL), -EIO);
}

Test(dio, probe_on_a_real_file)
{
	char why[256];
	int fd, rc;

	bk_test_make_tmpdir();
	fd = bk_test_scratch_file("probe.dat", 0);
	rc = bk_dio_probe(fd, why, sizeof(why));
	if (!rc)
		cr_assert_eq(fcntl(fd, F_GETFL) & O_DIRECT, 0, "flags restored");
	close(fd);
	bk_test_remove_tmpdir();
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
