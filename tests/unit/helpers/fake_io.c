// SPDX-License-Identifier: MIT
#include <errno.h>
#include <string.h>

#include "fake_io.h"

size_t fake_chunk;
int fake_eintr_first, fake_calls;
char fake_backing[65536];

ssize_t fake_short_pread(int fd, void *buf, size_t len, uint64_t off)
{
	(void)fd;
	fake_calls++;
	if (fake_eintr_first && fake_calls == 1) {
		errno = EINTR;
		return -1;
	}
	if (off >= sizeof(fake_backing))
		return 0;
	if (len > fake_chunk)
		len = fake_chunk;
	if ((size_t)off + len > sizeof(fake_backing))
		len = sizeof(fake_backing) - (size_t)off;
	memcpy(buf, fake_backing + off, len);
	return (ssize_t)len;
}

ssize_t fake_short_pwrite(int fd, const void *buf, size_t len, uint64_t off)
{
	(void)fd;
	fake_calls++;
	if (fake_eintr_first && fake_calls == 1) {
		errno = EINTR;
		return -1;
	}
	if (fake_chunk == 0)
		return 0;
	if (len > fake_chunk)
		len = fake_chunk;
	if ((size_t)off + len > sizeof(fake_backing))
		len = sizeof(fake_backing) - (size_t)off;
	memcpy(fake_backing + off, buf, len);
	return (ssize_t)len;
}

static const struct bk_io_ops short_ops = { fake_short_pread, fake_short_pwrite };

void use_short_ops(size_t c, int eintr)
{
	fake_chunk = c;
	fake_eintr_first = eintr;
	fake_calls = 0;
	bk_io_set_ops(&short_ops);
}

void real_ops(void)
{
	bk_io_set_ops(NULL);
}
