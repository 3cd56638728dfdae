/* SPDX-License-Identifier: MIT */
/*
 * html: one self-contained HTML page a run's report or a comparison is
 * shared as: its style inline, its charts inline SVG, no script and nothing
 * fetched (no font, no image, no stylesheet). Readable on a phone (viewport
 * meta, tables that scroll sideways inside their box) and printable (print
 * styles: no scroll boxes, tables and charts kept whole). Text is escaped.
 */
#ifndef BK_HTML_H
#define BK_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "util.h"

struct bk_html {
	FILE *f;
};

/* Returns 0, or -1 with the reason in err. */
int bk_html_open(struct bk_html *h, const char *path, const char *title, char *err,
		 size_t errlen);
/* Close the page and the file; -1 when a write failed. */
int bk_html_close(struct bk_html *h);

/* <hN>, <p class>, <li> with formatted, escaped text. */
void bk_html_heading(struct bk_html *h, int level, const char *fmt, ...) BK_PRINTF(3, 4);
void bk_html_para(struct bk_html *h, const char *cls, const char *fmt, ...) BK_PRINTF(3, 4);
void bk_html_list_begin(struct bk_html *h, const char *cls);
void bk_html_item(struct bk_html *h, const char *fmt, ...) BK_PRINTF(2, 3);
void bk_html_list_end(struct bk_html *h);

/* A table in a box that scrolls sideways on a narrow screen. */
void bk_html_table_begin(struct bk_html *h, const char *cls, const char *caption);
/* One row; header: <th> cells. A NULL cell is empty. */
void bk_html_row(struct bk_html *h, int header, const char *const *cells, size_t n);
void bk_html_table_end(struct bk_html *h);

/* The SVG file inline (its XML declaration left out). 0, or -1 with the reason. */
int bk_html_svg_file(struct bk_html *h, const char *svg_path, char *err, size_t errlen);

/* Text escaped for HTML. */
void bk_html_text(struct bk_html *h, const char *text);

#endif
