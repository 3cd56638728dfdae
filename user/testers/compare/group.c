// SPDX-License-Identifier: MIT
/*
 * Grouping figures: the columns (one per run; per board model and clock,
 * runs of one board averaged; or per set of parameters) and one table per
 * tester whose rows are its figures in the order the runs first give them.
 * With a baseline, its run is column 0 on its own and the reference of
 * every ratio and of every "not comparable".
 */
#include "compare/compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

int cmp_param_ignored(const char *key)
{
	static const char *const ignored[] = {
		"json", "log", "no-config", "pause-at-end", "svg", "csv", "html", "prom",
		"junit", "filepath", "file", "dir", NULL,
	};

	for (size_t i = 0; ignored[i]; i++)
		if (!strcmp(key, ignored[i]))
			return 1;
	return 0;
}

/* Every part's parameters as "tester.key=value" joined by spaces. */
static void params_key(const struct cmp_run *r, char *buf, size_t len, const char *only)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t p = 0; p < r->nparts; p++)
		for (size_t i = 0; i < r->parts[p].nparams && used + 1 < len; i++) {
			const struct cmp_param *q = &r->parts[p].params[i];
			char one[200];

			snprintf(one, sizeof(one), "%s.%s", r->parts[p].tester, q->key);
			if (only && !strstr(only, one))
				continue;
			used += (size_t)snprintf(buf + used, len - used, "%s%s=%s",
						 used ? " " : "", only ? q->key : one, q->value);
			if (used >= len)
				used = len - 1;
		}
}

/* The "tester.key" of parameters whose values differ between runs. */
static void differing_params(const struct cmp_run *runs, size_t n, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t a = 0; a < n; a++)
		for (size_t p = 0; p < runs[a].nparts; p++)
			for (size_t i = 0; i < runs[a].parts[p].nparams; i++) {
				const struct cmp_param *q = &runs[a].parts[p].params[i];
				const char *t = runs[a].parts[p].tester;
				char one[80];
				int differs = 0;

				snprintf(one, sizeof(one), "%s.%s", t, q->key);
				if (strstr(buf, one))
					continue;
				for (size_t b = 0; b < n && !differs; b++) {
					const struct cmp_part *o = cmp_run_part(&runs[b], t);
					const char *v = NULL;

					for (size_t k = 0; o && k < o->nparams; k++)
						if (!strcmp(o->params[k].key, q->key))
							v = o->params[k].value;
					differs = o && (!v || strcmp(v, q->value));
				}
				if (differs && used + strlen(one) + 2 < len)
					used += (size_t)snprintf(buf + used, len - used, "%s ", one);
			}
}

static void identity_labels(struct cmp_column *c, const struct cmp_run *r)
{
	bk_strlcpy(c->label[0], r->board, sizeof(c->label[0]));
	if (isnan(r->mhz))
		snprintf(c->label[1], sizeof(c->label[1]), "%s, clock ?", r->machine);
	else
		snprintf(c->label[1], sizeof(c->label[1]), "%s, %.0f MHz", r->machine, r->mhz);
	snprintf(c->label[2], sizeof(c->label[2]), "%s", r->kernel[0] ? r->kernel : "kernel ?");
	snprintf(c->label[3], sizeof(c->label[3]), "%s", r->date[0] ? r->date : "date ?");
}

/* The column runs[i] belongs in, by s->by; a new one if none. */
static int place(struct cmp_set *s, size_t i, const char *differ)
{
	const struct cmp_run *r = &s->runs[i];
	char key[512], other[512];
	size_t c = s->baseline ? 1 : 0;

	if (s->by != CMP_BY_RUN && !(s->baseline && i == 0)) {
		for (; c < s->ncols; c++) {
			const struct cmp_run *o = &s->runs[s->cols[c].runs[0]];

			if (s->by == CMP_BY_BOARD) {
				if (!strcmp(o->board, r->board) &&
				    (isnan(o->mhz) ? isnan(r->mhz) : o->mhz == r->mhz))
					break;
			} else {
				params_key(r, key, sizeof(key), NULL);
				params_key(o, other, sizeof(other), NULL);
				if (!strcmp(key, other))
					break;
			}
		}
		if (c < s->ncols) {
			struct cmp_column *col = &s->cols[c];

			if (col->nruns < CMP_MAX_COLS)
				col->runs[col->nruns++] = i;
			if (s->by == CMP_BY_BOARD)
				snprintf(col->label[3], sizeof(col->label[3]), "%zu runs", col->nruns);
			return 0;
		}
	}
	if (s->ncols == CMP_MAX_COLS)
		return -1;
	c = s->ncols++;
	memset(&s->cols[c], 0, sizeof(s->cols[c]));
	s->cols[c].runs[0] = i;
	s->cols[c].nruns = 1;
	identity_labels(&s->cols[c], r);
	if (s->by == CMP_BY_PARAM) {
		/* the parameters that tell the columns apart lead the label */
		params_key(r, key, sizeof(key), differ);
		memmove(s->cols[c].label[1], s->cols[c].label[0], sizeof(s->cols[c].label[0]));
		bk_strlcpy(s->cols[c].label[0], key[0] ? key : "same parameters",
			   sizeof(s->cols[c].label[0]));
		bk_strlcpy(s->cols[c].label[2], s->cols[c].label[3], sizeof(s->cols[c].label[2]));
		s->cols[c].label[3][0] = '\0';
	}
	return 0;
}

static struct cmp_table *table_of(struct cmp_set *s, const char *tester)
{
	struct cmp_table *t;

	for (size_t i = 0; i < s->ntables; i++)
		if (!strcmp(s->tables[i].tester, tester))
			return &s->tables[i];
	t = realloc(s->tables, (s->ntables + 1) * sizeof(*t));
	if (!t)
		return NULL;
	s->tables = t;
	t = &s->tables[s->ntables++];
	memset(t, 0, sizeof(*t));
	bk_strlcpy(t->tester, tester, sizeof(t->tester));
	return t;
}

static int add_row(struct cmp_table *t, const struct cmp_figure *f)
{
	struct cmp_row *rows;

	for (size_t i = 0; i < t->nrows; i++)
		if (!strcmp(t->rows[i].name, f->name))
			return 0;
	rows = realloc(t->rows, (t->nrows + 1) * sizeof(*rows));
	if (!rows)
		return -1;
	t->rows = rows;
	rows = &t->rows[t->nrows++];
	bk_strlcpy(rows->tester, f->tester, sizeof(rows->tester));
	bk_strlcpy(rows->name, f->name, sizeof(rows->name));
	bk_strlcpy(rows->unit, f->unit, sizeof(rows->unit));
	return 0;
}

int cmp_group(struct cmp_set *s, const struct cmp_run *runs, size_t nruns,
	      enum cmp_by by, int baseline, char *err, size_t errlen)
{
	char differ[1024];

	memset(s, 0, sizeof(*s));
	s->runs = runs;
	s->nruns = nruns;
	s->by = by;
	s->baseline = baseline;
	differing_params(runs, nruns, differ, sizeof(differ));
	for (size_t i = 0; i < nruns; i++)
		if (place(s, i, differ)) {
			snprintf(err, errlen, "too many columns: at most %d (use --by board "
				 "or fewer files)", CMP_MAX_COLS);
			return -1;
		}
	for (size_t c = 0; c < s->ncols; c++)
		for (size_t k = 0; k < s->cols[c].nruns; k++) {
			const struct cmp_run *r = &runs[s->cols[c].runs[k]];

			for (size_t p = 0; p < r->nparts; p++) {
				struct cmp_table *t = table_of(s, r->parts[p].tester);

				if (!t) {
					snprintf(err, errlen, "out of memory grouping the figures");
					return -1;
				}
				if (!t->held)
					t->ref = c;	/* the first column holding it */
				t->held = 1;
				t->has[c] = 1;
			}
			for (size_t f = 0; f < r->nfigs; f++) {
				struct cmp_table *t = table_of(s, r->figs[f].tester);

				if (!t || add_row(t, &r->figs[f])) {
					snprintf(err, errlen, "out of memory grouping the figures");
					return -1;
				}
			}
		}
	cmp_comparable(s);
	return 0;
}

void cmp_set_free(struct cmp_set *s)
{
	for (size_t i = 0; i < s->ntables; i++)
		free(s->tables[i].rows);
	free(s->tables);
	s->tables = NULL;
	s->ntables = 0;
}

double cmp_cell(const struct cmp_set *s, size_t col, const struct cmp_row *row)
{
	double sum = 0;
	size_t n = 0;

	for (size_t k = 0; k < s->cols[col].nruns; k++) {
		double v = cmp_figure_value(cmp_figure_find(&s->runs[s->cols[col].runs[k]],
							    row->tester, row->name));

		if (!isnan(v)) {
			sum += v;
			n++;
		}
	}
	return n ? sum / (double)n : NAN;
}
