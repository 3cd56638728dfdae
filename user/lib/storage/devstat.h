/* SPDX-License-Identifier: MIT */
/*
 * storage/devstat: what the block device itself saw over a timed span,
 * from its counters in /sys/dev/block/MAJ:MIN/stat (the kernel's
 * Documentation/block/stat.rst): how many requests of one direction
 * completed, their mean size, their mean time from issue to completion
 * (iostat's await, queueing included), the mean number in flight (their
 * summed time over the span, iostat's aqu-sz) and the share of the span
 * with at least one in flight (iostat's %util). By Little's law the
 * transfer rate is in flight x size / await, exactly: a program that
 * leaves the device idle between its transfers has fewer in flight, a
 * device slow for one program's requests and not another's a longer
 * await. The request times are summed from nanoseconds; the busy time is
 * counted in jiffies since Linux 5.0, so %util is the rougher of the two
 * (at one request in flight, in flight is the busy share, exactly). The
 * counters are the device's, not the process's: any other I/O to the same
 * device in the span is counted too.
 */
#ifndef BK_DEVSTAT_H
#define BK_DEVSTAT_H

#include <stddef.h>
#include <stdint.h>

/* One reading of the counters. */
struct bk_devstat {
	uint64_t requests[2];	/* completed: [0] reads, [1] writes */
	uint64_t sectors[2];	/* 512-byte sectors transferred */
	uint64_t ticks_ms[2];	/* summed time of those requests */
	uint64_t busy_ms;	/* time with a request in flight */
	uint64_t at_ns;		/* when read (bk_now_ns) */
};

/* The device between two readings, in one direction. */
struct bk_devload {
	uint64_t requests;
	double kib_per_request;
	double await_ms;	/* mean time per request, queueing included */
	double in_flight;	/* mean requests in flight over the span */
	double util_pct;	/* busy share of the span */
};

/*
 * Read the counters of block device major:minor under root (NULL:
 * BURNKIT_SYSROOT, or the live system). Returns 0, or -1 with why filled
 * (no such device, a line that is not the kernel's format).
 */
int bk_devstat_read(unsigned major, unsigned minor, const char *root, struct bk_devstat *s,
		    char *why, size_t why_len);

/* Parse one stat line (at least the 11 fields kernels since 2.6 write). 0 or -1. */
int bk_devstat_parse(const char *line, struct bk_devstat *s);

/*
 * The load from a to b in one direction (write: 0 reads, 1 writes).
 * Returns 0, or -1 when no request of that direction completed in the
 * span or the counters went backwards (the device went away and came
 * back): nothing to say then.
 */
int bk_devload_between(const struct bk_devstat *a, const struct bk_devstat *b, int write,
		       struct bk_devload *l);

#endif
