// SPDX-License-Identifier: MIT
#include "record/timeline.h"
#include "record/jsonread.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Grow an array to hold one more element; 0, or -1 out of memory. */
static int grow(void **arr, size_t *cap, size_t n, size_t elem)
{
	void *p;
	size_t c;

	if (n < *cap)
		return 0;
	c = *cap ? *cap * 2 : 16;
	p = realloc(*arr, c * elem);
	if (!p)
		return -1;
	*arr = p;
	*cap = c;
	return 0;
}

void bk_timeline_init(struct bk_timeline *tl)
{
	memset(tl, 0, sizeof(*tl));
	tl->t_first = tl->t_last = NAN;
}

void bk_timeline_free(struct bk_timeline *tl)
{
	for (size_t i = 0; i < tl->nseries; i++) {
		free(tl->series[i].t);
		free(tl->series[i].t0);
		free(tl->series[i].y);
	}
	free(tl->series);
	free(tl->events);
	free(tl->copies);
	free(tl->initial);
	free(tl->sensor_names);
	free(tl->sensor_labels);
	bk_timeline_init(tl);
}

const struct bk_tl_series *bk_timeline_find(const struct bk_timeline *tl,
					    enum bk_tl_kind kind, const char *name)
{
	for (size_t i = 0; i < tl->nseries; i++)
		if (tl->series[i].kind == kind && !strcmp(tl->series[i].name, name))
			return &tl->series[i];
	return NULL;
}

static struct bk_tl_series *series_get(struct bk_timeline *tl, enum bk_tl_kind kind,
				       const char *name)
{
	struct bk_tl_series *s = (struct bk_tl_series *)bk_timeline_find(tl, kind, name);

	if (s)
		return s;
	if (grow((void **)&tl->series, &tl->cap_series, tl->nseries, sizeof(*s)))
		return NULL;
	s = &tl->series[tl->nseries++];
	memset(s, 0, sizeof(*s));
	s->kind = kind;
	s->cpu = s->copy = -1;
	bk_strlcpy(s->name, name, sizeof(s->name));
	bk_strlcpy(s->label, name, sizeof(s->label));
	return s;
}

static int series_add(struct bk_tl_series *s, double t0, double t, double y)
{
	if (s->n == s->cap) {
		size_t c = s->cap ? s->cap * 2 : 64;
		double *nt = realloc(s->t, c * sizeof(double));

		if (!nt)
			return -1;
		s->t = nt;
		double *ny = realloc(s->y, c * sizeof(double));

		if (!ny)
			return -1;
		s->y = ny;
		if (s->kind == BK_TL_PERF) {
			double *n0 = realloc(s->t0, c * sizeof(double));

			if (!n0)
				return -1;
			s->t0 = n0;
		}
		s->cap = c;
	}
	if (s->t0)
		s->t0[s->n] = t0;
	s->t[s->n] = t;
	s->y[s->n] = y;
	s->n++;
	return 0;
}

static void span(struct bk_timeline *tl, double t)
{
	if (isnan(t))
		return;
	if (isnan(tl->t_first) || t < tl->t_first)
		tl->t_first = t;
	if (isnan(tl->t_last) || t > tl->t_last)
		tl->t_last = t;
}

static const char *sensor_label(const struct bk_timeline *tl, const char *name)
{
	for (size_t i = 0; i < tl->nsensors; i++)
		if (!strcmp(tl->sensor_names[i], name))
			return tl->sensor_labels[i];
	return name;
}

static void read_start(struct bk_timeline *tl, const struct bk_jv *r)
{
	const char *tester = bk_jv_getstr(r, "tester");

	const struct bk_jv *thr = bk_jv_get(r, "throughput");

	bk_strlcpy(tl->tester, tester ? tester : "?", sizeof(tl->tester));
	if (thr && thr->type == BK_J_OBJ) {
		static const struct {
			const char *key;
			size_t off, len;
		} m[] = {
			{ "record", offsetof(struct bk_tl_throughput, record), 32 },
			{ "value", offsetof(struct bk_tl_throughput, value), 32 },
			{ "unit", offsetof(struct bk_tl_throughput, unit), 16 },
			{ "seconds", offsetof(struct bk_tl_throughput, seconds), 32 },
			{ "group", offsetof(struct bk_tl_throughput, group), 32 },
		};

		for (size_t i = 0; i < BK_ARRAY_SIZE(m); i++) {
			const char *v = bk_jv_getstr(thr, m[i].key);

			bk_strlcpy((char *)&tl->own + m[i].off, v ? v : "", m[i].len);
		}
	}
	if (!tl->title[0])
		snprintf(tl->title, sizeof(tl->title), "burnkit %s", tl->tester);
}

static void read_sensors(struct bk_timeline *tl, const struct bk_jv *r)
{
	const struct bk_jv *temps = bk_jv_get(r, "temps");
	const char *main_sensor = bk_jv_getstr(r, "main");
	double period_ms = bk_jv_getnum(r, "throttle_period_ms", 0);

	const char *mhz_source = bk_jv_getstr(r, "mhz_source");
	const char *method = bk_jv_getstr(r, "mhz_method");
	const char *eff_source = bk_jv_getstr(r, "eff_mhz_source");

	tl->kmod = bk_jv_get(r, "kmod") && bk_jv_get(r, "kmod")->num != 0;
	if (!mhz_source && method)
		mhz_source = !strcmp(method, "cpufreq") ? "cpufreq" :
			     !strcmp(method, "cpuinfo") ? "nominal" : NULL;
	bk_strlcpy(tl->mhz_source, mhz_source ? mhz_source : "", sizeof(tl->mhz_source));
	bk_strlcpy(tl->eff_source, eff_source ? eff_source : tl->kmod ? "cycles" : "",
		   sizeof(tl->eff_source));
	tl->sample_s = bk_jv_getnum(r, "sample_s", tl->sample_s);
	tl->throttle_period_s = period_ms / 1000.0;
	bk_strlcpy(tl->main_sensor, main_sensor ? main_sensor : "", sizeof(tl->main_sensor));
	if (!temps || temps->type != BK_J_ARR)
		return;
	free(tl->sensor_names);
	free(tl->sensor_labels);
	tl->sensor_names = calloc(temps->n + 1, sizeof(*tl->sensor_names));
	tl->sensor_labels = calloc(temps->n + 1, sizeof(*tl->sensor_labels));
	tl->nsensors = 0;
	if (!tl->sensor_names || !tl->sensor_labels)
		return;
	for (const struct bk_jv *e = temps->child; e; e = e->next) {
		const char *name = bk_jv_getstr(e, "sensor"), *label = bk_jv_getstr(e, "label");

		if (!name)
			continue;
		bk_strlcpy(tl->sensor_names[tl->nsensors], name, sizeof(tl->sensor_names[0]));
		snprintf(tl->sensor_labels[tl->nsensors], sizeof(tl->sensor_labels[0]),
			 "%s", label ? label : name);
		tl->nsensors++;
	}
}

static void read_throttle_state(struct bk_timeline *tl, const struct bk_jv *r)
{
	const struct bk_jv *states = bk_jv_get(r, "states");

	if (!states || states->type != BK_J_ARR)
		return;
	for (const struct bk_jv *e = states->child; e; e = e->next) {
		const char *src = bk_jv_getstr(e, "source");
		struct bk_tl_initial *in;

		if (!src || grow((void **)&tl->initial, &tl->cap_initial, tl->ninitial,
				 sizeof(*in)))
			continue;
		in = &tl->initial[tl->ninitial++];
		snprintf(in->source, sizeof(in->source), "%s/%.0f", src,
			 bk_jv_getnum(e, "instance", 0));
		in->active = bk_jv_get(e, "active") && bk_jv_get(e, "active")->num != 0;
		in->counter = bk_jv_get(e, "counter") && bk_jv_get(e, "counter")->num != 0;
	}
}

/* Members of an object {name: number|null} into series of one kind. */
static void read_map(struct bk_timeline *tl, const struct bk_jv *map,
		     enum bk_tl_kind kind, double t)
{
	if (!map || map->type != BK_J_OBJ)
		return;
	for (const struct bk_jv *e = map->child; e; e = e->next) {
		char name[48];
		struct bk_tl_series *s;
		const char *src;

		if (kind == BK_TL_EFF_MHZ)
			snprintf(name, sizeof(name), "%s eff", e->key);
		else
			bk_strlcpy(name, e->key, sizeof(name));
		s = series_get(tl, kind, name);
		if (!s)
			return;
		if (!s->n) {
			switch (kind) {
			case BK_TL_TEMP:
				bk_strlcpy(s->unit, "C", sizeof(s->unit));
				snprintf(s->label, sizeof(s->label), "%s",
					 sensor_label(tl, e->key));
				break;
			case BK_TL_MHZ:
			case BK_TL_EFF_MHZ:
				bk_strlcpy(s->unit, "MHz", sizeof(s->unit));
				if (!strncmp(e->key, "cpu", 3))
					s->cpu = atoi(e->key + 3);
				src = kind == BK_TL_EFF_MHZ ? tl->eff_source : tl->mhz_source;
				snprintf(s->label, sizeof(s->label), "%s%s%s%s%s", e->key,
					 kind == BK_TL_EFF_MHZ ? " effective" : "",
					 src[0] ? " (" : "", src, src[0] ? ")" : "");
				break;
			default:
				break;
			}
		}
		if (e->type == BK_J_NUM)
			series_add(s, t, t, e->num);
	}
}

static void read_sample(struct bk_timeline *tl, const struct bk_jv *r, double t)
{
	const char *src = bk_jv_getstr(r, "mhz_source");

	read_map(tl, bk_jv_get(r, "temps"), BK_TL_TEMP, t);
	if (src)
		bk_strlcpy(tl->mhz_source, src, sizeof(tl->mhz_source));
	src = bk_jv_getstr(r, "eff_mhz_source");
	if (src)
		bk_strlcpy(tl->eff_source, src, sizeof(tl->eff_source));
	read_map(tl, bk_jv_get(r, "mhz"), BK_TL_MHZ, t);
	read_map(tl, bk_jv_get(r, "eff_mhz"), BK_TL_EFF_MHZ, t);
}

/* What the whole machine was doing: the "activity" records' headline figures. */
static void read_activity(struct bk_timeline *tl, const struct bk_jv *r, double t)
{
	static const struct {
		const char *series, *member, *unit;
		enum bk_tl_kind kind;
		double scale;
	} figures[] = {
		{ "busy", "busy_pct", "%", BK_TL_CPU, 1 },
		{ "system", "cpu.sy", "%", BK_TL_CPU, 1 },
		{ "iowait", "cpu.wa", "%", BK_TL_CPU, 1 },
		{ "disk read", "disk_read_mb_per_s", "MB/s", BK_TL_IO, 1 },
		{ "disk write", "disk_write_mb_per_s", "MB/s", BK_TL_IO, 1 },
		{ "net receive", "net_rx_kb_per_s", "MB/s", BK_TL_IO, 1e-3 },
		{ "net send", "net_tx_kb_per_s", "MB/s", BK_TL_IO, 1e-3 },
	};
	const struct bk_jv *cpu = bk_jv_get(r, "cpu");

	for (size_t i = 0; i < BK_ARRAY_SIZE(figures); i++) {
		const char *m = figures[i].member;
		double v = strncmp(m, "cpu.", 4) ? bk_jv_getnum(r, m, NAN) :
			   cpu ? bk_jv_getnum(cpu, m + 4, NAN) : NAN;
		struct bk_tl_series *s;

		if (isnan(v) || !(s = series_get(tl, figures[i].kind, figures[i].series)))
			continue;
		if (!s->n)
			bk_strlcpy(s->unit, figures[i].unit, sizeof(s->unit));
		series_add(s, t, t, v * figures[i].scale);
	}
}

static struct bk_tl_event *event_new(struct bk_timeline *tl, enum bk_tl_event_kind kind,
				     double t)
{
	struct bk_tl_event *e;

	if (grow((void **)&tl->events, &tl->cap_events, tl->nevents, sizeof(*e)))
		return NULL;
	e = &tl->events[tl->nevents++];
	memset(e, 0, sizeof(*e));
	e->kind = kind;
	e->t = t;
	e->copy = -1;
	e->lag_s = NAN;
	return e;
}

static int flag(const struct bk_jv *r, const char *key)
{
	const struct bk_jv *v = bk_jv_get(r, key);

	return v && v->type == BK_J_BOOL && v->num != 0;
}

static void read_throttle(struct bk_timeline *tl, const struct bk_jv *r, double t)
{
	const char *src = bk_jv_getstr(r, "source");
	double at = bk_jv_getnum(r, "at", t);
	struct bk_tl_event *e = event_new(tl, BK_TL_EV_THROTTLE, at);

	if (!e)
		return;
	snprintf(e->source, sizeof(e->source), "%s/%.0f", src ? src : "?",
		 bk_jv_getnum(r, "instance", 0));
	e->active = flag(r, "active");
	e->was_active = flag(r, "was_active");
	e->counter = flag(r, "counter");
	e->lag_s = bk_jv_getnum(r, "lag_s", NAN);
	e->old_state = (unsigned long long)bk_jv_getnum(r, "old", 0);
	e->new_state = (unsigned long long)bk_jv_getnum(r, "new", 0);
	snprintf(e->what, sizeof(e->what), "%s %llu -> %llu", e->source,
		 e->old_state, e->new_state);
	span(tl, at);
}

static struct bk_tl_copy *copy_get(struct bk_timeline *tl, int copy)
{
	struct bk_tl_copy *c;

	for (size_t i = 0; i < tl->ncopies; i++)
		if (tl->copies[i].copy == copy)
			return &tl->copies[i];
	if (grow((void **)&tl->copies, &tl->cap_copies, tl->ncopies, sizeof(*c)))
		return NULL;
	c = &tl->copies[tl->ncopies++];
	memset(c, 0, sizeof(*c));
	c->copy = copy;
	c->cpu = -1;
	c->exit = -1;
	c->start_t = c->end_t = NAN;
	return c;
}

static void copy_series_label(struct bk_tl_series *s, const struct bk_tl_copy *c,
			      const char *group)
{
	s->copy = c->copy;
	s->cpu = c->cpu;
	bk_strlcpy(s->unit, c->unit, sizeof(s->unit));
	snprintf(s->label, sizeof(s->label), "copy %d %s%s%.40s%s%.16s%s (cpu %d)", c->copy,
		 c->tester, c->args[0] ? " " : "", c->args, group && *group ? " [" : "",
		 group ? group : "", group && *group ? "]" : "", c->cpu);
}

static void read_copy(struct bk_timeline *tl, const struct bk_jv *r, double t)
{
	int n = (int)bk_jv_getnum(r, "copy", -1);
	const char *ev = bk_jv_getstr(r, "event");
	struct bk_tl_copy *c;

	if (n < 0 || !ev || !(c = copy_get(tl, n)))
		return;
	if (!strcmp(ev, "start")) {
		const char *tester = bk_jv_getstr(r, "test"), *args = bk_jv_getstr(r, "args");
		const char *unit = bk_jv_getstr(r, "unit");

		if (!isnan(c->start_t))
			c->restarts++;
		else
			c->start_t = t;
		bk_strlcpy(c->tester, tester ? tester : "?", sizeof(c->tester));
		bk_strlcpy(c->args, args ? args : "", sizeof(c->args));
		bk_strlcpy(c->unit, unit ? unit : "", sizeof(c->unit));
		c->cpu = (int)bk_jv_getnum(r, "cpu", -1);
		c->end_t = NAN;
	} else if (!strcmp(ev, "exit")) {
		c->end_t = t;
		c->exit = (int)bk_jv_getnum(r, "exit", -1);
	}
}

/* One pass of copy n: value v from `from` to `at`, of the kind `group`. */
static void perf_point(struct bk_timeline *tl, int n, double v, double from, double at,
		       const char *group, const char *unit)
{
	struct bk_tl_copy *c;
	struct bk_tl_series *s;
	char name[48];

	if (n < 0 || isnan(v) || !(c = copy_get(tl, n)))
		return;
	if (group && *group)
		snprintf(name, sizeof(name), "copy %d %.24s", n, group);
	else
		snprintf(name, sizeof(name), "copy %d", n);
	s = series_get(tl, BK_TL_PERF, name);
	if (!s)
		return;
	if (!s->n) {
		if (unit && !c->unit[0])
			bk_strlcpy(c->unit, unit, sizeof(c->unit));
		copy_series_label(s, c, group);
	}
	series_add(s, from, at, v);
	span(tl, at);
}

/* A suite's "perf" record: one pass of one of its copies. */
static void read_perf(struct bk_timeline *tl, const struct bk_jv *r, double t)
{
	double at = bk_jv_getnum(r, "at", t);

	perf_point(tl, (int)bk_jv_getnum(r, "copy", -1), bk_jv_getnum(r, "value", NAN),
		   bk_jv_getnum(r, "from", at), at, bk_jv_getstr(r, "group"),
		   bk_jv_getstr(r, "unit"));
}

/*
 * A tester's own pass, as its start record's "throughput" describes it
 * (record, value, unit, seconds, group): the timeline of a tester run
 * alone has its passes as copy 0's.
 */
static void read_own_pass(struct bk_timeline *tl, const struct bk_jv *r, double t)
{
	const struct bk_tl_throughput *p = &tl->own;
	double secs = p->seconds[0] ? bk_jv_getnum(r, p->seconds, NAN) : NAN;
	char group[32] = "";
	struct bk_tl_copy *c = copy_get(tl, 0);

	bk_tl_pass_group(r, p->record, p->group[0] ? p->group : NULL, group, sizeof(group));
	if (c && !c->tester[0]) {
		bk_strlcpy(c->tester, tl->tester, sizeof(c->tester));
		if (isnan(c->start_t))
			c->start_t = tl->t_first;
	}
	perf_point(tl, 0, bk_jv_getnum(r, p->value, NAN), isnan(secs) ? t : t - secs, t,
		   group, p->unit);
}

/* Is word one of the space-separated words of list? */
static int listed(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *w = list; *w;) {
		size_t k = strcspn(w, " ");

		if (k == n && !strncmp(w, word, n))
			return 1;
		w += k;
		w += strspn(w, " ");
	}
	return 0;
}

int bk_tl_pass_group(const struct bk_jv *rec, const char *records, const char *group,
		     char *group_out, size_t len)
{
	const char *type = bk_jv_getstr(rec, "type");

	if (len)
		group_out[0] = '\0';
	if (!type || !records || !listed(records, type))
		return 0;
	if (group) {
		const struct bk_jv *g = bk_jv_get(rec, group);

		if (g && g->type == BK_J_STR)
			bk_strlcpy(group_out, g->str, len);
		else if (g && g->type == BK_J_NUM)
			snprintf(group_out, len, "%g", g->num);
	} else if (strchr(records, ' ')) {
		bk_strlcpy(group_out, type, len);
	}
	return 1;
}

static void read_error(struct bk_timeline *tl, const struct bk_jv *r, double t)
{
	const char *what = bk_jv_getstr(r, "what");
	struct bk_tl_event *e = event_new(tl, BK_TL_EV_ERROR, bk_jv_getnum(r, "at", t));

	if (!e)
		return;
	e->copy = (int)bk_jv_getnum(r, "copy", -1);
	bk_strlcpy(e->what, what ? what : "error", sizeof(e->what));
}

/* Whichever suite wrote the timeline names it in a record's "title". */
static void read_title(struct bk_timeline *tl, const struct bk_jv *r)
{
	const char *title = bk_jv_getstr(r, "title");

	if (title)
		bk_strlcpy(tl->title, title, sizeof(tl->title));
}

int bk_timeline_add_line(struct bk_timeline *tl, const char *line, size_t len)
{
	struct bk_jdoc doc;
	const struct bk_jv *r;
	const char *type;
	double t;
	char err[128];

	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	if (!len)
		return 0;
	tl->lines++;
	if (bk_jdoc_parse(&doc, line, len, err, sizeof(err)) ||
	    doc.root->type != BK_J_OBJ) {
		if (doc.root)
			bk_jdoc_free(&doc);
		tl->bad_lines++;
		return -1;
	}
	r = doc.root;
	type = bk_jv_getstr(r, "type");
	t = bk_jv_getnum(r, "t", NAN);
	if (!type) {
		bk_jdoc_free(&doc);
		return 0;
	}
	read_title(tl, r);
	if (tl->own.record[0] && tl->own.value[0] && listed(tl->own.record, type)) {
		read_own_pass(tl, r, t);
		span(tl, t);
	} else if (!strcmp(type, "start")) {
		read_start(tl, r);
	} else if (!strcmp(type, "sensors")) {
		read_sensors(tl, r);
	} else if (!strcmp(type, "throttle_state")) {
		read_throttle_state(tl, r);
		span(tl, t);
	} else if (!strcmp(type, "sample")) {
		read_sample(tl, r, t);
		span(tl, t);
	} else if (!strcmp(type, "activity")) {
		read_activity(tl, r, t);
		span(tl, t);
	} else if (!strcmp(type, "throttle")) {
		read_throttle(tl, r, t);
	} else if (!strcmp(type, "throttle_lost")) {
		struct bk_tl_event *e = event_new(tl, BK_TL_EV_LOST, t);
		unsigned long lost = (unsigned long)bk_jv_getnum(r, "lost", 0);

		tl->lost_events += lost;
		if (e)
			snprintf(e->what, sizeof(e->what), "%lu throttle events lost", lost);
	} else if (!strcmp(type, "copy")) {
		read_copy(tl, r, t);
		span(tl, t);
	} else if (!strcmp(type, "perf")) {
		read_perf(tl, r, t);
	} else if (!strcmp(type, "error")) {
		read_error(tl, r, t);
		span(tl, t);
	} else if (!strcmp(type, "summary")) {
		tl->has_summary = 1;	/* not data: the span stays what was recorded */
	}
	bk_jdoc_free(&doc);
	return 0;
}

int bk_timeline_load(struct bk_timeline *tl, const char *path, char *err,
		     size_t errlen)
{
	FILE *f = fopen(path, "re");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int last_bad = 0, last_newline = 1;

	if (!f) {
		snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	while ((n = getline(&line, &cap, f)) > 0) {
		last_newline = line[n - 1] == '\n';
		last_bad = bk_timeline_add_line(tl, line, (size_t)n) != 0;
	}
	free(line);
	if (ferror(f)) {
		snprintf(err, errlen, "reading %s: %s", path, strerror(errno));
		fclose(f);
		return -1;
	}
	fclose(f);
	/* A record cut short is the last line, bad and without its newline. */
	tl->torn_last = last_bad && !last_newline;
	if (tl->lines == tl->bad_lines) {
		snprintf(err, errlen, "%s holds no JSON record", path);
		return -1;
	}
	return 0;
}
