// SPDX-License-Identifier: MIT
#include "record/analysis.h"
#include "json.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BK_BASELINE_PERCENTILE 0.9

void bk_analysis_defaults(struct bk_analysis_params *p)
{
	p->drop_pct = 10;
	p->slack_s = 0;
}

const char *bk_drop_cause_name(enum bk_drop_cause c)
{
	switch (c) {
	case BK_CAUSE_THROTTLE:
		return "throttling";
	case BK_CAUSE_CLOCK:
		return "throttling (clock drop)";
	default:
		return "interference";
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The p-quantile (nearest rank) of n values; NaN when n is 0. */
static double percentile(const double *v, size_t n, double p)
{
	double *s, r;
	size_t k;

	if (!n)
		return NAN;
	s = malloc(n * sizeof(*s));
	if (!s)
		return NAN;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	k = (size_t)ceil(p * (double)n);
	r = s[k ? k - 1 : 0];
	free(s);
	return r;
}

struct ivlist {
	struct bk_interval *v;
	size_t n, cap;
};

static int iv_add(struct ivlist *l, double from, double to, const char *what)
{
	if (l->n == l->cap) {
		size_t c = l->cap ? l->cap * 2 : 16;
		struct bk_interval *p = realloc(l->v, c * sizeof(*p));

		if (!p)
			return -1;
		l->v = p;
		l->cap = c;
	}
	l->v[l->n].from = from;
	l->v[l->n].to = to;
	bk_strlcpy(l->v[l->n].what, what, sizeof(l->v[0].what));
	l->n++;
	return 0;
}

static int cmp_interval(const void *a, const void *b)
{
	const struct bk_interval *x = a, *y = b;

	return x->from < y->from ? -1 : x->from > y->from;
}

static int cmp_event_time(const void *a, const void *b)
{
	const struct bk_tl_event *const *x = a, *const *y = b;

	return (*x)->t < (*y)->t ? -1 : (*x)->t > (*y)->t;
}

/* The time each source instance was slowed down, one interval per stretch. */
static int throttle_intervals(const struct bk_timeline *tl, struct ivlist *out)
{
	struct { char src[40]; double from; } open[128];
	size_t nopen = 0, nev = 0;
	double period = tl->throttle_period_s > 0 ? tl->throttle_period_s :
			tl->sample_s > 0 ? tl->sample_s : 0.1;
	const struct bk_tl_event **ev = calloc(tl->nevents + 1, sizeof(*ev));

	if (!ev)
		return -1;
	for (size_t i = 0; i < tl->ninitial && nopen < BK_ARRAY_SIZE(open); i++)
		if (tl->initial[i].active && !tl->initial[i].counter) {
			bk_strlcpy(open[nopen].src, tl->initial[i].source, sizeof(open[0].src));
			open[nopen++].from = tl->t_first;
		}
	for (size_t i = 0; i < tl->nevents; i++)
		if (tl->events[i].kind == BK_TL_EV_THROTTLE)
			ev[nev++] = &tl->events[i];
	qsort(ev, nev, sizeof(*ev), cmp_event_time);	/* ties: either order */
	for (size_t i = 0; i < nev; i++) {
		const struct bk_tl_event *e = ev[i];
		size_t k;

		if (e->counter) {
			/* The count rose some time in the last module period. */
			if (iv_add(out, e->t - period, e->t, e->source))
				goto out_nomem;
			continue;
		}
		for (k = 0; k < nopen; k++)
			if (!strcmp(open[k].src, e->source))
				break;
		if (e->active && k == nopen && nopen < BK_ARRAY_SIZE(open)) {
			bk_strlcpy(open[nopen].src, e->source, sizeof(open[0].src));
			open[nopen++].from = e->t;
		} else if (!e->active && k < nopen) {
			if (iv_add(out, open[k].from, e->t, open[k].src))
				goto out_nomem;
			open[k] = open[--nopen];
		}
	}
	for (size_t k = 0; k < nopen; k++)
		if (iv_add(out, open[k].from, tl->t_last, open[k].src))
			goto out_nomem;
	free(ev);
	return 0;
out_nomem:
	free(ev);
	return -1;
}

/* Overlapping intervals joined, in time order; `what` of the first kept. */
static void merge(struct ivlist *l)
{
	size_t w = 0;

	if (!l->n)
		return;
	qsort(l->v, l->n, sizeof(*l->v), cmp_interval);
	for (size_t i = 1; i < l->n; i++) {
		if (l->v[i].from <= l->v[w].to) {
			if (l->v[i].to > l->v[w].to)
				l->v[w].to = l->v[i].to;
		} else {
			l->v[++w] = l->v[i];
		}
	}
	l->n = w + 1;
}

/* Stretches of samples where a CPU's clock ran below its usual clock. */
static int clock_drops(const struct bk_timeline *tl, double drop_pct, struct ivlist *out)
{
	for (size_t i = 0; i < tl->nseries; i++) {
		const struct bk_tl_series *s = &tl->series[i];
		double base, limit, from = NAN, low = INFINITY;

		if ((s->kind != BK_TL_MHZ && s->kind != BK_TL_EFF_MHZ) || s->n < 2)
			continue;
		base = percentile(s->y, s->n, BK_BASELINE_PERCENTILE);
		if (!(base > 0))
			continue;
		limit = base * (1 - drop_pct / 100);
		for (size_t k = 0; k <= s->n; k++) {
			int is_low = k < s->n && s->y[k] < limit;

			if (is_low) {
				if (isnan(from))
					from = s->t[k];
				if (s->y[k] < low)
					low = s->y[k];
				continue;
			}
			if (!isnan(from)) {
				char what[48];

				snprintf(what, sizeof(what), "cpu%d %.0f MHz (usual %.0f)",
					 s->cpu, low, base);
				if (iv_add(out, from, s->t[k - 1], what))
					return -1;
				from = NAN;
				low = INFINITY;
			}
		}
	}
	return 0;
}

static int overlaps(const struct bk_interval *iv, double from, double to)
{
	return iv->from <= to && iv->to >= from;
}

static void classify(struct bk_drop *d, int cpu, const struct ivlist *thr,
		     const struct ivlist *clk, double slack)
{
	double from = d->from - slack, to = d->to + slack;

	for (size_t i = 0; i < thr->n; i++)
		if (overlaps(&thr->v[i], from, to)) {
			d->cause = BK_CAUSE_THROTTLE;
			snprintf(d->evidence, sizeof(d->evidence),
				 "%s slowed down %.1f-%.1f s", thr->v[i].what,
				 thr->v[i].from, thr->v[i].to);
			return;
		}
	for (size_t i = 0; i < clk->n; i++) {
		int c = -1;

		if (sscanf(clk->v[i].what, "cpu%d", &c) != 1 || (cpu >= 0 && c != cpu))
			continue;
		if (overlaps(&clk->v[i], from, to)) {
			d->cause = BK_CAUSE_CLOCK;
			snprintf(d->evidence, sizeof(d->evidence), "%s at %.1f-%.1f s",
				 clk->v[i].what, clk->v[i].from, clk->v[i].to);
			return;
		}
	}
	d->cause = BK_CAUSE_INTERFERENCE;
	snprintf(d->evidence, sizeof(d->evidence),
		 "no throttle event or clock drop within %.3g s", slack);
}

static int copy_drops(const struct bk_tl_series *s, const struct bk_analysis_params *p,
		      double slack, const struct ivlist *thr, const struct ivlist *clk,
		      struct bk_analysis *a, struct bk_copy_stats *st)
{
	double base = percentile(s->y, s->n, BK_BASELINE_PERCENTILE);
	double sum = 0, dur = 0;

	st->copy = s->copy;
	bk_strlcpy(st->series, s->name, sizeof(st->series));
	st->passes = s->n;
	st->baseline = base;
	for (size_t k = 0; k < s->n; k++) {
		double d = s->t[k] - s->t0[k];

		if (!(d > 0))
			d = 1;
		sum += s->y[k] * d;
		dur += d;
		if (!(base > 0) || s->y[k] >= base * (1 - p->drop_pct / 100))
			continue;

		struct bk_drop *dr = realloc(a->drops, (a->ndrops + 1) * sizeof(*dr));

		if (!dr)
			return -1;
		a->drops = dr;
		dr = &a->drops[a->ndrops++];
		memset(dr, 0, sizeof(*dr));
		dr->copy = s->copy;
		bk_strlcpy(dr->series, s->name, sizeof(dr->series));
		dr->from = s->t0[k];
		dr->to = s->t[k];
		dr->value = s->y[k];
		dr->baseline = base;
		dr->loss_pct = 100 * (1 - s->y[k] / base);
		classify(dr, s->cpu, thr, clk, slack);
		if (dr->cause == BK_CAUSE_INTERFERENCE)
			a->drops_interference++;
		else
			a->drops_throttling++;
		st->drops++;
	}
	st->mean = dur > 0 ? sum / dur : NAN;
	st->lost_pct = base > 0 ? 100 * (1 - st->mean / base) : NAN;
	if (st->lost_pct < 1e-9)
		st->lost_pct = 0;	/* not below zero, nor rounding noise */
	return 0;
}

int bk_analyse(const struct bk_timeline *tl, const struct bk_analysis_params *p,
	       struct bk_analysis *a)
{
	struct ivlist thr = { 0 }, clk = { 0 };
	double slack = p->slack_s > 0 ? p->slack_s : tl->sample_s;
	double lost_sum = 0;
	size_t lost_n = 0;

	memset(a, 0, sizeof(*a));
	a->peak_c = a->peak_t = a->first_throttle_s = a->throttled_share = NAN;
	a->perf_lost_pct = a->max_lag_s = NAN;
	a->span_s = isnan(tl->t_first) ? 0 : tl->t_last - tl->t_first;

	for (size_t i = 0; i < tl->nseries; i++) {
		const struct bk_tl_series *s = &tl->series[i];

		if (s->kind != BK_TL_TEMP)
			continue;
		for (size_t k = 0; k < s->n; k++)
			if (isnan(a->peak_c) || s->y[k] > a->peak_c) {
				a->peak_c = s->y[k];
				a->peak_t = s->t[k];
				snprintf(a->peak_sensor, sizeof(a->peak_sensor), "%.40s %.50s",
					 s->name, s->label);
			}
	}
	for (size_t i = 0; i < tl->nevents; i++) {
		const struct bk_tl_event *e = &tl->events[i];

		if (e->kind == BK_TL_EV_ERROR)
			a->errors++;
		if (e->kind == BK_TL_EV_THROTTLE && !isnan(e->lag_s) &&
		    (isnan(a->max_lag_s) || e->lag_s > a->max_lag_s))
			a->max_lag_s = e->lag_s;
	}

	if (throttle_intervals(tl, &thr) || clock_drops(tl, p->drop_pct, &clk))
		goto out_nomem;
	merge(&thr);
	for (size_t i = 0; i < thr.n; i++) {
		double from = thr.v[i].from < tl->t_first ? tl->t_first : thr.v[i].from;
		double to = thr.v[i].to > tl->t_last ? tl->t_last : thr.v[i].to;

		if (to > from)
			a->throttled_s += to - from;
	}
	if (thr.n)
		a->first_throttle_s = thr.v[0].from > tl->t_first ?
				      thr.v[0].from - tl->t_first : 0;
	if (tl->kmod && a->span_s > 0)
		a->throttled_share = a->throttled_s / a->span_s;

	for (size_t i = 0; i < tl->nseries; i++) {
		const struct bk_tl_series *s = &tl->series[i];
		struct bk_copy_stats *st;

		if (s->kind != BK_TL_PERF || !s->n)
			continue;
		st = realloc(a->copies, (a->ncopies + 1) * sizeof(*st));
		if (!st)
			goto out_nomem;
		a->copies = st;
		st = &a->copies[a->ncopies++];
		memset(st, 0, sizeof(*st));
		if (copy_drops(s, p, slack, &thr, &clk, a, st))
			goto out_nomem;
		if (!isnan(st->lost_pct)) {
			lost_sum += st->lost_pct;
			lost_n++;
		}
	}
	a->ndrops = a->drops_throttling + a->drops_interference;
	if (lost_n)
		a->perf_lost_pct = lost_sum / (double)lost_n;
	a->throttle = thr.v;
	a->nthrottle = thr.n;
	a->clock_drops = clk.v;
	a->nclock_drops = clk.n;
	return 0;

out_nomem:
	free(thr.v);
	free(clk.v);
	bk_analysis_free(a);
	return -1;
}

void bk_analysis_free(struct bk_analysis *a)
{
	free(a->drops);
	free(a->throttle);
	free(a->clock_drops);
	free(a->copies);
	memset(a, 0, sizeof(*a));
}

static void num_or_null(struct bk_json *j, const char *key, double v, int digits)
{
	if (isnan(v))
		bk_json_null(j, key);
	else
		bk_json_realp(j, key, v, digits);
}

void bk_analysis_json(const struct bk_analysis *a, struct bk_json *j)
{
	bk_json_realp(j, "span_s", a->span_s, 9);
	num_or_null(j, "peak_c", a->peak_c, 6);
	bk_json_str(j, "peak_sensor", isnan(a->peak_c) ? NULL : a->peak_sensor);
	num_or_null(j, "peak_t", a->peak_t, 9);
	num_or_null(j, "first_throttle_s", a->first_throttle_s, 9);
	bk_json_realp(j, "throttled_s", a->throttled_s, 9);
	num_or_null(j, "throttled_share", a->throttled_share, 6);
	num_or_null(j, "perf_lost_pct", a->perf_lost_pct, 6);
	bk_json_uint(j, "errors", a->errors);
	bk_json_uint(j, "drops", a->ndrops);
	bk_json_uint(j, "drops_throttling", a->drops_throttling);
	bk_json_uint(j, "drops_interference", a->drops_interference);
	num_or_null(j, "max_throttle_lag_s", a->max_lag_s, 6);
	bk_json_array_begin(j, "throughput");
	for (size_t i = 0; i < a->ncopies; i++) {
		bk_json_object_begin(j, NULL);
		bk_json_int(j, "copy", a->copies[i].copy);
		bk_json_str(j, "series", a->copies[i].series);
		bk_json_uint(j, "passes", a->copies[i].passes);
		num_or_null(j, "baseline", a->copies[i].baseline, 8);
		num_or_null(j, "mean", a->copies[i].mean, 8);
		num_or_null(j, "lost_pct", a->copies[i].lost_pct, 6);
		bk_json_uint(j, "drops", a->copies[i].drops);
		bk_json_object_end(j);
	}
	bk_json_array_end(j);
}

static const struct bk_tl_copy *find_copy(const struct bk_timeline *tl, int copy)
{
	for (size_t i = 0; i < tl->ncopies; i++)
		if (tl->copies[i].copy == copy)
			return &tl->copies[i];
	return NULL;
}

void bk_analysis_text(const struct bk_timeline *tl, const struct bk_analysis *a,
		      void (*out)(void *arg, const char *line), void *arg)
{
	char line[512];

	if (isnan(a->peak_c))
		snprintf(line, sizeof(line), " Peak temperature    none recorded");
	else
		snprintf(line, sizeof(line), " Peak temperature    %.1f C (%s) at %.1f s",
			 a->peak_c, a->peak_sensor, a->peak_t);
	out(arg, line);
	if (!tl->kmod)
		snprintf(line, sizeof(line),
			 " First throttle      not watched (no burnkit.ko)%s",
			 a->nthrottle ? "" : "; clock drops only");
	else if (isnan(a->first_throttle_s))
		snprintf(line, sizeof(line), " First throttle      never");
	else
		snprintf(line, sizeof(line), " First throttle      after %.1f s (%s)",
			 a->first_throttle_s, a->throttle[0].what);
	out(arg, line);
	if (!isnan(a->throttled_share)) {
		snprintf(line, sizeof(line), " Time throttled      %.1f s of %.1f s (%.1f %%)",
			 a->throttled_s, a->span_s, 100 * a->throttled_share);
		out(arg, line);
	}
	if (isnan(a->perf_lost_pct)) {
		snprintf(line, sizeof(line), " Performance lost    no passes recorded");
		out(arg, line);
	} else {
		snprintf(line, sizeof(line), " Performance lost    %.1f %% (mean of the copies)",
			 a->perf_lost_pct);
		out(arg, line);
		for (size_t i = 0; i < a->ncopies; i++) {
			const struct bk_copy_stats *c = &a->copies[i];
			const struct bk_tl_copy *tc = find_copy(tl, c->copy);

			snprintf(line, sizeof(line),
				 "   %-16s %-6s %zu passes, usual %.6g %s, mean %.6g, lost %.1f %%",
				 c->series, tc ? tc->tester : "?", c->passes, c->baseline,
				 tc ? tc->unit : "", c->mean, c->lost_pct);
			out(arg, line);
		}
	}
	snprintf(line, sizeof(line), " Drops               %zu: %zu throttling, %zu interference",
		 a->ndrops, a->drops_throttling, a->drops_interference);
	out(arg, line);
	for (size_t i = 0; i < a->ndrops; i++) {
		const struct bk_drop *d = &a->drops[i];
		const struct bk_tl_copy *tc = find_copy(tl, d->copy);

		snprintf(line, sizeof(line),
			 "   %s %s at %.1f-%.1f s: %.6g %s, %.0f %% below usual: %s (%s)",
			 d->series, tc ? tc->tester : "?", d->from, d->to, d->value, tc ? tc->unit : "", d->loss_pct,
			 bk_drop_cause_name(d->cause), d->evidence);
		out(arg, line);
	}
	snprintf(line, sizeof(line), " Errors              %zu", a->errors);
	out(arg, line);
}
