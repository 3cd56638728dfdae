/* SPDX-License-Identifier: MIT */
/*
 * analysis: what a timeline says about a cooked board. When it was
 * throttled (intervals from the module's transitions), which passes of
 * which copy ran slow (drops), and why: a drop that coincides, within one
 * sample period, with a throttle interval or a clock drop is throttling;
 * one that does not is interference (another process, an interrupt storm,
 * the memory bus). And the summary: peak temperature, time to the first
 * throttle, share of time throttled, performance lost, errors.
 *
 * A copy's usual speed (its baseline) is the 90th percentile of its
 * passes, so that a board that throttles early still has a baseline from
 * its fast passes; a pass is a drop when it runs more than drop_pct below.
 */
#ifndef BK_ANALYSIS_H
#define BK_ANALYSIS_H

#include <stddef.h>

#include "record/timeline.h"

struct bk_json;

enum bk_drop_cause {
	BK_CAUSE_THROTTLE,	/* a throttle source was active */
	BK_CAUSE_CLOCK,		/* the CPU's clock fell (throttling the module
				 * did not see, e.g. without it) */
	BK_CAUSE_INTERFERENCE,	/* neither */
};

struct bk_interval {
	double from, to;
	char what[48];		/* the source, "name/instance" */
};

struct bk_drop {
	int copy;
	char series[48];	/* the copy's series ("copy 1", "copy 1 read") */
	double from, to;	/* the pass */
	double value, baseline;
	double loss_pct;
	enum bk_drop_cause cause;
	char evidence[160];
};

/* One throughput series: a copy, or one kind of pass of a copy. */
struct bk_copy_stats {
	int copy;
	char series[48];
	size_t passes;
	double baseline;	/* p90 of the passes */
	double mean;		/* time-weighted mean */
	double lost_pct;	/* 100 * (1 - mean / baseline) */
	size_t drops;
};

struct bk_analysis_params {
	double drop_pct;	/* a pass this far below baseline is a drop */
	double slack_s;		/* "coincides": within this; 0: one sample period */
};

struct bk_analysis {
	double span_s;		/* t_last - t_first */
	double peak_c;		/* NaN: no temperature */
	double peak_t;
	char peak_sensor[96];
	double first_throttle_s;	/* since t_first; NaN: never */
	double throttled_s;	/* union of the throttle intervals */
	double throttled_share;	/* of span_s; NaN when throttling was not watched */
	double perf_lost_pct;	/* mean over the copies; NaN: no passes */
	size_t errors;
	size_t ndrops, drops_throttling, drops_interference;
	struct bk_drop *drops;
	struct bk_interval *throttle;	/* merged, in time order */
	size_t nthrottle;
	struct bk_interval *clock_drops;	/* per CPU, below its baseline */
	size_t nclock_drops;
	struct bk_copy_stats *copies;
	size_t ncopies;
	double max_lag_s;	/* slowest throttle event to reach the timeline */
};

void bk_analysis_defaults(struct bk_analysis_params *p);
/* Returns 0, or -1 when out of memory. */
int bk_analyse(const struct bk_timeline *tl, const struct bk_analysis_params *p,
	       struct bk_analysis *a);
void bk_analysis_free(struct bk_analysis *a);

const char *bk_drop_cause_name(enum bk_drop_cause c);

/* The summary members (peak_c, first_throttle_s, ...) into an open object. */
void bk_analysis_json(const struct bk_analysis *a, struct bk_json *j);

/* The summary as text lines, each passed to out(arg, line). */
void bk_analysis_text(const struct bk_timeline *tl, const struct bk_analysis *a,
		      void (*out)(void *arg, const char *line), void *arg);

#endif
