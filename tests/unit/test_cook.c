// SPDX-License-Identifier: MIT
/*
 * suites/cook: what a copy's JSON lines become on cook's timeline (a pass
 * of fpu is a "perf" record with its throughput and unit, an error is
 * counted and recorded, a line that is not JSON is passed over), and the
 * run's title names each line with its number of copies.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "suites/cook/cook.h"
#include "helpers/scratch.h"

static struct bk_ctx ctx;
static struct cook ck;
static struct cook_copy copy;
static char json_path[512];

static void open_cook(const char *run_line)
{
	char err[512], arg[600];
	char *argv[] = { "--json", arg };

	bk_test_make_tmpdir();
	snprintf(json_path, sizeof(json_path), "%s/cook.jsonl", bk_test_tmpdir);
	snprintf(arg, sizeof(arg), "%s", json_path);
	memset(&ctx, 0, sizeof(ctx));
	memset(&ck, 0, sizeof(ck));
	memset(&copy, 0, sizeof(copy));
	ctx.tester = bk_tester_find("cook");
	cr_assert_eq(bk_params_parse(&ctx.params, "cook", ctx.tester->params, 2, argv, err,
				     sizeof(err)), 0, "%s", err);
	cr_assert_eq(bk_log_open(&ctx.log, "cook", "logCook", &ctx.params, err,
				 sizeof(err)), 0, "%s", err);
	ctx.log.console = fopen("/dev/null", "w");
	ck.ctx = &ctx;
	ck.copies = &copy;
	ck.ncopies = 1;
	ck.nruns = 1;
	cr_assert_eq(cook_run_parse(&ck.runs[0], run_line, err, sizeof(err)), 0, "%s", err);
	copy.run = &ck.runs[0];
	copy.cpu = 1;
	copy.child.out_fd = copy.child.err_fd = -1;
}

static char *timeline(void)
{
	static char text[65536];
	FILE *f = fopen(json_path, "r");
	size_t n;

	cr_assert_not_null(f);
	n = fread(text, 1, sizeof(text) - 1, f);
	text[n] = '\0';
	fclose(f);
	return text;
}

static void close_cook(void)
{
	fclose(ctx.log.console);
	ctx.log.console = stdout;
	bk_log_close(&ctx.log, 0);
	bk_params_free(&ctx.params);
	bk_test_remove_tmpdir();
}

static void feed(const char *line)
{
	char buf[1024];

	snprintf(buf, sizeof(buf), "%s", line);
	cook_copy_line(&ck, &copy, buf, strlen(buf));
}

Test(cook, an_fpu_pass_becomes_a_perf_record)
{
	char *t;

	open_cook("fpu KWords 1, Section 3");
	feed("{\"type\":\"start\",\"t\":0}");
	feed("{\"type\":\"pass\",\"t\":15.5,\"seconds\":15,\"mflops\":1234.5}");
	feed("{\"type\":\"pass\",\"t\":30.5,\"seconds\":15,\"mflops\":617.25}");
	cr_assert_eq(copy.passes, 2);
	cr_assert_float_eq(copy.best, 1234.5, 1e-9);
	t = timeline();
	cr_assert(strstr(t, "\"type\":\"perf\""), "%s", t);
	cr_assert(strstr(t, "\"unit\":\"MFLOPS\""), "%s", t);
	cr_assert(strstr(t, "\"value\":617.25"), "%s", t);
	cr_assert_eq(ck.errors, 0);
	close_cook();
}

Test(cook, an_error_is_counted_and_recorded)
{
	char *t;

	open_cook("int KBytes 8");
	feed("{\"type\":\"error\",\"t\":2,\"what\":\"word 7 was 0\"}");
	feed("this is not JSON");
	cr_assert_eq(ck.errors, 1);
	cr_assert_eq(copy.passes, 0);
	t = timeline();
	cr_assert(strstr(t, "\"type\":\"error\""), "%s", t);
	cr_assert(strstr(t, "word 7 was 0"), "%s", t);
	close_cook();
}

Test(cook, an_int_test_keeps_its_phase_apart)
{
	open_cook("int KBytes 8");
	feed("{\"type\":\"test\",\"t\":1,\"seconds\":1,\"mb_per_s\":900,\"phase\":\"read\"}");
	cr_assert_eq(copy.passes, 1);
	cr_assert(strstr(timeline(), "\"group\":\"read\""));
	close_cook();
}

Test(cook, the_title_names_each_line_and_its_copies)
{
	char title[512];

	open_cook("fpu KWords 1, Section 3");
	cook_title(&ck, title, sizeof(title));
	cr_assert(!strncmp(title, "burnkit cook: 1 x fpu KWords 1, Section 3", 40), "%s",
		  title);
	cr_assert_str_eq(cook_run_args(&ck.runs[0]), "KWords 1, Section 3");
	close_cook();
}
