// SPDX-License-Identifier: MIT
/*
 * Reading runs: one JSON-lines file into a run. The first line must be a
 * burnkit record of a schema this build reads; every start record opens a
 * part (a burn-in's file holds one per tester), whose parameters, ISA,
 * version and file system are kept for the comparison; the system object
 * of the first start names the board. A torn last line (a run cut short) is
 * tolerated and noted; a bad line elsewhere is counted.
 */
#include "compare/compare.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "record/jsonread.h"
#include "util.h"

void cmp_run_init(struct cmp_run *r)
{
	memset(r, 0, sizeof(*r));
	r->mhz = NAN;
	r->tl_part = -1;
	bk_timeline_init(&r->tl);
}

void cmp_run_free(struct cmp_run *r)
{
	free(r->parts);
	free(r->figs);
	bk_timeline_free(&r->tl);
	cmp_run_init(r);
}

const struct cmp_part *cmp_run_part(const struct cmp_run *r, const char *tester)
{
	for (size_t i = 0; i < r->nparts; i++)
		if (!strcmp(r->parts[i].tester, tester))
			return &r->parts[i];
	return NULL;
}

static void copy_str(char *dst, size_t len, const char *src)
{
	bk_strlcpy(dst, src ? src : "", len);
}

/* A parameter's value as text: numbers %g, lists joined by commas. */
static void value_text(const struct bk_jv *v, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	switch (v->type) {
	case BK_J_NULL:
		break;
	case BK_J_BOOL:
		snprintf(buf, len, "%s", v->num ? "true" : "false");
		break;
	case BK_J_NUM:
		snprintf(buf, len, "%.10g", v->num);
		break;
	case BK_J_STR:
		bk_strlcpy(buf, v->str, len);
		break;
	case BK_J_ARR:
	case BK_J_OBJ:
		for (const struct bk_jv *e = v->child; e && used + 1 < len; e = e->next) {
			char one[64];

			value_text(e, one, sizeof(one));
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 e == v->child ? "" : ",", one);
			if (used >= len)
				used = len - 1;
		}
		break;
	}
}

/* "Linux version 6.1.21-v8+ (dom@buildbot) ..." -> "6.1.21-v8+". */
static void kernel_release(const char *k, char *buf, size_t len)
{
	const char *p = k ? strstr(k, "version ") : NULL;
	size_t n = 0;

	buf[0] = '\0';
	if (!k)
		return;
	p = p ? p + 8 : k;
	while (p[n] && p[n] != ' ' && n + 1 < len)
		n++;
	memcpy(buf, p, n);
	buf[n] = '\0';
}

static void read_system(struct cmp_run *r, const struct bk_jv *sys)
{
	const char *board = bk_jv_getstr(sys, "board");
	const struct bk_jv *freq = bk_jv_get(sys, "cpufreq");

	if (!board || !*board)
		board = bk_jv_getstr(sys, "hardware");
	if (!board || !*board)
		board = bk_jv_getstr(sys, "cpu_model");
	copy_str(r->board, sizeof(r->board), board && *board ? board : "unknown board");
	copy_str(r->machine, sizeof(r->machine), bk_jv_getstr(sys, "machine"));
	kernel_release(bk_jv_getstr(sys, "kernel"), r->kernel, sizeof(r->kernel));
	if (freq && freq->type == BK_J_ARR) {
		for (const struct bk_jv *c = freq->child; c; c = c->next) {
			double khz = bk_jv_getnum(c, "max_khz", NAN);

			if (khz > 0 && (isnan(r->mhz) || khz / 1e3 > r->mhz))
				r->mhz = khz / 1e3;
			if (!r->governor[0])
				copy_str(r->governor, sizeof(r->governor),
					 bk_jv_getstr(c, "governor"));
		}
	}
}

static void read_date(struct cmp_run *r, const struct bk_jv *start)
{
	double ns = bk_jv_getnum(start, "wall_ns", NAN);
	time_t secs;
	struct tm tm;

	if (isnan(ns) || ns <= 0)
		return;
	secs = (time_t)(ns / 1e9);
	if (gmtime_r(&secs, &tm))
		strftime(r->date, sizeof(r->date), "%Y-%m-%d %H:%M", &tm);
}

static struct cmp_part *open_part(struct cmp_run *r, const struct bk_jv *start)
{
	struct cmp_part *parts, *p;
	const struct bk_jv *params = bk_jv_get(start, "params");

	parts = realloc(r->parts, (r->nparts + 1) * sizeof(*parts));
	if (!parts)
		return NULL;
	r->parts = parts;
	p = &parts[r->nparts++];
	memset(p, 0, sizeof(*p));
	p->throttled = -1;
	copy_str(p->tester, sizeof(p->tester), bk_jv_getstr(start, "tester"));
	copy_str(p->version, sizeof(p->version), bk_jv_getstr(start, "version"));
	copy_str(p->isa, sizeof(p->isa), bk_jv_getstr(start, "isa"));
	if (params && params->type == BK_J_OBJ)
		for (const struct bk_jv *m = params->child;
		     m && p->nparams < CMP_MAX_PARAMS; m = m->next) {
			struct cmp_param *q = &p->params[p->nparams];

			if (m->type == BK_J_NULL || cmp_param_ignored(m->key))
				continue;
			copy_str(q->key, sizeof(q->key), m->key);
			value_text(m, q->value, sizeof(q->value));
			p->nparams++;
		}
	if (r->nparts == 1) {
		const struct bk_jv *sys = bk_jv_get(start, "system");

		if (sys && sys->type == BK_J_OBJ)
			read_system(r, sys);
		else
			copy_str(r->board, sizeof(r->board), "unknown board");
		read_date(r, start);
	}
	return p;
}

static void close_part(struct cmp_part *p, const struct bk_jv *sum)
{
	double share = bk_jv_getnum(sum, "throttled_share", NAN);
	const char *fs = bk_jv_getstr(sum, "file_system");

	p->complete = 1;
	copy_str(p->status, sizeof(p->status), bk_jv_getstr(sum, "status"));
	if (fs)
		copy_str(p->fs, sizeof(p->fs), fs);
	if (bk_jv_get(sum, "throttled_s") && !isnan(share)) {
		p->throttled_s = bk_jv_getnum(sum, "throttled_s", 0);
		p->throttled = p->throttled_s > 0;
	}
}

/*
 * The part a record belongs to: the last one opened by its tester (a suite's
 * records come between and after its testers'), else the last one; -1 none.
 */
static int part_of(const struct cmp_run *r, const struct bk_jv *rec)
{
	const char *tester = bk_jv_getstr(rec, "tester");

	for (size_t i = r->nparts; tester && i-- > 0;)
		if (!strcmp(r->parts[i].tester, tester))
			return (int)i;
	return (int)r->nparts - 1;
}

int cmp_run_record(struct cmp_run *r, const struct bk_jv *rec)
{
	const char *type = bk_jv_getstr(rec, "type");
	struct cmp_part *p;
	int i;

	if (!type)
		return 0;
	if (!strcmp(type, "start")) {
		if (!open_part(r, rec))
			return -1;
		return 0;
	}
	i = part_of(r, rec);
	if (i < 0)
		return 0;	/* records before any start: nothing to file them under */
	p = &r->parts[i];
	if (!strcmp(type, "summary"))
		close_part(p, rec);
	return cmp_figures_from(r, p, rec);
}

/* "burnkit/N" -> N, 0 when it is not burnkit's. */
static int schema_of(const struct bk_jv *rec)
{
	const char *s = rec && rec->type == BK_J_OBJ ? bk_jv_getstr(rec, "schema") : NULL;
	char *end;
	long n;

	if (!s || strncmp(s, "burnkit/", 8))
		return 0;
	n = strtol(s + 8, &end, 10);
	return *end || n <= 0 || n > 1000 ? 0 : (int)n;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* One line; 0, -1 out of memory, CMP_REFUSED with the reason. */
static int take_line(struct cmp_run *r, const char *path, char *line, size_t len,
		     int last, char *err, size_t errlen)
{
	struct bk_jdoc d = { 0 };
	char why[160];
	int schema, rc = 0;

	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		line[--len] = '\0';
	r->lines++;
	if (bk_jdoc_parse(&d, line, len, why, sizeof(why))) {
		if (r->lines == 1 && !last) {
			snprintf(err, errlen, "%s is not a burnkit timeline: its first line "
				 "is not JSON (%s)", path, why);
			return CMP_REFUSED;
		}
		if (r->lines == 1) {
			snprintf(err, errlen, "%s is not a burnkit timeline: its only line "
				 "is not a whole JSON record (%s)", path, why);
			return CMP_REFUSED;
		}
		r->bad_lines++;
		if (last)
			r->torn_last = 1;
		return 0;
	}
	schema = schema_of(d.root);
	if (r->lines == 1) {
		if (!schema) {
			snprintf(err, errlen, "%s is not a burnkit timeline: its first record "
				 "has no \"schema\": \"burnkit/N\" (written by another program?)",
				 path);
			rc = CMP_REFUSED;
		} else if (schema != CMP_SCHEMA) {
			snprintf(err, errlen, "%s has schema burnkit/%d and this burnkit reads "
				 "burnkit/%d: it was written by %s burnkit; compare it with that one",
				 path, schema, CMP_SCHEMA, schema > CMP_SCHEMA ? "a newer" :
				 "an older");
			rc = CMP_REFUSED;
		}
		r->schema = schema;
	} else if (schema != r->schema) {
		if (schema) {
			snprintf(err, errlen, "%s mixes schemas: line %zu is burnkit/%d, the "
				 "first burnkit/%d", path, r->lines, schema, r->schema);
			rc = CMP_REFUSED;
		} else {
			r->bad_lines++;	/* JSON, but not a burnkit record */
		}
	}
	if (!rc && schema == r->schema) {
		int part;

		if (cmp_run_record(r, d.root))
			rc = -1;
		part = part_of(r, d.root);
		if (!rc && r->tl_part < 0 && part >= 0 &&
		    (!strcmp(r->parts[part].tester, "cook") ||
		     !strcmp(r->parts[part].tester, "temp")))
			r->tl_part = part;
		if (!rc && r->tl_part >= 0 && r->tl_part == part) {
			bk_timeline_add_line(&r->tl, line, len);
			r->has_tl = 1;
		}
	}
	bk_jdoc_free(&d);
	if (rc == -1)
		snprintf(err, errlen, "out of memory reading %s", path);
	return rc;
}

int cmp_run_load(struct cmp_run *r, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "re");
	char *line = NULL, *next = NULL;
	size_t cap = 0, ncap = 0;
	ssize_t len, nlen;
	int rc = 0;

	copy_str(r->path, sizeof(r->path), path);
	copy_str(r->name, sizeof(r->name), base_name(path));
	if (!f) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno));
		return -1;
	}
	len = getline(&line, &cap, f);
	if (len < 0) {
		snprintf(err, errlen, "%s is empty: no record to compare (was the run "
			 "stopped before it began?)", path);
		rc = CMP_REFUSED;
	}
	while (!rc && len >= 0) {
		int torn;

		nlen = getline(&next, &ncap, f);
		/* the last line, or one without its newline, may be torn */
		torn = nlen < 0 && (len == 0 || line[len - 1] != '\n');
		if (len > 0 && !(len == 1 && line[0] == '\n'))
			rc = take_line(r, path, line, (size_t)len, torn || nlen < 0, err,
				       errlen);
		{
			char *t = line;
			size_t c = cap;

			line = next;
			cap = ncap;
			next = t;
			ncap = c;
		}
		len = nlen;
	}
	if (!rc && !r->nparts) {
		snprintf(err, errlen, "%s is not a burnkit timeline: it has no start record",
			 path);
		rc = CMP_REFUSED;
	}
	free(line);
	free(next);
	fclose(f);
	return rc;
}
