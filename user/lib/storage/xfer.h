/* SPDX-License-Identifier: MIT */
/*
 * user/lib/storage/ is the library's storage wing: direct I/O probing and
 * buffers (dio), the io_uring/Linux AIO/sync engines (aio), transfer
 * streams (xfer, this file), verification of self-identifying units
 * (verify), work directories that delete only what they created (workdir),
 * page-cache residency and dropping (pagecache), latency histograms
 * (lathist). It calls the core wing (user/lib) and the module's client,
 * never a tester.
 *
 * xfer: one stream of equal-sized transfers on one file, kept at a queue
 * depth, with the CPU work overlapped with the device's: a write buffer is
 * filled while the writes before it are in flight, and a read buffer is
 * checked after the next read has been submitted. At depth 1 exactly one
 * transfer is in flight at a time (the device never sees two), yet the
 * check's CPU time hides behind the device's. One spare buffer beyond the
 * depth makes this possible. The check reads non-temporally (verify.c) and
 * at depth 1 a checked slice leaves this core's caches on the cores where
 * that paid (flushed on AMD Zen 5, demoted to the shared cache on Intel
 * Emerald Rapids; xfer.c): a checked buffer left in this core's caches
 * slowed the next transfer into it. Where the host copies each transfer (a
 * virtual disk), the spare buffer costs too: two buffers in turn filled
 * slower than one (README).
 */
#ifndef BK_XFER_H
#define BK_XFER_H

#include <stddef.h>
#include <stdint.h>

#include "dispatch.h"
#include "storage/aio.h"

struct bk_lathist;

struct bk_xfer {
	/* What to do */
	struct bk_aio *aio;	/* open, with its depth */
	int fd;
	int write;
	size_t len;		/* bytes per transfer */
	uint64_t count;		/* transfers; UINT64_MAX: until the deadline */
	uint64_t deadline_ns;	/* bk_now_ns() to stop submitting at; 0: none */
	/* Offset of transfer i. */
	uint64_t (*offset)(void *arg, uint64_t i);
	/*
	 * Writes: fill buf with what transfer i writes at off. prev_off: the
	 * offset this buffer was last filled for in this run (its content is
	 * still that), UINT64_MAX the first time.
	 */
	void (*prepare)(void *arg, uint64_t i, uint64_t off, void *buf, size_t len,
			uint64_t prev_off);
	/*
	 * After transfer i is whole (reads: check buf). A read longer than
	 * 256 KiB at a depth above 1 comes in pieces of at most that, in
	 * order, each with its own off, buf and len. Nonzero stops the stream.
	 */
	int (*complete)(void *arg, uint64_t i, uint64_t off, void *buf, size_t len);
	void *arg;
	struct bk_lathist *lat;	/* latency of each transfer, or NULL */

	/* What happened */
	uint64_t done;		/* whole transfers */
	uint64_t bytes;
	double seconds;		/* first submission to last completion */
	int err;		/* errno of the first failed transfer, 0 if none */
	uint64_t err_off;	/* its offset */
	int stopped;		/* complete() asked to stop, or Ctrl-C */
};

/*
 * Run the stream. Buffers (writing depth + 1, reading 2 x depth;
 * BK_DIO_ALIGN-aligned; from 1 MB in all, in one block on transparent huge
 * pages where the kernel gives them) are allocated here. Returns 0 when
 * every transfer was done or the stream was stopped on purpose, -errno when
 * a transfer failed (x->err, x->err_off) or the engine did.
 */
int bk_xfer_run(struct bk_xfer *x);

/*
 * What the stream does with a read buffer's lines once checked, with the
 * bytes one instruction covers in *line: a read at depth 1 takes this
 * CPU's choice (bk_cpu_read_release), every other stream keeps them
 * (xfer.c says why).
 */
enum bk_read_release bk_xfer_read_release(const struct bk_xfer *x, unsigned *line);

#endif
