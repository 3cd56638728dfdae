// SPDX-License-Identifier: MIT
/*
 * Drops and their causes on recorded timelines (fixtures/timelines): a
 * drop inside an injected throttle interval is throttling, one with no
 * throttle event or clock drop near it is interference; without the module
 * a clock drop on the copy's CPU stands for throttling; counter sources
 * and sources active from the start; a timeline cut short still reads.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/analysis.h"
#include "json.h"
#include "record/timeline.h"
#include "../tools/jsoncheck.h"

static void load(struct bk_timeline *tl, const char *name)
{
	const char *base = getenv("BURNKIT_FIXTURES");
	char path[512], err[512];

	snprintf(path, sizeof(path), "%s/timelines/%s", base ? base : "tests/unit/fixtures",
		 name);
	bk_timeline_init(tl);
	cr_assert_eq(bk_timeline_load(tl, path, err, sizeof(err)), 0, "%s", err);
}

static void analyse(const struct bk_timeline *tl, struct bk_analysis *a, double drop_pct)
{
	struct bk_analysis_params p;

	bk_analysis_defaults(&p);
	p.drop_pct = drop_pct;
	cr_assert_eq(bk_analyse(tl, &p, a), 0);
}

Test(analysis, injected_throttle_explains_one_drop_not_the_other)
{
	struct bk_timeline tl;
	struct bk_analysis a;

	load(&tl, "cook-inject.jsonl");
	cr_assert(tl.kmod);
	cr_assert(tl.has_summary);
	cr_assert_eq(tl.ncopies, 2);
	cr_assert_float_eq(tl.sample_s, 0.5, 1e-12);
	analyse(&tl, &a, 10);

	cr_assert_eq(a.nthrottle, 1);
	cr_assert_float_eq(a.throttle[0].from, 6.1, 1e-9);
	cr_assert_float_eq(a.throttle[0].to, 8.3, 1e-9);
	cr_assert_str_eq(a.throttle[0].what, "inject/0");
	cr_assert_float_eq(a.first_throttle_s, 6.1 - tl.t_first, 1e-9);
	cr_assert_float_eq(a.throttled_s, 2.2, 1e-9);
	cr_assert_float_eq(a.throttled_share, 2.2 / a.span_s, 1e-9);

	cr_assert_eq(a.ndrops, 2, "copy 1 never slows down; copy 0 twice");
	cr_assert_eq(a.drops[0].copy, 0);
	cr_assert_float_eq(a.drops[0].from, 6.2, 1e-9);
	cr_assert_eq(a.drops[0].cause, BK_CAUSE_THROTTLE, "%s", a.drops[0].evidence);
	cr_assert(strstr(a.drops[0].evidence, "inject/0"), "%s", a.drops[0].evidence);
	cr_assert_float_eq(a.drops[1].from, 12.2, 1e-9);
	cr_assert_eq(a.drops[1].cause, BK_CAUSE_INTERFERENCE, "%s", a.drops[1].evidence);
	cr_assert_eq(a.drops_throttling, 1);
	cr_assert_eq(a.drops_interference, 1);
	cr_assert_float_eq(a.drops[0].loss_pct, 100 * (1 - 610.0 / 1005.0), 1e-9);

	cr_assert_float_eq(a.peak_c, 68.5, 1e-9);
	cr_assert(strstr(a.peak_sensor, "cpu-thermal"), "%s", a.peak_sensor);
	cr_assert_eq(a.errors, 0);
	cr_assert_float_eq(a.max_lag_s, 0.07, 1e-9);
	cr_assert_eq(a.ncopies, 2);
	cr_assert_float_eq(a.copies[0].baseline, 1005, 1e-9, "p90 of 8 passes is the top one");
	/* Time-weighted mean over the 2 s passes against the baseline. */
	cr_assert_float_eq(a.copies[0].mean,
			   (1000 + 1005 + 998 + 610 + 1002 + 1001 + 702 + 1000) / 8.0, 1e-9);
	bk_analysis_free(&a);
	bk_timeline_free(&tl);
}

Test(analysis, the_threshold_decides_what_is_a_drop)
{
	struct bk_timeline tl;
	struct bk_analysis a;

	load(&tl, "cook-inject.jsonl");
	analyse(&tl, &a, 35);
	cr_assert_eq(a.ndrops, 1, "only the 39 %% drop is over 35 %%");
	cr_assert_eq(a.drops[0].cause, BK_CAUSE_THROTTLE);
	bk_analysis_free(&a);
	analyse(&tl, &a, 50);
	cr_assert_eq(a.ndrops, 0);
	bk_analysis_free(&a);
	bk_timeline_free(&tl);
}

Test(analysis, without_the_module_a_clock_drop_is_throttling)
{
	struct bk_timeline tl;
	struct bk_analysis a;

	load(&tl, "cook-nokmod.jsonl");
	cr_assert(!tl.kmod);
	analyse(&tl, &a, 10);
	cr_assert(isnan(a.throttled_share), "not watched is not 0 %%");
	cr_assert(isnan(a.first_throttle_s));
	cr_assert(isnan(a.peak_c), "no temperature sensor");
	cr_assert_eq(a.nclock_drops, 1);
	cr_assert(strstr(a.clock_drops[0].what, "cpu1 800 MHz"), "%s", a.clock_drops[0].what);
	cr_assert_eq(a.ndrops, 2);
	for (size_t i = 0; i < a.ndrops; i++) {
		if (a.drops[i].copy == 0)
			cr_assert_eq(a.drops[i].cause, BK_CAUSE_INTERFERENCE,
				     "cpu0 kept its clock: %s", a.drops[i].evidence);
		else
			cr_assert_eq(a.drops[i].cause, BK_CAUSE_CLOCK, "%s", a.drops[i].evidence);
	}
	cr_assert_str_eq(a.drops[0].series, "copy 0 read", "int's groups are series");
	cr_assert_eq(a.errors, 1);
	bk_analysis_free(&a);
	bk_timeline_free(&tl);
}

Test(analysis, counters_and_sources_active_from_the_start)
{
	struct bk_timeline tl;
	struct bk_analysis a;

	load(&tl, "cook-counter.jsonl");
	analyse(&tl, &a, 10);
	cr_assert_eq(a.nthrottle, 2);
	cr_assert_float_eq(a.throttle[0].from, tl.t_first, 1e-9, "active when recording began");
	cr_assert_float_eq(a.throttle[0].to, 2.5, 1e-9);
	cr_assert_float_eq(a.first_throttle_s, 0, 1e-12);
	/* The count rose within the module's 100 ms period before 9.0 s. */
	cr_assert_float_eq(a.throttle[1].from, 8.9, 1e-9);
	cr_assert_float_eq(a.throttle[1].to, 9.0, 1e-9);
	cr_assert_eq(a.ndrops, 2);
	cr_assert_eq(a.drops_throttling, 2, "%s / %s", a.drops[0].evidence, a.drops[1].evidence);
	bk_analysis_free(&a);
	bk_timeline_free(&tl);
}

Test(analysis, a_timeline_cut_short_reads_to_its_last_whole_line)
{
	struct bk_timeline tl;
	struct bk_analysis a;

	load(&tl, "cook-truncated.jsonl");
	cr_assert(!tl.has_summary);
	cr_assert(tl.torn_last);
	cr_assert_eq(tl.bad_lines, 1);
	analyse(&tl, &a, 10);
	cr_assert_eq(a.ndrops, 1);
	cr_assert_eq(a.drops[0].cause, BK_CAUSE_THROTTLE);
	cr_assert_float_eq(tl.t_last, 9.0, 1e-9);
	bk_analysis_free(&a);
	bk_timeline_free(&tl);
}

Test(analysis, summary_is_strict_json)
{
	struct bk_timeline tl;
	struct bk_analysis a;
	struct bk_json j;
	char err[256];

	load(&tl, "cook-nokmod.jsonl");
	analyse(&tl, &a, 10);
	bk_json_init(&j);
	bk_json_object_begin(&j, NULL);
	bk_analysis_json(&a, &j);
	bk_json_object_end(&j);
	const char *t = bk_json_text(&j);

	cr_assert_eq(jsoncheck(t, strlen(t), err, sizeof(err)), 0, "%s: %s", err, t);
	cr_assert(strstr(t, "\"throttled_share\":null"), "%s", t);
	cr_assert(strstr(t, "\"drops_interference\":1"), "%s", t);
	bk_json_free(&j);
	bk_analysis_free(&a);
	bk_timeline_free(&tl);
}

Test(analysis, a_torn_line_in_the_middle_is_skipped_and_counted)
{
	struct bk_timeline tl;

	bk_timeline_init(&tl);
	static const char *const lines[] = {
		"{\"type\":\"start\",\"tester\":\"temp\",\"t\":0}",
		"{\"type\":\"sam",
		"{\"type\":\"sample\",\"t\":1,\"temps\":{\"z\":50.5},\"mhz\":{\"cpu0\":null}}\n",
	};

	cr_assert_eq(bk_timeline_add_line(&tl, lines[0], strlen(lines[0])), 0);
	cr_assert_eq(bk_timeline_add_line(&tl, lines[1], strlen(lines[1])), -1);
	cr_assert_eq(bk_timeline_add_line(&tl, lines[2], strlen(lines[2])), 0);
	cr_assert_eq(tl.bad_lines, 1);
	cr_assert_str_eq(tl.tester, "temp");
	const struct bk_tl_series *z = bk_timeline_find(&tl, BK_TL_TEMP, "z");

	cr_assert_not_null(z);
	cr_assert_eq(z->n, 1);
	cr_assert_float_eq(z->y[0], 50.5, 1e-12);
	cr_assert_eq(bk_timeline_find(&tl, BK_TL_MHZ, "cpu0")->n, 0, "null is no point");
	bk_timeline_free(&tl);
}
