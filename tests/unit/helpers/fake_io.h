/* SPDX-License-Identifier: MIT */
/* fake_io: system calls for lib/storage under test: at most `chunk` bytes
 * a call over a 64 KiB backing store, EINTR first when asked. */
#ifndef BK_TEST_FAKE_IO_H
#define BK_TEST_FAKE_IO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "storage/dio.h"

extern size_t fake_chunk;
extern int fake_eintr_first, fake_calls;
extern char fake_backing[65536];

ssize_t fake_short_pread(int fd, void *buf, size_t len, uint64_t off);
ssize_t fake_short_pwrite(int fd, const void *buf, size_t len, uint64_t off);
/* The fake calls from now on, `c` bytes a call, EINTR first when eintr. */
void use_short_ops(size_t c, int eintr);
/* The real calls again. */
void real_ops(void);

#endif
