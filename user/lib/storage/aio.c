// SPDX-License-Identifier: MIT
/* aio: io_uring, Linux AIO or synchronous transfers behind one interface. */
#include "storage/aio.h"
#include "util.h"

#include <errno.h>
#include <linux/aio_abi.h>
#include <linux/io_uring.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

const char *bk_aio_kind_name(enum bk_aio_kind kind)
{
	switch (kind) {
	case BK_AIO_URING:
		return "io_uring";
	case BK_AIO_LINUX:
		return "linux-aio";
	case BK_AIO_SYNC:
		return "sync";
	default:
		return "auto";
	}
}

enum bk_aio_step bk_aio_account(struct bk_io_counts *c, struct bk_aio_req *r, long res)
{
	if (res == -EINTR || res == -EAGAIN) {
		c->interrupted++;
		return BK_AIO_AGAIN;
	}
	if (res < 0) {
		r->err = (int)-res;
		return BK_AIO_FAILED;
	}
	if (res == 0) {
		r->err = r->write ? EIO : ENODATA;
		return BK_AIO_FAILED;
	}
	if ((size_t)res > r->len - r->done) {
		r->err = EIO;	/* more than asked: the kernel or device is confused */
		return BK_AIO_FAILED;
	}
	r->done += (size_t)res;
	if (r->done < r->len) {
		if (r->write)
			c->short_writes++;
		else
			c->short_reads++;
		return BK_AIO_AGAIN;
	}
	return BK_AIO_DONE;
}

/* ------------------------------------------------------------ io_uring */

static int uring_setup(unsigned entries, struct io_uring_params *p)
{
	return (int)syscall(__NR_io_uring_setup, entries, p);
}

static int uring_enter(int fd, unsigned to_submit, unsigned min_complete, unsigned flags)
{
	return (int)syscall(__NR_io_uring_enter, fd, to_submit, min_complete, flags,
			    NULL, 0);
}

/*
 * Completions are run by this one thread when it asks for them (6.1), or
 * at least without interrupting it (5.19); older kernels take neither.
 * Without the SQ index array (6.6) the ring's SQEs are taken in order, and
 * the machine's first ring and its last no longer flip a kernel static key,
 * which patches the kernel's code with IPIs to every CPU while a test runs.
 */
#define BK_URING_DEFER \
	(IORING_SETUP_COOP_TASKRUN | IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN)
static const unsigned setup_flags[] = {
	BK_URING_DEFER | IORING_SETUP_NO_SQARRAY,
	BK_URING_DEFER,
	IORING_SETUP_COOP_TASKRUN,
	0,
};

/* Does the kernel have IORING_OP_READ and IORING_OP_WRITE (5.6)? */
static int uring_has_read_write(int fd)
{
	struct {
		struct io_uring_probe probe;
		struct io_uring_probe_op ops[256];
	} pr;

	memset(&pr, 0, sizeof(pr));
	if (syscall(__NR_io_uring_register, fd, IORING_REGISTER_PROBE, &pr, 256) < 0)
		return 0;
	return pr.probe.last_op >= IORING_OP_WRITE &&
	       (pr.ops[IORING_OP_READ].flags & IO_URING_OP_SUPPORTED) &&
	       (pr.ops[IORING_OP_WRITE].flags & IO_URING_OP_SUPPORTED);
}

static int uring_open(struct bk_aio *a, char *why, size_t len)
{
	struct io_uring_params p;
	int fd = -1;

	for (size_t i = 0; i < sizeof(setup_flags) / sizeof(setup_flags[0]) && fd < 0; i++) {
		memset(&p, 0, sizeof(p));
		p.flags = setup_flags[i];
		fd = uring_setup(a->depth, &p);
		if (fd < 0 && errno != EINVAL)
			break;
	}
	if (fd < 0) {
		snprintf(why, len, "io_uring_setup: %s", strerror(errno));
		return -errno;
	}
	a->ring_fd = fd;
	a->uring_rw = uring_has_read_write(fd);
	/* A ring without the array (sq_off.array 0) is one mapping, sized by the CQ. */
	a->sq_ring_len = p.sq_off.array + p.sq_entries * sizeof(unsigned);
	a->cq_ring_len = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
	if (p.features & IORING_FEAT_SINGLE_MMAP) {
		if (a->cq_ring_len > a->sq_ring_len)
			a->sq_ring_len = a->cq_ring_len;
		a->cq_ring_len = 0;
	}
	a->sq_ring = mmap(NULL, a->sq_ring_len, PROT_READ | PROT_WRITE,
			  MAP_SHARED | MAP_POPULATE, fd, IORING_OFF_SQ_RING);
	if (a->sq_ring == MAP_FAILED)
		goto fail;
	if (a->cq_ring_len) {
		a->cq_ring = mmap(NULL, a->cq_ring_len, PROT_READ | PROT_WRITE,
				  MAP_SHARED | MAP_POPULATE, fd, IORING_OFF_CQ_RING);
		if (a->cq_ring == MAP_FAILED)
			goto fail;
	} else {
		a->cq_ring = a->sq_ring;
	}
	a->sqes_len = p.sq_entries * sizeof(struct io_uring_sqe);
	a->sqes = mmap(NULL, a->sqes_len, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_POPULATE, fd, IORING_OFF_SQES);
	if (a->sqes == MAP_FAILED)
		goto fail;
	a->sq_head = (unsigned *)((char *)a->sq_ring + p.sq_off.head);
	a->sq_tail = (unsigned *)((char *)a->sq_ring + p.sq_off.tail);
	a->sq_mask = (unsigned *)((char *)a->sq_ring + p.sq_off.ring_mask);
	a->sq_array = p.flags & IORING_SETUP_NO_SQARRAY ? NULL :
		      (unsigned *)((char *)a->sq_ring + p.sq_off.array);
	a->cq_head = (unsigned *)((char *)a->cq_ring + p.cq_off.head);
	a->cq_tail = (unsigned *)((char *)a->cq_ring + p.cq_off.tail);
	a->cq_mask = (unsigned *)((char *)a->cq_ring + p.cq_off.ring_mask);
	a->cqes = (char *)a->cq_ring + p.cq_off.cqes;
	return 0;
fail:
	snprintf(why, len, "io_uring mmap: %s", strerror(errno));
	return -errno;
}

static void uring_close(struct bk_aio *a)
{
	if (a->sqes && a->sqes != MAP_FAILED)
		munmap(a->sqes, a->sqes_len);
	if (a->cq_ring && a->cq_ring != MAP_FAILED && a->cq_ring != a->sq_ring)
		munmap(a->cq_ring, a->cq_ring_len);
	if (a->sq_ring && a->sq_ring != MAP_FAILED)
		munmap(a->sq_ring, a->sq_ring_len);
	if (a->ring_fd >= 0)
		close(a->ring_fd);
	a->ring_fd = -1;
}

/* Put r's remaining part on the submission queue. */
static void uring_queue(struct bk_aio *a, struct bk_aio_req *r)
{
	unsigned tail = *a->sq_tail, idx = tail & *a->sq_mask;
	struct io_uring_sqe *sqe = (struct io_uring_sqe *)a->sqes + idx;

	r->iov.iov_base = (char *)r->buf + r->done;
	r->iov.iov_len = r->len - r->done;
	memset(sqe, 0, sizeof(*sqe));
	sqe->fd = r->fd;
	sqe->off = r->off + r->done;
	if (a->uring_rw) {
		sqe->opcode = r->write ? IORING_OP_WRITE : IORING_OP_READ;
		sqe->addr = (uint64_t)(uintptr_t)r->iov.iov_base;
		sqe->len = (uint32_t)r->iov.iov_len;
	} else {
		sqe->opcode = r->write ? IORING_OP_WRITEV : IORING_OP_READV;
		sqe->addr = (uint64_t)(uintptr_t)&r->iov;
		sqe->len = 1;
	}
	sqe->user_data = (uint64_t)(uintptr_t)r;
	if (a->sq_array)
		a->sq_array[idx] = idx;
	__atomic_store_n(a->sq_tail, tail + 1, __ATOMIC_RELEASE);
	a->to_submit++;
}

static int uring_flush(struct bk_aio *a, unsigned min_complete)
{
	for (;;) {
		int n = uring_enter(a->ring_fd, a->to_submit, min_complete,
				    min_complete ? IORING_ENTER_GETEVENTS : 0);

		if (n >= 0) {
			a->to_submit -= (unsigned)n < a->to_submit ? (unsigned)n : a->to_submit;
			if (!a->to_submit || min_complete)
				return 0;
			continue;
		}
		if (errno == EINTR || errno == EAGAIN || errno == EBUSY) {
			if (errno == EINTR)
				a->counts.interrupted++;
			if (errno != EINTR && !min_complete)
				min_complete = 1;	/* let completions free room */
			continue;
		}
		return -errno;
	}
}

static int uring_reap(struct bk_aio *a, struct bk_aio_req **done, unsigned min,
		      unsigned max)
{
	unsigned got = 0;

	for (;;) {
		unsigned head = *a->cq_head;
		unsigned tail = __atomic_load_n(a->cq_tail, __ATOMIC_ACQUIRE);
		int requeued = 0;

		while (head != tail && got < max) {
			struct io_uring_cqe *cqe =
				(struct io_uring_cqe *)a->cqes + (head & *a->cq_mask);
			struct bk_aio_req *r = (struct bk_aio_req *)(uintptr_t)cqe->user_data;

			head++;
			switch (bk_aio_account(&a->counts, r, cqe->res)) {
			case BK_AIO_AGAIN:
				uring_queue(a, r);
				requeued = 1;
				break;
			default:
				done[got++] = r;
				a->inflight--;
				break;
			}
		}
		__atomic_store_n(a->cq_head, head, __ATOMIC_RELEASE);
		if (got >= min && !requeued)
			return (int)got;
		int rc = uring_flush(a, got >= min ? 0 : min - got);

		if (rc)
			return rc;
		if (got >= min)
			return (int)got;
	}
}

static int uring_poll(struct bk_aio *a, struct bk_aio_req **done, unsigned max)
{
	int n;

	do {
		n = uring_enter(a->ring_fd, a->to_submit, 0, IORING_ENTER_GETEVENTS);
	} while (n < 0 && errno == EINTR);
	if (n < 0 && errno != EAGAIN && errno != EBUSY)
		return -errno;
	if (n > 0)
		a->to_submit -= (unsigned)n < a->to_submit ? (unsigned)n : a->to_submit;
	return uring_reap(a, done, 0, max);
}

/* ------------------------------------------------------------ Linux AIO */

static int linux_open(struct bk_aio *a, char *why, size_t len)
{
	aio_context_t ctx = 0;

	if (syscall(__NR_io_setup, a->depth, &ctx) < 0) {
		snprintf(why, len, "io_setup: %s", strerror(errno));
		return -errno;
	}
	a->aio_ctx = (unsigned long)ctx;
	a->iocbs = calloc(BK_AIO_MAX_DEPTH, sizeof(struct iocb));
	if (!a->iocbs) {
		syscall(__NR_io_destroy, ctx);
		snprintf(why, len, "out of memory");
		return -ENOMEM;
	}
	return 0;
}

static int linux_queue(struct bk_aio *a, struct bk_aio_req *r)
{
	struct iocb *cb = (struct iocb *)a->iocbs + (r - a->req);
	struct iocb *list[1] = { cb };

	memset(cb, 0, sizeof(*cb));
	cb->aio_lio_opcode = r->write ? IOCB_CMD_PWRITE : IOCB_CMD_PREAD;
	cb->aio_fildes = (uint32_t)r->fd;
	cb->aio_buf = (uint64_t)(uintptr_t)((char *)r->buf + r->done);
	cb->aio_nbytes = r->len - r->done;
	cb->aio_offset = (int64_t)(r->off + r->done);
	cb->aio_data = (uint64_t)(uintptr_t)r;
	for (;;) {
		long n = syscall(__NR_io_submit, (aio_context_t)a->aio_ctx, 1L, list);

		if (n == 1)
			return 0;
		if (n < 0 && (errno == EINTR || errno == EAGAIN)) {
			a->counts.interrupted++;
			continue;
		}
		return n < 0 ? -errno : -EIO;
	}
}

static int linux_reap(struct bk_aio *a, struct bk_aio_req **done, unsigned min,
		      unsigned max)
{
	struct io_event ev[BK_AIO_MAX_DEPTH];
	unsigned got = 0;

	if (max > BK_AIO_MAX_DEPTH)
		max = BK_AIO_MAX_DEPTH;
	while (got < min) {
		long n = syscall(__NR_io_getevents, (aio_context_t)a->aio_ctx,
				 (long)(min - got), (long)(max - got), ev, NULL);

		if (n < 0 && errno == EINTR) {
			a->counts.interrupted++;
			continue;
		}
		if (n < 0)
			return -errno;
		for (long i = 0; i < n; i++) {
			struct bk_aio_req *r = (struct bk_aio_req *)(uintptr_t)ev[i].data;
			int rc;

			switch (bk_aio_account(&a->counts, r, (long)ev[i].res)) {
			case BK_AIO_AGAIN:
				rc = linux_queue(a, r);
				if (rc) {
					r->err = -rc;
					done[got++] = r;
					a->inflight--;
				}
				break;
			default:
				done[got++] = r;
				a->inflight--;
				break;
			}
		}
	}
	return (int)got;
}

/* ------------------------------------------------------------ common */

int bk_aio_open(struct bk_aio *a, enum bk_aio_kind want, unsigned depth,
		char *why, size_t len)
{
	char uring_why[128] = "", linux_why[128] = "";
	int rc;

	memset(a, 0, sizeof(*a));
	a->ring_fd = -1;
	if (depth < 1 || depth > BK_AIO_MAX_DEPTH) {
		snprintf(why, len, "queue depth %u: allowed 1 to %d", depth, BK_AIO_MAX_DEPTH);
		return -EINVAL;
	}
	a->depth = depth;
	if (want == BK_AIO_AUTO || want == BK_AIO_URING) {
		rc = uring_open(a, uring_why, sizeof(uring_why));
		if (!rc) {
			a->kind = BK_AIO_URING;
			return 0;
		}
		uring_close(a);
		if (want == BK_AIO_URING) {
			snprintf(why, len, "%s", uring_why);
			return rc;
		}
	}
	if (want == BK_AIO_AUTO || want == BK_AIO_LINUX) {
		rc = linux_open(a, linux_why, sizeof(linux_why));
		if (!rc) {
			a->kind = BK_AIO_LINUX;
			return 0;
		}
		if (want == BK_AIO_LINUX) {
			snprintf(why, len, "%s", linux_why);
			return rc;
		}
	}
	a->kind = BK_AIO_SYNC;
	if (want == BK_AIO_AUTO)
		snprintf(why, len, "no asynchronous I/O here (%s; %s): one transfer at a time",
			 uring_why, linux_why);
	return 0;
}

void bk_aio_close(struct bk_aio *a)
{
	struct bk_aio_req *done[BK_AIO_MAX_DEPTH];

	/* Never leave the kernel writing into buffers the caller frees. */
	while (a->inflight && a->kind != BK_AIO_SYNC)
		if (bk_aio_reap(a, done, 1, BK_AIO_MAX_DEPTH) < 0)
			break;
	if (a->kind == BK_AIO_URING)
		uring_close(a);
	if (a->kind == BK_AIO_LINUX) {
		syscall(__NR_io_destroy, (aio_context_t)a->aio_ctx);
		free(a->iocbs);
		a->iocbs = NULL;
	}
	a->kind = BK_AIO_AUTO;
}

struct bk_aio_req *bk_aio_get(struct bk_aio *a)
{
	for (unsigned i = 0; i < a->depth; i++)
		if (!a->req[i].busy) {
			memset(&a->req[i], 0, sizeof(a->req[i]));
			a->req[i].busy = 1;
			return &a->req[i];
		}
	return NULL;
}

void bk_aio_put(struct bk_aio *a, struct bk_aio_req *r)
{
	(void)a;
	r->busy = 0;
}

int bk_aio_submit(struct bk_aio *a, struct bk_aio_req *r)
{
	int rc;

	r->done = 0;
	r->err = 0;
	r->submit_ns = bk_now_ns();
	switch (a->kind) {
	case BK_AIO_URING:
		uring_queue(a, r);
		a->inflight++;
		rc = uring_flush(a, 0);
		return rc;
	case BK_AIO_LINUX:
		rc = linux_queue(a, r);
		if (!rc)
			a->inflight++;
		return rc;
	default:
		rc = r->write ? bk_pwrite_part(r->fd, r->buf, r->len, r->off, &a->counts,
					       &r->done)
			      : bk_pread_part(r->fd, r->buf, r->len, r->off, &a->counts,
					      &r->done);
		r->err = -rc;
		a->sync_done[a->nsync_done++] = r;
		a->inflight++;
		return 0;
	}
}

int bk_aio_poll(struct bk_aio *a, struct bk_aio_req **done, unsigned max)
{
	if (!max || !a->inflight || a->kind != BK_AIO_URING)
		return 0;
	return uring_poll(a, done, max);
}

int bk_aio_reap(struct bk_aio *a, struct bk_aio_req **done, unsigned min, unsigned max)
{
	if (min > a->inflight)
		min = a->inflight;
	if (!max)
		return 0;
	switch (a->kind) {
	case BK_AIO_URING:
		return uring_reap(a, done, min, max);
	case BK_AIO_LINUX:
		return linux_reap(a, done, min, max);
	default: {
		unsigned n = a->nsync_done < max ? a->nsync_done : max;

		for (unsigned i = 0; i < n; i++)
			done[i] = a->sync_done[i];
		memmove(a->sync_done, a->sync_done + n,
			(a->nsync_done - n) * sizeof(a->sync_done[0]));
		a->nsync_done -= n;
		a->inflight -= n;
		return (int)n;
	}
	}
}
