/* SPDX-License-Identifier: MIT */
/*
 * timeline_csv: a timeline as CSV for spreadsheets (RFC 4180, comma
 * separated, text quoted). Columns: t_s, each temperature, each CPU clock,
 * each copy's throughput, "throttled" (1 inside a throttle interval, else
 * 0; empty when throttling was not watched), "events" (throttle
 * transitions, drops, errors at that moment). Rows: every moment something
 * was recorded; a cell is empty when its series has no value then.
 */
#ifndef BK_TIMELINE_CSV_H
#define BK_TIMELINE_CSV_H

#include <stddef.h>

#include "record/analysis.h"
#include "record/timeline.h"

/* Returns 0, or -1 with the reason in err. */
int bk_timeline_csv(const struct bk_timeline *tl, const struct bk_analysis *a,
		    const char *path, char *err, size_t errlen);

#endif
