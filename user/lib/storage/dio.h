/* SPDX-License-Identifier: MIT */
/*
 * dio: transfers that cannot be passed over. Aligned buffers for direct
 * I/O, whole-length reads and writes that retry and count short transfers
 * (never skip them), and the O_DIRECT probe: filesystems such as tmpfs and
 * some network filesystems accept O_DIRECT at open() and refuse the first
 * transfer, so the probe makes a real one.
 */
#ifndef BK_DIO_H
#define BK_DIO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Buffer, offset and length alignment that suits every device's direct I/O. */
#define BK_DIO_ALIGN 4096u

/* What the whole-length transfers had to repeat. */
struct bk_io_counts {
	uint64_t short_reads;	/* a read returned less than asked */
	uint64_t short_writes;	/* a write returned less than asked */
	uint64_t interrupted;	/* EINTR, repeated */
};

/* The system calls the transfers use; tests put their own in. */
struct bk_io_ops {
	ssize_t (*pread)(int fd, void *buf, size_t len, uint64_t off);
	ssize_t (*pwrite)(int fd, const void *buf, size_t len, uint64_t off);
};

/* NULL puts the real system calls back. */
void bk_io_set_ops(const struct bk_io_ops *ops);

/* BK_DIO_ALIGN-aligned buffer (contents undefined); free with free(). */
void *bk_dio_alloc(size_t size);

/*
 * Read or write all len bytes at off. A short transfer is counted in c
 * (may be NULL) and the rest transferred; EINTR is repeated. Returns 0 or
 * -errno; a read that meets the end of the file first returns -ENODATA.
 */
int bk_pread_full(int fd, void *buf, size_t len, uint64_t off, struct bk_io_counts *c);
/* The same, saying in *done how many bytes were transferred before a failure. */
int bk_pread_part(int fd, void *buf, size_t len, uint64_t off, struct bk_io_counts *c,
		  size_t *done);
int bk_pwrite_part(int fd, const void *buf, size_t len, uint64_t off,
		   struct bk_io_counts *c, size_t *done);
int bk_pwrite_full(int fd, const void *buf, size_t len, uint64_t off,
		   struct bk_io_counts *c);

/*
 * Does direct I/O work on this open, writable regular file? Sets O_DIRECT
 * on it, writes BK_DIO_ALIGN bytes at offset 0, reads them back and
 * compares, then restores the flags. Returns 0, or -errno with what failed
 * in why ("open", "write", "read" and the error).
 */
int bk_dio_probe(int fd, char *why, size_t len);

/* errno names for messages: "ENOSPC" and so on ("errno N" if unknown). */
const char *bk_errno_name(int err);

#endif
