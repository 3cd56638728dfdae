// SPDX-License-Identifier: MIT
/*
 * compare's grouping and comparability: runs built record by record (no
 * file), each differing from a reference in one respect, and the reason
 * that respect gives; figures averaged over passes, kept apart per tester;
 * columns per run, per board and per parameter. The files' side (torn,
 * empty, refused) is in tests/cli/compare.sh.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare/compare.h"
#include "record/jsonread.h"

static void feed(struct cmp_run *r, const char *json)
{
	struct bk_jdoc d = { 0 };
	char err[160];

	cr_assert_eq(bk_jdoc_parse(&d, json, strlen(json), err, sizeof(err)), 0, "%s: %s",
		     err, json);
	cr_assert_eq(cmp_run_record(r, d.root), 0);
	bk_jdoc_free(&d);
}

struct variant {
	const char *board, *version, *isa, *governor, *fs, *seconds;
	int mhz, cached;
	double throttled_s;
};

static const struct variant ref = {
	"Raspberry Pi 4 Model B", "0.1.0", "neon", "ondemand", "ext4", "2", 1500, 0, 0,
};

/* A run of fpu, drive and cook as one board's burn-in, in the respects of v. */
static void make_run(struct cmp_run *r, const struct variant *v, double mflops)
{
	char rec[1024];

	cmp_run_init(r);
	snprintf(rec, sizeof(rec),
		 "{\"type\":\"start\",\"tester\":\"fpu\",\"version\":\"%s\",\"isa\":\"%s\","
		 "\"wall_ns\":1795000000000000000,\"params\":{\"seconds\":%s,\"json\":\"x\"},"
		 "\"system\":{\"machine\":\"aarch64\",\"board\":\"%s\",\"kernel\":\"Linux version "
		 "6.1.21-v8+ (b@h)\",\"cpufreq\":[{\"cpu\":0,\"max_khz\":%d,\"governor\":\"%s\"}]}}",
		 v->version, v->isa, v->seconds, v->board, v->mhz * 1000, v->governor);
	feed(r, rec);
	for (int pass = 0; pass < 2; pass++) {
		snprintf(rec, sizeof(rec), "{\"type\":\"pass\",\"precision\":\"single\",\"words\":1000,"
			 "\"ops_per_word\":32,\"mflops\":%g}", mflops + (pass ? 10 : -10));
		feed(r, rec);
	}
	feed(r, "{\"type\":\"summary\",\"status\":\"ok\"}");
	snprintf(rec, sizeof(rec), "{\"type\":\"start\",\"tester\":\"drive\",\"version\":\"%s\","
		 "\"params\":{\"filepath\":\"/media/a\"}}", v->version);
	feed(r, rec);
	snprintf(rec, sizeof(rec), "{\"type\":\"summary\",\"write_mb_per_s\":12,\"read_mb_per_s\":89,"
		 "\"read_cached\":%s,\"file_system\":\"%s\"}", v->cached ? "true" : "false", v->fs);
	feed(r, rec);
	snprintf(rec, sizeof(rec), "{\"type\":\"start\",\"tester\":\"cook\",\"version\":\"%s\"}",
		 v->version);
	feed(r, rec);
	snprintf(rec, sizeof(rec), "{\"type\":\"summary\",\"peak_c\":80.5,\"throttled_s\":%g,"
		 "\"throttled_share\":%g}", v->throttled_s, v->throttled_s / 300);
	feed(r, rec);
}

/* The reasons of b against the reference, joined. */
static void reasons_of(const struct variant *b, char *buf, size_t len)
{
	struct cmp_run ra, rb;
	char got[CMP_MAX_REASONS][120];
	static const char *const testers[] = { "fpu", "drive", "cook" };
	size_t used = 0;

	make_run(&ra, &ref, 1000);
	make_run(&rb, b, 1000);
	buf[0] = '\0';
	for (size_t t = 0; t < 3; t++) {
		size_t n = cmp_reasons(&ra, &rb, testers[t], 1, got, CMP_MAX_REASONS);

		for (size_t i = 0; i < n; i++)
			used += (size_t)snprintf(buf + used, len - used, "%s|", got[i]);
	}
	cmp_run_free(&ra);
	cmp_run_free(&rb);
}

#define REASON(name, field, value, want)					\
	Test(compare_reasons, name)						\
	{									\
		struct variant v = ref;						\
		char got[2048];							\
										\
		v.field = value;						\
		reasons_of(&v, got, sizeof(got));				\
		cr_assert_str_eq(got, want);					\
	}

REASON(none_for_the_same_run, version, "0.1.0", "")
REASON(version, version, "0.2.0",
       "not comparable: burnkit version 0.2.0 vs 0.1.0 (fpu)|"
       "not comparable: burnkit version 0.2.0 vs 0.1.0 (drive)|"
       "not comparable: burnkit version 0.2.0 vs 0.1.0 (cook)|")
REASON(isa, isa, "sse2", "not comparable: isa sse2 vs neon (fpu)|")
REASON(cached, cached, 1, "not comparable: read served from RAM (cached) (drive)|")
REASON(throttled, throttled_s, 12.5, "not comparable: throttled for 12.5 s during the run (cook)|")
REASON(clock, mhz, 1800,
       "not comparable: clock 1800 vs 1500 MHz (fpu)|not comparable: clock 1800 vs 1500 MHz (drive)|"
       "not comparable: clock 1800 vs 1500 MHz (cook)|")
REASON(governor, governor, "performance",
       "not comparable: governor performance vs ondemand (fpu)|"
       "not comparable: governor performance vs ondemand (drive)|"
       "not comparable: governor performance vs ondemand (cook)|")
REASON(file_system, fs, "vfat", "not comparable: file system vfat vs ext4 (drive)|")
REASON(parameter, seconds, "5", "not comparable: parameter seconds 5 vs 2 (fpu)|")

Test(compare_reasons, another_board_at_another_clock_is_comparable)
{
	struct variant v = ref;
	char got[2048];

	v.board = "Raspberry Pi 3 Model B";
	v.mhz = 1200;
	reasons_of(&v, got, sizeof(got));
	cr_assert_str_eq(got, "");
}

Test(compare_figures, passes_averaged_and_kept_per_tester)
{
	struct cmp_run r;

	make_run(&r, &ref, 1715);
	cr_assert_float_eq(cmp_figure_value(cmp_figure_find(&r, "fpu", "single 1000 words 32 ops")),
			   1715, 1e-9);
	cr_assert_float_eq(cmp_figure_value(cmp_figure_find(&r, "drive", "read")), 89, 1e-9);
	cr_assert_eq(cmp_figure_find(&r, "drive", "read")->cached, 0);
	cr_assert_eq(cmp_figure_find(&r, "drive", "write")->cached, -1);
	cr_assert_null(cmp_figure_find(&r, "fpu", "read"));
	cr_assert_eq(r.nparts, 3);
	cr_assert_str_eq(r.kernel, "6.1.21-v8+");
	cr_assert_float_eq(r.mhz, 1500, 1e-9);
	cr_assert_eq(cmp_run_part(&r, "cook")->throttled, 0);
	cmp_run_free(&r);
}

Test(compare_figures, unknown_tester_by_unit_suffix)
{
	struct cmp_run r;

	cmp_run_init(&r);
	feed(&r, "{\"type\":\"start\",\"tester\":\"lan\"}");
	feed(&r, "{\"type\":\"summary\",\"tcp_up_mbit_per_s\":941.5,\"rtt_ms\":0.2,\"passes\":3}");
	cr_assert_float_eq(cmp_figure_value(cmp_figure_find(&r, "lan", "tcp up")), 941.5, 1e-9);
	cr_assert_str_eq(cmp_figure_find(&r, "lan", "tcp up")->unit, "Mbit/s");
	cr_assert_str_eq(cmp_figure_find(&r, "lan", "rtt")->unit, "ms");
	cr_assert_eq(r.nfigs, 2, "passes is no figure");
	cmp_run_free(&r);
}

Test(compare_group, columns_by_run_board_and_param)
{
	struct cmp_run runs[3];
	struct variant pi3 = ref, longer = ref;
	struct cmp_set s;
	char err[160];

	pi3.board = "Raspberry Pi 3 Model B";
	pi3.mhz = 1200;
	longer.seconds = "5";
	make_run(&runs[0], &ref, 3690);
	make_run(&runs[1], &longer, 3710);
	make_run(&runs[2], &pi3, 1715);

	cr_assert_eq(cmp_group(&s, runs, 3, CMP_BY_RUN, 0, err, sizeof(err)), 0);
	cr_assert_eq(s.ncols, 3);
	cr_assert_eq(s.ntables, 3);
	cr_assert_str_eq(s.tables[0].tester, "fpu");
	cr_assert_float_eq(cmp_cell(&s, 2, &s.tables[0].rows[0]), 1715, 1e-9);
	cr_assert_eq(s.cols[1].nreasons, 1);
	cr_assert_str_eq(s.cols[1].reasons[0], "not comparable: parameter seconds 5 vs 2 (fpu)");
	cr_assert_str_eq(s.cols[1].label[1], "aarch64, 1500 MHz");
	cmp_set_free(&s);

	cr_assert_eq(cmp_group(&s, runs, 3, CMP_BY_BOARD, 0, err, sizeof(err)), 0);
	cr_assert_eq(s.ncols, 2, "the two Pi 4 runs share a column");
	cr_assert_float_eq(cmp_cell(&s, 0, &s.tables[0].rows[0]), 3700, 1e-9, "their mean");
	cr_assert_str_eq(s.cols[0].label[3], "2 runs");
	cmp_set_free(&s);

	cr_assert_eq(cmp_group(&s, runs, 3, CMP_BY_PARAM, 0, err, sizeof(err)), 0);
	cr_assert_eq(s.ncols, 2, "the Pi 3 ran with the first Pi 4's parameters");
	cr_assert_str_eq(s.cols[1].label[0], "seconds=5");
	cr_assert_eq(s.cols[1].nreasons, 0, "the parameter is the column, not a reason");
	cmp_set_free(&s);

	cr_assert_eq(cmp_group(&s, runs + 1, 2, CMP_BY_RUN, 1, err, sizeof(err)), 0);
	cr_assert_eq(s.baseline, 1);
	cr_assert_float_eq(cmp_cell(&s, 1, &s.tables[0].rows[0]) / cmp_cell(&s, 0, &s.tables[0].rows[0]),
			   1715.0 / 3710, 1e-9);
	cmp_set_free(&s);
	for (int i = 0; i < 3; i++)
		cmp_run_free(&runs[i]);
}

Test(compare_format, digits_by_size)
{
	char b[32];

	cmp_format(6636.4, b, sizeof(b));
	cr_assert_str_eq(b, "6636");
	cmp_format(22.24, b, sizeof(b));
	cr_assert_str_eq(b, "22.2");
	cmp_format(0.318336, b, sizeof(b));
	cr_assert_str_eq(b, "0.318");
	cmp_format(NAN, b, sizeof(b));
	cr_assert_str_eq(b, "-");
}
