/* SPDX-License-Identifier: MIT */
/*
 * aio: the kernel's asynchronous I/O through the raw system calls (no
 * liburing, no libaio): io_uring, else Linux AIO (io_submit), else plain
 * pread/pwrite one at a time. Every request completes whole: a short
 * completion is counted and the rest submitted again, never passed over.
 */
#ifndef BK_AIO_H
#define BK_AIO_H

#include <linux/io_uring.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>

#include "storage/dio.h"

/* 6.6's flag, absent from older headers: aio.c and its test ask for it. */
#ifndef IORING_SETUP_NO_SQARRAY
#define IORING_SETUP_NO_SQARRAY (1U << 16)
#endif

enum bk_aio_kind {
	BK_AIO_AUTO,	/* the best this kernel offers */
	BK_AIO_URING,
	BK_AIO_LINUX,
	BK_AIO_SYNC,
};

#define BK_AIO_MAX_DEPTH 64

struct bk_aio_req {
	int fd;
	int write;
	void *buf;
	size_t len;
	uint64_t off;
	size_t done;		/* bytes transferred so far */
	int err;		/* 0, or the errno of the failure */
	uint64_t submit_ns;	/* bk_now_ns() at the first submission */
	uint64_t tag;		/* the caller's */
	int busy;
	struct iovec iov;	/* what is left to transfer */
};

struct bk_aio {
	enum bk_aio_kind kind;
	unsigned depth;
	struct bk_io_counts counts;	/* short completions, resubmitted */
	struct bk_aio_req req[BK_AIO_MAX_DEPTH];
	unsigned inflight;
	/* io_uring */
	int ring_fd;
	void *sq_ring, *cq_ring, *sqes;
	size_t sq_ring_len, cq_ring_len, sqes_len;
	unsigned *sq_head, *sq_tail, *sq_mask, *sq_array;
	unsigned *cq_head, *cq_tail, *cq_mask;
	void *cqes;
	unsigned to_submit;
	int uring_rw;		/* IORING_OP_READ/WRITE, else the vectored ops */
	/* Linux AIO */
	unsigned long aio_ctx;
	void *iocbs;		/* struct iocb[depth] */
	/* synchronous: finished requests waiting to be reaped */
	struct bk_aio_req *sync_done[BK_AIO_MAX_DEPTH];
	unsigned nsync_done;
};

const char *bk_aio_kind_name(enum bk_aio_kind kind);

/*
 * Open an engine for up to depth requests in flight. want: BK_AIO_AUTO or
 * one kind. Returns 0, or -errno with the reason in why.
 */
int bk_aio_open(struct bk_aio *a, enum bk_aio_kind want, unsigned depth,
		char *why, size_t len);
void bk_aio_close(struct bk_aio *a);

/* A free request slot, or NULL when depth requests are in flight. */
struct bk_aio_req *bk_aio_get(struct bk_aio *a);

/* Start r (fd, write, buf, len, off, tag set). Returns 0 or -errno. */
int bk_aio_submit(struct bk_aio *a, struct bk_aio_req *r);

/*
 * Wait for at least min requests to finish (whole, or with err set) and
 * return up to max of them in done[]. The slots stay taken until
 * bk_aio_put. Returns the number, or -errno when waiting failed.
 */
int bk_aio_reap(struct bk_aio *a, struct bk_aio_req **done, unsigned min, unsigned max);

/*
 * Without waiting: the requests finished by now, up to max, as bk_aio_reap
 * returns them. io_uring only (one system call, which also posts the
 * completions the kernel defers to us); the other engines return 0, and
 * their completions wait for the next bk_aio_reap.
 */
int bk_aio_poll(struct bk_aio *a, struct bk_aio_req **done, unsigned max);
void bk_aio_put(struct bk_aio *a, struct bk_aio_req *r);

enum bk_aio_step { BK_AIO_DONE, BK_AIO_AGAIN, BK_AIO_FAILED };

/*
 * Account one completion of res bytes (or -errno) to r: DONE when the
 * request is whole, AGAIN when part is left to submit (counted as short),
 * FAILED with r->err set. A read that returns 0 has met the end of the
 * file (ENODATA); a write that returns 0 makes no progress (EIO).
 */
enum bk_aio_step bk_aio_account(struct bk_io_counts *c, struct bk_aio_req *r, long res);

#endif
