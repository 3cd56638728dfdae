// SPDX-License-Identifier: MIT
/*
 * burnkit compare FILE.jsonl...: the headline figures of many runs side by
 * side, Longbottom's way (a table per tester, a column per run labelled by
 * board, clock, kernel and date), with the reasons a column is not
 * comparable, ratios against a baseline, a CSV and an SVG. The files are any
 * testers' JSON lines (a burn-in's file holds many testers); a file that is
 * not burnkit's, an empty one or one of a schema this build does not read
 * is refused (exit 2); a torn last line is read up to and said.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "tester.h"

static const char *const by_choices[] = { "run", "board", "param", NULL };

static const struct bk_param compare_params[] = {
	{ "file", NULL, BK_PT_LIST, 0, 0, NULL,
	  "a run's JSON lines; also every leading argument", NULL },
	{ "by", NULL, BK_PT_CHOICE, 0, 0, "run",
	  "one column per run, per board (runs of one board and clock averaged), or per "
	  "set of parameters", by_choices },
	{ "baseline", NULL, BK_PT_STR, 0, 0, NULL,
	  "the reference run: column 1, every other cell with its ratio to it", NULL },
	{ "svg", NULL, BK_PT_STR, 0, 0, NULL,
	  "write the chart here: cook timelines on one time axis, bar charts of the tables",
	  NULL },
	{ "csv", NULL, BK_PT_STR, 0, 0, NULL, "write the tables as CSV here", NULL },
	{ "html", NULL, BK_PT_STR, 0, 0, NULL,
	  "write one self-contained page here: the runs, the tables, the reasons, the chart",
	  NULL },
	BK_PARAMS_END
};

static void out_line(void *arg, const char *line)
{
	bk_out(arg, "%s\n", line);
}

static void free_runs(struct cmp_run *runs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		cmp_run_free(&runs[i]);
	free(runs);
}

/* What a reader must know of a file before its figures. */
static void run_notes(struct bk_log *log, const struct cmp_run *r, size_t col)
{
	for (size_t p = 0; p < r->nparts; p++)
		if (!r->parts[p].complete)
			bk_out(log, " %s (column %zu): %s was cut short (no summary record): "
			       "its figures are those up to the last whole line\n", r->name,
			       col, r->parts[p].tester);
	if (r->torn_last)
		bk_out(log, " %s (column %zu): the last line is torn (the run was cut "
		       "short); read up to the line before it\n", r->name, col);
	if (r->bad_lines > (size_t)r->torn_last)
		bk_out(log, " %s (column %zu): %zu line%s not a burnkit record, skipped\n",
		       r->name, col, r->bad_lines - (size_t)r->torn_last,
		       r->bad_lines - (size_t)r->torn_last > 1 ? "s are" : " is");
}

static enum cmp_by by_of(const char *by)
{
	if (!strcmp(by, "board"))
		return CMP_BY_BOARD;
	if (!strcmp(by, "param"))
		return CMP_BY_PARAM;
	return CMP_BY_RUN;
}

static int compare_run(struct bk_ctx *ctx)
{
	const struct bk_value *files = bk_param(&ctx->params, "file");
	const char *baseline = bk_param_str(&ctx->params, "baseline");
	const char *svg = bk_param_str(&ctx->params, "svg");
	const char *csv = bk_param_str(&ctx->params, "csv");
	const char *html = bk_param_str(&ctx->params, "html");
	size_t n = files->nlist + (baseline ? 1 : 0), figs = 0;
	struct cmp_run *runs;
	struct cmp_set set;
	char err[1024];
	int rc = BK_EXIT_OK;

	if (!files->nlist) {
		pr_fail("which runs? burnkit compare FILE.jsonl... (see burnkit compare --help)");
		return BK_EXIT_USAGE;
	}
	runs = calloc(n, sizeof(*runs));
	if (!runs) {
		pr_fail("out of memory");
		return BK_EXIT_ENV;
	}
	for (size_t i = 0; i < n; i++) {
		const char *path = baseline ? (i ? files->list[i - 1] : baseline) : files->list[i];
		int got;

		cmp_run_init(&runs[i]);
		got = cmp_run_load(&runs[i], path, err, sizeof(err));
		if (got) {
			pr_fail("%s", err);
			free_runs(runs, n);
			return got == CMP_REFUSED ? BK_EXIT_USAGE : BK_EXIT_ENV;
		}
		figs += runs[i].nfigs;
	}
	if (cmp_group(&set, runs, n, by_of(bk_param_str(&ctx->params, "by")), baseline != NULL,
		      err, sizeof(err))) {
		pr_fail("%s", err);
		free_runs(runs, n);
		return BK_EXIT_USAGE;
	}
	bk_out(&ctx->log, "\n burnkit compare: %zu run%s in %zu column%s, %zu table%s%s\n\n", n,
	       n > 1 ? "s" : "", set.ncols, set.ncols > 1 ? "s" : "", set.ntables,
	       set.ntables == 1 ? "" : "s", baseline ? ", column 1 the baseline" : "");
	for (size_t c = 0; c < set.ncols; c++)
		for (size_t k = 0; k < set.cols[c].nruns; k++)
			run_notes(&ctx->log, &runs[set.cols[c].runs[k]], c + 1);
	if (!figs)
		bk_out(&ctx->log, " no headline figure in any of the runs (only records "
		       "compare does not read)\n");
	bk_out(&ctx->log, "\n");
	cmp_tables_text(&set, out_line, &ctx->log);
	if (svg) {
		if (cmp_chart_svg(&set, svg, err, sizeof(err))) {
			pr_fail("%s", err);
			rc = BK_EXIT_ENV;
		} else {
			bk_out(&ctx->log, " Chart: %s\n", svg);
		}
	}
	if (csv) {
		if (cmp_tables_csv(&set, csv, err, sizeof(err))) {
			pr_fail("%s", err);
			rc = BK_EXIT_ENV;
		} else {
			bk_out(&ctx->log, " CSV:   %s\n", csv);
		}
	}
	if (html) {
		if (cmp_html(&set, html, rc == BK_EXIT_OK ? svg : NULL, err, sizeof(err))) {
			pr_fail("%s", err);
			rc = BK_EXIT_ENV;
		} else {
			bk_out(&ctx->log, " Page:  %s\n", html);
		}
	}

	struct bk_json *sum = &ctx->log.summary;
	size_t reasons = 0;

	for (size_t c = 0; c < set.ncols; c++)
		reasons += set.cols[c].nreasons;
	bk_json_uint(sum, "runs", n);
	bk_json_uint(sum, "columns", set.ncols);
	bk_json_uint(sum, "tables", set.ntables);
	bk_json_uint(sum, "not_comparable", reasons);
	bk_json_str(sum, "svg", rc == BK_EXIT_OK ? svg : NULL);
	bk_json_str(sum, "csv", rc == BK_EXIT_OK ? csv : NULL);
	bk_json_str(sum, "html", rc == BK_EXIT_OK ? html : NULL);
	cmp_set_free(&set);
	free_runs(runs, n);
	return rc;
}

const struct bk_tester bk_tester_compare = {
	.name = "compare",
	.summary = "Many runs side by side: tables per tester, ratios, not-comparable reasons",
	.help = "burnkit compare FILE.jsonl... [--by run|board|param] [--baseline FILE]\n"
		"[--svg FILE] [--csv FILE] [--html FILE] reads the JSON lines of any testers (a burn-in's\n"
		"file holds them all) and prints one table per tester, Longbottom's way:\n"
		"a row per headline figure (MFLOPS per size and operations, MB/s per phase,\n"
		"IOPS and latency, MIPS, peak temperature, time to throttle, Livermore\n"
		"ratings), a column per run labelled by board, clock, kernel and date.\n"
		"A figure many passes give is their mean. Under each table, every reason\n"
		"a column cannot be set against the first (or the baseline): another\n"
		"burnkit version or ISA, a figure served from RAM, throttling, another\n"
		"clock, governor, file system or parameter. A file that is not burnkit's,\n"
		"an empty one or one of another schema is refused (exit 2).",
	.params = compare_params,
	.log_prefix = "logCompare",
	.quick = NULL,
	.flags = BK_TF_TOOL | BK_TF_NO_TIMER | BK_TF_FILES_ARG,
	.run = compare_run,
};
