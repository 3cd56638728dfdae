/* SPDX-License-Identifier: MIT */
/*
 * timeline_plot: a timeline as one SVG chart, readable at a glance:
 * temperature, CPU clock and each copy's throughput (as % of its usual
 * speed) in panels over one time axis; throttle intervals shaded across
 * all panels, clock drops shaded in the clock panel, drops marked
 * (filled triangle: throttling, hollow diamond: interference), errors as
 * red lines.
 */
#ifndef BK_TIMELINE_PLOT_H
#define BK_TIMELINE_PLOT_H

#include <stddef.h>

#include "record/analysis.h"
#include "record/timeline.h"

/* Returns 0, or -1 with the reason in err. */
int bk_timeline_svg(const struct bk_timeline *tl, const struct bk_analysis *a,
		    const char *path, char *err, size_t errlen);

/* The chart's default name: FILE.jsonl -> FILE.svg, else FILE + ".svg". */
void bk_timeline_svg_name(const char *timeline, char *out, size_t len);

#endif
