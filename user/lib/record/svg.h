/* SPDX-License-Identifier: MIT */
/*
 * svg: a small writer of SVG 1.1 files (well-formed XML, text escaped),
 * enough for line charts: rectangles, lines, polylines that break at NaN,
 * markers, text, groups with a tooltip title, and "nice" axis steps. No
 * library behind it: the runner draws its charts itself.
 */
#ifndef BK_SVG_H
#define BK_SVG_H

#include <stddef.h>
#include <stdio.h>

#include "util.h"

struct bk_svg {
	FILE *f;
	double width, height;
	int depth;		/* open groups */
};

enum bk_svg_marker { BK_MARK_CIRCLE, BK_MARK_DOWN, BK_MARK_DIAMOND, BK_MARK_CROSS };

/* Returns 0, or -1 with the reason in err. */
int bk_svg_open(struct bk_svg *s, const char *path, double width, double height,
		char *err, size_t errlen);
/* Close the groups left open and the file; -1 when a write failed. */
int bk_svg_close(struct bk_svg *s);

/* `style` is a CSS declaration list ("fill:#fdd;stroke:none"), trusted. */
void bk_svg_rect(struct bk_svg *s, double x, double y, double w, double h,
		 const char *style);
void bk_svg_line(struct bk_svg *s, double x1, double y1, double x2, double y2,
		 const char *style);
/* One <polyline> per run of points without NaN. */
void bk_svg_polyline(struct bk_svg *s, const double *x, const double *y, size_t n,
		     const char *style);
void bk_svg_marker(struct bk_svg *s, enum bk_svg_marker m, double x, double y,
		   double size, const char *style);
/* anchor: "start", "middle", "end". The text is escaped. */
void bk_svg_text(struct bk_svg *s, double x, double y, const char *anchor,
		 const char *style, const char *fmt, ...) BK_PRINTF(6, 7);
/* A group, with a tooltip title (escaped; NULL for none) and a class. */
void bk_svg_group_begin(struct bk_svg *s, const char *cls, const char *title);
void bk_svg_group_end(struct bk_svg *s);

/* Write text with &, <, >, " and ' escaped for XML. */
void bk_svg_escape(FILE *f, const char *text);

/* A step of 1, 2 or 5 times a power of ten giving about `ticks` ticks. */
double bk_nice_step(double range, int ticks);

#endif
