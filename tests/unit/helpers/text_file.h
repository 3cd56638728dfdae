/* SPDX-License-Identifier: MIT */
/* text_file: what the chart tests do with the files they write. */
#ifndef BK_TEST_TEXT_FILE_H
#define BK_TEST_TEXT_FILE_H

#include <stddef.h>

/* The whole file as a string (malloc'd); the test fails when it cannot be read. */
char *bk_test_slurp(const char *path);
/* How often needle stands in hay. */
size_t bk_test_count(const char *hay, const char *needle);
/* A path for `name` in the temporary directory, unique to this process. */
void bk_test_scratch_path(char *path, size_t len, const char *name);

#endif
