/* SPDX-License-Identifier: MIT */
/*
 * kmod_events: the module's throttle files as the recorders read them:
 * throttle_state (each source instance's state now) and throttle_events
 * (the ring of transitions, read on from where the last read stopped), the
 * meaning of each source's state, and kernel times (CLOCK_MONOTONIC) on
 * the runner's clock (bk_now_ns). Built on kmod.h, which finds the
 * directory (BURNKIT_KMOD_DIR, else /sys/kernel/debug/burnkit).
 */
#ifndef BK_KMOD_EVENTS_H
#define BK_KMOD_EVENTS_H

#include <stddef.h>
#include <stdint.h>

#include <burnkit/abi.h>

#include "kmod.h"

#define BK_THROTTLE_MAX_READINGS 512

struct bk_kevents {
	struct bk_kmod kmod;
	int events_fd;
	uint64_t next_seq;	/* the seq expected next */
	uint64_t lost;		/* events the ring dropped before we read them */
	unsigned period_ms;	/* the module's sampler period, 0 if unknown */
};

/*
 * Open the module's files and skip the events already in the ring, so
 * that reads return what happens from now on. Returns 0, or -1 with the
 * reason (and how to fix it) in why.
 */
int bk_kevents_open(struct bk_kevents *k, char *why, size_t whylen);
void bk_kevents_close(struct bk_kevents *k);

/*
 * The transitions recorded since the last call, at most max. Returns how
 * many, or -1 when the file cannot be read any more (module unloaded).
 * Gaps in seq (the ring overran) are added to k->lost.
 */
int bk_kevents_read(struct bk_kevents *k, struct burnkit_event *ev, size_t max);

/*
 * Each CPU's effective clock, measured now through the module (it keeps
 * each CPU busy for its window, a few ms): mhz[i] for the CPUs in cpus[],
 * NaN where unsupported. The count measured, or -1 when unreadable.
 */
int bk_kevents_clock(const struct bk_kevents *k, const int *cpus, int ncpus,
		     double *mhz);

/* The source's short name (as in throttle_state), or "source N". */
const char *bk_throttle_source_name(unsigned source, char *buf, size_t len);
/*
 * Does this state mean "slowed down now"? Levels (x86 PROCHOT, Raspberry
 * Pi throttled bits, thermal trip points, cpufreq caps, injected states)
 * are active when non-zero in their meaningful bits; counters (x86
 * throttle count) are never a level: a change of them is an event only.
 */
int bk_throttle_active(unsigned source, unsigned long long state);
/* Is the source a counter, whose transitions are single events? */
int bk_throttle_is_counter(unsigned source);

/* A kernel CLOCK_MONOTONIC time on the bk_now_ns clock. */
uint64_t bk_mono_to_now_ns(uint64_t mono_ns);

#endif
