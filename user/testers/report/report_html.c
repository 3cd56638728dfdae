// SPDX-License-Identifier: MIT
#include "report/report_html.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "record/html.h"
#include "record/jsonread.h"
#include "util.h"

/* The system identity of the timeline's first start record, as table rows. */
static void identity(struct bk_html *h, const char *path)
{
	static const char *const keys[][2] = {
		{ "board", "Board" }, { "hardware", "Hardware" }, { "revision", "Revision" },
		{ "cpu_model", "CPU" }, { "machine", "Machine" }, { "kernel", "Kernel" },
	};
	FILE *f = fopen(path, "re");
	char *line = NULL, err[128];
	size_t cap = 0;
	ssize_t len;
	struct bk_jdoc d = { 0 };

	bk_html_table_begin(h, "identity", "System");
	while (f && (len = getline(&line, &cap, f)) >= 0) {
		const struct bk_jv *sys;
		const char *type;
		double ns;

		if (bk_jdoc_parse(&d, line, (size_t)len, err, sizeof(err)))
			continue;
		type = bk_jv_getstr(d.root, "type");
		if (!type || strcmp(type, "start")) {
			bk_jdoc_free(&d);
			continue;
		}
		sys = bk_jv_get(d.root, "system");
		for (size_t i = 0; sys && i < BK_ARRAY_SIZE(keys); i++) {
			const char *v = bk_jv_getstr(sys, keys[i][0]);
			const char *cells[2] = { keys[i][1], v };

			if (v && *v)
				bk_html_row(h, 0, cells, 2);
		}
		ns = bk_jv_getnum(d.root, "wall_ns", NAN);
		if (!isnan(ns) && ns > 0) {
			time_t secs = (time_t)(ns / 1e9);
			struct tm tm;
			char date[32];
			const char *cells[2] = { "Started (UTC)", date };

			if (gmtime_r(&secs, &tm)) {
				strftime(date, sizeof(date), "%Y-%m-%d %H:%M:%S", &tm);
				bk_html_row(h, 0, cells, 2);
			}
		}
		{
			const char *cells[2] = { "burnkit", bk_jv_getstr(d.root, "version") };

			bk_html_row(h, 0, cells, 2);
		}
		bk_jdoc_free(&d);
		break;
	}
	bk_html_table_end(h);
	free(line);
	if (f)
		fclose(f);
}

static void out_item(void *arg, const char *line)
{
	while (*line == ' ')
		line++;
	if (*line)
		bk_html_item(arg, "%s", line);
}

static void throttle_table(struct bk_html *h, const struct bk_timeline *tl,
			   const struct bk_analysis *a)
{
	static const char *const head[] = { "From (s)", "To (s)", "Seconds", "Source" };

	bk_html_heading(h, 2, "Throttle intervals");
	if (!a->nthrottle) {
		bk_html_para(h, NULL, "%s", tl->kmod ? "None: the module saw no throttling." :
			     "None seen; throttling was not watched (the module was not loaded).");
		return;
	}
	bk_html_table_begin(h, "throttle", NULL);
	bk_html_row(h, 1, head, 4);
	for (size_t i = 0; i < a->nthrottle; i++) {
		const struct bk_interval *v = &a->throttle[i];
		char from[24], to[24], len[24];
		const char *cells[4] = { from, to, len, v->what };

		snprintf(from, sizeof(from), "%.1f", v->from - tl->t_first);
		snprintf(to, sizeof(to), "%.1f", v->to - tl->t_first);
		snprintf(len, sizeof(len), "%.1f", v->to - v->from);
		bk_html_row(h, 0, cells, 4);
	}
	bk_html_table_end(h);
}

static void drops_table(struct bk_html *h, const struct bk_timeline *tl,
			const struct bk_analysis *a)
{
	static const char *const head[] = {
		"Series", "From (s)", "To (s)", "Value", "Usual", "Loss %", "Cause", "Evidence",
	};

	bk_html_heading(h, 2, "Drops");
	if (!a->ndrops) {
		bk_html_para(h, NULL, "No pass ran slow.");
		return;
	}
	bk_html_table_begin(h, "drops", NULL);
	bk_html_row(h, 1, head, 8);
	for (size_t i = 0; i < a->ndrops; i++) {
		const struct bk_drop *d = &a->drops[i];
		char from[24], to[24], val[24], base[24], loss[24];
		const char *cells[8] = { d->series, from, to, val, base, loss,
					 bk_drop_cause_name(d->cause), d->evidence };

		snprintf(from, sizeof(from), "%.1f", d->from - tl->t_first);
		snprintf(to, sizeof(to), "%.1f", d->to - tl->t_first);
		snprintf(val, sizeof(val), "%.0f", d->value);
		snprintf(base, sizeof(base), "%.0f", d->baseline);
		snprintf(loss, sizeof(loss), "%.1f", d->loss_pct);
		bk_html_row(h, 0, cells, 8);
	}
	bk_html_table_end(h);
}

int bk_report_html(const char *path, const char *timeline_path, const struct bk_timeline *tl,
		   const struct bk_analysis *a, const char *svg, char *err, size_t errlen)
{
	struct bk_html h;
	int rc;

	if (bk_html_open(&h, path, tl->title, err, errlen))
		return -1;
	bk_html_para(&h, tl->has_summary ? NULL : "bad", "Timeline %s: %zu records, %.1f s%s",
		     timeline_path, tl->lines - tl->bad_lines, a->span_s,
		     tl->has_summary ? "" : " -- cut short (no summary record: the run did not "
		     "end normally; this is everything up to the last whole line)");
	if (tl->bad_lines)
		bk_html_para(&h, "bad", "%zu line%s not JSON%s", tl->bad_lines,
			     tl->bad_lines > 1 ? "s" : "", tl->torn_last ? " (the last one torn)" : "");
	identity(&h, timeline_path);
	bk_html_heading(&h, 2, "Verdict");
	bk_html_list_begin(&h, "verdict");
	bk_analysis_text(tl, a, out_item, &h);
	bk_html_list_end(&h);
	throttle_table(&h, tl, a);
	drops_table(&h, tl, a);
	bk_html_heading(&h, 2, "Chart");
	rc = bk_html_svg_file(&h, svg, err, errlen);
	if (bk_html_close(&h) && !rc) {
		snprintf(err, errlen, "cannot write %s", path);
		rc = -1;
	}
	return rc;
}
