// SPDX-License-Identifier: MIT
/*
 * Tables: Longbottom's layout, one table per tester, a row per figure and
 * a column per run (board, clock, kernel, date on top); with a baseline, each
 * other cell also gives its ratio to the baseline's. Under each table, the
 * reasons a column is not comparable. The CSV holds the same cells, for
 * spreadsheets: the labels joined by " / ", ratios in columns of their own.
 */
#include "compare/compare.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

#define COL_MAX 30

void cmp_format(double v, char *buf, size_t len)
{
	double a = fabs(v);

	if (isnan(v))
		snprintf(buf, len, "-");
	else if (a >= 100)
		snprintf(buf, len, "%.0f", v);
	else if (a >= 10)
		snprintf(buf, len, "%.1f", v);
	else if (a >= 1 || a == 0)
		snprintf(buf, len, "%.2f", v);
	else
		snprintf(buf, len, "%.3g", v);
}

static void cell_text(const struct cmp_set *s, size_t c, const struct cmp_row *row,
		      char *buf, size_t len)
{
	double v = cmp_cell(s, c, row);
	char num[32];

	cmp_format(v, num, sizeof(num));
	if (s->baseline && c > 0 && !isnan(v)) {
		double b = cmp_cell(s, 0, row);

		if (!isnan(b) && b != 0)
			snprintf(buf, len, "%s x%.2f", num, v / b);
		else
			snprintf(buf, len, "%s", num);
	} else {
		snprintf(buf, len, "%s", num);
	}
}

/* Does the reason belong to this tester's table ("... (tester)")? */
static int reason_of(const char *reason, const char *tester)
{
	size_t rl = strlen(reason), tl = strlen(tester);

	return rl > tl + 2 && reason[rl - 1] == ')' && reason[rl - tl - 2] == '(' &&
	       !strncmp(reason + rl - tl - 1, tester, tl);
}

static void one_table(const struct cmp_set *s, const struct cmp_table *t,
		      void (*out)(void *arg, const char *line), void *arg)
{
	size_t namew = 6, colw[CMP_MAX_COLS];
	char line[2048], cell[96];

	for (size_t r = 0; r < t->nrows; r++) {
		size_t w = strlen(t->rows[r].name) + 1 + strlen(t->rows[r].unit);

		if (w > namew)
			namew = w;
	}
	if (!t->nrows)
		return;
	for (size_t c = 0; c < s->ncols; c++) {
		colw[c] = 8;
		for (int l = 0; l < 4; l++)
			if (strlen(s->cols[c].label[l]) > colw[c])
				colw[c] = strlen(s->cols[c].label[l]);
		for (size_t r = 0; r < t->nrows; r++) {
			cell_text(s, c, &t->rows[r], cell, sizeof(cell));
			if (strlen(cell) > colw[c])
				colw[c] = strlen(cell);
		}
		if (colw[c] > COL_MAX)
			colw[c] = COL_MAX;
	}
	snprintf(line, sizeof(line), " %s", t->tester);
	out(arg, line);
	{
		size_t used = (size_t)snprintf(line, sizeof(line), " %-*s", (int)namew, "");

		for (size_t c = 0; c < s->ncols && used < sizeof(line); c++) {
			char num[24];

			if (!t->has[c])
				continue;
			snprintf(num, sizeof(num), "column %zu", c + 1);
			used += (size_t)snprintf(line + used, sizeof(line) - used, "  %-*s",
						 (int)colw[c], num);
		}
		while (used && line[used - 1] == ' ')
			line[--used] = '\0';
		out(arg, line);
	}
	for (int l = 0; l < 4; l++) {
		size_t used = (size_t)snprintf(line, sizeof(line), " %-*s", (int)namew,
					       l == 0 ? (s->baseline ? "x: ratio to column 1" :
							 "") : "");
		int any = 0;

		for (size_t c = 0; c < s->ncols && used < sizeof(line); c++) {
			if (!t->has[c])
				continue;
			any |= s->cols[c].label[l][0] != '\0';
			used += (size_t)snprintf(line + used, sizeof(line) - used, "  %-*.*s",
						 (int)colw[c], (int)colw[c], s->cols[c].label[l]);
		}
		if (any) {
			while (used && line[used - 1] == ' ')
				line[--used] = '\0';
			out(arg, line);
		}
	}
	for (size_t r = 0; r < t->nrows; r++) {
		char name[160];
		size_t used;

		snprintf(name, sizeof(name), "%s %s", t->rows[r].name, t->rows[r].unit);
		used = (size_t)snprintf(line, sizeof(line), " %-*s", (int)namew, name);
		for (size_t c = 0; c < s->ncols && used < sizeof(line); c++) {
			if (!t->has[c])
				continue;
			cell_text(s, c, &t->rows[r], cell, sizeof(cell));
			used += (size_t)snprintf(line + used, sizeof(line) - used, "  %*s",
						 (int)colw[c], cell);
		}
		out(arg, line);
	}
	for (size_t c = 0; c < s->ncols; c++)
		for (size_t i = 0; i < s->cols[c].nreasons; i++) {
			const char *why = s->cols[c].reasons[i];
			size_t wl = strlen(why), tl = strlen(t->tester);

			if (!reason_of(why, t->tester))
				continue;
			snprintf(line, sizeof(line), "   column %zu (%s): %.*s", c + 1,
				 s->cols[c].label[0], (int)(wl - tl - 3), why);
			out(arg, line);
		}
	out(arg, "");
}

void cmp_tables_text(const struct cmp_set *s, void (*out)(void *arg, const char *line),
		     void *arg)
{
	for (size_t t = 0; t < s->ntables; t++)
		one_table(s, &s->tables[t], out, arg);
}

/* A CSV field, quoted when it must be (RFC 4180). */
static void csv_field(FILE *f, const char *text, int first)
{
	if (!first)
		fputc(',', f);
	if (!strpbrk(text, ",\"\n")) {
		fputs(text, f);
		return;
	}
	fputc('"', f);
	for (const char *c = text; *c; c++) {
		if (*c == '"')
			fputc('"', f);
		fputc(*c, f);
	}
	fputc('"', f);
}

static void column_label(const struct cmp_column *c, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int l = 0; l < 4 && used < len; l++)
		if (c->label[l][0])
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 used ? " / " : "", c->label[l]);
}

int cmp_tables_csv(const struct cmp_set *s, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "we");
	char text[512];

	if (!f) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	fputs("tester,figure,unit", f);
	for (size_t c = 0; c < s->ncols; c++) {
		column_label(&s->cols[c], text, sizeof(text));
		csv_field(f, text, 0);
	}
	for (size_t c = 1; s->baseline && c < s->ncols; c++) {
		snprintf(text, sizeof(text), "ratio %zu/1", c + 1);
		csv_field(f, text, 0);
	}
	fputc('\n', f);
	for (size_t t = 0; t < s->ntables; t++) {
		const struct cmp_table *tb = &s->tables[t];

		for (size_t r = 0; r < tb->nrows; r++) {
			double b = cmp_cell(s, 0, &tb->rows[r]);

			csv_field(f, tb->tester, 1);
			csv_field(f, tb->rows[r].name, 0);
			csv_field(f, tb->rows[r].unit, 0);
			for (size_t c = 0; c < s->ncols; c++) {
				double v = cmp_cell(s, c, &tb->rows[r]);

				if (isnan(v))
					text[0] = '\0';
				else
					snprintf(text, sizeof(text), "%.6g", v);
				csv_field(f, text, 0);
			}
			for (size_t c = 1; s->baseline && c < s->ncols; c++) {
				double v = cmp_cell(s, c, &tb->rows[r]);

				text[0] = '\0';
				if (!isnan(v) && !isnan(b) && b != 0)
					snprintf(text, sizeof(text), "%.4f", v / b);
				csv_field(f, text, 0);
			}
			fputc('\n', f);
		}
		/* the reasons, one row per table */
		csv_field(f, tb->tester, 1);
		csv_field(f, "not comparable", 0);
		csv_field(f, "", 0);
		for (size_t c = 0; c < s->ncols; c++) {
			size_t used = 0;

			text[0] = '\0';
			for (size_t i = 0; i < s->cols[c].nreasons && used < sizeof(text); i++) {
				const char *why = s->cols[c].reasons[i];

				if (reason_of(why, tb->tester))
					used += (size_t)snprintf(text + used, sizeof(text) - used,
								 "%s%.*s", used ? "; " : "",
								 (int)(strlen(why) - strlen(tb->tester) - 3),
								 why);
			}
			csv_field(f, text, 0);
		}
		fputc('\n', f);
	}
	if (ferror(f) | fclose(f)) {
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}
