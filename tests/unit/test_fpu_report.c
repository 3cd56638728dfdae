// SPDX-License-Identifier: MIT
/*
 * The fpu bench's goal verdicts (scripts/bench/fpu_report.c) on made-up
 * rounds: the second bound's line (the FP mix with the kernel's loads and
 * stores) says met, missed or, when its rounds disagree, unstable, as every
 * goal line does, and such a cell is measured again.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../../scripts/bench/fpu_bench.h"

/* What fpu_bench.c gives the report. */
struct bench_opts opt = { .rounds = 2, .max_rounds = 2, .spread_limit = 10 };
const int ops_list[NOPS] = { 2, 8, 32 };
const char *const size_names[NSIZES] = { "L1", "L2", "RAM" };

int size_on(int size)
{
	return size == SIZE_L1;
}

static const struct impl native = { .name = "gcc" };

/*
 * One ISA, one thread, L1 only, two rounds; the 8-op cell's FP bound is
 * 100 MFLOPS and the mix with its loads and stores reaches ports[r] of it,
 * where burnkit runs at bk[r]. The other cells run at their bound.
 */
static struct isa_run *run_of(const double ports[2], const double bk[2])
{
	static struct isa_run run;

	memset(&run, 0, sizeof(run));
	run.isa = "sse2";
	run.native = &native;
	for (int op = 0; op < NOPS; op++) {
		run.nrounds[SIZE_L1][op][0] = 2;
		for (int r = 0; r < 2; r++) {
			struct cell *c = &run.rounds[r][SIZE_L1][op][0];

			c->compute = 100;
			c->memory = 1000;
			c->ports = op == 1 ? ports[r] : 100;
			c->rate[C_BURNKIT] = op == 1 ? bk[r] : 100;
			c->rate[C_NATIVE] = c->rate[C_BURNKIT];
		}
	}
	return &run;
}

/* The second bound's line of the 8-op cell, as print_goals printed it. */
static void ports_line_of(const struct isa_run *run, char *line, size_t size)
{
	FILE *out = tmpfile();
	int saved = dup(STDOUT_FILENO);

	cr_assert(out && saved >= 0);
	fflush(stdout);
	dup2(fileno(out), STDOUT_FILENO);
	print_goals(run, 1, 0);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	rewind(out);
	line[0] = '\0';
	while (fgets(line, (int)size, out))
		if (strstr(line, " 8 ops") && strstr(line, "loads and stores"))
			break;
		else
			line[0] = '\0';
	fclose(out);
	cr_assert(line[0], "no line of the second bound for the 8-op cell");
}

Test(fpu_report, second_bound_met_and_missed_on_agreeing_rounds)
{
	char line[512];

	ports_line_of(run_of((double[]){ 80, 80 }, (double[]){ 76, 75 }), line, sizeof(line));
	cr_assert(strstr(line, "(>= 90 %: met) [2 rounds 93.8-95.0]"), "%s", line);
	cr_assert_eq(cell_unstable(run_of((double[]){ 80, 80 }, (double[]){ 76, 75 }),
				   SIZE_L1, 1, 0), 0);

	ports_line_of(run_of((double[]){ 80, 80 }, (double[]){ 60, 61.2 }), line, sizeof(line));
	cr_assert(strstr(line, "(>= 90 %: missed) [2 rounds 75.0-76.5]"), "%s", line);
}

/*
 * The mix's rounds disagree (80 and 70 % of the FP bound) while burnkit's
 * do not: burnkit's share of it spreads 90.0-102.9 %, which is no result;
 * the FP bound goal itself (72 % both rounds) is stable.
 */
Test(fpu_report, second_bound_unstable_when_its_rounds_disagree)
{
	const struct isa_run *run = run_of((double[]){ 80, 70 }, (double[]){ 72, 72 });
	char line[512];

	ports_line_of(run, line, sizeof(line));
	cr_assert(strstr(line, "(>= 90 %: unstable) [2 rounds 90.0-102.9, unstable]"),
		  "%s", line);
	cr_assert_eq(cell_unstable(run, SIZE_L1, 1, 0), 1,
		     "a cell whose second-bound ratio spreads is measured again");
}

/* A loop burnkit outruns is no limit: no verdict, whatever its rounds. */
Test(fpu_report, second_bound_outrun_is_no_goal)
{
	const struct isa_run *run = run_of((double[]){ 78, 60 }, (double[]){ 88, 88 });
	char line[512];

	ports_line_of(run, line, sizeof(line));
	cr_assert(strstr(line, "no limit on this core"), "%s", line);
	cr_assert_null(strstr(line, "met"), "%s", line);
	cr_assert_eq(cell_unstable(run, SIZE_L1, 1, 0), 0);
}
