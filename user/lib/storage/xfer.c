// SPDX-License-Identifier: MIT
/* xfer: a stream of transfers at a queue depth, CPU work overlapped. */
#include "storage/xfer.h"
#include "arch/arch.h"
#include "dispatch.h"
#include "storage/lathist.h"
#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HUGE_PAGE (2u << 20)
#define MAX_BUFS (2 * BK_AIO_MAX_DEPTH)

struct stream {
	struct bk_xfer *x;
	void *free_bufs[MAX_BUFS];
	unsigned nfree;
	void *bufs[MAX_BUFS];	/* every buffer, and ... */
	uint64_t filled_for[MAX_BUFS];	/* ... the offset it holds */
	unsigned nbufs;
	void *ready;		/* a buffer already filled for transfer `next` */
	uint64_t next;
	int stopping;
	enum bk_read_release release;	/* a checked read buffer's lines */
	unsigned line;		/* the bytes one release instruction covers */
};

static int more(struct stream *s)
{
	struct bk_xfer *x = s->x;

	if (s->stopping || s->next >= x->count)
		return 0;
	if (bk_stop_requested()) {
		s->stopping = 1;
		x->stopped = 1;
		return 0;
	}
	if (x->deadline_ns && bk_now_ns() >= x->deadline_ns)
		return 0;
	return 1;
}

/* Fill buf for transfer `next`, telling prepare what the buffer holds. */
static void fill(struct stream *s, void *buf)
{
	struct bk_xfer *x = s->x;
	uint64_t off = x->offset(x->arg, s->next);
	unsigned k;

	for (k = 0; k < s->nbufs && s->bufs[k] != buf; k++)
		;
	x->prepare(x->arg, s->next, off, buf, x->len, s->filled_for[k]);
	s->filled_for[k] = off;
}

/* A buffer holding what transfer `next` writes (reads: any free one). */
static void *take_buffer(struct stream *s)
{
	struct bk_xfer *x = s->x;
	void *buf = s->ready;

	if (buf) {
		s->ready = NULL;
		return buf;
	}
	buf = s->free_bufs[--s->nfree];
	if (x->write && x->prepare)
		fill(s, buf);
	return buf;
}

static int submit_one(struct stream *s)
{
	struct bk_xfer *x = s->x;
	struct bk_aio_req *r = bk_aio_get(x->aio);
	void *buf;
	int rc;

	if (!r)
		return -EBUSY;	/* a bug: more in flight than the depth */
	buf = take_buffer(s);
	r->fd = x->fd;
	r->write = x->write;
	r->buf = buf;
	r->len = x->len;
	r->tag = s->next;
	r->off = x->offset(x->arg, s->next);
	s->next++;
	rc = bk_aio_submit(x->aio, r);
	if (rc) {
		s->free_bufs[s->nfree++] = buf;
		bk_aio_put(x->aio, r);
	}
	return rc;
}

/* Fill a free buffer for transfer `next` while the device is busy. */
static void prepare_ahead(struct stream *s)
{
	struct bk_xfer *x = s->x;

	if (!x->write || !x->prepare || s->ready || !s->nfree || !more(s))
		return;
	s->ready = s->free_bufs[--s->nfree];
	fill(s, s->ready);
}

static void fail(struct stream *s, int err, uint64_t off)
{
	if (!s->x->err) {
		s->x->err = err;
		s->x->err_off = off;
	}
	s->stopping = 1;
}

/*
 * The stream's buffers, in one block. From 1 MB on it is 2 MiB aligned and
 * marked for transparent huge pages: a transfer then spans one or two
 * physically contiguous pieces instead of 4 KB pages, and a device that
 * takes fewer segments per request than a transfer has pages (virtio-blk:
 * often 254, against 256 pages in 1 MiB) gets it as one request, not split
 * in two. Where THP is off, madvise is a no-op and the pages are 4 KB.
 */
static char *alloc_arena(unsigned nbufs, size_t len, size_t *stride)
{
	size_t total;
	void *p = NULL;

	*stride = (len + BK_DIO_ALIGN - 1) / BK_DIO_ALIGN * BK_DIO_ALIGN;
	if (!*stride)
		*stride = BK_DIO_ALIGN;
	total = *stride * nbufs;
	if (total < (1u << 20))
		return bk_dio_alloc(total);
	total = (total + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
	if (posix_memalign(&p, HUGE_PAGE, total))
		return NULL;
	madvise(p, total, MADV_HUGEPAGE);
	return p;
}

/* A transfer reaped, waiting for its CPU work. */
struct reaped {
	void *buf;
	uint64_t i, off, lat_ns;
	int err;
};

/* The transfers reaped and not yet checked, oldest first (at most the depth). */
struct backlog {
	struct reaped q[BK_AIO_MAX_DEPTH];
	unsigned head, n;
};

/*
 * The buffers: one per transfer in flight, and for reads one more for each
 * that may wait to be checked, so that every completion goes back to the
 * device as a new transfer before it is checked. With one spare, a read at
 * depth 4 kept a slot empty through a check whenever two came back
 * together: 3.34-3.49 requests in flight on average (1 MB reads on a virtual
 * disk, the device's own counters), against fio's 3.71. A write's buffer is
 * free once it completes: one spare, filled while the device is busy.
 */
static unsigned buffers_for(const struct bk_xfer *x)
{
	return x->write ? x->aio->depth + 1 : 2 * x->aio->depth;
}

/*
 * A read is checked in slices of this size, and between two the finished
 * transfers are taken and replaced (bk_aio_poll): a completion does not
 * wait out the whole check of another 1 MB transfer (some 30 us) for its
 * slot to be filled again.
 */
#define CHECK_SLICE (256u << 10)

/* Fill the empty slots, while there are buffers for them. */
static void refill(struct stream *s)
{
	struct bk_xfer *x = s->x;
	int rc;

	while (x->aio->inflight < x->aio->depth && (s->nfree || s->ready) && more(s)) {
		rc = submit_one(s);
		if (rc) {
			fail(s, -rc, x->offset(x->arg, s->next - 1));
			return;
		}
	}
}

/* Queue n reaped transfers for their CPU work and fill their slots again. */
static void take(struct stream *s, struct backlog *b, struct bk_aio_req **done, int n)
{
	for (int k = 0; k < n; k++) {
		struct bk_aio_req *r = done[k];
		struct reaped *p = &b->q[(b->head + b->n++) % BK_AIO_MAX_DEPTH];

		p->buf = r->buf;
		p->i = r->tag;
		/* A failure is where it happened: after what was done of it. */
		p->off = r->off + (r->err ? r->done : 0);
		p->lat_ns = bk_now_ns() - r->submit_ns;
		p->err = r->err;
		bk_aio_put(s->x->aio, r);
		if (p->err)
			fail(s, p->err, p->off);
	}
	refill(s);
}

/*
 * At queue depth 1, on the cores lib/dispatch names (bk_cpu_read_release),
 * a checked slice of a read buffer leaves this core's caches before the
 * next transfer into the buffer: the device, and on a virtual disk the
 * host's copy into the guest's memory, then writes lines this core does
 * not hold (flushed: in memory; demoted: in the cache the cores share,
 * where the host's copy on Emerald Rapids ran fastest, faster than into
 * lines in memory, README). At depth 1 the stream's two buffers take
 * turns, so the buffer just checked is the next one written; deeper,
 * twice the depth in buffers take turns (8 MB for 1 MB reads at depth 4),
 * a buffer's lines have gone under the checks of the others before it is
 * written again, and the release only cost there.
 * drive.sh's seq-read 1 MB against plain fio, runs taking turns:
 * - AMD Zen 5, flushed (clflushopt): at depth 1 0.90 flushed against 0.76
 *   not (median of 10 runs each; runs 0.70-0.99 and 0.70-0.83, higher in
 *   9 of the 10 pairs); at depth 4 and for 4 KB reads (3 runs each) no
 *   difference showed through the disk's noise.
 * - Intel Emerald Rapids, demoted to the shared cache (cldemote): at depth
 *   1 a median of 0.99 demoted (runs 0.91-1.10) against 0.81 not
 *   (0.70-0.91), higher in all 7 pairs, the host's time per request
 *   0.30-0.44 ms against 0.43-0.47; at depth 4 0.95 (0.87-0.96) against
 *   1.00 (0.92-1.11), lower in 5 of 7. Flushed there it cost at both
 *   depths: 0.72-0.81 at depth 1 and 0.71-0.81 at 4 (3 runs). The demote
 *   takes some 6 ns a line (95 us a MB), hidden behind the device's time
 *   per request at depth 1 (a harness; README).
 * The check's non-temporal prefetch (verify.c) keeps the lines out of the
 * outer caches; the release takes them out of this core's. Writes are not
 * released: their lines are freshly written, and a flush would write them
 * to memory before the device reads them.
 */
static void give_back(const struct stream *s, const void *buf, size_t len)
{
	if (s->release != BK_READ_KEPT)
		bk_release_lines(buf, len, s->line, s->release == BK_READ_DEMOTED);
}

enum bk_read_release bk_xfer_read_release(const struct bk_xfer *x, unsigned *line)
{
	if (!x->write && x->aio->depth == 1)
		return bk_cpu_read_release(line);
	*line = 0;
	return BK_READ_KEPT;
}

/* The CPU work of one transfer (a read's check, slice by slice); 1: stop. */
static int finish(struct stream *s, struct backlog *b, const struct reaped *p)
{
	struct bk_xfer *x = s->x;
	struct bk_aio_req *done[BK_AIO_MAX_DEPTH];
	size_t slice = x->write || x->aio->depth == 1 ? x->len : CHECK_SLICE;

	x->done++;
	x->bytes += x->len;
	if (x->lat)
		bk_lathist_add(x->lat, p->lat_ns);
	if (!x->complete)
		return 0;
	for (size_t at = 0; at < x->len; at += slice) {
		size_t len = x->len - at < slice ? x->len - at : slice;
		int n;

		if (x->complete(x->arg, p->i, p->off + at, (char *)p->buf + at, len))
			return 1;
		if (!x->write)
			give_back(s, (char *)p->buf + at, len);
		if (at + len < x->len && (n = bk_aio_poll(x->aio, done, x->aio->depth)) > 0)
			take(s, b, done, n);
	}
	return 0;
}

int bk_xfer_run(struct bk_xfer *x)
{
	struct bk_aio *a = x->aio;
	struct bk_aio_req *done[BK_AIO_MAX_DEPTH];
	unsigned nbufs = buffers_for(x);
	struct backlog b;
	struct stream s;
	size_t stride;
	char *arena;
	uint64_t t0;
	int rc = 0;

	memset(&s, 0, sizeof(s));
	memset(&b, 0, sizeof(b));
	s.x = x;
	s.release = bk_xfer_read_release(x, &s.line);
	x->done = x->bytes = 0;
	x->seconds = 0;
	x->err = 0;
	x->err_off = 0;
	x->stopped = 0;
	arena = alloc_arena(nbufs, x->len, &stride);
	if (!arena) {
		x->err = ENOMEM;
		return -ENOMEM;
	}
	for (unsigned i = 0; i < nbufs; i++) {
		void *buf = arena + (size_t)i * stride;

		s.free_bufs[s.nfree++] = buf;
		s.bufs[s.nbufs] = buf;
		s.filled_for[s.nbufs++] = UINT64_MAX;
	}

	t0 = bk_now_ns();
	refill(&s);
	prepare_ahead(&s);

	while (a->inflight || b.n) {
		struct reaped p;

		if (!b.n) {
			int n = bk_aio_reap(a, done, 1, a->depth);

			if (n < 0) {
				fail(&s, -n, 0);
				rc = n;
				break;
			}
			take(&s, &b, done, n);
			continue;
		}
		p = b.q[b.head];
		b.head = (b.head + 1) % BK_AIO_MAX_DEPTH;
		b.n--;
		if (!p.err && finish(&s, &b, &p)) {
			s.stopping = 1;
			x->stopped = 1;
		}
		s.free_bufs[s.nfree++] = p.buf;
		refill(&s);
		prepare_ahead(&s);
	}
	x->seconds = (double)(bk_now_ns() - t0) / 1e9;
	/* A request that never completed keeps its buffer: do not free it. */
	if (!a->inflight)
		free(arena);
	if (rc)
		return rc;
	return x->err ? -x->err : 0;
}
