// SPDX-License-Identifier: MIT
/*
 * svg: the SVG writer's escaping and axis steps.
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

Test(svg, nice_steps)
{
	cr_assert_float_eq(bk_nice_step(100, 5), 20, 1e-12);
	cr_assert_float_eq(bk_nice_step(1, 5), 0.2, 1e-12);
	cr_assert_float_eq(bk_nice_step(73, 8), 10, 1e-12);
	cr_assert_float_eq(bk_nice_step(3600, 8), 500, 1e-12);
	cr_assert_float_eq(bk_nice_step(0, 5), 1, 1e-12, "an empty range still steps");
}

Test(svg, text_is_escaped_and_lines_break_at_nan)
{
	struct bk_svg s;
	char path[256], err[256];
	double x[] = { 1, 2, NAN, 4, 5 }, y[] = { 1, 2, 3, 4, 5 };

	bk_test_scratch_path(path, sizeof(path), "esc.svg");
	cr_assert_eq(bk_svg_open(&s, path, 100, 50, err, sizeof(err)), 0, "%s", err);
	bk_svg_group_begin(&s, "series", "a < b & \"c\"");
	bk_svg_text(&s, 1, 2, "start", NULL, "x<y>&'\x01 bad \xff utf8 \xc2\xb0" "C");
	bk_svg_polyline(&s, x, y, 5, "stroke:#000");
	cr_assert_eq(bk_svg_close(&s), 0, "closes the open group too");
	char *t = bk_test_slurp(path);

	cr_assert(strstr(t, "<title>a &lt; b &amp; &quot;c&quot;</title>"), "%s", t);
	cr_assert(strstr(t, "x&lt;y&gt;&amp;&apos; bad ? utf8 \xc2\xb0" "C</text>"), "%s", t);
	cr_assert_eq(bk_test_count(t, "<polyline"), 2, "NaN splits the line");
	cr_assert_eq(bk_test_count(t, "<g "), bk_test_count(t, "</g>"));
	cr_assert(strstr(t, "</svg>\n"));
	free(t);
	unlink(path);
}
