// SPDX-License-Identifier: MIT
/*
 * Which headline figures each tester's records carry: MFLOPS per size and
 * operations (fpu, mflops), MIPS and MB/s per phase (int), MB/s per phase
 * (drive, speed), IOPS and latency percentiles (sdcard), peak temperature,
 * time to throttle and performance lost (temp, cook), the Livermore
 * ratings. A tester not named here still gives its summary's members whose
 * names end in a unit (_mb_per_s, _mbit_per_s, _iops, _mips, _mflops, _c,
 * _ms): a new tester is compared without code here. A figure given by many
 * records (passes) is their mean; whether it was served from RAM (the
 * record's "cached") is kept for the comparison.
 */
#include "compare/compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "record/jsonread.h"
#include "util.h"

const struct cmp_figure *cmp_figure_find(const struct cmp_run *r, const char *tester,
					 const char *name)
{
	for (size_t i = 0; i < r->nfigs; i++)
		if (!strcmp(r->figs[i].tester, tester) && !strcmp(r->figs[i].name, name))
			return &r->figs[i];
	return NULL;
}

double cmp_figure_value(const struct cmp_figure *f)
{
	return f && f->n ? f->sum / (double)f->n : NAN;
}

int cmp_figure_add(struct cmp_run *r, const char *tester, const char *name,
		   const char *unit, double value, int cached)
{
	struct cmp_figure *f = (struct cmp_figure *)cmp_figure_find(r, tester, name);

	if (isnan(value))
		return 0;
	if (!f) {
		if (r->nfigs == r->capfigs) {
			size_t cap = r->capfigs ? r->capfigs * 2 : 32;
			struct cmp_figure *p = realloc(r->figs, cap * sizeof(*p));

			if (!p)
				return -1;
			r->figs = p;
			r->capfigs = cap;
		}
		f = &r->figs[r->nfigs++];
		memset(f, 0, sizeof(*f));
		bk_strlcpy(f->tester, tester, sizeof(f->tester));
		bk_strlcpy(f->name, name, sizeof(f->name));
		bk_strlcpy(f->unit, unit, sizeof(f->unit));
		f->cached = cached;
	} else if (cached == 1) {
		f->cached = 1;	/* one pass from RAM makes the mean RAM's too */
	}
	f->sum += value;
	f->n++;
	return 0;
}

/* The record's "cached": 1, 0, or -1 when it does not say. */
static int cached_of(const struct bk_jv *rec, const char *key)
{
	const struct bk_jv *c = bk_jv_get(rec, key);

	return c && c->type == BK_J_BOOL ? (int)c->num : -1;
}

struct member_fig {
	const char *member;
	const char *name;
	const char *unit;
	double scale;
};

/* Members of one record as figures "<prefix><name>". */
static int members(struct cmp_run *r, const struct cmp_part *p, const struct bk_jv *rec,
		   const char *prefix, const struct member_fig *m, size_t n, int cached)
{
	char name[96];

	for (size_t i = 0; i < n; i++) {
		double v = bk_jv_getnum(rec, m[i].member, NAN);

		snprintf(name, sizeof(name), "%s%s", prefix, m[i].name);
		if (cmp_figure_add(r, p->tester, name, m[i].unit, v * m[i].scale, cached))
			return -1;
	}
	return 0;
}

/* A summary's members named with a unit (any tester, also unknown ones). */
static int by_suffix(struct cmp_run *r, const struct cmp_part *p, const struct bk_jv *sum)
{
	static const struct { const char *suffix, *unit; } units[] = {
		{ "_mbit_per_s", "Mbit/s" }, { "_mb_per_s", "MB/s" }, { "_iops", "IOPS" },
		{ "_mips", "MIPS" }, { "_mflops", "MFLOPS" }, { "_c", "C" }, { "_ms", "ms" },
	};

	for (const struct bk_jv *m = sum->child; m; m = m->next) {
		size_t kl = strlen(m->key);

		if (m->type != BK_J_NUM)
			continue;
		for (size_t u = 0; u < BK_ARRAY_SIZE(units); u++) {
			size_t sl = strlen(units[u].suffix);
			char name[96];

			if (kl <= sl || strcmp(m->key + kl - sl, units[u].suffix))
				continue;
			snprintf(name, sizeof(name), "%.*s", (int)(kl - sl), m->key);
			for (char *c = name; *c; c++)
				if (*c == '_')
					*c = ' ';
			if (cmp_figure_add(r, p->tester, name, units[u].unit, m->num,
					   cached_of(sum, "cached")))
				return -1;
			break;
		}
	}
	return 0;
}

static int fpu_figs(struct cmp_run *r, const struct cmp_part *p, const char *type,
		    const struct bk_jv *rec)
{
	char name[96];
	const char *prec = bk_jv_getstr(rec, "precision");

	if (!strcmp(type, "pass")) {
		snprintf(name, sizeof(name), "%s %g words %g ops", prec ? prec : "",
			 bk_jv_getnum(rec, "words", 0), bk_jv_getnum(rec, "ops_per_word", 0));
		return cmp_figure_add(r, p->tester, name, "MFLOPS",
				      bk_jv_getnum(rec, "mflops", NAN), -1);
	}
	if (!strcmp(type, "case")) {
		snprintf(name, sizeof(name), "%gT %g ops %g KB", bk_jv_getnum(rec, "threads", 0),
			 bk_jv_getnum(rec, "ops_per_word", 0), bk_jv_getnum(rec, "kb", 0));
		return cmp_figure_add(r, p->tester, name, "MFLOPS",
				      bk_jv_getnum(rec, "mflops", NAN), -1);
	}
	return 0;
}

static int int_figs(struct cmp_run *r, const struct cmp_part *p, const char *type,
		    const struct bk_jv *rec)
{
	const char *phase = bk_jv_getstr(rec, "phase");
	char name[96];

	if (!phase)
		return 0;
	if (!strcmp(type, "test")) {
		snprintf(name, sizeof(name), "%s speed", phase);
		return cmp_figure_add(r, p->tester, name, "MB/s",
				      bk_jv_getnum(rec, "mb_per_s", NAN), -1);
	}
	if (!strcmp(type, "phase")) {
		snprintf(name, sizeof(name), "%s maximum", phase);
		return cmp_figure_add(r, p->tester, name, "MIPS",
				      bk_jv_getnum(rec, "max_mips", NAN), -1);
	}
	return 0;
}

static int speed_figs(struct cmp_run *r, const struct cmp_part *p, const char *type,
		      const struct bk_jv *rec)
{
	static const struct member_fig rw[] = {
		{ "write_mb_per_s", "write", "MB/s", 1 },
		{ "read_mb_per_s", "read", "MB/s", 1 },
	};
	static const struct member_fig rnd[] = {
		{ "read_ms", "read", "ms", 1 }, { "write_ms", "write", "ms", 1 },
	};
	int cached = cached_of(rec, "cached");
	char prefix[64];

	if (!strcmp(type, "large_file") || !strcmp(type, "cached_file")) {
		snprintf(prefix, sizeof(prefix), "%s %g MiB ", type[0] == 'l' ? "large" : "cached",
			 bk_jv_getnum(rec, "mib", 0));
		return members(r, p, rec, prefix, rw, BK_ARRAY_SIZE(rw), cached);
	}
	if (!strcmp(type, "bus_speed")) {
		snprintf(prefix, sizeof(prefix), "bus %g KB read", bk_jv_getnum(rec, "block", 0) / 1024);
		return cmp_figure_add(r, p->tester, prefix, "MB/s",
				      bk_jv_getnum(rec, "mb_per_s", NAN), cached);
	}
	if (!strcmp(type, "random")) {
		snprintf(prefix, sizeof(prefix), "random %g KB in %g MiB ",
			 bk_jv_getnum(rec, "transfer", 0) / 1024, bk_jv_getnum(rec, "region_mib", 0));
		return members(r, p, rec, prefix, rnd, BK_ARRAY_SIZE(rnd), cached);
	}
	if (!strcmp(type, "small_files")) {
		snprintf(prefix, sizeof(prefix), "small %g KB ", bk_jv_getnum(rec, "kb", 0));
		return members(r, p, rec, prefix, rw, BK_ARRAY_SIZE(rw), cached);
	}
	return 0;
}

static int sdcard_figs(struct cmp_run *r, const struct cmp_part *p, const struct bk_jv *rec)
{
	static const struct member_fig m[] = {
		{ "iops", "IOPS", "IOPS", 1 }, { "mb_per_s", "speed", "MB/s", 1 },
		{ "p50", "p50", "ms", 1e-3 }, { "p99", "p99", "ms", 1e-3 },
		{ "p99.9", "p99.9", "ms", 1e-3 },
	};
	char prefix[64];

	snprintf(prefix, sizeof(prefix), "%s ", bk_jv_getstr(rec, "test") ?
		 bk_jv_getstr(rec, "test") : "?");
	return members(r, p, rec, prefix, m, BK_ARRAY_SIZE(m), cached_of(rec, "cached"));
}

static int summary_figs(struct cmp_run *r, struct cmp_part *p, const struct bk_jv *sum)
{
	static const struct member_fig drive[] = {
		{ "write_mb_per_s", "write", "MB/s", 1 },
		{ "read_mb_per_s", "read", "MB/s", 1 },
		{ "repeat_read_mb_per_s", "repeat read", "MB/s", 1 },
	};
	static const struct member_fig heat[] = {
		{ "peak_c", "peak temperature", "C", 1 },
		{ "first_throttle_s", "time to throttle", "s", 1 },
		{ "throttled_share", "time throttled", "%", 100 },
		{ "perf_lost_pct", "performance lost", "%", 1 },
	};
	static const struct member_fig lfk[] = {
		{ "maximum", "maximum", "MFLOPS", 1 }, { "average", "average", "MFLOPS", 1 },
		{ "geomean", "geometric mean", "MFLOPS", 1 },
		{ "harmean", "harmonic mean", "MFLOPS", 1 }, { "minimum", "minimum", "MFLOPS", 1 },
	};
	const char *t = p->tester;

	if (!strcmp(t, "drive"))	/* "read_cached" speaks of the reading passes */
		return members(r, p, sum, "", drive, 1, -1) ||
		       members(r, p, sum, "", drive + 1, 1, cached_of(sum, "read_cached")) ||
		       members(r, p, sum, "", drive + 2, 1, -1);
	if (!strcmp(t, "temp"))
		return members(r, p, sum, "", heat, 1, -1);
	if (!strcmp(t, "cook")) {
		const struct bk_jv *tp = bk_jv_get(sum, "throughput");

		if (members(r, p, sum, "", heat, BK_ARRAY_SIZE(heat), -1))
			return -1;
		for (const struct bk_jv *c = tp ? tp->child : NULL; c; c = c->next) {
			char name[96];

			snprintf(name, sizeof(name), "%s mean", bk_jv_getstr(c, "series") ?
				 bk_jv_getstr(c, "series") : "copy");
			if (cmp_figure_add(r, t, name, p->unit[0] ? p->unit : "per s",
					   bk_jv_getnum(c, "mean", NAN), -1))
				return -1;
		}
		return 0;
	}
	if (!strcmp(t, "livermore"))
		return members(r, p, sum, "", lfk, BK_ARRAY_SIZE(lfk), -1);
	if (!strcmp(t, "fpu") || !strcmp(t, "mflops") || !strcmp(t, "int") ||
	    !strcmp(t, "speed") || !strcmp(t, "sdcard"))
		return 0;	/* their figures are in their records */
	return by_suffix(r, p, sum);
}

int cmp_figures_from(struct cmp_run *r, struct cmp_part *p, const struct bk_jv *rec)
{
	const char *type = bk_jv_getstr(rec, "type");
	const char *t = p->tester;

	if (!strcmp(type, "summary"))
		return summary_figs(r, p, rec);
	if (!strcmp(t, "cook") && !strcmp(type, "copy") && bk_jv_getstr(rec, "unit"))
		bk_strlcpy(p->unit, bk_jv_getstr(rec, "unit"), sizeof(p->unit));
	if (!strcmp(t, "fpu") || !strcmp(t, "mflops"))
		return fpu_figs(r, p, type, rec);
	if (!strcmp(t, "int"))
		return int_figs(r, p, type, rec);
	if (!strcmp(t, "speed"))
		return speed_figs(r, p, type, rec);
	if (!strcmp(t, "sdcard") && !strcmp(type, "sdcard_test"))
		return sdcard_figs(r, p, rec);
	return 0;
}
