// SPDX-License-Identifier: MIT
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "text_file.h"

char *bk_test_slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	cr_assert_not_null(f, "%s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

size_t bk_test_count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
		n++;
	return n;
}

void bk_test_scratch_path(char *path, size_t len, const char *name)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(path, len, "%s/bk-chart-%d-%s", tmp && *tmp ? tmp : P_tmpdir,
		 (int)getpid(), name);
}
