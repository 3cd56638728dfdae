// SPDX-License-Identifier: MIT
/*
 * The comparison's SVG: the cook (or temp) timelines of every run on one
 * time axis (seconds since each run began), temperature above and the
 * first copy's throughput below, one colour per column; then a bar chart of
 * every table, each row's bars scaled to that row's largest value (the rows
 * have different units), the value written after each bar.
 */
#include "compare/compare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "record/svg.h"

#define W 900.0
#define LEFT 300.0
#define PANEL_H 200.0
#define BAR_H 11.0

static const char *const colours[] = {
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
};

static const char *colour(size_t c)
{
	return colours[c % (sizeof(colours) / sizeof(colours[0]))];
}

/* The series a run's panel draws: its main sensor, else its first of the kind. */
static const struct bk_tl_series *series_of(const struct bk_timeline *tl,
					    enum bk_tl_kind kind)
{
	const struct bk_tl_series *s = NULL;

	if (kind == BK_TL_TEMP && tl->main_sensor[0])
		s = bk_timeline_find(tl, BK_TL_TEMP, tl->main_sensor);
	for (size_t i = 0; !s && i < tl->nseries; i++)
		if (tl->series[i].kind == kind && tl->series[i].n)
			s = &tl->series[i];
	return s && s->n ? s : NULL;
}

static void panel(struct bk_svg *svg, const struct cmp_set *s, double top,
		  enum bk_tl_kind kind, const char *title, double span)
{
	double lo = INFINITY, hi = -INFINITY, x0 = 70, w = W - x0 - 20, h = PANEL_H - 40;
	char unit[16] = "";

	for (size_t c = 0; c < s->ncols; c++) {
		const struct cmp_run *r = &s->runs[s->cols[c].runs[0]];
		const struct bk_tl_series *se = r->has_tl ? series_of(&r->tl, kind) : NULL;

		for (size_t i = 0; se && i < se->n; i++) {
			if (isnan(se->y[i]))
				continue;
			lo = fmin(lo, se->y[i]);
			hi = fmax(hi, se->y[i]);
		}
		if (se && !unit[0])
			snprintf(unit, sizeof(unit), "%s", se->unit);
	}
	bk_svg_text(svg, x0, top + 14, "start", "font-weight:bold", "%s%s%s%s", title,
		    unit[0] ? " (" : "", unit, unit[0] ? ")" : "");
	bk_svg_rect(svg, x0, top + 20, w, h, "fill:none;stroke:#888");
	if (!(hi >= lo)) {
		bk_svg_text(svg, x0 + w / 2, top + 20 + h / 2, "middle", "fill:#888",
			    "no run recorded this");
		return;
	}
	if (hi == lo) {
		hi += 1;
		lo -= 1;
	}
	bk_svg_text(svg, x0 - 4, top + 24, "end", "font-size:10px", "%.4g", hi);
	bk_svg_text(svg, x0 - 4, top + 20 + h, "end", "font-size:10px", "%.4g", lo);
	bk_svg_text(svg, x0 + w, top + 32 + h, "end", "font-size:10px", "%.0f s", span);
	for (size_t c = 0; c < s->ncols; c++) {
		const struct cmp_run *r = &s->runs[s->cols[c].runs[0]];
		const struct bk_tl_series *se = r->has_tl ? series_of(&r->tl, kind) : NULL;
		double xs[512], ys[512];
		size_t n = 0, step;
		char style[80];

		if (!se)
			continue;
		step = se->n / 512 + 1;
		for (size_t i = 0; i < se->n && n < 512; i += step, n++) {
			xs[n] = x0 + w * (se->t[i] - r->tl.t_first) / span;
			ys[n] = top + 20 + h - h * (se->y[i] - lo) / (hi - lo);
		}
		snprintf(style, sizeof(style), "fill:none;stroke:%s;stroke-width:1.5",
			 colour(c));
		bk_svg_group_begin(svg, "timeline", s->cols[c].label[0]);
		bk_svg_polyline(svg, xs, ys, n, style);
		bk_svg_group_end(svg);
	}
}

static double table_height(const struct cmp_table *t, size_t ncols)
{
	return 24 + (double)t->nrows * ((double)ncols * BAR_H + 8);
}

static void bars(struct bk_svg *svg, const struct cmp_set *s, const struct cmp_table *t,
		 double top)
{
	double y = top + 24, w = W - LEFT - 90;

	bk_svg_text(svg, 10, top + 16, "start", "font-weight:bold", "%s", t->tester);
	for (size_t r = 0; r < t->nrows; r++) {
		double max = 0;

		for (size_t c = 0; c < s->ncols; c++) {
			double v = cmp_cell(s, c, &t->rows[r]);

			if (!isnan(v) && fabs(v) > max)
				max = fabs(v);
		}
		bk_svg_text(svg, LEFT - 6, y + (double)s->ncols * BAR_H / 2 + 4, "end",
			    "font-size:11px", "%s (%s)", t->rows[r].name, t->rows[r].unit);
		for (size_t c = 0; c < s->ncols; c++) {
			double v = cmp_cell(s, c, &t->rows[r]);
			char style[64], num[32];

			if (!isnan(v) && max > 0) {
				snprintf(style, sizeof(style), "fill:%s;stroke:none", colour(c));
				bk_svg_group_begin(svg, "bar", s->cols[c].label[0]);
				bk_svg_rect(svg, LEFT, y, w * fabs(v) / max, BAR_H - 2, style);
				bk_svg_group_end(svg);
				cmp_format(v, num, sizeof(num));
				bk_svg_text(svg, LEFT + w * fabs(v) / max + 4, y + BAR_H - 3, "start",
					    "font-size:9px", "%s", num);
			}
			y += BAR_H;
		}
		y += 8;
	}
}

int cmp_chart_svg(const struct cmp_set *s, const char *path, char *err, size_t errlen)
{
	struct bk_svg svg;
	double h = 30 + 18.0 * (double)s->ncols, top, span = 0;
	int timelines = 0;

	for (size_t c = 0; c < s->ncols; c++) {
		const struct cmp_run *r = &s->runs[s->cols[c].runs[0]];

		if (r->has_tl && !isnan(r->tl.t_first)) {
			timelines = 1;
			span = fmax(span, r->tl.t_last - r->tl.t_first);
		}
	}
	if (span <= 0)
		span = 1;
	if (timelines)
		h += 2 * PANEL_H;
	for (size_t t = 0; t < s->ntables; t++)
		h += table_height(&s->tables[t], s->ncols);
	if (bk_svg_open(&svg, path, W, h, err, errlen))
		return -1;
	bk_svg_text(&svg, 10, 18, "start", "font-weight:bold;font-size:14px",
		    "burnkit compare: %zu column%s", s->ncols, s->ncols == 1 ? "" : "s");
	for (size_t c = 0; c < s->ncols; c++) {
		char style[64];

		snprintf(style, sizeof(style), "fill:%s;stroke:none", colour(c));
		bk_svg_rect(&svg, 10, 28 + 18.0 * (double)c, 12, 12, style);
		bk_svg_text(&svg, 28, 38 + 18.0 * (double)c, "start", "font-size:11px",
			    "%zu: %s, %s, %s, %s%s", c + 1, s->cols[c].label[0], s->cols[c].label[1],
			    s->cols[c].label[2], s->cols[c].label[3],
			    s->cols[c].nreasons ? " (not comparable, see the table)" : "");
	}
	top = 30 + 18.0 * (double)s->ncols;
	if (timelines) {
		panel(&svg, s, top, BK_TL_TEMP, "Temperature", span);
		panel(&svg, s, top + PANEL_H, BK_TL_PERF, "Throughput of the first copy", span);
		top += 2 * PANEL_H;
	}
	for (size_t t = 0; t < s->ntables; t++) {
		bars(&svg, s, &s->tables[t], top);
		top += table_height(&s->tables[t], s->ncols);
	}
	if (bk_svg_close(&svg)) {
		snprintf(err, errlen, "cannot write %s", path);
		return -1;
	}
	return 0;
}
