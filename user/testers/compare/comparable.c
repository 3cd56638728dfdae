// SPDX-License-Identifier: MIT
/*
 * Comparability: why a column's figures cannot be set against the
 * reference column's (the baseline, else the first). Each reason reads
 * "not comparable: <what>", this column's value first:
 *   another burnkit version, another kernel ISA, a figure served from RAM
 *   (cached) where the reference's came from the device, throttling during
 *   the run, another CPU clock (of the same board model) or governor, another file system, another
 *   value of a parameter (not when the columns are the parameters: --by param).
 * A different board is no reason: telling boards apart is what compare is for.
 */
#include "compare/compare.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

struct reasons {
	char (*out)[120];
	size_t n, max;
	const char *tester;
};

static void say(struct reasons *r, const char *fmt, ...) BK_PRINTF(2, 3);

static void say(struct reasons *r, const char *fmt, ...)
{
	char what[96];
	va_list ap;

	if (r->n == r->max)
		return;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	snprintf(r->out[r->n], sizeof(r->out[r->n]), "not comparable: %s (%s)", what,
		 r->tester);
	for (size_t i = 0; i < r->n; i++)
		if (!strcmp(r->out[i], r->out[r->n]))
			return;
	r->n++;
}

static const char *param_value(const struct cmp_part *p, const char *key)
{
	for (size_t i = 0; i < p->nparams; i++)
		if (!strcmp(p->params[i].key, key))
			return p->params[i].value;
	return NULL;
}

static void cached_reasons(struct reasons *rs, const struct cmp_run *a,
			   const struct cmp_run *b)
{
	for (size_t i = 0; i < b->nfigs; i++) {
		const struct cmp_figure *fb = &b->figs[i], *fa;

		if (strcmp(fb->tester, rs->tester))
			continue;
		fa = cmp_figure_find(a, fb->tester, fb->name);
		if (fb->cached == 1 && (!fa || fa->cached != 1) && a != b) {
			say(rs, "%s served from RAM (cached)", fb->name);
			return;
		}
		if (fb->cached == 0 && fa && fa->cached == 1) {
			say(rs, "%s of the reference served from RAM (cached)", fb->name);
			return;
		}
	}
}

size_t cmp_reasons(const struct cmp_run *a, const struct cmp_run *b, const char *tester,
		   int params_too, char (*out)[120], size_t max)
{
	const struct cmp_part *pa = cmp_run_part(a, tester), *pb = cmp_run_part(b, tester);
	struct reasons rs = { out, 0, max, tester };

	if (!pa || !pb)
		return 0;
	if (strcmp(pb->version, pa->version))
		say(&rs, "burnkit version %s vs %s", pb->version, pa->version);
	if (strcmp(pb->isa, pa->isa))
		say(&rs, "isa %s vs %s", pb->isa[0] ? pb->isa : "none",
		    pa->isa[0] ? pa->isa : "none");
	cached_reasons(&rs, a, b);
	if (pb->throttled == 1)
		say(&rs, "throttled for %.1f s during the run", pb->throttled_s);
	/* another board has another clock: that is no reason, but the same one at another is */
	if (!strcmp(a->board, b->board) && !isnan(a->mhz) && !isnan(b->mhz) &&
	    fabs(b->mhz - a->mhz) > 0.01 * a->mhz)
		say(&rs, "clock %.0f vs %.0f MHz", b->mhz, a->mhz);
	if (a->governor[0] && b->governor[0] && strcmp(a->governor, b->governor))
		say(&rs, "governor %s vs %s", b->governor, a->governor);
	if (pa->fs[0] && pb->fs[0] && strcmp(pa->fs, pb->fs))
		say(&rs, "file system %s vs %s", pb->fs, pa->fs);
	if (params_too) {
		for (size_t i = 0; i < pb->nparams; i++) {
			const char *va = param_value(pa, pb->params[i].key);

			if (!strcmp(pb->params[i].key, "isa"))
				continue;	/* the ISA that ran is compared above */
			if (!va || strcmp(va, pb->params[i].value))
				say(&rs, "parameter %s %s vs %s", pb->params[i].key,
				    pb->params[i].value, va ? va : "unset");
		}
		for (size_t i = 0; i < pa->nparams; i++)
			if (strcmp(pa->params[i].key, "isa") && !param_value(pb, pa->params[i].key))
				say(&rs, "parameter %s unset vs %s", pa->params[i].key,
				    pa->params[i].value);
	}
	return rs.n;
}

void cmp_comparable(struct cmp_set *s)
{
	for (size_t c = 0; c < s->ncols; c++)
		s->cols[c].nreasons = 0;
	for (size_t t = 0; t < s->ntables; t++) {
		const struct cmp_table *tb = &s->tables[t];
		const struct cmp_run *ref = &s->runs[s->cols[tb->ref].runs[0]];

		for (size_t c = 0; c < s->ncols; c++) {
			struct cmp_column *col = &s->cols[c];

			if (!tb->has[c])
				continue;
			for (size_t k = 0; k < col->nruns; k++) {
				char got[CMP_MAX_REASONS][120];
				size_t n = cmp_reasons(ref, &s->runs[col->runs[k]], tb->tester,
						       s->by != CMP_BY_PARAM, got, CMP_MAX_REASONS);

				for (size_t i = 0; i < n && col->nreasons < CMP_MAX_REASONS; i++) {
					size_t j;

					for (j = 0; j < col->nreasons; j++)
						if (!strcmp(col->reasons[j], got[i]))
							break;
					if (j == col->nreasons)
						bk_strlcpy(col->reasons[col->nreasons++], got[i],
							   sizeof(col->reasons[0]));
				}
			}
		}
	}
}
