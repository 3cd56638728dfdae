// SPDX-License-Identifier: MIT
/*
 * burnkit fpu: Longbottom's burninfpu. One CPU runs the MP-MFLOPS kernel
 * x[i] = (x[i]+a)*b - (x[i]+c)*d + ... (2, 8 or 32 operations per word)
 * over KWords thousand words, in passes of about 15 s (4 a minute). Each
 * pass starts from x[i] = 0.999999, runs a calibrated number of repeat
 * passes, and is checked: every word must equal the others (a difference
 * is a hardware error, reported with its index, expected and actual
 * value), and x[0] must agree with the C reference (bit for bit for an
 * exact kernel, within the stated bound for a fused multiply-add one).
 *
 * user/testers/fpu/ is the floating-point family: fpu (this file), mflops
 * (MP-MFLOPS, with mflops_plan and the cache sizes of cpucache) and
 * fpu_common (the kernel call, the check, the clock per pass) they share.
 * Beyond burninfpu, each pass reports the effective clock it ran at and
 * MFLOPS per GHz, so a slowdown shows whether the clock fell or the work
 * slowed.
 */
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "fpu_common.h"
#include "kmod.h"
#include "tester.h"

#define FPU_STR_(x) #x
#define FPU_STR(x) FPU_STR_(x)

/* Mismatches per pass: listed in the text log, and as JSON records. */
#define FPU_TEXT_ERRORS 10
#define FPU_JSON_ERRORS 100
/* Longest stretch without reading the counters and the stop flag. */
#define FPU_CHUNK_S 0.25

static const struct bk_param fpu_params[] = {
	{ "kwords", "KWords", BK_PT_REAL, 0.001, 1e9, "3.2",
	  "thousands of words of data (4 bytes each; 8 with --double)", NULL },
	{ "section", "Section", BK_PT_INT, 1, 3, "3",
	  "operations per word: 1 for 2, 2 for 8, 3 for 32", NULL },
	{ "minutes", "Minutes", BK_PT_REAL, 0.01, 10080, "1",
	  "running time, in passes of about 15 s (4 a minute)", NULL },
	{ "seconds", NULL, BK_PT_REAL, 0.1, 604800, NULL,
	  "running time in seconds instead of Minutes; under 15 s: up to 4 passes of >= 1 s",
	  NULL },
	{ "repeats", NULL, BK_PT_INT, 1, 1e15, NULL,
	  "repeat passes in each pass, instead of calibrating them to the pass time",
	  NULL },
	{ "double", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "double-precision words (burninfpu uses single)", NULL },
	BK_PARAM_ISA,
	BK_PARAM_CPU,
	BK_PARAMS_END
};

enum fpu_clock { FPU_CLOCK_NONE, FPU_CLOCK_CYCLES, FPU_CLOCK_KMOD };

struct fpu_run {
	struct bk_ctx *ctx;
	struct bk_timer timer;	/* the runner's, with the cycle counter rechecked */
	struct bk_fpu_kernel k;
	void *x;
	size_t words;
	enum fpu_clock clock;	/* where the effective MHz comes from */
	struct bk_kmod km;	/* FPU_CLOCK_KMOD: the module, */
	int cpu;		/* and the CPU whose clock it reads */
};

/* Pin to the CPU we are on, unless --cpu pinned already; the CPU or -1. */
static int stay_on_this_cpu(struct bk_ctx *ctx, const char *because)
{
	int cpu = sched_getcpu();

	if (bk_param_given(&ctx->params, "cpu"))
		return cpu;
	if (cpu < 0 || bk_pin_cpu(cpu))
		return -1;
	pr_inf("pinned to CPU %d: %s (--cpu N chooses)", cpu, because);
	return cpu;
}

/* The module's effective clock of r->cpu, in MHz; 0 when it has none. */
static double kmod_mhz(struct fpu_run *r, char *method, size_t len)
{
	struct bk_kmod_clock *c = calloc(CPU_SETSIZE, sizeof(*c));
	int n = c ? bk_kmod_clock(&r->km, c, CPU_SETSIZE) : -1;
	double mhz = 0;

	for (int i = 0; i < n; i++)
		if (c[i].cpu == r->cpu && c[i].effective_ok) {
			if (method)
				bk_strlcpy(method, c[i].method, len);
			mhz = (double)c[i].effective_khz / 1000;
			break;
		}
	free(c);
	return mhz;
}

/*
 * The cycle counter the timer chose, checked again now, on the CPU the
 * passes run on: user access to a PMU counter can be gone since the timer
 * probed it (perf_event_open takes the PMU and clears it on that CPU). When
 * it is, the next usable cycle source takes its place. 0, or -1 if none.
 */
static int recheck_cycles(struct fpu_run *r)
{
	size_t n;
	const struct bk_clk_source *s = bk_clk_sources(&n);
	struct bk_clk_info now;

	bk_clk_measure(r->timer.cycles.src, &now, 5);
	if (now.usable)
		return 0;
	pr_warn("the %s cycle counter stopped working since it was probed (%s)",
		r->timer.cycles.src->name, now.why);
	for (size_t i = 0; i < n; i++) {
		if (s[i].kind != BK_CLK_CYCLES || &s[i] == r->timer.cycles.src)
			continue;
		bk_clk_measure(&s[i], &now, 5);
		if (now.usable) {
			r->timer.cycles = now;
			return 0;
		}
	}
	r->timer.cycles.usable = 0;
	return -1;
}

/*
 * Where the effective MHz comes from: a cycle counter read around every
 * chunk of the pass; else burnkit.ko's clock file, which measures the CPU
 * right after each pass; else nowhere, and `how` says why. A per-CPU
 * source only means something while the thread stays on one CPU.
 */
static void setup_clock(struct fpu_run *r, char *how, size_t len)
{
	struct bk_ctx *ctx = r->ctx;
	const struct bk_clk_info *c = &r->timer.cycles;
	char method[16] = "";

	r->clock = FPU_CLOCK_NONE;
	if (c->usable) {
		if (strcmp(c->src->name, "perf-cycles") &&
		    stay_on_this_cpu(ctx, "the cycle counter counts per CPU") < 0) {
			snprintf(how, len, "effective MHz n/a: the %s counter counts "
				 "per CPU and pinning failed (give --cpu N)",
				 c->src->name);
			return;
		}
		if (!recheck_cycles(r)) {
			r->clock = FPU_CLOCK_CYCLES;
			snprintf(how, len, "effective MHz from the %s cycle counter "
				 "against %s", c->src->name, r->timer.time.src->name);
			return;
		}
	}
	if (bk_kmod_open(&r->km, NULL)) {
		snprintf(how, len, "effective MHz n/a: no cycle counter readable "
			 "from user space,\n        and %s", r->km.why);
		return;
	}
	r->cpu = stay_on_this_cpu(ctx, "burnkit.ko measures the clock per CPU");
	if (r->cpu < 0 || kmod_mhz(r, method, sizeof(method)) <= 0) {
		snprintf(how, len, "effective MHz n/a: burnkit.ko cannot measure "
			 "the clock of this CPU");
		return;
	}
	r->clock = FPU_CLOCK_KMOD;
	snprintf(how, len, "effective MHz of CPU %d from burnkit.ko (%s), "
		 "measured after each pass", r->cpu, method);
}

/* Calibration probe: fill, then time `repeats` sweeps. */
static double fpu_measure(void *arg, uint64_t repeats)
{
	struct fpu_run *r = arg;
	uint64_t t0, t1;

	if (bk_stop_requested())
		return -1;
	bk_fpu_fill(r->x, r->words, r->k.dbl, BK_FPU_X0);
	t0 = bk_timer_ticks(&r->timer);
	bk_fpu_run(&r->k, r->x, r->words, repeats);
	t1 = bk_timer_ticks(&r->timer);
	return bk_timer_seconds(&r->timer, t0, t1);
}

struct fpu_pass {
	double seconds;
	double mhz;		/* 0: not measured */
	int interrupted;
};

/*
 * One pass: fill, then the repeats in chunks of at most ~FPU_CHUNK_S, so
 * the cycle counter is read often enough not to wrap (ARMv7 PMCCNTR: 32
 * bits) and Ctrl-C is seen within a chunk.
 */
static void fpu_pass_run(struct fpu_run *r, uint64_t repeats, uint64_t chunk,
			 struct fpu_pass *out)
{
	const struct bk_timer *tm = &r->timer;
	uint64_t t_start, t_prev, c_prev, done = 0;
	double mcycles = 0;

	memset(out, 0, sizeof(*out));
	bk_fpu_fill(r->x, r->words, r->k.dbl, BK_FPU_X0);
	t_start = t_prev = bk_timer_ticks(tm);
	c_prev = bk_timer_cycles(tm);
	while (done < repeats) {
		uint64_t step = repeats - done < chunk ? repeats - done : chunk;
		uint64_t t, c;
		double s;

		bk_fpu_run(&r->k, r->x, r->words, step);
		t = bk_timer_ticks(tm);
		c = bk_timer_cycles(tm);
		s = bk_timer_seconds(tm, t_prev, t);
		mcycles += bk_timer_mhz(tm, c_prev, c, s) * s;	/* MHz x s */
		t_prev = t;
		c_prev = c;
		done += step;
		if (bk_stop_requested() && done < repeats) {
			out->interrupted = 1;
			break;
		}
	}
	out->seconds = bk_timer_seconds(tm, t_start, t_prev);
	if (r->clock == FPU_CLOCK_CYCLES && out->seconds > 0)
		out->mhz = mcycles / out->seconds;
	else if (r->clock == FPU_CLOCK_KMOD && !out->interrupted)
		out->mhz = kmod_mhz(r, NULL, 0);
}

/* Test hook BURNKIT_FPU_INJECT=PASS:WORD: flip the low bit of one word. */
static void fpu_inject(struct fpu_run *r, unsigned long pass)
{
	const char *spec = getenv("BURNKIT_FPU_INJECT");
	unsigned long want_pass;
	size_t word;

	if (!spec || sscanf(spec, "%lu:%zu", &want_pass, &word) != 2 ||
	    want_pass != pass)
		return;
	if (word >= r->words) {
		pr_warn("BURNKIT_FPU_INJECT: word %zu is beyond the %zu words", word,
			r->words);
		return;
	}
	pr_warn("BURNKIT_FPU_INJECT: flipping the low bit of word %zu after pass %lu",
		word, pass);
	bk_fpu_flip_bit(r->x, word, r->k.dbl, 0);
}

static void bits_text(char *buf, size_t len, uint64_t bits, int dbl)
{
	snprintf(buf, len, dbl ? "0x%016llx" : "0x%08llx", (unsigned long long)bits);
}

static void report_mismatches(struct fpu_run *r, unsigned long pass,
			      const struct bk_fpu_check *chk,
			      const struct bk_fpu_mismatch *list)
{
	struct bk_log *log = &r->ctx->log;
	int dbl = r->k.dbl, digits = dbl ? 17 : 9;
	struct bk_json j;

	bk_json_init(&j);
	for (size_t i = 0; i < chk->listed; i++) {
		const struct bk_fpu_mismatch *m = &list[i];
		char want[24], got[24];

		bits_text(want, sizeof(want), m->expected_bits, dbl);
		bits_text(got, sizeof(got), m->actual_bits, dbl);
		if (i < FPU_TEXT_ERRORS)
			bk_out(log, "   ERROR pass %lu word %zu (byte offset %zu): "
			       "expected %.9f (%s), found %.9f (%s)\n", pass, m->index,
			       m->index * bk_fpu_word_size(dbl), m->expected, want,
			       m->actual, got);
		bk_rec_begin(log, &j, "error");
		bk_json_uint(&j, "pass", pass);
		bk_json_uint(&j, "index", m->index);
		bk_json_uint(&j, "offset", m->index * bk_fpu_word_size(dbl));
		bk_json_realp(&j, "expected", m->expected, digits);
		bk_json_realp(&j, "actual", m->actual, digits);
		bk_json_str(&j, "expected_bits", want);
		bk_json_str(&j, "actual_bits", got);
		bk_json_str(&j, "expected_from", chk->majority ? "majority" : "x[0]");
		bk_rec_end(log, &j);
	}
	if (chk->mismatches > FPU_TEXT_ERRORS)
		bk_out(log, "   ... %zu words wrong in pass %lu in all (the first %d "
		       "above, %zu in the JSON lines)\n", chk->mismatches, pass,
		       FPU_TEXT_ERRORS, chk->listed);
	bk_json_free(&j);
}

static void size_text(char *buf, size_t len, double bytes)
{
	double kb = bytes / 1000;

	if (kb == floor(kb))
		snprintf(buf, len, "%.0f", kb);
	else
		snprintf(buf, len, "%.1f", kb);
}

/* Refuse a size that cannot fit, with the numbers. */
static int check_size(double kwords, size_t words, int dbl)
{
	uint64_t avail = bk_mem_available();
	double bytes = (double)words * (double)bk_fpu_word_size(dbl);

	if (avail && bytes > 0.9 * (double)avail) {
		pr_fail("KWords %g needs %.0f MB, but only %.0f MB of memory is "
			"available; use KWords %.0f or less", kwords, bytes / 1e6,
			(double)avail / 1e6,
			0.9 * (double)avail / (double)bk_fpu_word_size(dbl) / 1000);
		return -1;
	}
	if ((double)words * bk_fpu_word_size(dbl) > (double)SIZE_MAX / 2) {
		pr_fail("KWords %g is too large for this %zu-bit build", kwords,
			sizeof(size_t) * 8);
		return -1;
	}
	return 0;
}

static void table_header(struct bk_log *log, int dbl)
{
	bk_out(log, "   Pass    %d Byte  Ops/   Repeat    Seconds   MFLOPS"
	       "          First   All     Eff.   MFLOPS  C Ref\n",
	       (int)bk_fpu_word_size(dbl));
	bk_out(log, "            Words  Word   Passes                       "
	       "     Results  Same      MHz  per GHz  Check\n\n");
}

struct fpu_totals {
	unsigned long passes, bad_passes, ref_disagree;
	unsigned long long errors;
	double mflops_min, mflops_max, mflops_sum;
	double mhz_min, mhz_max;
};

static void pass_record(struct fpu_run *r, unsigned long pass, uint64_t repeats,
			const struct fpu_pass *ps, double mflops, double first,
			const struct bk_fpu_check *chk,
			const struct bk_fpu_refcmp *cmp)
{
	int digits = r->k.dbl ? 17 : 9;
	struct bk_json j;

	bk_json_init(&j);
	bk_rec_begin(&r->ctx->log, &j, "pass");
	bk_json_uint(&j, "pass", pass);
	bk_json_uint(&j, "words", r->words);
	bk_json_int(&j, "ops_per_word", r->k.ops);
	bk_json_uint(&j, "repeats", repeats);
	bk_json_realp(&j, "seconds", ps->seconds, 6);
	bk_json_realp(&j, "mflops", mflops, 6);
	bk_json_realp(&j, "first_result", first, digits);
	bk_json_bool(&j, "all_same", chk->mismatches == 0);
	bk_json_uint(&j, "errors", chk->mismatches);
	if (ps->mhz > 0) {
		bk_json_realp(&j, "mhz", ps->mhz, 6);
		bk_json_realp(&j, "mflops_per_ghz", mflops / (ps->mhz / 1000), 6);
	} else {
		bk_json_null(&j, "mhz");
		bk_json_null(&j, "mflops_per_ghz");
	}
	bk_json_str(&j, "precision", r->k.dbl ? "double" : "single");
	bk_json_str(&j, "kernel", r->k.slot);
	bk_json_str(&j, "isa", r->k.isa);
	bk_json_str(&j, "order", r->k.order == BK_ORDER_FUSED ? "fused" : "exact");
	bk_json_realp(&j, "reference", cmp->reference, digits);
	bk_json_bool(&j, "reference_agrees", cmp->agrees);
	bk_json_bool(&j, "reference_bit_exact", cmp->bit_exact);
	bk_json_realp(&j, "reference_diff", cmp->diff, 6);
	bk_json_realp(&j, "reference_tolerance", cmp->tolerance, 6);
	bk_rec_end(&r->ctx->log, &j);
	bk_json_free(&j);
}

static void summary(struct fpu_run *r, const struct fpu_totals *tot, double first)
{
	struct bk_json *s = &r->ctx->log.summary;

	bk_json_uint(s, "passes", tot->passes);
	bk_json_uint(s, "errors", tot->errors);
	bk_json_uint(s, "passes_with_errors", tot->bad_passes);
	bk_json_uint(s, "reference_disagreements", tot->ref_disagree);
	bk_json_str(s, "kernel", r->k.slot);
	bk_json_str(s, "isa", r->k.isa);
	bk_json_str(s, "order", r->k.order == BK_ORDER_FUSED ? "fused" : "exact");
	if (tot->passes) {
		bk_json_realp(s, "first_result", first, r->k.dbl ? 17 : 9);
		bk_json_realp(s, "mflops_min", tot->mflops_min, 6);
		bk_json_realp(s, "mflops_max", tot->mflops_max, 6);
		bk_json_realp(s, "mflops_mean", tot->mflops_sum / (double)tot->passes, 6);
	}
	if (tot->mhz_max > 0) {
		bk_json_realp(s, "mhz_min", tot->mhz_min, 6);
		bk_json_realp(s, "mhz_max", tot->mhz_max, 6);
	}
}

static int fpu_main(struct fpu_run *r, double total_s, const char *duration)
{
	struct bk_ctx *ctx = r->ctx;
	struct bk_log *log = &ctx->log;
	struct bk_fpu_mismatch list[FPU_JSON_ERRORS];
	struct fpu_totals tot;
	unsigned long npasses;
	double pass_s, first = 0;
	uint64_t repeats, chunk;
	char date[64], kb[32], clock_how[512];
	int dbl = r->k.dbl;

	bk_fpu_plan_passes(total_s, &npasses, &pass_s);
	setup_clock(r, clock_how, sizeof(clock_how));

	/*
	 * Repeats per pass, and per chunk of ~FPU_CHUNK_S (judged by the rate
	 * the calibration saw).
	 */
	if (bk_param_given(&ctx->params, "repeats")) {
		repeats = (uint64_t)bk_param_int(&ctx->params, "repeats");
		chunk = bk_fpu_calibrate(fpu_measure, r, FPU_CHUNK_S,
					 FPU_CHUNK_S / 4, repeats);
	} else {
		repeats = bk_fpu_calibrate(fpu_measure, r, pass_s,
					   fmin(0.5, pass_s / 4), UINT64_MAX / 2);
		chunk = pass_s > FPU_CHUNK_S ?
			(uint64_t)((double)repeats * FPU_CHUNK_S / pass_s) + 1 :
			repeats;
	}
	if (!repeats || !chunk)
		return BK_EXIT_INTERRUPTED;

	double ref = bk_fpu_reference(r->k.ops, dbl, repeats);
	double tol = bk_fpu_tolerance(r->k.order, r->k.ops, dbl, repeats, ref);

	bk_ctime(date, sizeof(date));
	size_text(kb, sizeof(kb), (double)r->words * (double)bk_fpu_word_size(dbl));
	bk_out(log, "\n    Burn-In-FPU Linux/%s v%s %s\n\n", BK_ARCH_NAME, BK_VERSION,
	       date);
	bk_out(log, " Using %s KBytes, %d Operations Per Word, For Approximately %s\n\n",
	       kb, r->k.ops, duration);
	bk_out(log, " Kernel %s (%s), %s precision, %s:\n", r->k.slot, r->k.isa,
	       dbl ? "double" : "single", r->k.order == BK_ORDER_FUSED ?
	       "fused multiply-add" : "separate multiply and add");
	if (r->k.order == BK_ORDER_FUSED)
		bk_out(log, "        First Results must be within %.3g of the C "
		       "reference's %.9f\n", tol, ref);
	else
		bk_out(log, "        First Results must equal the C reference's "
		       "%.9f to the last bit\n", ref);
	bk_out(log, " Clock  %s\n\n", clock_how);
	table_header(log, dbl);

	memset(&tot, 0, sizeof(tot));
	for (unsigned long pass = 1; pass <= npasses; pass++) {
		struct fpu_pass ps;
		struct bk_fpu_check chk;
		struct bk_fpu_refcmp cmp;
		double mflops;
		char mhz[16] = "n/a", per_ghz[16] = "n/a";

		fpu_pass_run(r, repeats, chunk, &ps);
		if (ps.interrupted) {
			bk_out(log, "\n   Pass %lu interrupted after %.2f s: not counted\n",
			       pass, ps.seconds);
			break;
		}
		fpu_inject(r, pass);
		bk_fpu_check_words(r->x, r->words, dbl, list, FPU_JSON_ERRORS, &chk);
		first = chk.expected;
		bk_fpu_compare(&r->k, repeats, first, ref, &cmp);
		mflops = bk_fpu_mflops(r->words, r->k.ops, repeats, ps.seconds);
		if (ps.mhz > 0) {
			snprintf(mhz, sizeof(mhz), "%.0f", ps.mhz);
			snprintf(per_ghz, sizeof(per_ghz), "%.0f", mflops / (ps.mhz / 1000));
		}
		bk_out(log, "%7lu %9zu %5d %8llu %10.2f %8.0f %14.9f %5s %8s %8s  %s\n",
		       pass, r->words, r->k.ops, (unsigned long long)repeats,
		       ps.seconds, mflops, first, chk.mismatches ? "No" : "Yes", mhz,
		       per_ghz, !cmp.agrees ? "WRONG" : cmp.bit_exact ? "exact" : "near");
		pass_record(r, pass, repeats, &ps, mflops, first, &chk, &cmp);
		if (chk.mismatches)
			report_mismatches(r, pass, &chk, list);
		if (!cmp.agrees)
			bk_out(log, "   ERROR pass %lu: First Results %.9f differ from the "
			       "C reference's %.9f by %.3g (allowed: %.3g)\n", pass,
			       first, ref, cmp.diff, cmp.tolerance);

		tot.passes++;
		tot.errors += chk.mismatches;
		tot.bad_passes += chk.mismatches > 0;
		tot.ref_disagree += !cmp.agrees;
		if (tot.passes == 1 || mflops < tot.mflops_min)
			tot.mflops_min = mflops;
		if (mflops > tot.mflops_max)
			tot.mflops_max = mflops;
		tot.mflops_sum += mflops;
		if (ps.mhz > 0 && (tot.mhz_min == 0 || ps.mhz < tot.mhz_min))
			tot.mhz_min = ps.mhz;
		if (ps.mhz > tot.mhz_max)
			tot.mhz_max = ps.mhz;
		if (bk_stop_requested())
			break;
	}
	bk_ctime(date, sizeof(date));
	bk_out(log, "\n                   End at %s\n", date);
	summary(r, &tot, first);
	if (tot.errors || tot.ref_disagree) {
		pr_fail("%llu wrong words in %lu of %lu passes, %lu passes whose "
			"First Results disagree with the C reference: the CPU or "
			"its memory made errors", tot.errors, tot.bad_passes,
			tot.passes, tot.ref_disagree);
		return BK_EXIT_FAULT;
	}
	return bk_stop_requested() ? BK_EXIT_INTERRUPTED : BK_EXIT_OK;
}

static int fpu_run(struct bk_ctx *ctx)
{
	struct fpu_run r = { .ctx = ctx, .timer = ctx->timer };
	double kwords = bk_param_real(&ctx->params, "kwords");
	int section = (int)bk_param_int(&ctx->params, "section");
	int dbl = bk_param_flag(&ctx->params, "double");
	char duration[64];
	double total_s;
	int rc;

	if (bk_param_given(&ctx->params, "minutes") &&
	    bk_param_given(&ctx->params, "seconds")) {
		pr_fail("Minutes (--minutes) and --seconds both give the running "
			"time: give one");
		return BK_EXIT_USAGE;
	}
	if (bk_param_given(&ctx->params, "seconds")) {
		total_s = bk_param_real(&ctx->params, "seconds");
		snprintf(duration, sizeof(duration), "%g Seconds", total_s);
	} else {
		double minutes = bk_param_real(&ctx->params, "minutes");

		total_s = minutes * 60;
		snprintf(duration, sizeof(duration), "%g Minutes", minutes);
	}
	r.words = (size_t)llround(kwords * 1000);
	if (r.words < 1)
		r.words = 1;
	if (check_size(kwords, r.words, dbl))
		return BK_EXIT_USAGE;
	if (bk_fpu_kernel_pick(&ctx->kernels, bk_fpu_section_ops(section), dbl, &r.k))
		return BK_EXIT_USAGE;	/* the parser keeps Section in 1..3 */
	if (ctx->dry_run)
		return BK_EXIT_OK;
	r.x = bk_alloc_aligned(64, r.words * bk_fpu_word_size(dbl));
	if (!r.x) {
		pr_fail("cannot allocate %zu bytes for KWords %g: %s; use a smaller "
			"KWords", r.words * bk_fpu_word_size(dbl), kwords, strerror(errno));
		return BK_EXIT_ENV;
	}
	rc = fpu_main(&r, total_s, duration);
	free(r.x);
	return rc;
}

const struct bk_tester bk_tester_fpu = {
	.name = "fpu",
	.summary = "burninfpu: one CPU's floating point, checked every pass, with its clock",
	.help = "Runs x[i] = (x[i]+a)*b - (x[i]+c)*d + ... (Section 1, 2, 3: 2, 8 or 32\n"
		"operations per word) over KWords thousand words on one CPU, in passes\n"
		"of about 15 s (4 a minute; --seconds under 15 s: up to 4 passes of at\n"
		"least 1 s). Each pass starts from x[i] = 0.999999 and runs a calibrated\n"
		"number of repeat passes (--repeats N fixes it: Longbottom's published\n"
		"First Results come back with his repeat counts, e.g. KWords 1, Section\n"
		"3, --repeats 96000 gives 0.352358878). After each pass every word must\n"
		"equal the others (a difference is a hardware error: pass, word, byte\n"
		"offset, expected and found value are logged, exit 1), and x[0] must\n"
		"agree with the C reference: bit for bit for exact kernels, within\n"
		FPU_STR(BK_FPU32_FUSED_REL_TOL) " (single; " FPU_STR(BK_FPU64_FUSED_REL_TOL)
		" double) x min(repeats, 1/(1-lambda)) relative for\n"
		"fused multiply-add ones (lambda: the kernel's contraction, 0.99995 to\n"
		"0.999926). Each line adds the effective MHz over the pass (cycle\n"
		"counter against the timebase, else burnkit.ko's clock of the CPU;\n"
		"n/a, with the reason, without either) and MFLOPS per GHz.\n"
		"BURNKIT_FPU_INJECT=PASS:WORD flips a bit of one word after that pass,\n"
		"to see the error path work.",
	.params = fpu_params,
	.log_prefix = "log",
	.quick = "--seconds 2",
	.flags = BK_TF_KERNELS | BK_TF_DRY_CHECKS,
	.throughput = { .record = "pass", .value = "mflops", .unit = "MFLOPS",
			.seconds = "seconds", .duration_opt = "seconds",
			.duration_alt = "minutes" },
	.run = fpu_run,
};
