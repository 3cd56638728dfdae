/* SPDX-License-Identifier: MIT */
/*
 * timing: every tick and cycle source this CPU offers to user space, each
 * measured (rate against CLOCK_MONOTONIC_RAW, resolution, read overhead),
 * and the best one chosen and named in every result.
 *
 * Two roles: the *timebase* (a constant-rate source, to time passes) and
 * the *cycle counter* (core clock cycles, to compute the effective MHz of a
 * pass). CLOCK_MONOTONIC_RAW is always there as the timebase of last resort.
 */
#ifndef BK_TIMING_H
#define BK_TIMING_H

#include <stddef.h>
#include <stdint.h>

enum bk_clk_kind { BK_CLK_TIME, BK_CLK_CYCLES };

struct bk_clk_source {
	const char *name;	/* "tsc", "cntvct", "pmccntr", "perf-cycles", ... */
	const char *what;	/* one line */
	enum bk_clk_kind kind;
	unsigned bits;		/* counter width: reads wrap at 2^bits */
	/* 0 when usable; else -1 and why. May take resources (perf fd). */
	int (*probe)(char *why, size_t len);
	uint64_t (*read)(void);
	/* Nominal rate in Hz when the hardware states one (cntfrq), else 0. */
	double (*nominal_hz)(void);
	/*
	 * A source whose probe takes another away: opening a perf cycles
	 * event makes the ARM PMU driver clear the user access burnkit.ko
	 * gave to pmccntr. NULL when probing is harmless.
	 */
	const char *disturbs;
};

/* Would probing s spoil `other`, which is in use? */
int bk_clk_disturbs(const struct bk_clk_source *s, const struct bk_clk_source *other);

struct bk_clk_info {
	const struct bk_clk_source *src;
	int usable;
	char why[160];		/* why not usable */
	double hz;		/* measured ticks per second */
	double nominal_hz;	/* stated by the hardware, 0 if none */
	double resolution_ns;	/* smallest non-zero step seen */
	uint64_t overhead_min;	/* back-to-back reads, in ticks */
	uint64_t overhead_median;
	double overhead_min_ns, overhead_median_ns;
	const char *overhead_origin;	/* "user" or "burnkit.ko" */
};

/* All sources of this build's architecture, best first within each kind. */
const struct bk_clk_source *bk_clk_sources(size_t *count);

/* Probe and measure one source over about `ms` milliseconds. */
void bk_clk_measure(const struct bk_clk_source *s, struct bk_clk_info *info,
		    unsigned ms);

struct bk_timer {
	struct bk_clk_info time;	/* the chosen timebase */
	struct bk_clk_info cycles;	/* the chosen cycle counter; usable=0 if none */
};

/* Measure every source and choose; `ms` per source (0: a default). */
void bk_timer_init(struct bk_timer *t, unsigned ms);

static inline uint64_t bk_timer_ticks(const struct bk_timer *t)
{
	return t->time.src->read();
}

/*
 * Seconds between two readings of the timebase (wrap-safe), less the cost
 * of one read (burnkit.ko's in-kernel calibration when it is loaded).
 */
double bk_timer_seconds(const struct bk_timer *t, uint64_t start, uint64_t end);

/*
 * ARM: ask burnkit.ko for the PMU cycle counter even when
 * /proc/sys/kernel/perf_user_access is not 1 (call before bk_timer_init).
 */
void bk_timing_pmu_override(int on);
/* How the PMU counter was (not) asked for, "" where there is none. */
const char *bk_timing_pmu_note(void);
/* A warning for the results when the cycle counter was lost mid-run. */
const char *bk_timing_warning(void);

/* Cycle counter reading, 0 when there is none. */
uint64_t bk_timer_cycles(const struct bk_timer *t);
/* Effective MHz from cycle and time readings over an interval; 0 if unknown. */
double bk_timer_mhz(const struct bk_timer *t, uint64_t c0, uint64_t c1,
		    double seconds);

/* Precision of one interval measurement in seconds (resolution + overhead). */
double bk_timer_precision(const struct bk_timer *t);

#endif
