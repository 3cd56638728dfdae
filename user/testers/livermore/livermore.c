// SPDX-License-Identifier: MIT
/*
 * burnkit livermore: Longbottom's liverloops in reliability mode. The 24
 * Livermore kernels run in three parts (the standard long, medium and
 * short vector lengths), each loop for Seconds; every pass resets the
 * loop's data, runs a fixed number of repetitions and checks the checksum
 * against the reference table (within LFK_REL_TOL) and against the loop's
 * first pass (bit for bit: the same code on the same data must give the
 * same bits). A wrong checksum is logged with loop, part, pass, expected
 * and found, and the run exits 1. At the end: "Numeric results were as
 * expected", MFLOPS for the 24 loops and the five overall ratings, in the
 * seed's layout (text log LLloopsN.txt, like the original's LLloops.txt).
 *
 * user/testers/livermore/ is the Livermore Loops: livermore (this file: the
 * run, the log, the descriptor), kernels (the 24 kernels and their data) and
 * sums (spans, flop counts, checksums, the reference table); lfk.h is what
 * they share. They call user/lib only (timer, log, params).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "lfk.h"
#include "tester.h"

#define LV_STR_(x) #x
#define LV_STR(x) LV_STR_(x)
#ifndef LFK_OPT
#define LFK_OPT "?"
#endif

/* Wrong checksums listed per loop in the text log and the JSON lines. */
#define LV_TEXT_ERRORS 5
#define LV_JSON_ERRORS 100

/* Part weights of the overall ratings (McMahon's: the medium span twice). */
static const double part_weight[LFK_PARTS] = { 1.0, 2.0, 1.0 };
static const char *const part_what[LFK_PARTS] = { "long", "medium", "short" };

static const struct bk_param livermore_params[] = {
	{ "seconds", "Seconds", BK_PT_REAL, 0.001, 86400, "1",
	  "running time of each loop in each part (24 x Parts loops in all)", NULL },
	{ "parts", "Parts", BK_PT_INT, 1, 3, "3",
	  "run parts 1 to N: long (~1001), medium (~101), short (~27) vectors", NULL },
	{ "double", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "double precision: the default and only precision (as liverloops)", NULL },
	BK_PARAM_ISA,
	BK_PARAM_CPU,
	BK_PARAMS_END
};

struct lv_run {
	struct bk_ctx *ctx;
	struct lfk_data *d, *d0;
	double seconds;
	int parts;
	double mflops[LFK_PARTS][LFK_LOOPS];
	unsigned long passes, bad_passes, bad_loops;
};

struct lv_loop {
	int loop, part, n;
	long reps;
	unsigned long passes, errors;
	double kernel_s, wall_s, flops, first, last, worst_rel;
};

static void report_error(struct lv_run *r, struct lv_loop *l, unsigned long pass,
			 double found, double rel, const char *against, double expected)
{
	struct bk_log *log = &r->ctx->log;
	struct bk_json j;

	if (l->errors <= LV_TEXT_ERRORS)
		bk_out(log, " ERROR loop %d (%s) part %d pass %lu: checksum %.16e, "
		       "expected %.16e (%s), relative difference %.3g (allowed %s)\n",
		       l->loop, lfk_name(l->loop), l->part, pass, found, expected, against,
		       rel, rel > LFK_REL_TOL ? LV_STR(LFK_REL_TOL) : "0: bit for bit");
	if (l->errors == LV_TEXT_ERRORS + 1)
		bk_out(log, " ... more wrong passes of loop %d part %d: counted, not listed\n",
		       l->loop, l->part);
	if (l->errors > LV_JSON_ERRORS)
		return;
	bk_json_init(&j);
	bk_rec_begin(log, &j, "error");
	bk_json_int(&j, "loop", l->loop);
	bk_json_int(&j, "part", l->part);
	bk_json_uint(&j, "pass", pass);
	bk_json_realp(&j, "expected", expected, 17);
	bk_json_realp(&j, "found", found, 17);
	bk_json_str(&j, "expected_from", against);
	bk_json_realp(&j, "rel_diff", rel, 6);
	bk_json_realp(&j, "tolerance", rel > LFK_REL_TOL ? LFK_REL_TOL : 0, 6);
	bk_rec_end(log, &j);
	bk_json_free(&j);
}

/* Check one pass's checksum; 0 when right. */
static int check_pass(struct lv_run *r, struct lv_loop *l, double sum)
{
	double ref = lfk_reference(l->loop, l->part), rel = lfk_rel_diff(sum, ref);
	int bad = 0;

	if (l->passes == 1)
		l->first = sum;
	l->last = sum;
	if (rel > l->worst_rel)
		l->worst_rel = rel;
	if (!(rel <= LFK_REL_TOL)) {
		l->errors++;
		report_error(r, l, l->passes, sum, rel, "reference table", ref);
		bad = 1;
	} else if (memcmp(&sum, &l->first, sizeof(sum))) {
		l->errors++;
		report_error(r, l, l->passes, sum, lfk_rel_diff(sum, l->first),
			     "pass 1 of this loop", l->first);
		bad = 1;
	}
	return bad;
}

static void loop_record(struct lv_run *r, const struct lv_loop *l, double mflops)
{
	struct bk_json j;
	char kernel[32];

	bk_json_init(&j);
	bk_rec_begin(&r->ctx->log, &j, "loop");
	bk_json_int(&j, "part", l->part);
	bk_json_int(&j, "loop", l->loop);
	bk_json_str(&j, "name", lfk_name(l->loop));
	snprintf(kernel, sizeof(kernel), "part %d loop %d", l->part, l->loop);
	bk_json_str(&j, "kernel", kernel);
	bk_json_int(&j, "span", l->n);
	bk_json_int(&j, "reps", l->reps);
	bk_json_uint(&j, "passes", l->passes);
	bk_json_realp(&j, "flops", l->flops, 12);
	bk_json_realp(&j, "seconds", l->kernel_s, 6);
	bk_json_realp(&j, "wall_seconds", l->wall_s, 6);
	bk_json_realp(&j, "mflops", mflops, 6);
	bk_json_realp(&j, "checksum", l->last, 17);
	bk_json_realp(&j, "reference", lfk_reference(l->loop, l->part), 17);
	bk_json_realp(&j, "rel_diff", l->worst_rel, 6);
	bk_json_realp(&j, "tolerance", LFK_REL_TOL, 6);
	bk_json_uint(&j, "errors", l->errors);
	bk_json_bool(&j, "ok", l->errors == 0);
	bk_rec_end(&r->ctx->log, &j);
	bk_json_free(&j);
}

/* Loop `loop` of `part` for r->seconds; 0, or -1 when interrupted. */
static int run_loop(struct lv_run *r, int part, int loop)
{
	const struct bk_timer *tm = &r->ctx->timer;
	struct lv_loop l = { .loop = loop, .part = part };
	uint64_t start = bk_now_ns();
	double mflops;
	FILE *con = r->ctx->log.console;

	l.n = lfk_span(loop, part);
	l.reps = lfk_reps(loop, part);
	do {
		uint64_t t0, t1;

		memcpy(r->d, r->d0, sizeof(*r->d));
		lfk_prepare(r->d, loop, l.n);
		t0 = bk_timer_ticks(tm);
		lfk_run(r->d, loop, l.n, l.reps);
		t1 = bk_timer_ticks(tm);
		l.kernel_s += bk_timer_seconds(tm, t0, t1);
		l.flops += lfk_pass_flops(loop, part, r->d);
		l.passes++;
		r->bad_passes += check_pass(r, &l, lfk_checksum(r->d, loop, l.n));
		l.wall_s = (double)(bk_now_ns() - start) / 1e9;
	} while (l.wall_s < r->seconds && !bk_stop_requested());
	if (bk_stop_requested() && l.wall_s < r->seconds)
		return -1;
	mflops = l.kernel_s > 0 ? l.flops / l.kernel_s / 1e6 : 0;
	r->mflops[part - 1][loop - 1] = mflops;
	r->passes += l.passes;
	r->bad_loops += l.errors > 0;
	loop_record(r, &l, mflops);
	/* Progress on the console only: the text log keeps the seed's layout. */
	if (con)
		fprintf(con, "   Part %d loop %2d %-28s span %4d %7lu passes %9.1f MFLOPS %s\n",
			part, loop, lfk_name(loop), l.n, l.passes, mflops,
			l.errors ? "WRONG" : "ok");
	return 0;
}

static void mflops_table(struct bk_log *log, const double *m)
{
	for (int k = 0; k < LFK_LOOPS; k++)
		bk_out(log, m[k] < 10000 ? "%7.1f%s" : "%7.0f%s", m[k],
		       k % 12 == 11 ? "\n" : "");
}

struct lv_ratings {
	double maximum, average, geomean, harmean, minimum;
};

/* Over every loop of the parts run, each part weighted as part_weight[]. */
static void ratings(const struct lv_run *r, int parts, struct lv_ratings *o)
{
	double wsum = 0, sum = 0, logs = 0, inv = 0;

	o->maximum = 0;
	o->minimum = INFINITY;
	for (int p = 0; p < parts; p++)
		for (int k = 0; k < LFK_LOOPS; k++) {
			double m = r->mflops[p][k], w = part_weight[p];

			wsum += w;
			sum += w * m;
			logs += w * log(m);
			inv += w / m;
			o->maximum = fmax(o->maximum, m);
			o->minimum = fmin(o->minimum, m);
		}
	o->average = sum / wsum;
	o->geomean = exp(logs / wsum);
	o->harmean = wsum / inv;
}

static void summary(struct lv_run *r, int parts_done, const struct lv_ratings *g)
{
	struct bk_json *s = &r->ctx->log.summary;

	bk_json_int(s, "parts", parts_done);
	bk_json_realp(s, "seconds_per_loop", r->seconds, 6);
	bk_json_str(s, "precision", "double");
	bk_json_str(s, "kernels", "C");
	bk_json_str(s, "optimisation", LFK_OPT);
	bk_json_uint(s, "passes", r->passes);
	bk_json_uint(s, "wrong_passes", r->bad_passes);
	bk_json_uint(s, "wrong_loops", r->bad_loops);
	bk_json_realp(s, "tolerance", LFK_REL_TOL, 6);
	if (!g)
		return;
	bk_json_realp(s, "maximum", g->maximum, 6);
	bk_json_realp(s, "average", g->average, 6);
	bk_json_realp(s, "geomean", g->geomean, 6);
	bk_json_realp(s, "harmean", g->harmean, 6);
	bk_json_realp(s, "minimum", g->minimum, 6);
	bk_json_array_begin(s, "mflops_part1");
	for (int k = 0; k < LFK_LOOPS; k++)
		bk_json_realp(s, NULL, r->mflops[0][k], 6);
	bk_json_array_end(s);
}

static int livermore_main(struct lv_run *r)
{
	struct bk_log *log = &r->ctx->log;
	const char *isa = bk_param_str(&r->ctx->params, "isa");
	struct lv_ratings g;
	char date[64];
	int parts_done = 0;

	bk_ctime(date, sizeof(date));
	bk_out(log, "\n Livermore Loops Benchmark Opt %s %d Bit via C, burnkit %s Linux/%s %s\n\n",
	       LFK_OPT, (int)sizeof(void *) * 8, BK_VERSION, BK_ARCH_NAME, date);
	bk_out(log, " Double precision C kernels%s; each checksum within %s of the\n"
	       " reference table and bit-identical to its loop's first pass\n\n",
	       isa && *isa ? " (--isa changes nothing: there are no asm kernels)" : "",
	       LV_STR(LFK_REL_TOL));
	bk_out(log, " Reliability test %3g seconds each loop x 24 x %d\n\n", r->seconds,
	       r->parts);
	for (int part = 1; part <= r->parts; part++) {
		bk_ctime(date, sizeof(date));
		bk_out(log, " Part %d of %d start at %s\n\n", part, r->parts, date);
		lfk_init(r->d0, part);
		for (int loop = 1; loop <= LFK_LOOPS; loop++)
			if (run_loop(r, part, loop))
				goto out;
		if (log->console)
			fputc('\n', log->console);
		parts_done = part;
	}
out:
	if (r->bad_passes)
		bk_out(log, " ERRORS: %lu wrong checksums, in %lu of the loop runs (see above)\n\n",
		       r->bad_passes, r->bad_loops);
	else if (parts_done)
		bk_out(log, " Numeric results were as expected\n\n");
	if (!parts_done) {
		bk_out(log, " Interrupted in part 1: no ratings\n");
		summary(r, 0, NULL);
		return r->bad_passes ? BK_EXIT_FAULT : BK_EXIT_INTERRUPTED;
	}
	bk_out(log, " MFLOPS for 24 loops\n");
	mflops_table(log, r->mflops[0]);
	for (int p = 2; p <= parts_done; p++) {
		bk_out(log, "\n MFLOPS for 24 loops, Part %d (%s vectors)\n", p,
		       part_what[p - 1]);
		mflops_table(log, r->mflops[p - 1]);
	}
	ratings(r, parts_done, &g);
	bk_out(log, "\n Overall Ratings%s\n", parts_done > 1 ?
	       " (Part 2 weighted twice, as McMahon's)" : "");
	bk_out(log, " Maximum Average Geomean Harmean Minimum\n");
	bk_out(log, "%8.1f%8.1f%8.1f%8.1f%8.1f\n\n", g.maximum, g.average, g.geomean,
	       g.harmean, g.minimum);
	bk_ctime(date, sizeof(date));
	bk_out(log, " End at %s\n", date);
	summary(r, parts_done, &g);
	if (r->bad_passes) {
		pr_fail("%lu wrong checksums in %lu of the %d loop runs: the CPU or its "
			"memory made errors (the lines above name loop, part and pass)",
			r->bad_passes, r->bad_loops, parts_done * LFK_LOOPS);
		return BK_EXIT_FAULT;
	}
	return parts_done < r->parts ? BK_EXIT_INTERRUPTED : BK_EXIT_OK;
}

static int livermore_run(struct bk_ctx *ctx)
{
	struct lv_run r = { .ctx = ctx };
	int rc;

	r.seconds = bk_param_real(&ctx->params, "seconds");
	r.parts = (int)bk_param_int(&ctx->params, "parts");
	r.d = bk_alloc_aligned(64, sizeof(*r.d));
	r.d0 = bk_alloc_aligned(64, sizeof(*r.d0));
	if (!r.d || !r.d0) {
		pr_fail("cannot allocate 2 x %zu bytes for the kernels' data", sizeof(*r.d));
		free(r.d);
		free(r.d0);
		return BK_EXIT_ENV;
	}
	rc = livermore_main(&r);
	free(r.d);
	free(r.d0);
	return rc;
}

const struct bk_tester bk_tester_livermore = {
	.name = "livermore",
	.summary = "liverloops: the 24 Livermore kernels, 3 vector lengths, checked every pass",
	.help = "Runs the 24 Livermore Fortran Kernels (hydro fragment, ICCG, inner\n"
		"product, ... location of first minimum) in C, double precision (as\n"
		"Longbottom's liverloops; --double only confirms it), on one CPU, in up\n"
		"to 3 parts: the standard long (~1001), medium (~101) and short (~27)\n"
		"vector lengths. Each loop runs for Seconds (decimals allowed) in passes\n"
		"of a fixed number of repetitions from fresh data; every pass's checksum\n"
		"must agree with burnkit's reference table within " LV_STR(LFK_REL_TOL) "\n"
		"(relative; the table and how the tolerance was derived: see\n"
		"user/testers/livermore/sums.c) and equal the loop's first pass bit for\n"
		"bit. A wrong one is logged with loop, part, pass, expected and found,\n"
		"and the run exits 1. Then MFLOPS per loop (the standard flop counts)\n"
		"and the overall Maximum, Average, Geomean, Harmean and Minimum over\n"
		"all parts (part 2 weighted twice). There are no assembly kernels:\n"
		"--isa (ref or any ISA this CPU has) runs the same C code.",
	.params = livermore_params,
	.log_prefix = "LLloops",
	.quick = "--seconds 0.02 --parts 3",
	.flags = BK_TF_KERNELS,
	/* One record per loop and part, each its own series; Seconds is per
	 * loop, so cook restarts it rather than giving it the time left. */
	.throughput = { .record = "loop", .value = "mflops", .unit = "MFLOPS",
			.seconds = "seconds", .group = "kernel" },
	.run = livermore_run,
};
