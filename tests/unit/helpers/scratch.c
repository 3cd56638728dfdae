// SPDX-License-Identifier: MIT
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scratch.h"

char bk_test_tmpdir[256];

void bk_test_make_tmpdir(void)
{
	struct stat st;

	snprintf(bk_test_tmpdir, sizeof(bk_test_tmpdir), "%s/bk-dio.XXXXXX",
		 !stat("build", &st) && S_ISDIR(st.st_mode) ? "build" : ".");
	cr_assert_not_null(mkdtemp(bk_test_tmpdir), "mkdtemp: %s", strerror(errno));
}

void bk_test_remove_tmpdir(void)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", bk_test_tmpdir);
	cr_assert_eq(system(cmd), 0);
}

int bk_test_scratch_file(const char *name, int flags)
{
	char path[320];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", bk_test_tmpdir, name);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC | flags, 0644);
	cr_assert_geq(fd, 0, "open %s: %s", path, strerror(errno));
	return fd;
}
