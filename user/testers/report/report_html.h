/* SPDX-License-Identifier: MIT */
/*
 * report/: burnkit report (report.c) and its page to share (report_html.c):
 * the timeline's system identity, the verdict, the throttle intervals, the
 * drops and the chart, in one self-contained HTML file (record/html.h).
 */
#ifndef BK_REPORT_HTML_H
#define BK_REPORT_HTML_H

#include <stddef.h>

#include "record/analysis.h"
#include "record/timeline.h"

/* Write the page; svg is the chart already drawn. 0, or -1 with the reason. */
int bk_report_html(const char *path, const char *timeline_path, const struct bk_timeline *tl,
		   const struct bk_analysis *a, const char *svg, char *err, size_t errlen);

#endif
