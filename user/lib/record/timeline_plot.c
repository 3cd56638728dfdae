// SPDX-License-Identifier: MIT
#include "record/timeline_plot.h"
#include "record/svg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHART_W 1120.0
#define PLOT_L 70.0
#define PLOT_W 720.0
#define PANEL_H 190.0
#define PANEL_GAP 36.0
#define TOP 112.0
#define LEGEND_X (PLOT_L + PLOT_W + 24)

static const char *const palette[] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b",
	"#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79",
};

#define STYLE_THROTTLE "fill:#d62728;fill-opacity:0.16;stroke:none"
#define STYLE_CLOCKDROP "fill:#ff9900;fill-opacity:0.22;stroke:none"
#define STYLE_DROP_THR "fill:#d62728;stroke:#7f0000;stroke-width:1"
#define STYLE_DROP_INT "fill:#ffffff;stroke:#1f3fbf;stroke-width:1.5"
#define STYLE_ERROR "stroke:#d62728;stroke-width:1.5;stroke-dasharray:4,3"

struct axis {
	double t0, t1;		/* time shown */
	double scale;		/* seconds per axis unit (1 or 60) */
};

struct panel {
	const char *title;
	const char *unit;
	double y0;		/* top of the plot area */
	double lo, hi;		/* values shown */
	int empty;
	const char *note;	/* shown when empty */
};

static double px(const struct axis *ax, double t)
{
	if (ax->t1 <= ax->t0)
		return PLOT_L;
	return PLOT_L + (t - ax->t0) / (ax->t1 - ax->t0) * PLOT_W;
}

static double py(const struct panel *p, double v)
{
	if (p->hi <= p->lo)
		return p->y0 + PANEL_H / 2;
	return p->y0 + PANEL_H - (v - p->lo) / (p->hi - p->lo) * PANEL_H;
}

static const char *color(size_t i)
{
	return palette[i % (sizeof(palette) / sizeof(palette[0]))];
}

/* Value range of the series of some kinds, padded; empty when none. */
static void range_of(const struct bk_timeline *tl, int (*want)(const struct bk_tl_series *),
		     struct panel *p, double pad_min)
{
	double lo = INFINITY, hi = -INFINITY, pad;

	for (size_t i = 0; i < tl->nseries; i++) {
		const struct bk_tl_series *s = &tl->series[i];

		if (!want(s))
			continue;
		for (size_t k = 0; k < s->n; k++) {
			if (s->y[k] < lo)
				lo = s->y[k];
			if (s->y[k] > hi)
				hi = s->y[k];
		}
	}
	p->empty = !(hi >= lo);
	if (p->empty) {
		p->lo = 0;
		p->hi = 1;
		return;
	}
	pad = (hi - lo) * 0.08;
	if (pad < pad_min)
		pad = pad_min;
	p->lo = lo - pad;
	p->hi = hi + pad;
}

static int is_temp(const struct bk_tl_series *s)
{
	return s->kind == BK_TL_TEMP;
}

static int is_mhz(const struct bk_tl_series *s)
{
	return s->kind == BK_TL_MHZ || s->kind == BK_TL_EFF_MHZ;
}

static int is_cpu(const struct bk_tl_series *s)
{
	return s->kind == BK_TL_CPU;
}

static int is_io(const struct bk_tl_series *s)
{
	return s->kind == BK_TL_IO;
}

static void frame(struct bk_svg *svg, const struct axis *ax, const struct panel *p,
		  int last)
{
	double step = bk_nice_step(p->hi - p->lo, 5);
	double tstep = bk_nice_step((ax->t1 - ax->t0) / ax->scale, 8) * ax->scale;

	bk_svg_rect(svg, PLOT_L, p->y0, PLOT_W, PANEL_H,
		    "fill:#fbfbfb;stroke:#999999;stroke-width:1");
	bk_svg_text(svg, PLOT_L, p->y0 - 8, "start", "font-weight:bold", "%s (%s)",
		    p->title, p->unit);
	if (p->empty) {
		bk_svg_text(svg, PLOT_L + PLOT_W / 2, p->y0 + PANEL_H / 2, "middle",
			    "fill:#777777", "%s", p->note);
		return;
	}
	for (double v = ceil(p->lo / step) * step; v <= p->hi; v += step) {
		bk_svg_line(svg, PLOT_L, py(p, v), PLOT_L + PLOT_W, py(p, v),
			    "stroke:#e4e4e4;stroke-width:1");
		bk_svg_text(svg, PLOT_L - 6, py(p, v) + 4, "end", "fill:#444444",
			    "%g", fabs(v) < step / 1e6 ? 0 : v);
	}
	for (double t = ceil(ax->t0 / tstep) * tstep; t <= ax->t1 + tstep / 1e6; t += tstep) {
		bk_svg_line(svg, px(ax, t), p->y0, px(ax, t), p->y0 + PANEL_H,
			    "stroke:#eeeeee;stroke-width:1");
		if (last)
			bk_svg_text(svg, px(ax, t), p->y0 + PANEL_H + 16, "middle",
				    "fill:#444444", "%g", t / ax->scale);
	}
	if (last)
		bk_svg_text(svg, PLOT_L + PLOT_W / 2, p->y0 + PANEL_H + 34, "middle", NULL,
			    "time (%s)", ax->scale > 1 ? "minutes" : "seconds");
}

static void shade(struct bk_svg *svg, const struct axis *ax, const struct panel *p,
		  const struct bk_interval *iv, size_t n, const char *style,
		  const char *what)
{
	for (size_t i = 0; i < n; i++) {
		double a = iv[i].from < ax->t0 ? ax->t0 : iv[i].from;
		double b = iv[i].to > ax->t1 ? ax->t1 : iv[i].to;
		double x0, x1;
		char title[128];

		if (b < a)
			continue;
		x0 = px(ax, a);
		x1 = px(ax, b);
		if (x1 - x0 < 1.5)
			x1 = x0 + 1.5;	/* a short stretch stays visible */
		snprintf(title, sizeof(title), "%s: %s, %.2f-%.2f s", what, iv[i].what,
			 iv[i].from, iv[i].to);
		bk_svg_group_begin(svg, what, title);
		bk_svg_rect(svg, x0, p->y0, x1 - x0, PANEL_H, style);
		bk_svg_group_end(svg);
	}
}

/*
 * The points of a line that a chart PLOT_W wide can show: per pixel
 * column, the first, lowest, highest and last point, in order.
 */
static size_t thin(const struct axis *ax, const double *t, const double *y, size_t n,
		   double *xs, double *ys)
{
	size_t out = 0, first = 0;

	while (first < n) {
		long col = lround(px(ax, t[first]));
		size_t last = first, lo = first, hi = first, keep[4];
		int nk = 0;

		while (last + 1 < n && lround(px(ax, t[last + 1])) == col) {
			last++;
			if (y[last] < y[lo])
				lo = last;
			if (y[last] > y[hi])
				hi = last;
		}
		keep[nk++] = first;
		if (lo != first)
			keep[nk++] = lo;
		if (hi != first && hi != lo)
			keep[nk++] = hi;
		if (last != first && last != lo && last != hi)
			keep[nk++] = last;
		/* in time order */
		for (int a = 0; a < nk; a++)
			for (int b = a + 1; b < nk; b++)
				if (keep[b] < keep[a]) {
					size_t x = keep[a];

					keep[a] = keep[b];
					keep[b] = x;
				}
		for (int k = 0; k < nk; k++) {
			xs[out] = t[keep[k]];
			ys[out++] = y[keep[k]];
		}
		first = last + 1;
	}
	return out;
}

static void legend_entry(struct bk_svg *svg, double y, const char *col,
			 const char *dash, const char *label)
{
	char style[96];

	snprintf(style, sizeof(style), "stroke:%s;stroke-width:2.5%s%s", col,
		 dash ? ";stroke-dasharray:" : "", dash ? dash : "");
	bk_svg_line(svg, LEGEND_X, y - 4, LEGEND_X + 22, y - 4, style);
	bk_svg_text(svg, LEGEND_X + 28, y, "start", NULL, "%.48s", label);
}

static void line_panel(struct bk_svg *svg, const struct bk_timeline *tl,
		       const struct axis *ax, const struct panel *p,
		       int (*want)(const struct bk_tl_series *), double *xs, double *ys)
{
	size_t drawn = 0;
	double ly = p->y0 + 12;

	for (size_t i = 0; i < tl->nseries; i++) {
		const struct bk_tl_series *s = &tl->series[i];
		char style[96], title[160];
		/* dashed: the effective clock over cpufreq's; what the machine sent
		 * over what it received, which over loopback are the same line */
		const char *dash = s->kind == BK_TL_EFF_MHZ ||
				   (s->kind == BK_TL_IO && !strcmp(s->name, "net send")) ? "5,3" : NULL;
		size_t n;

		if (!want(s) || !s->n)
			continue;
		n = thin(ax, s->t, s->y, s->n, xs, ys);
		for (size_t k = 0; k < n; k++) {
			xs[k] = px(ax, xs[k]);
			ys[k] = py(p, ys[k]);
		}
		snprintf(style, sizeof(style), "stroke:%s;stroke-width:1.6%s%s",
			 color(drawn), dash ? ";stroke-dasharray:" : "", dash ? dash : "");
		if (!strncmp(s->label, s->name, strcspn(s->name, " ")))
			snprintf(title, sizeof(title), "%s", s->label);	/* cpu0 (cpufreq) */
		else
			snprintf(title, sizeof(title), "%s: %s", s->name, s->label);
		bk_svg_group_begin(svg, "series", title);
		bk_svg_polyline(svg, xs, ys, n, style);
		bk_svg_group_end(svg);
		if (ly < p->y0 + PANEL_H)
			legend_entry(svg, ly, color(drawn), dash, s->label);
		ly += 16;
		drawn++;
	}
}

static double baseline_of(const struct bk_analysis *a, const char *series)
{
	for (size_t i = 0; i < a->ncopies; i++)
		if (!strcmp(a->copies[i].series, series))
			return a->copies[i].baseline;
	return NAN;
}

static const char *tester_of(const struct bk_timeline *tl, int copy)
{
	for (size_t i = 0; i < tl->ncopies; i++)
		if (tl->copies[i].copy == copy)
			return tl->copies[i].tester;
	return "?";
}

static void perf_range(const struct bk_timeline *tl, const struct bk_analysis *a,
		       struct panel *p)
{
	double hi = 110;

	p->empty = 1;
	for (size_t i = 0; i < tl->nseries; i++) {
		const struct bk_tl_series *s = &tl->series[i];
		double base = baseline_of(a, s->name);

		if (s->kind != BK_TL_PERF || !(base > 0))
			continue;
		for (size_t k = 0; k < s->n; k++) {
			p->empty = 0;
			if (100 * s->y[k] / base > hi)
				hi = 100 * s->y[k] / base;
		}
	}
	p->lo = 0;
	p->hi = hi * 1.04;
}

static void perf_panel(struct bk_svg *svg, const struct bk_timeline *tl,
		       const struct bk_analysis *a, const struct axis *ax,
		       const struct panel *p, double *xs, double *ys)
{
	size_t drawn = 0;
	double ly = p->y0 + 12;

	for (size_t i = 0; i < tl->nseries; i++) {
		const struct bk_tl_series *s = &tl->series[i];
		double base = baseline_of(a, s->name);
		char style[96], title[200], label[160];
		size_t n = 0;

		if (s->kind != BK_TL_PERF || !s->n || !(base > 0))
			continue;
		/* Each pass a step from its start to its end; a gap breaks the line. */
		for (size_t k = 0; k < s->n; k++) {
			double v = py(p, 100 * s->y[k] / base);
			double gap = k ? s->t0[k] - s->t[k - 1] : 0;

			if (k && gap > 1 && gap > 0.5 * (s->t[k] - s->t0[k])) {
				xs[n] = NAN;
				ys[n++] = NAN;
			}
			xs[n] = px(ax, s->t0[k]);
			ys[n++] = v;
			xs[n] = px(ax, s->t[k]);
			ys[n++] = v;
		}
		snprintf(style, sizeof(style), "stroke:%s;stroke-width:1.8", color(drawn));
		snprintf(title, sizeof(title), "%s, 100%% = %.6g %s", s->label, base, s->unit);
		bk_svg_group_begin(svg, "series", title);
		bk_svg_polyline(svg, xs, ys, n, style);
		bk_svg_group_end(svg);
		snprintf(label, sizeof(label), base >= 1000 ? "%s %s cpu%d: %.0f %s" :
			 "%s %s cpu%d: %.4g %s", s->name, tester_of(tl, s->copy), s->cpu,
			 base, s->unit);
		if (ly < p->y0 + PANEL_H)
			legend_entry(svg, ly, color(drawn), NULL, label);
		ly += 16;
		drawn++;
	}
	bk_svg_line(svg, PLOT_L, py(p, 100), PLOT_L + PLOT_W, py(p, 100),
		    "stroke:#555555;stroke-width:1;stroke-dasharray:2,2");
	for (size_t i = 0; i < a->ndrops; i++) {
		const struct bk_drop *d = &a->drops[i];
		char title[256];
		int thr = d->cause != BK_CAUSE_INTERFERENCE;

		snprintf(title, sizeof(title), "drop: %s %.1f-%.1f s, %.0f%% below usual: %s (%s)",
			 d->series, d->from, d->to, d->loss_pct, bk_drop_cause_name(d->cause),
			 d->evidence);
		bk_svg_group_begin(svg, thr ? "drop throttling" : "drop interference", title);
		bk_svg_marker(svg, thr ? BK_MARK_DOWN : BK_MARK_DIAMOND,
			      px(ax, (d->from + d->to) / 2),
			      py(p, 100 * d->value / d->baseline) - 9, 10,
			      thr ? STYLE_DROP_THR : STYLE_DROP_INT);
		bk_svg_group_end(svg);
	}
}

static void errors(struct bk_svg *svg, const struct bk_timeline *tl,
		   const struct axis *ax, double top, double bottom)
{
	for (size_t i = 0; i < tl->nevents; i++) {
		const struct bk_tl_event *e = &tl->events[i];
		char title[200];

		if (e->kind != BK_TL_EV_ERROR)
			continue;
		snprintf(title, sizeof(title), "error at %.2f s%s: %s", e->t,
			 e->copy >= 0 ? " (a copy)" : "", e->what);
		bk_svg_group_begin(svg, "error", title);
		bk_svg_line(svg, px(ax, e->t), top, px(ax, e->t), bottom, STYLE_ERROR);
		bk_svg_marker(svg, BK_MARK_CROSS, px(ax, e->t), top - 6, 9,
			      "stroke:#d62728;stroke-width:2.5;fill:none");
		bk_svg_group_end(svg);
	}
}

static void key(struct bk_svg *svg, double y)
{
	double x = PLOT_L;

	bk_svg_rect(svg, x, y - 10, 18, 12, STYLE_THROTTLE);
	bk_svg_text(svg, x + 24, y, "start", NULL, "throttled (burnkit.ko)");
	x += 175;
	bk_svg_rect(svg, x, y - 10, 18, 12, STYLE_CLOCKDROP);
	bk_svg_text(svg, x + 24, y, "start", NULL, "clock below usual");
	x += 150;
	bk_svg_marker(svg, BK_MARK_DOWN, x + 8, y - 4, 10, STYLE_DROP_THR);
	bk_svg_text(svg, x + 20, y, "start", NULL, "drop: throttling");
	x += 135;
	bk_svg_marker(svg, BK_MARK_DIAMOND, x + 8, y - 4, 10, STYLE_DROP_INT);
	bk_svg_text(svg, x + 20, y, "start", NULL, "drop: interference");
	x += 150;
	bk_svg_line(svg, x, y - 12, x, y + 2, STYLE_ERROR);
	bk_svg_text(svg, x + 8, y, "start", NULL, "error");
}

static void headline(struct bk_svg *svg, const struct bk_timeline *tl,
		     const struct bk_analysis *a)
{
	char peak[48], first[64], thr[48], lost[48];

	/* About as much as the chart's width holds at this size. */
	if (strlen(tl->title) > 110)
		bk_svg_text(svg, PLOT_L, 26, "start", "font-size:16px;font-weight:bold",
			    "%.107s...", tl->title);
	else
		bk_svg_text(svg, PLOT_L, 26, "start", "font-size:16px;font-weight:bold",
			    "%s", tl->title);
	if (isnan(a->peak_c))
		snprintf(peak, sizeof(peak), "no temperature");
	else
		snprintf(peak, sizeof(peak), "%.1f °C", a->peak_c);
	if (!tl->kmod)
		snprintf(first, sizeof(first), "not watched (no burnkit.ko)");
	else if (isnan(a->first_throttle_s))
		snprintf(first, sizeof(first), "never");
	else
		snprintf(first, sizeof(first), "after %.1f s", a->first_throttle_s);
	if (isnan(a->throttled_share))
		snprintf(thr, sizeof(thr), "n/a");
	else
		snprintf(thr, sizeof(thr), "%.1f %%", 100 * a->throttled_share);
	if (isnan(a->perf_lost_pct))
		snprintf(lost, sizeof(lost), "n/a");
	else
		snprintf(lost, sizeof(lost), "%.1f %%", a->perf_lost_pct);
	bk_svg_text(svg, PLOT_L, 48, "start", NULL,
		    "peak %s · first throttle %s · throttled %s · performance lost %s · "
		    "%zu drops (%zu throttling, %zu interference) · %zu errors%s",
		    peak, first, thr, lost, a->ndrops, a->drops_throttling,
		    a->drops_interference, a->errors,
		    tl->has_summary ? "" : " · timeline cut short");
}

/* "CPU clock (cpufreq; effective: measured)": the sources of what is drawn. */
static void clock_title(const struct bk_timeline *tl, char *buf, size_t len)
{
	int sys = 0, eff = 0;

	for (size_t i = 0; i < tl->nseries; i++) {
		sys |= tl->series[i].kind == BK_TL_MHZ && tl->series[i].n;
		eff |= tl->series[i].kind == BK_TL_EFF_MHZ && tl->series[i].n;
	}
	sys = sys && tl->mhz_source[0];
	eff = eff && tl->eff_source[0];
	snprintf(buf, len, "CPU clock%s%s%s%s%s%s", sys || eff ? " (" : "",
		 sys ? tl->mhz_source : "", sys && eff ? "; " : "", eff ? "effective: " : "",
		 eff ? tl->eff_source : "", sys || eff ? ")" : "");
}

int bk_timeline_svg(const struct bk_timeline *tl, const struct bk_analysis *a,
		    const char *path, char *err, size_t errlen)
{
	char clock[96];
	enum { P_TEMP, P_MHZ, P_CPU, P_IO, P_PERF, P_ALL };
	struct panel all[P_ALL] = {
		[P_TEMP] = { .title = "Temperature", .unit = "°C",
			     .note = "no temperature recorded (no thermal zone or hwmon sensor)" },
		[P_MHZ] = { .title = "CPU clock", .unit = "MHz",
			    .note = "no CPU clock recorded (no cpufreq, no cpu MHz, no burnkit.ko)" },
		[P_CPU] = { .title = "CPU share (whole machine)", .unit = "%" },
		[P_IO] = { .title = "Disk and network (whole machine)", .unit = "MB/s" },
		[P_PERF] = { .title = "Throughput",
			     .unit = "% of each copy's usual speed, in the legend",
			     .note = "no passes recorded" },
	};
	struct panel *panels[P_ALL];
	int kind_of[P_ALL];
	size_t npanels = 0, most = 16;
	struct axis ax;
	struct bk_svg svg;
	double *xs, *ys, height;

	ax.t0 = isnan(tl->t_first) ? 0 : tl->t_first;
	ax.t1 = isnan(tl->t_last) ? 1 : tl->t_last;
	if (ax.t1 <= ax.t0)
		ax.t1 = ax.t0 + 1;
	ax.scale = ax.t1 - ax.t0 > 1200 ? 60 : 1;
	clock_title(tl, clock, sizeof(clock));
	all[P_MHZ].title = clock;
	range_of(tl, is_temp, &all[P_TEMP], 1);
	range_of(tl, is_mhz, &all[P_MHZ], 50);
	range_of(tl, is_cpu, &all[P_CPU], 2);
	range_of(tl, is_io, &all[P_IO], 0.5);
	perf_range(tl, a, &all[P_PERF]);
	/* The activity panels only when the timeline has activity records. */
	for (int k = 0; k < P_ALL; k++) {
		if ((k == P_CPU || k == P_IO) && all[k].empty)
			continue;
		if (k == P_PERF && !tl->ncopies)
			continue;
		kind_of[npanels] = k;
		panels[npanels++] = &all[k];
	}
	for (size_t i = 0; i < npanels; i++)
		panels[i]->y0 = TOP + (double)i * (PANEL_H + PANEL_GAP);
	height = TOP + (double)npanels * (PANEL_H + PANEL_GAP) + 30;

	for (size_t i = 0; i < tl->nseries; i++)
		if (most < 3 * tl->series[i].n + 16)
			most = 3 * tl->series[i].n + 16;
	xs = malloc(most * sizeof(*xs));
	ys = malloc(most * sizeof(*ys));
	if (!xs || !ys) {
		free(xs);
		free(ys);
		snprintf(err, errlen, "out of memory drawing %s", path);
		return -1;
	}
	if (bk_svg_open(&svg, path, CHART_W, height, err, errlen)) {
		free(xs);
		free(ys);
		return -1;
	}
	headline(&svg, tl, a);
	key(&svg, 74);
	for (size_t i = 0; i < npanels; i++) {
		struct panel *p = panels[i];

		frame(&svg, &ax, p, i + 1 == npanels);
		shade(&svg, &ax, p, a->throttle, a->nthrottle, STYLE_THROTTLE, "throttled");
		if (p->empty)
			continue;
		switch (kind_of[i]) {
		case P_TEMP:
			line_panel(&svg, tl, &ax, p, is_temp, xs, ys);
			break;
		case P_MHZ:
			shade(&svg, &ax, p, a->clock_drops, a->nclock_drops, STYLE_CLOCKDROP,
			      "clockdrop");
			line_panel(&svg, tl, &ax, p, is_mhz, xs, ys);
			break;
		case P_CPU:
			line_panel(&svg, tl, &ax, p, is_cpu, xs, ys);
			break;
		case P_IO:
			line_panel(&svg, tl, &ax, p, is_io, xs, ys);
			break;
		default:
			perf_panel(&svg, tl, a, &ax, p, xs, ys);
			break;
		}
	}
	errors(&svg, tl, &ax, panels[0]->y0, panels[npanels - 1]->y0 + PANEL_H);
	free(xs);
	free(ys);
	if (bk_svg_close(&svg)) {
		snprintf(err, errlen, "writing %s failed", path);
		return -1;
	}
	return 0;
}

void bk_timeline_svg_name(const char *timeline, char *out, size_t len)
{
	size_t n = strlen(timeline);

	if (n > 6 && !strcmp(timeline + n - 6, ".jsonl"))
		snprintf(out, len, "%.*s.svg", (int)(n - 6), timeline);
	else
		snprintf(out, len, "%s.svg", timeline);
}
