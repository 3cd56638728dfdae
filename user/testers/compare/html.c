// SPDX-License-Identifier: MIT
/*
 * The comparison as one page to share: the runs and their identity (board,
 * clock, governor, kernel, date, what was cut short), one table per tester
 * with the reasons its columns are not comparable, and the chart inline.
 */
#include "compare/compare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "record/html.h"
#include "util.h"

static void runs_table(struct bk_html *h, const struct cmp_set *s)
{
	static const char *const head[] = {
		"Column", "File", "Board", "Machine", "Clock", "Governor", "Kernel", "Date", "Notes",
	};

	bk_html_table_begin(h, "runs", "Runs");
	bk_html_row(h, 1, head, BK_ARRAY_SIZE(head));
	for (size_t c = 0; c < s->ncols; c++)
		for (size_t k = 0; k < s->cols[c].nruns; k++) {
			const struct cmp_run *r = &s->runs[s->cols[c].runs[k]];
			char col[16], mhz[24], notes[160] = "";
			const char *cells[9];
			size_t used = 0;

			snprintf(col, sizeof(col), "%zu%s", c + 1, s->baseline && c == 0 ?
				 " (baseline)" : "");
			if (isnan(r->mhz))
				snprintf(mhz, sizeof(mhz), "?");
			else
				snprintf(mhz, sizeof(mhz), "%.0f MHz", r->mhz);
			for (size_t p = 0; p < r->nparts && used < sizeof(notes); p++)
				if (!r->parts[p].complete)
					used += (size_t)snprintf(notes + used, sizeof(notes) - used,
								 "%s cut short; ", r->parts[p].tester);
			if (r->torn_last && used < sizeof(notes))
				snprintf(notes + used, sizeof(notes) - used, "last line torn");
			cells[0] = col;
			cells[1] = r->name;
			cells[2] = r->board;
			cells[3] = r->machine;
			cells[4] = mhz;
			cells[5] = r->governor[0] ? r->governor : "?";
			cells[6] = r->kernel;
			cells[7] = r->date;
			cells[8] = notes;
			bk_html_row(h, 0, cells, 9);
		}
	bk_html_table_end(h);
}

static void figures_table(struct bk_html *h, const struct cmp_set *s, const struct cmp_table *t)
{
	const char *cells[CMP_MAX_COLS + 1];
	char text[CMP_MAX_COLS][96];
	size_t n;

	if (!t->nrows)
		return;
	bk_html_heading(h, 2, "%s", t->tester);
	bk_html_table_begin(h, "figures", s->baseline ? "x: ratio to column 1" : NULL);
	for (int l = 0; l < 4; l++) {
		n = 0;
		cells[n++] = l == 0 ? "Figure" : "";
		for (size_t c = 0; c < s->ncols; c++)
			if (t->has[c]) {
				if (l == 0)
					snprintf(text[c], sizeof(text[c]), "%zu: %s", c + 1,
						 s->cols[c].label[0]);
				else
					bk_strlcpy(text[c], s->cols[c].label[l], sizeof(text[c]));
				cells[n++] = text[c];
			}
		bk_html_row(h, 1, cells, n);
	}
	for (size_t r = 0; r < t->nrows; r++) {
		char name[128];

		snprintf(name, sizeof(name), "%s (%s)", t->rows[r].name, t->rows[r].unit);
		n = 0;
		cells[n++] = name;
		for (size_t c = 0; c < s->ncols; c++) {
			double v = cmp_cell(s, c, &t->rows[r]), b = cmp_cell(s, 0, &t->rows[r]);
			char num[32];

			if (!t->has[c])
				continue;
			cmp_format(v, num, sizeof(num));
			if (s->baseline && c > 0 && !isnan(v) && !isnan(b) && b != 0)
				snprintf(text[c], sizeof(text[c]), "%s x%.2f", num, v / b);
			else
				bk_strlcpy(text[c], num, sizeof(text[c]));
			cells[n++] = text[c];
		}
		bk_html_row(h, 0, cells, n);
	}
	bk_html_table_end(h);
	bk_html_list_begin(h, "reasons");
	for (size_t c = 0; c < s->ncols; c++)
		for (size_t i = 0; i < s->cols[c].nreasons; i++) {
			const char *why = s->cols[c].reasons[i];
			size_t wl = strlen(why), tl = strlen(t->tester);

			if (wl > tl + 3 && !strncmp(why + wl - tl - 1, t->tester, tl) &&
			    why[wl - tl - 2] == '(')
				bk_html_item(h, "column %zu (%s): %.*s", c + 1, s->cols[c].label[0],
					     (int)(wl - tl - 3), why);
		}
	bk_html_list_end(h);
}

int cmp_html(const struct cmp_set *s, const char *path, const char *svg, char *err,
	     size_t errlen)
{
	struct bk_html h;
	char tmp_svg[4096];
	int rc = 0;

	if (!svg) {
		snprintf(tmp_svg, sizeof(tmp_svg), "%s.svg.tmp", path);
		if (cmp_chart_svg(s, tmp_svg, err, errlen))
			return -1;
	}
	if (bk_html_open(&h, path, "burnkit compare", err, errlen)) {
		if (!svg)
			unlink(tmp_svg);
		return -1;
	}
	bk_html_para(&h, NULL, "%zu run%s in %zu column%s; under each table, every reason "
		     "a column cannot be set against the first.", s->nruns,
		     s->nruns == 1 ? "" : "s", s->ncols, s->ncols == 1 ? "" : "s");
	runs_table(&h, s);
	for (size_t t = 0; t < s->ntables; t++)
		figures_table(&h, s, &s->tables[t]);
	bk_html_heading(&h, 2, "Chart");
	rc = bk_html_svg_file(&h, svg ? svg : tmp_svg, err, errlen);
	if (!svg)
		unlink(tmp_svg);
	if (bk_html_close(&h) && !rc) {
		snprintf(err, errlen, "cannot write %s", path);
		rc = -1;
	}
	return rc;
}
