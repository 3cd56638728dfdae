// SPDX-License-Identifier: MIT
#include "record/timeline_csv.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void csv_text(FILE *f, const char *text)
{
	fputc('"', f);
	for (const char *c = text; *c; c++) {
		if (*c == '"')
			fputc('"', f);
		fputc(*c == '\n' ? ' ' : *c, f);
	}
	fputc('"', f);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static int throttled_at(const struct bk_analysis *a, double t)
{
	for (size_t i = 0; i < a->nthrottle; i++)
		if (a->throttle[i].from <= t && t <= a->throttle[i].to)
			return 1;
	return 0;
}

/* Events at time t as "; "-separated text. */
static void events_at(const struct bk_timeline *tl, const struct bk_analysis *a,
		      double t, char *buf, size_t len)
{
	size_t off = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < tl->nevents && off < len; i++) {
		const struct bk_tl_event *e = &tl->events[i];

		if (e->t != t)
			continue;
		off += (size_t)snprintf(buf + off, len - off, "%s%s%s", off ? "; " : "",
					e->kind == BK_TL_EV_THROTTLE ? "throttle " :
					e->kind == BK_TL_EV_ERROR ? "error: " : "", e->what);
	}
	for (size_t i = 0; i < a->ndrops && off < len; i++)
		if (a->drops[i].to == t)
			off += (size_t)snprintf(buf + off, len - off,
						"%sdrop %s %.0f%%: %s", off ? "; " : "",
						a->drops[i].series, a->drops[i].loss_pct,
						bk_drop_cause_name(a->drops[i].cause));
}

int bk_timeline_csv(const struct bk_timeline *tl, const struct bk_analysis *a,
		    const char *path, char *err, size_t errlen)
{
	size_t ntimes = 0, cap = tl->nevents + 1, w = 0;
	size_t *cursor = calloc(tl->nseries + 1, sizeof(*cursor));
	double *times;
	FILE *f;
	int bad;

	for (size_t i = 0; i < tl->nseries; i++)
		cap += tl->series[i].n;
	times = malloc(cap * sizeof(*times));
	if (!times || !cursor) {
		free(times);
		free(cursor);
		snprintf(err, errlen, "out of memory writing %s", path);
		return -1;
	}
	for (size_t i = 0; i < tl->nseries; i++)
		for (size_t k = 0; k < tl->series[i].n; k++)
			times[ntimes++] = tl->series[i].t[k];
	for (size_t i = 0; i < tl->nevents; i++)
		times[ntimes++] = tl->events[i].t;
	qsort(times, ntimes, sizeof(*times), cmp_double);
	for (size_t i = 0; i < ntimes; i++)
		if (!w || times[i] != times[w - 1])
			times[w++] = times[i];
	ntimes = w;

	f = fopen(path, "we");
	if (!f) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		free(times);
		free(cursor);
		return -1;
	}
	fputs("t_s", f);
	for (size_t i = 0; i < tl->nseries; i++) {
		const struct bk_tl_series *s = &tl->series[i];
		char head[200];

		if (s->kind == BK_TL_PERF)
			snprintf(head, sizeof(head), "%s throughput (%s)", s->name, s->unit);
		else if (!strncmp(s->label, s->name, strcspn(s->name, " ")))
			/* cpu0 (cpufreq), cpu0 effective (measured): the label says it all */
			snprintf(head, sizeof(head), "%s (%s)", s->label, s->unit);
		else
			snprintf(head, sizeof(head), "%s %s (%s)", s->name, s->label, s->unit);
		fputc(',', f);
		csv_text(f, head);
	}
	fputs(",throttled,events\r\n", f);
	for (size_t r = 0; r < ntimes; r++) {
		double t = times[r];
		char ev[1024];

		fprintf(f, "%.6f", t);
		for (size_t i = 0; i < tl->nseries; i++) {
			const struct bk_tl_series *s = &tl->series[i];

			while (cursor[i] < s->n && s->t[cursor[i]] < t)
				cursor[i]++;
			fputc(',', f);
			if (cursor[i] < s->n && s->t[cursor[i]] == t)
				fprintf(f, "%.10g", s->y[cursor[i]]);
		}
		fputc(',', f);
		if (tl->kmod)
			fputc(throttled_at(a, t) ? '1' : '0', f);
		fputc(',', f);
		events_at(tl, a, t, ev, sizeof(ev));
		if (ev[0])
			csv_text(f, ev);
		fputs("\r\n", f);
	}
	free(times);
	free(cursor);
	bad = ferror(f);
	if (fclose(f) || bad) {
		snprintf(err, errlen, "writing %s failed", path);
		return -1;
	}
	return 0;
}
