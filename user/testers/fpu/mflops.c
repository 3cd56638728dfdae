// SPDX-License-Identifier: MIT
/*
 * burnkit mflops: Longbottom's MP-MFLOPS. The burninfpu kernels on 1, 2,
 * 4, ... threads, each thread pinned to its own CPU and working on its own
 * slice of the data (allocated and first touched on that CPU), at three
 * data sizes (L1, L2, RAM) and 2 and 32 operations per word. Threads start
 * together from a barrier; a case is timed from the first start to the last
 * finish. The x[0] checksums, (int)(x[0] * 100000) as MP-MFLOPS prints
 * them, must be the same for every thread count: the kernel and passes are
 * the same, so the words must be too (a difference is a hardware error).
 */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "fpu_common.h"
#include "mflops_plan.h"
#include "tester.h"

#define MF_LIST_ERRORS 10	/* wrong words listed per thread and case */
#define MF_CHUNK_UPDATES 2000000	/* word updates between stop checks */
#define MF_MAX_OPS 3

static const char *const mf_size_choices[] = { "mpmflops", "cache", NULL };

static const struct bk_param mflops_params[] = {
	{ "threads", NULL, BK_PT_LIST, 0, 0, NULL,
	  "thread counts, e.g. 1,2,4 (default 1, 2, 4, ... up to the CPUs it may use)",
	  NULL },
	{ "ops", NULL, BK_PT_LIST, 0, 0, "2,32",
	  "operations per word to run: 2, 8, 32", NULL },
	{ "scale", NULL, BK_PT_REAL, 1e-6, 1000, "1",
	  "multiplies the passes of every case (0.01: a quick run)", NULL },
	{ "sizes", NULL, BK_PT_CHOICE, 0, 0, "mpmflops",
	  "mpmflops: 3200, 32000, 3200000 words; cache: from this CPU's caches",
	  mf_size_choices },
	{ "double", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "double-precision words (MP-MFLOPS's default is single)", NULL },
	BK_PARAM_ISA,
	BK_PARAMS_END
};

/* What every thread of one case shares. */
struct mf_case {
	const struct bk_fpu_kernel *k;
	const struct bk_timer *timer;
	size_t words;		/* of the whole case */
	uint64_t passes;
	int threads;
	size_t inject;		/* test hook: word to corrupt, or SIZE_MAX */
	atomic_int ready;	/* threads set up and waiting */
	atomic_int go;		/* 0 wait, 1 start, -1 give up */
};

struct mf_thread {
	pthread_t tid;
	struct mf_case *c;
	int index, cpu;
	size_t words, first;	/* its slice of the case */
	int pin_error;		/* errno of the pinning, 0 when pinned */
	int no_memory, stopped;
	uint64_t t_start, t_end;
	struct bk_fpu_check chk;
	struct bk_fpu_mismatch list[MF_LIST_ERRORS];
};

static void *mf_worker(void *arg)
{
	struct mf_thread *t = arg;
	struct mf_case *c = t->c;
	size_t ws = bk_fpu_word_size(c->k->dbl);
	uint64_t chunk = MF_CHUNK_UPDATES / (t->words ? t->words : 1) + 1;
	void *x;

	t->pin_error = -bk_pin_cpu(t->cpu);
	x = bk_alloc_aligned(64, t->words * ws);	/* first touch: this CPU */
	t->no_memory = !x;
	if (x)
		bk_fpu_fill(x, t->words, c->k->dbl, BK_FPU_X0);
	/* The start barrier: spin (yielding) until every thread is ready. */
	atomic_fetch_add(&c->ready, 1);
	while (!atomic_load(&c->go))
		sched_yield();
	if (atomic_load(&c->go) < 0) {
		free(x);
		return NULL;
	}
	t->t_start = bk_timer_ticks(c->timer);
	for (uint64_t done = 0; x && done < c->passes; done += chunk) {
		if (chunk > c->passes - done)
			chunk = c->passes - done;
		bk_fpu_run(c->k, x, t->words, chunk);
		if (bk_stop_requested() && done + chunk < c->passes) {
			t->stopped = 1;
			break;
		}
	}
	t->t_end = bk_timer_ticks(c->timer);
	if (x && c->inject >= t->first && c->inject - t->first < t->words)
		bk_fpu_flip_bit(x, c->inject - t->first, c->k->dbl, 0);
	if (x)
		bk_fpu_check_words(x, t->words, c->k->dbl, t->list, MF_LIST_ERRORS,
				   &t->chk);
	free(x);
	return NULL;
}

/* One case's outcome on one thread count. */
struct mf_result {
	int ran;
	double seconds, mflops;
	double x0;
	uint64_t x0_bits;
	long checksum;		/* 0 when a word differs, as MP-MFLOPS */
	size_t errors;		/* wrong words, all threads */
	int threads_disagree;	/* a thread's words differ from thread 0's */
};

struct mflops_run {
	struct bk_ctx *ctx;
	int dbl;
	int counts[BK_MF_MAX_COUNTS];
	size_t ncounts;
	int ops[MF_MAX_OPS];
	size_t nops;
	struct bk_fpu_kernel k[MF_MAX_OPS];
	struct bk_mf_sizes sizes;
	int cpus[CPU_SETSIZE];	/* the CPUs this process may use */
	int ncpus;
	struct mf_result res[BK_MF_MAX_COUNTS][MF_MAX_OPS][BK_MF_LEVELS];
	double ref[MF_MAX_OPS][BK_MF_LEVELS];	/* the C reference's x[0] */
	unsigned long long errors;
	unsigned long checksum_mismatches, ref_disagree, thread_disagree;
};

static int allowed_cpus(int *cpus, int max)
{
	cpu_set_t set;
	int n = 0;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 0;
	for (int c = 0; c < CPU_SETSIZE && n < max; c++)
		if (CPU_ISSET(c, &set))
			cpus[n++] = c;
	return n;
}

static void kb_text(char *buf, size_t len, double bytes)
{
	double kb = bytes / 1000;

	if (kb < 100 && kb != floor(kb))
		snprintf(buf, len, "%.1f", kb);
	else
		snprintf(buf, len, "%.0f", kb);
}

static void report_case_errors(struct mflops_run *r, int threads, int oi, int li,
			       struct mf_thread *th)
{
	struct bk_log *log = &r->ctx->log;
	struct bk_json j;

	bk_json_init(&j);
	for (int t = 0; t < threads; t++) {
		for (size_t i = 0; i < th[t].chk.listed; i++) {
			const struct bk_fpu_mismatch *m = &th[t].list[i];

			bk_out(log, "   ERROR %dT %d ops %s: thread %d (CPU %d) word %zu "
			       "(word %zu of the case): expected %.9f, found %.9f\n",
			       threads, r->ops[oi], bk_mf_level_names[li], t, th[t].cpu,
			       m->index, th[t].first + m->index, m->expected, m->actual);
			bk_rec_begin(log, &j, "error");
			bk_json_int(&j, "threads", threads);
			bk_json_int(&j, "ops_per_word", r->ops[oi]);
			bk_json_str(&j, "level", bk_mf_level_names[li]);
			bk_json_int(&j, "thread", t);
			bk_json_int(&j, "cpu", th[t].cpu);
			bk_json_uint(&j, "index", th[t].first + m->index);
			bk_json_uint(&j, "offset", (th[t].first + m->index) *
				     bk_fpu_word_size(r->dbl));
			bk_json_realp(&j, "expected", m->expected, r->dbl ? 17 : 9);
			bk_json_realp(&j, "actual", m->actual, r->dbl ? 17 : 9);
			bk_rec_end(log, &j);
		}
		if (th[t].chk.mismatches > th[t].chk.listed)
			bk_out(log, "   ... thread %d: %zu wrong words in all\n", t,
			       th[t].chk.mismatches);
		if (t && !th[t].no_memory && th[t].chk.expected_bits != th[0].chk.expected_bits)
			bk_out(log, "   ERROR %dT %d ops %s: thread %d (CPU %d) ends at "
			       "%.9f, thread 0 at %.9f\n", threads, r->ops[oi],
			       bk_mf_level_names[li], t, th[t].cpu, th[t].chk.expected,
			       th[0].chk.expected);
	}
	bk_json_free(&j);
}

/*
 * Test hook BURNKIT_MFLOPS_INJECT=THREADS:WORD: flip the low bit of word
 * WORD of every case run on THREADS threads, after the run. SIZE_MAX: none.
 */
static size_t inject_word(int threads)
{
	const char *spec = getenv("BURNKIT_MFLOPS_INJECT");
	int want;
	size_t word;

	static int said;

	if (!spec || sscanf(spec, "%d:%zu", &want, &word) != 2 || want != threads)
		return SIZE_MAX;
	if (!said++)
		pr_warn("BURNKIT_MFLOPS_INJECT: flipping the low bit of word %zu of each "
			"case on %d threads", word, threads);
	return word;
}

/* Run one case on `threads` threads. 0, or a BK_EXIT_* status to stop. */
static int run_case(struct mflops_run *r, int ci, int oi, int li)
{
	int threads = r->counts[ci];
	struct mf_case c = {
		.k = &r->k[oi], .timer = &r->ctx->timer,
		.words = r->sizes.words[li], .passes = r->sizes.passes[li],
		.threads = threads, .inject = inject_word(threads),
	};
	struct mf_thread *th = calloc((size_t)threads, sizeof(*th));
	struct mf_result *res = &r->res[ci][oi][li];
	uint64_t t0 = 0, t1 = 0;
	int started = 0, rc = 0;

	if (!th) {
		pr_fail("out of memory for %d threads", threads);
		return BK_EXIT_ENV;
	}
	atomic_init(&c.ready, 0);
	atomic_init(&c.go, 0);
	for (int t = 0; t < threads; t++) {
		int e;

		th[t].c = &c;
		th[t].index = t;
		th[t].cpu = r->cpus[t % r->ncpus];
		th[t].words = bk_mf_slice_words(c.words, threads, t);
		th[t].first = bk_mf_slice_first(c.words, threads, t);
		e = pthread_create(&th[t].tid, NULL, mf_worker, &th[t]);
		if (e) {
			pr_fail("cannot start thread %d of %d: %s", t + 1, threads,
				strerror(e));
			rc = BK_EXIT_ENV;
			break;
		}
		started++;
	}
	if (!rc)
		while (atomic_load(&c.ready) < threads)
			sched_yield();
	atomic_store(&c.go, rc ? -1 : 1);
	for (int t = 0; t < started; t++)
		pthread_join(th[t].tid, NULL);
	if (rc)
		goto out;

	memset(res, 0, sizeof(*res));
	for (int t = 0; t < threads; t++) {
		if (th[t].no_memory) {
			pr_fail("thread %d could not allocate %zu words", t, th[t].words);
			rc = BK_EXIT_ENV;
			goto out;
		}
		if (th[t].stopped) {
			rc = BK_EXIT_INTERRUPTED;
			goto out;
		}
		if (th[t].pin_error)
			pr_warn("thread %d could not be pinned to CPU %d: %s", t,
				th[t].cpu, strerror(th[t].pin_error));
		if (!t || th[t].t_start < t0)	/* timebases are 64-bit */
			t0 = th[t].t_start;
		if (!t || th[t].t_end > t1)
			t1 = th[t].t_end;
		res->errors += th[t].chk.mismatches;
		if (th[t].chk.expected_bits != th[0].chk.expected_bits)
			res->threads_disagree = 1;
	}
	res->ran = 1;
	res->seconds = bk_timer_seconds(c.timer, t0, t1);
	res->mflops = bk_fpu_mflops(c.words, r->ops[oi], c.passes, res->seconds);
	res->x0 = th[0].chk.expected;
	res->x0_bits = th[0].chk.expected_bits;
	res->checksum = res->errors || res->threads_disagree ? 0 :
			bk_fpu_checksum(res->x0, r->dbl);
	if (res->errors || res->threads_disagree)
		report_case_errors(r, threads, oi, li, th);
	r->errors += res->errors;
	r->thread_disagree += res->threads_disagree;
out:
	free(th);
	return rc;
}

static void case_record(struct mflops_run *r, int ci, int oi, int li,
			const struct bk_fpu_refcmp *cmp)
{
	const struct mf_result *res = &r->res[ci][oi][li];
	size_t words = r->sizes.words[li];
	struct bk_json j;

	bk_json_init(&j);
	bk_rec_begin(&r->ctx->log, &j, "case");
	bk_json_int(&j, "threads", r->counts[ci]);
	bk_json_int(&j, "ops_per_word", r->ops[oi]);
	bk_json_str(&j, "level", bk_mf_level_names[li]);
	bk_json_uint(&j, "words", words);
	bk_json_realp(&j, "kb", (double)words * (double)bk_fpu_word_size(r->dbl) / 1000, 6);
	bk_json_uint(&j, "passes", r->sizes.passes[li]);
	bk_json_realp(&j, "seconds", res->seconds, 6);
	bk_json_realp(&j, "mflops", res->mflops, 6);
	bk_json_realp(&j, "first_result", res->x0, r->dbl ? 17 : 9);
	bk_json_int(&j, "checksum", res->checksum);
	bk_json_bool(&j, "all_same", !res->errors && !res->threads_disagree);
	bk_json_uint(&j, "errors", res->errors);
	bk_json_str(&j, "precision", r->dbl ? "double" : "single");
	bk_json_str(&j, "kernel", r->k[oi].slot);
	bk_json_str(&j, "isa", r->k[oi].isa);
	bk_json_str(&j, "order", r->k[oi].order == BK_ORDER_FUSED ? "fused" : "exact");
	bk_json_realp(&j, "reference", cmp->reference, r->dbl ? 17 : 9);
	bk_json_bool(&j, "reference_agrees", cmp->agrees);
	bk_json_realp(&j, "reference_diff", cmp->diff, 6);
	bk_json_realp(&j, "reference_tolerance", cmp->tolerance, 6);
	bk_rec_end(&r->ctx->log, &j);
	bk_json_free(&j);
}

static void table_head(struct mflops_run *r)
{
	struct bk_log *log = &r->ctx->log;
	char kb[BK_MF_LEVELS][16];

	for (int li = 0; li < BK_MF_LEVELS; li++)
		kb_text(kb[li], sizeof(kb[li]), (double)r->sizes.words[li] *
			(double)bk_fpu_word_size(r->dbl));
	char title[BK_MF_LEVELS * 32 * MF_MAX_OPS] = "    ";

	for (size_t oi = 0; oi < r->nops; oi++)
		snprintf(title + strlen(title), sizeof(title) - strlen(title),
			 "  %8d Ops/Word       ", r->ops[oi]);
	bk_out(log, "%s", bk_rstrip(title));
	bk_out(log, "\n KB ");
	for (size_t oi = 0; oi < r->nops; oi++)
		bk_out(log, "  %8s%8s%8s", kb[0], kb[1], kb[2]);
	bk_out(log, "\n");
}

static void table_row(struct mflops_run *r, int ci, int checksums)
{
	struct bk_log *log = &r->ctx->log;
	char label[16];

	snprintf(label, sizeof(label), "%dT", r->counts[ci]);
	bk_out(log, " %-3s", label);
	for (size_t oi = 0; oi < r->nops; oi++) {
		bk_out(log, "  ");
		for (int li = 0; li < BK_MF_LEVELS; li++) {
			const struct mf_result *res = &r->res[ci][oi][li];

			if (checksums)
				bk_out(log, "%8ld", res->checksum);
			else
				bk_out(log, "%8.0f", res->mflops);
		}
	}
	bk_out(log, "\n");
}

static void header(struct mflops_run *r, const char *sizes_how)
{
	struct bk_log *log = &r->ctx->log;
	char date[64], counts[256] = "";
	struct bk_cpu_caches cc;

	for (size_t i = 0; i < r->ncounts; i++)
		snprintf(counts + strlen(counts), sizeof(counts) - strlen(counts),
			 "%s%d", i ? ", " : "", r->counts[i]);
	bk_ctime(date, sizeof(date));
	bk_out(log, "\n    MP-MFLOPS Linux/%s v%s %s\n\n", BK_ARCH_NAME, BK_VERSION, date);
	bk_out(log, "    FPU Add & Multiply using %s Threads, %s precision\n\n",
	       counts, r->dbl ? "double" : "single");
	for (size_t oi = 0; oi < r->nops; oi++)
		bk_out(log, " Kernel %s (%s, %s)\n", r->k[oi].slot, r->k[oi].isa,
		       r->k[oi].order == BK_ORDER_FUSED ? "fused multiply-add" :
		       "separate multiply and add");
	bk_out(log, " Data   %s,\n        split between the threads; each thread "
	       "pinned to its own CPU (%d usable)\n", sizes_how, r->ncpus);
	if (bk_cpu_caches_read(NULL, &cc) > 0) {
		double last = (double)bk_cpu_caches_last(&cc);
		double ram = (double)r->sizes.words[2] * (double)bk_fpu_word_size(r->dbl);

		bk_out(log, " Caches L1d %.0f KB, L2 %.0f KB, L3 %.0f KB (sysfs, CPU 0)%s\n",
		       (double)cc.l1d / 1024, (double)cc.l2 / 1024, (double)cc.l3 / 1024,
		       ram <= last ? ": the RAM case" : "");
		if (ram <= last)
			bk_out(log, "        (%.1f MB) fits in the last level and "
			       "measures it, not RAM (--sizes cache)\n", ram / 1e6);
	}
	bk_out(log, "\n");
}

/*
 * A finished case against the C reference and against the first thread
 * count, and its JSON record, as soon as it has run.
 */
static void judge_case(struct mflops_run *r, int ci, int oi, int li)
{
	struct bk_log *log = &r->ctx->log;
	const struct mf_result *res = &r->res[ci][oi][li];
	const struct mf_result *first = &r->res[0][oi][li];
	struct bk_fpu_refcmp cmp;

	bk_fpu_compare(&r->k[oi], r->sizes.passes[li], res->x0, r->ref[oi][li], &cmp);
	case_record(r, ci, oi, li, &cmp);
	if (!cmp.agrees) {
		r->ref_disagree++;
		bk_out(log, "   ERROR %dT %d ops %s: x[0] %.9f, the C reference %.9f "
		       "(allowed difference %.3g)\n", r->counts[ci], r->ops[oi],
		       bk_mf_level_names[li], res->x0, r->ref[oi][li], cmp.tolerance);
	}
	if (ci && first->ran && res->x0_bits != first->x0_bits) {
		r->checksum_mismatches++;
		bk_out(log, "   ERROR %d ops %s: %dT ends at %.9f, %dT at %.9f: every "
		       "thread count must end alike\n", r->ops[oi],
		       bk_mf_level_names[li], r->counts[ci], res->x0, r->counts[0],
		       first->x0);
	}
}

static int mflops_main(struct mflops_run *r, const char *sizes_how)
{
	struct bk_log *log = &r->ctx->log;
	struct bk_json *s = &r->ctx->log.summary;
	char date[64];
	int rc = 0;

	for (size_t oi = 0; oi < r->nops; oi++)
		for (int li = 0; li < BK_MF_LEVELS; li++)
			r->ref[oi][li] = bk_fpu_reference(r->ops[oi], r->dbl,
							  r->sizes.passes[li]);
	header(r, sizes_how);
	table_head(r);
	bk_out(log, " MFLOPS\n");
	for (size_t ci = 0; ci < r->ncounts && !rc; ci++) {
		for (size_t oi = 0; oi < r->nops && !rc; oi++)
			for (int li = 0; li < BK_MF_LEVELS && !rc; li++) {
				rc = run_case(r, (int)ci, (int)oi, li);
				if (!rc)
					judge_case(r, (int)ci, (int)oi, li);
			}
		if (!rc)
			table_row(r, (int)ci, 0);
	}
	if (rc && rc != BK_EXIT_INTERRUPTED)
		return rc;

	bk_out(log, " Results x 100000, 0 indicates ERRORS\n");
	for (size_t ci = 0; ci < r->ncounts; ci++)
		if (r->res[ci][r->nops - 1][BK_MF_LEVELS - 1].ran)
			table_row(r, (int)ci, 1);
	bk_ctime(date, sizeof(date));
	bk_out(log, "\n            End of test %s\n", date);

	bk_json_uint(s, "errors", r->errors);
	bk_json_uint(s, "thread_disagreements", r->thread_disagree);
	bk_json_uint(s, "checksum_mismatches", r->checksum_mismatches);
	bk_json_uint(s, "reference_disagreements", r->ref_disagree);
	if (r->errors || r->thread_disagree || r->checksum_mismatches || r->ref_disagree) {
		pr_fail("%llu wrong words, %lu cases whose threads disagree, %lu whose "
			"x[0] differs between thread counts, %lu off the C reference: "
			"the CPUs or memory made errors", r->errors, r->thread_disagree,
			r->checksum_mismatches, r->ref_disagree);
		return BK_EXIT_FAULT;
	}
	return rc;
}

static int mflops_run(struct bk_ctx *ctx)
{
	static const int ops_allowed[] = { 2, 8, 32 };
	struct mflops_run *r = calloc(1, sizeof(*r));
	const struct bk_value *threads = bk_param(&ctx->params, "threads");
	const struct bk_value *ops = bk_param(&ctx->params, "ops");
	double scale = bk_param_real(&ctx->params, "scale");
	char err[256], sizes_how[256];
	int rc;

	if (!r) {
		pr_fail("out of memory");
		return BK_EXIT_ENV;
	}
	r->ctx = ctx;
	r->dbl = bk_param_flag(&ctx->params, "double");
	r->ncpus = allowed_cpus(r->cpus, CPU_SETSIZE);
	if (r->ncpus < 1) {
		r->cpus[0] = 0;
		r->ncpus = 1;
	}
	rc = BK_EXIT_USAGE;
	if (threads->nlist) {
		if (bk_mf_parse_counts("threads", threads->list, threads->nlist, 1,
				       BK_MF_MAX_THREADS, NULL, 0, r->counts,
				       BK_MF_MAX_COUNTS, &r->ncounts, err, sizeof(err)))
			goto fail;
	} else {
		r->ncounts = bk_mf_default_threads(r->ncpus, r->counts, BK_MF_MAX_COUNTS);
	}
	/* Each thread is pinned to its own CPU: no more threads than CPUs, each count once. */
	for (size_t i = 0; i < r->ncounts; i++) {
		if (r->counts[i] > r->ncpus) {
			snprintf(err, sizeof(err), "--threads %d: more threads than the %d "
				 "CPU(s) this process may use (each thread runs pinned to "
				 "its own CPU); give at most %d", r->counts[i], r->ncpus,
				 r->ncpus);
			goto fail;
		}
		for (size_t k = 0; k < i; k++)
			if (r->counts[k] == r->counts[i]) {
				snprintf(err, sizeof(err), "--threads: %d is given twice; "
					 "give each thread count once", r->counts[i]);
				goto fail;
			}
	}
	if (bk_mf_parse_counts("ops", ops->list, ops->nlist, 2, 32, ops_allowed,
			       BK_ARRAY_SIZE(ops_allowed), r->ops, MF_MAX_OPS,
			       &r->nops, err, sizeof(err)))
		goto fail;
	for (size_t i = 0; i < r->nops; i++)
		bk_fpu_kernel_pick(&ctx->kernels, r->ops[i], r->dbl, &r->k[i]);

	if (!strcmp(bk_param_str(&ctx->params, "sizes"), "cache")) {
		struct bk_cpu_caches cc;

		bk_cpu_caches_read(NULL, &cc);
		if (bk_mf_sizes_cache(&cc, bk_fpu_word_size(r->dbl), bk_mem_available(),
				      scale, &r->sizes)) {
			pr_fail("--sizes cache: this system reports no L1d and L2 "
				"sizes in /sys/devices/system/cpu/cpu0/cache; use "
				"--sizes mpmflops");
			rc = BK_EXIT_ENV;
			goto out;
		}
		snprintf(sizes_how, sizeof(sizes_how), "from this CPU's caches: "
			 "%zu, %zu, %zu words with %llu, %llu, %llu passes",
			 r->sizes.words[0], r->sizes.words[1], r->sizes.words[2],
			 (unsigned long long)r->sizes.passes[0],
			 (unsigned long long)r->sizes.passes[1],
			 (unsigned long long)r->sizes.passes[2]);
	} else {
		bk_mf_sizes_mpmflops(scale, &r->sizes);
		snprintf(sizes_how, sizeof(sizes_how), "MP-MFLOPS's 3200, 32000, "
			 "3200000 words with %llu, %llu, %llu passes",
			 (unsigned long long)r->sizes.passes[0],
			 (unsigned long long)r->sizes.passes[1],
			 (unsigned long long)r->sizes.passes[2]);
	}
	for (size_t i = 0; i < r->ncounts; i++)
		if ((size_t)r->counts[i] > r->sizes.words[0]) {
			snprintf(err, sizeof(err), "--threads %d: more threads than "
				 "the %zu words of the L1 case", r->counts[i],
				 r->sizes.words[0]);
			goto fail;
		}
	if (ctx->dry_run) {
		rc = BK_EXIT_OK;
		goto out;
	}
	rc = mflops_main(r, sizes_how);
	goto out;
fail:
	pr_fail("%s", err);
out:
	free(r);
	return rc;
}

const struct bk_tester bk_tester_mflops = {
	.name = "mflops",
	.summary = "MP-MFLOPS: the FPU kernels on 1, 2, 4, ... CPUs at L1, L2 and RAM sizes",
	.help = "Runs the burninfpu kernels (2 and 32 operations per word; --ops 2,8,32)\n"
		"on 1, 2, 4, ... threads up to the CPUs it may use (--threads 1,2,4),\n"
		"each thread pinned to its own CPU and working on its own slice of the\n"
		"data, allocated on that CPU. Data: MP-MFLOPS's 3200, 32000 and 3200000\n"
		"words with 10000, 1000 and 10 passes (--sizes cache: half of L1d, half\n"
		"of L2 and four times the last cache level, 32 million word updates a\n"
		"case; --scale multiplies the passes). Threads start on a barrier; a\n"
		"case is timed from the first start to the last finish. Prints MFLOPS\n"
		"per case and thread count, and the checksums (int)(x[0] * 100000),\n"
		"which must be the same for every thread count; every word of every\n"
		"thread must equal x[0], and x[0] must agree with the C reference as in\n"
		"burnkit fpu. A difference is a hardware error (exit 1).",
	.params = mflops_params,
	.log_prefix = "logMflops",
	.quick = "--scale 0.25",
	.flags = BK_TF_KERNELS | BK_TF_DRY_CHECKS,
	.run = mflops_run,
};
