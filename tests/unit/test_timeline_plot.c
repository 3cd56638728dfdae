// SPDX-License-Identifier: MIT
/*
 * timeline_plot and timeline_csv: every series and every mark in the
 * chart, lines broken at gaps, one CSV column per series. (Well-formedness
 * is checked with xmllint in tests/cli/cook.sh.)
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "record/analysis.h"
#include "record/svg.h"
#include "record/timeline.h"
#include "record/timeline_csv.h"
#include "record/timeline_plot.h"
#include "helpers/text_file.h"

static void chart_of(const char *fixture, char **svg_text, char **csv_text)
{
	const char *base = getenv("BURNKIT_FIXTURES");
	char in[512], svg[256], csv[256], err[512];
	struct bk_analysis_params p;
	struct bk_analysis a;
	struct bk_timeline tl;

	snprintf(in, sizeof(in), "%s/timelines/%s", base ? base : "tests/unit/fixtures",
		 fixture);
	bk_test_scratch_path(svg, sizeof(svg), "chart.svg");
	bk_test_scratch_path(csv, sizeof(csv), "chart.csv");
	bk_timeline_init(&tl);
	cr_assert_eq(bk_timeline_load(&tl, in, err, sizeof(err)), 0, "%s", err);
	bk_analysis_defaults(&p);
	cr_assert_eq(bk_analyse(&tl, &p, &a), 0);
	cr_assert_eq(bk_timeline_svg(&tl, &a, svg, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(bk_timeline_csv(&tl, &a, csv, err, sizeof(err)), 0, "%s", err);
	*svg_text = bk_test_slurp(svg);
	*csv_text = bk_test_slurp(csv);
	unlink(svg);
	unlink(csv);
	bk_analysis_free(&a);
	bk_timeline_free(&tl);
}

Test(chart, every_series_and_mark_of_a_cooking_run)
{
	char *svg, *csv;

	chart_of("cook-inject.jsonl", &svg, &csv);
	/* temperature, two CPU clocks, two copies */
	cr_assert_eq(bk_test_count(svg, "<g class=\"series\">"), 5);
	cr_assert(strstr(svg, "<title>thermal_zone0: cpu-thermal</title>"));
	/* every clock names its source */
	cr_assert(strstr(svg, "<title>cpu0 (cpufreq)</title>"));
	cr_assert(strstr(svg, "<title>cpu1 (cpufreq)</title>"));
	cr_assert(strstr(svg, "CPU clock (cpufreq)"), "the panel names it too");
	cr_assert(strstr(svg, "copy 0 fpu KWords 1000, Section 3 (cpu 0), 100% = 1005 MFLOPS"));
	cr_assert(strstr(svg, "copy 1 fpu KWords 1000, Section 3 (cpu 1), 100% = 2003 MFLOPS"));
	/* the throttle interval shaded in each of the three panels */
	cr_assert_eq(bk_test_count(svg, "<g class=\"throttled\">"), 3);
	cr_assert_eq(bk_test_count(svg, "<g class=\"drop throttling\">"), 1);
	cr_assert_eq(bk_test_count(svg, "<g class=\"drop interference\">"), 1);
	cr_assert_eq(bk_test_count(svg, "<g class=\"error\">"), 0);
	cr_assert(strstr(svg, "first throttle after 6.1 s"), "the headline");

	/* t_s, 1 temperature, 2 clocks, 2 copies, throttled, events */
	char *eol = strstr(csv, "\r\n");

	cr_assert_not_null(eol);
	*eol = '\0';
	cr_assert_str_eq(csv, "t_s,\"thermal_zone0 cpu-thermal (C)\",\"cpu0 (cpufreq) (MHz)\","
			 "\"cpu1 (cpufreq) (MHz)\",\"copy 0 throughput (MFLOPS)\","
			 "\"copy 1 throughput (MFLOPS)\",throttled,events");
	cr_assert(strstr(eol + 2, "\r\n6.100000,,,,998,1999,1,\"throttle inject/0 0 -> 1\"\r\n"),
		  "passes end with the transition");
	cr_assert(strstr(eol + 2, "\r\n6.500000,61.5,600,600,,,1,\r\n"), "a sample, throttled");
	cr_assert(strstr(eol + 2, "\r\n8.200000,,,,610,1990,1,\"drop copy 0 39%: throttling\"\r\n"));
	cr_assert(strstr(eol + 2, "\r\n13.000000,65,1500,1500,,,0,\r\n"), "a sample, not throttled");
	free(svg);
	free(csv);
}

Test(chart, errors_clock_drops_and_no_temperature)
{
	char *svg, *csv;

	chart_of("cook-nokmod.jsonl", &svg, &csv);
	cr_assert_eq(bk_test_count(svg, "<g class=\"error\">"), 1);
	cr_assert(strstr(svg, "Pattern 55555555 Was 55575555 Word 12"));
	cr_assert_eq(bk_test_count(svg, "<g class=\"clockdrop\">"), 1);
	cr_assert_eq(bk_test_count(svg, "<g class=\"throttled\">"), 0);
	cr_assert(strstr(svg, "no temperature recorded"));
	cr_assert(strstr(svg, "not watched (no burnkit.ko)"));
	cr_assert(strstr(csv, ",,\"error: Pattern 55555555"), "throttled is empty: not watched");
	free(svg);
	free(csv);
}

Test(chart, a_cut_short_timeline_says_so)
{
	char *svg, *csv;

	chart_of("cook-truncated.jsonl", &svg, &csv);
	cr_assert(strstr(svg, "timeline cut short"));
	free(svg);
	free(csv);
}

Test(chart, svg_name_follows_the_timeline)
{
	char out[64];

	bk_timeline_svg_name("cook.jsonl", out, sizeof(out));
	cr_assert_str_eq(out, "cook.svg");
	bk_timeline_svg_name("run.json", out, sizeof(out));
	cr_assert_str_eq(out, "run.json.svg");
}
