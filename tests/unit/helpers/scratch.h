/* SPDX-License-Identifier: MIT */
/* scratch: a scratch directory on a real file system for unit tests
 * (below build/ when there is one: O_DIRECT does not work on tmpfs). */
#ifndef BK_TEST_SCRATCH_H
#define BK_TEST_SCRATCH_H

extern char bk_test_tmpdir[256];

void bk_test_make_tmpdir(void);
void bk_test_remove_tmpdir(void);
/* Create (truncate) NAME in the scratch directory; the fd. */
int bk_test_scratch_file(const char *name, int flags);

#endif
