// SPDX-License-Identifier: MIT
/* conclude: the timeline read back at the end, as burnkit report reads
 * it: drops marked, the summary, the chart and the CSV. */
#include <stdio.h>
#include <string.h>

#include "cook.h"
#include "record/timeline.h"
#include "record/timeline_csv.h"
#include "record/timeline_plot.h"

static void out_line(void *arg, const char *line)
{
	bk_out(arg, "%s\n", line);
}

static void drop_records(struct cook *ck, const struct bk_analysis *a)
{
	struct bk_json j;

	bk_json_init(&j);
	for (size_t i = 0; i < a->ndrops; i++) {
		const struct bk_drop *d = &a->drops[i];

		bk_rec_begin(&ck->ctx->log, &j, "drop");
		bk_json_int(&j, "copy", d->copy);
		bk_json_str(&j, "series", d->series);
		bk_json_realp(&j, "from", d->from, 9);
		bk_json_realp(&j, "at", d->to, 9);
		bk_json_realp(&j, "value", d->value, 8);
		bk_json_realp(&j, "usual", d->baseline, 8);
		bk_json_realp(&j, "loss_pct", d->loss_pct, 6);
		bk_json_str(&j, "cause", d->cause == BK_CAUSE_INTERFERENCE ?
			    "interference" : "throttling");
		bk_json_str(&j, "by", d->cause == BK_CAUSE_THROTTLE ? "throttle event" :
			    d->cause == BK_CAUSE_CLOCK ? "clock drop" : NULL);
		bk_json_str(&j, "evidence", d->evidence);
		bk_rec_end(&ck->ctx->log, &j);
	}
	bk_json_free(&j);
}

/* Read the timeline back, as burnkit report does, and conclude. */
int cook_conclude(struct cook *ck, double cpu_pct)
{
	const char *json = bk_param_str(&ck->ctx->params, "json");
	const char *csv = bk_param_str(&ck->ctx->params, "csv");
	struct bk_analysis_params ap;
	static struct bk_timeline tl;
	struct bk_analysis a;
	struct bk_json *sum = &ck->ctx->log.summary;
	char svg[4096], err[512];
	int rc = 0;

	if (bk_param_str(&ck->ctx->params, "svg"))
		bk_strlcpy(svg, bk_param_str(&ck->ctx->params, "svg"), sizeof(svg));
	else
		bk_timeline_svg_name(json, svg, sizeof(svg));
	bk_analysis_defaults(&ap);
	ap.drop_pct = bk_param_real(&ck->ctx->params, "drop");
	bk_timeline_init(&tl);
	if (bk_timeline_load(&tl, json, err, sizeof(err)) || bk_analyse(&tl, &ap, &a)) {
		pr_fail("reading the timeline back: %s", err);
		bk_timeline_free(&tl);
		return -1;
	}
	tl.has_summary = 1;	/* the runner writes it as we return */
	drop_records(ck, &a);
	bk_out(&ck->ctx->log, "\n %s\n\n", tl.title);
	bk_analysis_text(&tl, &a, out_line, &ck->ctx->log);
	if (ck->recording)
		bk_out(&ck->ctx->log, " Recorder            %.2f %% of one CPU (sampling every "
		       "%g s)\n", cpu_pct, ck->sample_s);
	bk_out(&ck->ctx->log, "\n Timeline: %s\n", json);
	if (bk_timeline_svg(&tl, &a, svg, err, sizeof(err))) {
		pr_fail("%s", err);
		rc = -1;
	} else {
		bk_out(&ck->ctx->log, " Chart:    %s\n", svg);
	}
	if (csv) {
		if (bk_timeline_csv(&tl, &a, csv, err, sizeof(err))) {
			pr_fail("%s", err);
			rc = -1;
		} else {
			bk_out(&ck->ctx->log, " CSV:      %s\n", csv);
		}
	}
	bk_analysis_json(&a, sum);
	bk_json_int(sum, "copies", ck->ncopies);
	bk_json_int(sum, "copy_failures", ck->failures);
	bk_json_realp(sum, "recorder_cpu_pct", ck->recording ? cpu_pct : 0, 6);
	bk_json_str(sum, "svg", rc ? NULL : svg);
	bk_json_str(sum, "csv", csv);
	bk_analysis_free(&a);
	bk_timeline_free(&tl);
	return rc;
}
