// SPDX-License-Identifier: MIT
/*
 * burnkit report FILE.jsonl: the summary and the chart of a timeline that
 * cook or temp wrote, rebuilt from the file alone; also from one cut short
 * by a hang or a power loss (it reads up to the last whole line and says
 * so).
 */
#include <stdio.h>
#include <string.h>

#include "record/analysis.h"
#include "tester.h"
#include "unended.h"
#include "record/timeline.h"
#include "record/timeline_csv.h"
#include "record/timeline_plot.h"
#include "report/report_html.h"

static const struct bk_param report_params[] = {
	{ "file", NULL, BK_PT_STR, 0, 0, NULL,
	  "the timeline (JSON lines of cook or temp); also the first argument", NULL },
	{ "svg", NULL, BK_PT_STR, 0, 0, NULL,
	  "write the chart here (default: FILE with .jsonl replaced by .svg)", NULL },
	{ "csv", NULL, BK_PT_STR, 0, 0, NULL,
	  "also write the timeline as CSV, for spreadsheets", NULL },
	{ "html", NULL, BK_PT_STR, 0, 0, NULL,
	  "also write one self-contained page to share: identity, verdict, throttling, "
	  "drops, the chart", NULL },
	{ "drop", NULL, BK_PT_REAL, 1, 90, "10",
	  "a pass more than this many percent below its copy's usual speed is a drop",
	  NULL },
	BK_PARAMS_END
};

static void out_line(void *arg, const char *line)
{
	bk_out(arg, "%s\n", line);
}

static int report_run(struct bk_ctx *ctx)
{
	const char *file = bk_param_str(&ctx->params, "file");
	const char *csv = bk_param_str(&ctx->params, "csv");
	const char *html = bk_param_str(&ctx->params, "html");
	struct bk_analysis_params ap;
	struct bk_analysis a;
	static struct bk_timeline tl;
	char svg[4096], err[512];
	int rc = BK_EXIT_OK;

	if (!file) {
		pr_fail("which timeline? burnkit report FILE.jsonl (see burnkit report --help)");
		return BK_EXIT_USAGE;
	}
	if (bk_param_str(&ctx->params, "svg"))
		bk_strlcpy(svg, bk_param_str(&ctx->params, "svg"), sizeof(svg));
	else
		bk_timeline_svg_name(file, svg, sizeof(svg));
	bk_analysis_defaults(&ap);
	ap.drop_pct = bk_param_real(&ctx->params, "drop");

	bk_timeline_init(&tl);
	if (bk_timeline_load(&tl, file, err, sizeof(err))) {
		pr_fail("%s", err);
		bk_timeline_free(&tl);
		return BK_EXIT_ENV;
	}
	if (bk_analyse(&tl, &ap, &a)) {
		pr_fail("out of memory analysing %s", file);
		bk_timeline_free(&tl);
		return BK_EXIT_ENV;
	}
	bk_out(&ctx->log, "\n %s\n Timeline %s: %zu records, %.1f s%s\n", tl.title, file,
	       tl.lines - tl.bad_lines, a.span_s,
	       tl.has_summary ? "" : " -- CUT SHORT (no summary record: the run "
	       "did not end normally; this is everything up to the last whole line)");
	if (!tl.has_summary) {
		char msg[512];

		if (bk_unended_json(file, msg, sizeof(msg)) == 1)
			bk_out(&ctx->log, " %s\n", msg);
	}
	if (tl.bad_lines)
		bk_out(&ctx->log, " %zu line%s not JSON%s\n", tl.bad_lines,
		       tl.bad_lines > 1 ? "s" : "",
		       tl.torn_last ? " (the last one torn)" : "");
	if (tl.lost_events)
		bk_out(&ctx->log, " %lu throttle events were lost (the module's ring "
		       "overran between reads)\n", tl.lost_events);
	bk_out(&ctx->log, "\n");
	bk_analysis_text(&tl, &a, out_line, &ctx->log);

	if (bk_timeline_svg(&tl, &a, svg, err, sizeof(err))) {
		pr_fail("%s", err);
		rc = BK_EXIT_ENV;
	} else {
		bk_out(&ctx->log, "\n Chart: %s\n", svg);
	}
	if (csv && rc == BK_EXIT_OK) {
		if (bk_timeline_csv(&tl, &a, csv, err, sizeof(err))) {
			pr_fail("%s", err);
			rc = BK_EXIT_ENV;
		} else {
			bk_out(&ctx->log, " CSV:   %s\n", csv);
		}
	}
	if (html && rc == BK_EXIT_OK) {
		if (bk_report_html(html, file, &tl, &a, svg, err, sizeof(err))) {
			pr_fail("%s", err);
			rc = BK_EXIT_ENV;
		} else {
			bk_out(&ctx->log, " Page:  %s\n", html);
		}
	}

	struct bk_json *sum = &ctx->log.summary;

	bk_json_str(sum, "timeline", file);
	bk_json_bool(sum, "complete", tl.has_summary);
	bk_json_uint(sum, "bad_lines", tl.bad_lines);
	bk_json_bool(sum, "torn_last", tl.torn_last);
	bk_analysis_json(&a, sum);
	bk_json_str(sum, "svg", rc == BK_EXIT_OK ? svg : NULL);
	bk_json_str(sum, "csv", rc == BK_EXIT_OK ? csv : NULL);
	bk_json_str(sum, "html", rc == BK_EXIT_OK ? html : NULL);
	bk_analysis_free(&a);
	bk_timeline_free(&tl);
	return rc;
}

const struct bk_tester bk_tester_report = {
	.name = "report",
	.summary = "Summary and SVG chart of a cook or temp timeline (also a cut-short one)",
	.help = "burnkit report FILE.jsonl [--svg FILE] [--csv FILE] [--html FILE] rebuilds, from the\n"
		"timeline alone, what cook printed at its end: peak temperature, time to\n"
		"the first throttle, share of time throttled, performance lost, every\n"
		"drop with its cause (throttling or interference) and the errors; and\n"
		"draws the chart. A timeline cut short by a hang or a power loss is read\n"
		"up to its last whole line, and the report says it was cut short.",
	.params = report_params,
	.log_prefix = "logReport",
	.quick = "burnin-cook.jsonl --svg burnin-report.svg",
	.flags = BK_TF_TOOL | BK_TF_NO_TIMER | BK_TF_FILE_ARG,
	.run = report_run,
};
