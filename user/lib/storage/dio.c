// SPDX-License-Identifier: MIT
/* dio: aligned buffers, whole-length transfers, the O_DIRECT probe. */
#include "storage/dio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static ssize_t sys_pread(int fd, void *buf, size_t len, uint64_t off)
{
	return pread(fd, buf, len, (off_t)off);
}

static ssize_t sys_pwrite(int fd, const void *buf, size_t len, uint64_t off)
{
	return pwrite(fd, buf, len, (off_t)off);
}

static const struct bk_io_ops sys_ops = { sys_pread, sys_pwrite };
static const struct bk_io_ops *io_ops = &sys_ops;

void bk_io_set_ops(const struct bk_io_ops *ops)
{
	io_ops = ops ? ops : &sys_ops;
}

void *bk_dio_alloc(size_t size)
{
	void *p = NULL;

	size = (size + BK_DIO_ALIGN - 1) / BK_DIO_ALIGN * BK_DIO_ALIGN;
	if (posix_memalign(&p, BK_DIO_ALIGN, size ? size : BK_DIO_ALIGN))
		return NULL;
	return p;
}

/*
 * One transfer in as many calls as it takes (a read into rbuf, or a write
 * from wbuf): EINTR repeated and short transfers continued where they stopped,
 * both counted. A read of nothing is the end of the file (ENODATA), a write
 * of nothing a write that makes no progress (EIO).
 */
static int transfer_whole(int fd, int write, char *rbuf, const char *wbuf, size_t len,
			  uint64_t off, struct bk_io_counts *c, size_t *done)
{
	*done = 0;
	while (len) {
		ssize_t n = write ? io_ops->pwrite(fd, wbuf + *done, len, off)
				  : io_ops->pread(fd, rbuf + *done, len, off);

		if (n < 0 && errno == EINTR) {
			if (c)
				c->interrupted++;
			continue;
		}
		if (n < 0)
			return -errno;
		if (n == 0)
			return write ? -EIO : -ENODATA;
		if ((size_t)n < len && c) {
			if (write)
				c->short_writes++;
			else
				c->short_reads++;
		}
		*done += (size_t)n;
		off += (uint64_t)n;
		len -= (size_t)n;
	}
	return 0;
}

int bk_pread_part(int fd, void *buf, size_t len, uint64_t off, struct bk_io_counts *c,
		  size_t *done)
{
	return transfer_whole(fd, 0, buf, NULL, len, off, c, done);
}

int bk_pwrite_part(int fd, const void *buf, size_t len, uint64_t off,
		   struct bk_io_counts *c, size_t *done)
{
	return transfer_whole(fd, 1, NULL, buf, len, off, c, done);
}

int bk_pread_full(int fd, void *buf, size_t len, uint64_t off, struct bk_io_counts *c)
{
	size_t done;

	return bk_pread_part(fd, buf, len, off, c, &done);
}

int bk_pwrite_full(int fd, const void *buf, size_t len, uint64_t off,
		   struct bk_io_counts *c)
{
	size_t done;

	return bk_pwrite_part(fd, buf, len, off, c, &done);
}

int bk_dio_probe(int fd, char *why, size_t len)
{
	int flags = fcntl(fd, F_GETFL);
	char *out = bk_dio_alloc(BK_DIO_ALIGN), *in = bk_dio_alloc(BK_DIO_ALIGN);
	int rc = 0;

	if (flags < 0 || !out || !in) {
		rc = flags < 0 ? -errno : -ENOMEM;
		snprintf(why, len, "probe: %s", strerror(-rc));
		goto out;
	}
	if (fcntl(fd, F_SETFL, flags | O_DIRECT)) {
		rc = -errno;
		snprintf(why, len, "the filesystem refuses O_DIRECT: %s", strerror(-rc));
		goto out;
	}
	for (size_t i = 0; i < BK_DIO_ALIGN; i++)
		out[i] = (char)(i * 7 + 1);
	memset(in, 0, BK_DIO_ALIGN);
	rc = bk_pwrite_full(fd, out, BK_DIO_ALIGN, 0, NULL);
	if (rc) {
		snprintf(why, len, "O_DIRECT accepted at open, but a direct write failed: %s",
			 strerror(-rc));
		goto restore;
	}
	rc = bk_pread_full(fd, in, BK_DIO_ALIGN, 0, NULL);
	if (rc) {
		snprintf(why, len, "O_DIRECT accepted at open, but a direct read failed: %s",
			 strerror(-rc));
		goto restore;
	}
	if (memcmp(in, out, BK_DIO_ALIGN)) {
		rc = -EIO;
		snprintf(why, len, "a direct read did not return what a direct write wrote");
	}
restore:
	fcntl(fd, F_SETFL, flags);
out:
	free(out);
	free(in);
	return rc;
}

const char *bk_errno_name(int err)
{
	static const struct { int e; const char *name; } names[] = {
		{ ENOSPC, "ENOSPC" }, { EROFS, "EROFS" }, { EIO, "EIO" },
		{ EDQUOT, "EDQUOT" }, { EFBIG, "EFBIG" }, { EINVAL, "EINVAL" },
		{ EACCES, "EACCES" }, { EPERM, "EPERM" }, { ENOENT, "ENOENT" },
		{ ENODATA, "ENODATA" }, { EEXIST, "EEXIST" }, { ENOTDIR, "ENOTDIR" },
		{ ENOMEM, "ENOMEM" }, { EBUSY, "EBUSY" }, { ENXIO, "ENXIO" },
		{ ENODEV, "ENODEV" }, { ESTALE, "ESTALE" }, { ETIMEDOUT, "ETIMEDOUT" },
	};
	static __thread char buf[24];

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].e == err)
			return names[i].name;
	snprintf(buf, sizeof(buf), "errno %d", err);
	return buf;
}
