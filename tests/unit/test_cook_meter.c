// SPDX-License-Identifier: MIT
/* cook's table of tester throughputs and its --run lines. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "suites/cook/cook_meter.h"

static int read_pass(const char *tester, const char *json, struct cook_pass *p)
{
	struct bk_jdoc d;
	char err[128];
	int r;

	cr_assert_eq(bk_jdoc_parse(&d, json, strlen(json), err, sizeof(err)), 0, "%s", err);
	r = cook_meter_read(cook_meter_find(tester), d.root, p);
	bk_jdoc_free(&d);
	return r;
}

Test(cook_meter, fpu_pass_and_int_test_records)
{
	struct cook_pass p;

	cr_assert(read_pass("fpu", "{\"type\":\"pass\",\"tester\":\"fpu\",\"t\":16.2,"
			    "\"seconds\":15.5,\"mflops\":1715.25,\"mhz\":1200}", &p));
	cr_assert_float_eq(p.value, 1715.25, 1e-12);
	cr_assert_float_eq(p.seconds, 15.5, 1e-12);
	cr_assert_str_eq(p.group, "");
	cr_assert_str_eq(cook_meter_find("fpu")->unit, "MFLOPS");

	cr_assert(read_pass("int", "{\"type\":\"test\",\"phase\":\"read\",\"seconds\":1,"
			    "\"mb_per_s\":1037}", &p));
	cr_assert_float_eq(p.value, 1037, 1e-12);
	cr_assert_str_eq(p.group, "read", "write/read and read tests are told apart");

	cr_assert(!read_pass("fpu", "{\"type\":\"start\",\"t\":0}", &p), "not a pass");
	cr_assert(!read_pass("fpu", "{\"type\":\"pass\",\"mflops\":null}", &p),
		  "a pass without a number");
	cr_assert(!read_pass("int", "{\"type\":\"pass\",\"mflops\":5}", &p), "fpu's, not int's");
	cr_assert(read_pass("livermore", "{\"type\":\"loop\",\"part\":2,\"loop\":7,"
			    "\"kernel\":\"part 2 loop 7\",\"seconds\":0.5,\"mflops\":946.5}", &p));
	cr_assert_float_eq(p.value, 946.5, 1e-12);
	cr_assert_str_eq(p.group, "part 2 loop 7", "each loop of each part its own series");
	cr_assert_null(cook_meter_find("livermore")->duration_opt, "Seconds is per loop");
	cr_assert(read_pass("drive", "{\"type\":\"read_pass\",\"pass\":3,\"seconds\":2,"
			    "\"mb_per_s\":41.5}", &p), "a drive copy's read pass");
	cr_assert_float_eq(p.value, 41.5, 1e-12);
	cr_assert_str_eq(p.group, "read_pass", "each of drive's phases its own series");
	cr_assert(read_pass("drive", "{\"type\":\"write\",\"file\":2,\"seconds\":1.5,"
			    "\"mb_per_s\":12.5}", &p), "a drive copy's write of one file");
	cr_assert_float_eq(p.value, 12.5, 1e-12);
	cr_assert_str_eq(p.group, "write");
	cr_assert(read_pass("drive", "{\"type\":\"repeat_block\",\"block\":7,\"seconds\":1,"
			    "\"mb_per_s\":850}", &p), "one block's re-reads");
	cr_assert_str_eq(p.group, "repeat_block");
	cr_assert(!read_pass("drive", "{\"type\":\"repeat_read\",\"seconds\":32,"
			     "\"mb_per_s\":847}", &p), "the phase's total is not a pass");
	cr_assert(!read_pass("drive", "{\"type\":\"repeat\",\"mb_per_s\":1}", &p),
		  "a prefix of a listed type is not that type");
	cr_assert_str_eq(cook_meter_find("drive")->unit, "MB/s");
	cr_assert(read_pass("gpu", "{\"type\":\"gpu_test\",\"test\":3,\"scene\":\"textured\","
			    "\"name\":\"test 3 textured\",\"seconds\":2.5,\"fps\":12.25}", &p));
	cr_assert_float_eq(p.value, 12.25, 1e-12);
	cr_assert_str_eq(p.group, "test 3 textured", "each test its own series");
	cr_assert_str_eq(cook_meter_find("gpu")->unit, "FPS");
	cr_assert_null(cook_meter_find("gpu")->duration_opt, "--seconds is per test");
	cr_assert_null(cook_meter_find("sdcard"), "no throughput cook reads");
}

Test(cook_meter, run_lines)
{
	struct cook_run r;
	char err[512];

	cr_assert_eq(cook_run_parse(&r, "fpu KWords 1000, Section 3", err, sizeof(err)), 0,
		     "%s", err);
	cr_assert_str_eq(r.tester->name, "fpu");
	cr_assert_not_null(r.meter);
	cr_assert_eq(r.nwords, 4);
	cr_assert_str_eq(r.words[0], "KWords");
	cr_assert_str_eq(r.words[1], "1000,");
	cr_assert(!r.gives_duration, "cook gives the running time");

	cr_assert_eq(cook_run_parse(&r, "fpu --kwords 10 Minutes 2", err, sizeof(err)), 0,
		     "%s", err);
	cr_assert(r.gives_duration, "Minutes set in the line");
	cr_assert_eq(cook_run_parse(&r, "int", err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(r.nwords, 0);

	cr_assert_neq(cook_run_parse(&r, "nosuch KWords 1", err, sizeof(err)), 0);
	cr_assert(strstr(err, "no tester \"nosuch\""), "%s", err);
	cr_assert_neq(cook_run_parse(&r, "temp Passes 3", err, sizeof(err)), 0);
	cr_assert(strstr(err, "is a tool"), "%s", err);
	cr_assert_neq(cook_run_parse(&r, "fpu KWords 10 --json x", err, sizeof(err)), 0);
	cr_assert(strstr(err, "cook sets --json"), "%s", err);
	cr_assert_neq(cook_run_parse(&r, "fpu --cpu=1", err, sizeof(err)), 0);
	cr_assert_neq(cook_run_parse(&r, "fpu KWords 10, Log 3", err, sizeof(err)), 0);
	cr_assert(strstr(err, "Log"), "%s", err);
	cr_assert_neq(cook_run_parse(&r, "fpu Section 9", err, sizeof(err)), 0);
	cr_assert(strstr(err, "out of range"), "the tester's own strict parse: %s", err);
	cr_assert_neq(cook_run_parse(&r, "", err, sizeof(err)), 0);
}
