// SPDX-License-Identifier: MIT
/*
 * lib/storage/pagecache without the module: a file just written is
 * resident, a drop leaves no more of it in RAM than before, a read
 * brings it back, and a file that is not there is an error, not 0 pages.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "storage/pagecache.h"
#include "helpers/scratch.h"

Test(pagecache, count_drop_and_count_again)
{
	static char buf[1 << 20];
	struct bk_residency r, left;
	char path[512], why[256];
	int fd;

	bk_cache_use_module(0);
	cr_assert(strstr(bk_cache_method(), "posix_fadvise"), "%s", bk_cache_method());
	bk_test_make_tmpdir();
	fd = bk_test_scratch_file("cached.dat", 0);
	snprintf(path, sizeof(path), "%s/cached.dat", bk_test_tmpdir);
	memset(buf, 0x5a, sizeof(buf));
	cr_assert_eq(write(fd, buf, sizeof(buf)), (ssize_t)sizeof(buf));

	cr_assert_eq(bk_cache_count(path, fd, &r, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(r.page_size, (uint64_t)sysconf(_SC_PAGESIZE));
	cr_assert_eq(r.pages, sizeof(buf) / r.page_size);
	cr_assert_leq(r.resident, r.pages);
	cr_assert_str_eq(r.how, "mincore");

	cr_assert_eq(bk_cache_drop(path, fd, &left, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(left.pages, r.pages);
	cr_assert_leq(left.resident, r.resident, "a drop never adds pages");

	cr_assert_eq(pread(fd, buf, sizeof(buf), 0), (ssize_t)sizeof(buf));
	cr_assert_eq(bk_cache_count(path, fd, &r, why, sizeof(why)), 0, "%s", why);
	cr_assert_gt(r.resident, 0, "what was just read is in RAM");
	close(fd);
	bk_test_remove_tmpdir();
	bk_cache_use_module(1);
}

Test(pagecache, a_closed_file_is_an_error)
{
	struct bk_residency r;
	char why[256] = "";

	bk_cache_use_module(0);
	cr_assert_lt(bk_cache_count("/nonexistent/burnkit", -1, &r, why, sizeof(why)), 0);
	cr_assert_neq(why[0], '\0', "and says why");
	bk_cache_use_module(1);
}
