// SPDX-License-Identifier: MIT
/*
 * burnkit paging: stressInt over more memory than is free, as Longbottom
 * made his Raspberry Pi page ("Paging Tests - Using stressInt"). The twelve
 * tests run first at a size that fits (the baseline speed), then beyond
 * MemAvailable, while /proc/vmstat and /proc/meminfo are sampled into the
 * log (swap in and out, major faults, free, available, cache, swap used);
 * then each test's slowdown. The tests run in a child process that the OOM
 * killer is told to pick first, so that when memory runs out the runner is
 * still there to say what happened.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tester.h"
#include "child.h"
#include "int_engine.h"
#include "memstat.h"
#include "paging_plan.h"

#define MB(b) ((double)(b) / 1048576.0)

static const struct bk_param paging_params[] = {
	{ "kbytes", "KBytes", BK_PT_INT, 4, 4294967296.0, NULL,
	  "KBytes to test (default: 20% more than MemAvailable, at most "
	  "MemAvailable plus half the free swap)", NULL },
	{ "mem", NULL, BK_PT_SIZE, 4096, 1e15, NULL,
	  "the size as bytes (512M, 2G) or N% of RAM (MemTotal), instead of KBytes",
	  NULL },
	{ "seconds", "Seconds", BK_PT_REAL, 0.01, 86400, "1",
	  "running time of each of the 12 tests, at each size (one pass at least)",
	  NULL },
	{ "baseline", NULL, BK_PT_SIZE, 4096, 1e15, NULL,
	  "size of the run that fits, the speeds to compare with (default: a "
	  "quarter of the test size, at most 256M and a quarter of MemAvailable)",
	  NULL },
	{ "interval", NULL, BK_PT_INT, 1, 3600, "5",
	  "seconds between two samples of /proc/vmstat and /proc/meminfo", NULL },
	{ "force", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "run even without swap, or beyond memory plus swap (the OOM killer "
	  "may end the test: that is reported)", NULL },
	BK_PARAM_ISA,
	BK_PARAM_CPU,
	BK_PARAMS_END
};

enum { RUN_BASELINE, RUN_PAGING, RUNS };

static const char *const run_names[RUNS] = { "baseline", "paging" };

/* What the samples of one run showed. */
struct run_watch {
	struct bk_memstat first;	/* when the run started */
	struct bk_memstat alive;	/* the last sample while the test process lived */
	struct bk_memstat last;		/* after it ended */
	unsigned long long min_free, min_available, min_cached, max_swap_used;
	unsigned samples;
};

static void watch_start(struct run_watch *w)
{
	memset(w, 0, sizeof(*w));
	bk_memstat_read(&w->first, NULL);
	w->alive = w->last = w->first;
	w->min_free = w->first.mem_free;
	w->min_available = w->first.mem_available;
	w->min_cached = w->first.cached;
	w->max_swap_used = bk_memstat_swap_used(&w->first);
}

static double per_second(unsigned long long now, unsigned long long before,
			 double scale, double dt)
{
	return dt > 0 && now > before ? (double)(now - before) * scale / dt : 0;
}

/* One sample: a line in the log, a JSON record, and the run's extremes. */
static void sample(struct bk_ctx *ctx, int run, struct run_watch *w,
		   struct bk_memstat *prev)
{
	struct bk_memstat now;
	double dt, page_kb = (double)sysconf(_SC_PAGESIZE) / 1024;
	double in, out, majflt;
	struct bk_json j;

	bk_memstat_read(&now, NULL);
	dt = (double)(now.t_ns - prev->t_ns) / 1e9;
	in = per_second(now.pswpin, prev->pswpin, page_kb, dt);
	out = per_second(now.pswpout, prev->pswpout, page_kb, dt);
	majflt = per_second(now.pgmajfault, prev->pgmajfault, 1, dt);
	bk_out(&ctx->log, " Sample %5.0f s %-8s swap in %7.0f KB/s, out %7.0f KB/s, "
	       "major faults %6.0f/s; MB free %5.0f, available %5.0f, cache %5.0f, "
	       "swap used %5.0f\n", bk_log_elapsed(&ctx->log), run_names[run], in,
	       out, majflt, MB(now.mem_free), MB(now.mem_available), MB(now.cached),
	       MB(bk_memstat_swap_used(&now)));

	bk_json_init(&j);
	bk_rec_begin(&ctx->log, &j, "sample");
	bk_json_str(&j, "run", run_names[run]);
	bk_json_realp(&j, "interval_s", dt, 6);
	bk_json_realp(&j, "swap_in_kb_per_s", in, 6);
	bk_json_realp(&j, "swap_out_kb_per_s", out, 6);
	bk_json_realp(&j, "major_faults_per_s", majflt, 6);
	bk_json_uint(&j, "pswpin", now.pswpin);
	bk_json_uint(&j, "pswpout", now.pswpout);
	bk_json_uint(&j, "pgmajfault", now.pgmajfault);
	bk_json_uint(&j, "mem_free", now.mem_free);
	bk_json_uint(&j, "mem_available", now.mem_available);
	bk_json_uint(&j, "cached", now.cached);
	bk_json_uint(&j, "swap_total", now.swap_total);
	bk_json_uint(&j, "swap_free", now.swap_free);
	bk_rec_end(&ctx->log, &j);
	bk_json_free(&j);

	if (now.mem_free < w->min_free)
		w->min_free = now.mem_free;
	if (now.mem_available < w->min_available)
		w->min_available = now.mem_available;
	if (now.cached < w->min_cached)
		w->min_cached = now.cached;
	if (bk_memstat_swap_used(&now) > w->max_swap_used)
		w->max_swap_used = bk_memstat_swap_used(&now);
	w->samples++;
	*prev = now;
}

/* In the child: the twelve tests, and the child's exit status is theirs. */
static void __attribute__((noreturn))
child(struct bk_ctx *ctx, int run, size_t bytes, struct int_result *res)
{
	struct int_config cfg = {
		.bytes = bytes,
		.seconds = bk_param_real(&ctx->params, "seconds"),
		.kernels = &ctx->kernels,
		.timer = &ctx->timer,
		.log = &ctx->log,
		.run = run_names[run],
	};
	int fd = open("/proc/self/oom_score_adj", O_WRONLY | O_CLOEXEC);
	int rc;

	/* When memory runs out, take this process, not the runner or others. */
	if (fd >= 0) {
		if (write(fd, "1000", 4) != 4)
			pr_dbg("oom_score_adj not raised: %s", strerror(errno));
		close(fd);
	}
	rc = int_run(&cfg, res);
	fflush(NULL);
	_exit(rc);
}

/* Say how the test process died, with the memory state before it did. */
static int report_death(struct bk_ctx *ctx, int run, int sig,
			const struct run_watch *w)
{
	const struct bk_memstat *a = &w->alive;
	int counted = w->last.has_oom_kill;
	int by_oom = counted && w->last.oom_kill > w->first.oom_kill;
	char how[256];
	struct bk_json j;

	if (sig != SIGKILL)
		snprintf(how, sizeof(how), "killed by signal %d (%s)", sig, strsignal(sig));
	else if (by_oom)
		snprintf(how, sizeof(how), "killed (SIGKILL) by the OOM killer: oom_kill "
			 "in /proc/vmstat went from %llu to %llu", w->first.oom_kill,
			 w->last.oom_kill);
	else if (!counted)
		snprintf(how, sizeof(how), "killed (SIGKILL), probably by the OOM "
			 "killer (this kernel does not count OOM kills in /proc/vmstat)");
	else
		snprintf(how, sizeof(how), "killed (SIGKILL), not by the OOM killer "
			 "(oom_kill in /proc/vmstat stayed at %llu): by someone else",
			 w->last.oom_kill);
	bk_out(&ctx->log, "\n The %s run's test process was %s.\n", run_names[run], how);
	bk_out(&ctx->log, " Last sample while it ran: MemFree %.0f MB, MemAvailable "
	       "%.0f MB, cache %.0f MB, swap free %.0f of %.0f MB\n", MB(a->mem_free),
	       MB(a->mem_available), MB(a->cached), MB(a->swap_free), MB(a->swap_total));
	if (sig == SIGKILL)
		bk_out(&ctx->log, " The kernel log says more: dmesg | grep -i -A 20 "
		       "'out of memory'\n");
	pr_fail("the %s run's test process was %s; MemAvailable was %.0f MB, swap "
		"free %.0f MB in the last sample", run_names[run], how,
		MB(a->mem_available), MB(a->swap_free));

	bk_json_init(&j);
	bk_rec_begin(&ctx->log, &j, "killed");
	bk_json_str(&j, "run", run_names[run]);
	bk_json_int(&j, "signal", sig);
	if (counted) {
		bk_json_bool(&j, "oom_killer", by_oom);
		bk_json_uint(&j, "oom_kill_before", w->first.oom_kill);
		bk_json_uint(&j, "oom_kill_after", w->last.oom_kill);
	} else {
		bk_json_null(&j, "oom_killer");
	}
	bk_json_uint(&j, "mem_free", a->mem_free);
	bk_json_uint(&j, "mem_available", a->mem_available);
	bk_json_uint(&j, "cached", a->cached);
	bk_json_uint(&j, "swap_free", a->swap_free);
	bk_json_uint(&j, "swap_total", a->swap_total);
	bk_rec_end(&ctx->log, &j);
	bk_json_free(&j);
	/* Out of memory is what this machine cannot hold; other signals are not. */
	return sig == SIGKILL ? BK_EXIT_ENV : BK_EXIT_FAULT;
}

struct child_args {
	struct bk_ctx *ctx;
	int run;
	size_t bytes;
	struct int_result *res;
};

static int child_main(void *arg)
{
	const struct child_args *a = arg;

	child(a->ctx, a->run, a->bytes, a->res);
}

/* Run the twelve tests over `bytes` in a child, sampling until it ends. */
static int run_size(struct bk_ctx *ctx, int run, size_t bytes,
		    struct int_result *res, struct run_watch *w)
{
	uint64_t interval = (uint64_t)bk_param_int(&ctx->params, "interval") *
			    1000000000ull;
	struct bk_memstat prev;
	uint64_t next;
	struct child_args args = { ctx, run, bytes, res };
	struct bk_child_spec spec = { .fn = child_main, .arg = &args, .cpu = -1,
				   .keep_signals = 1 };
	struct bk_child c;
	int status, forwarded = 0, e;

	watch_start(w);
	prev = w->first;
	next = prev.t_ns + interval;
	e = bk_child_start(&c, &spec);
	if (e) {
		pr_fail("cannot start the test process: %s", strerror(-e));
		return BK_EXIT_ENV;
	}
	while (!bk_child_poll(&c)) {
		struct timespec nap = { 0, 50 * 1000000L };

		if (bk_stop_requested() && !forwarded) {
			kill(c.pid, SIGTERM);	/* it stops at its next check point */
			forwarded = 1;
		}
		if (bk_now_ns() >= next) {
			sample(ctx, run, w, &prev);
			w->alive = prev;
			next += interval;
			if (next <= prev.t_ns)	/* late (memory pressure): no burst */
				next = prev.t_ns + interval;
		}
		nanosleep(&nap, NULL);
	}
	status = c.status;
	sample(ctx, run, w, &prev);
	w->last = prev;
	if (WIFSIGNALED(status))
		return report_death(ctx, run, WTERMSIG(status), w);
	return WEXITSTATUS(status);
}

/* MB moved and seconds taken by the tests of one phase. */
static void phase_total(const struct int_result *r, enum int_phase ph,
			size_t bytes, double *mb, double *secs)
{
	size_t n;
	const struct int_test_plan *plan = int_plan(&n);

	*mb = *secs = 0;
	for (size_t i = 0; i < n; i++) {
		if (plan[i].phase != ph || !r->test[i].ran)
			continue;
		*mb += (double)r->test[i].passes * (double)bytes *
		       (ph == INT_PHASE_WRITE_READ ? 2 : 1) / 1e6;
		*secs += r->test[i].seconds;
	}
}

static void slowdown_record(struct bk_ctx *ctx, enum int_phase ph, unsigned test,
			    double base, double paged)
{
	struct bk_json j;

	bk_json_init(&j);
	bk_rec_begin(&ctx->log, &j, "slowdown");
	bk_json_str(&j, "phase", int_phase_key(ph));
	if (test)
		bk_json_uint(&j, "test", test);
	else
		bk_json_str(&j, "test", "all");
	bk_json_realp(&j, "baseline_mb_per_s", base, 6);
	bk_json_realp(&j, "paging_mb_per_s", paged, 6);
	bk_json_realp(&j, "slowdown", paged > 0 ? base / paged : 0, 6);
	bk_rec_end(&ctx->log, &j);
	bk_json_free(&j);
}

static void slowdown_table(struct bk_ctx *ctx, const struct int_result *res,
			   const size_t *bytes)
{
	size_t n;
	const struct int_test_plan *plan = int_plan(&n);
	struct bk_json *s = &ctx->log.summary;

	bk_out(&ctx->log, "\n Slowdown at %.0f MB against %.0f MB, in MB/sec\n\n",
	       MB(bytes[RUN_PAGING]), MB(bytes[RUN_BASELINE]));
	bk_out(&ctx->log, " %-12s %10s %10s %9s\n", "", "Baseline", "Paging", "Slowdown");
	for (int ph = 0; ph < INT_PHASES; ph++) {
		double mb[RUNS], secs[RUNS], speed[RUNS];
		char key[48];

		bk_out(&ctx->log, " %s\n", int_phase_title(ph));
		for (size_t i = 0; i < n; i++) {
			double b = res[RUN_BASELINE].test[i].mbs;
			double p = res[RUN_PAGING].test[i].mbs;

			if (plan[i].phase != (enum int_phase)ph)
				continue;
			bk_out(&ctx->log, "  %-11u %10.0f %10.0f %8.1fx\n", plan[i].number,
			       b, p, p > 0 ? b / p : 0);
			slowdown_record(ctx, ph, plan[i].number, b, p);
		}
		for (int r = 0; r < RUNS; r++) {
			phase_total(&res[r], ph, bytes[r], &mb[r], &secs[r]);
			speed[r] = secs[r] > 0 ? mb[r] / secs[r] : 0;
		}
		bk_out(&ctx->log, "  %-11s %10.0f %10.0f %8.1fx  (%.1f s at %.0f MB)\n",
		       "all", speed[RUN_BASELINE], speed[RUN_PAGING],
		       speed[RUN_PAGING] > 0 ? speed[RUN_BASELINE] / speed[RUN_PAGING] : 0,
		       secs[RUN_PAGING], MB(bytes[RUN_PAGING]));
		slowdown_record(ctx, ph, 0, speed[RUN_BASELINE], speed[RUN_PAGING]);
		snprintf(key, sizeof(key), "%s_slowdown", int_phase_key(ph));
		bk_json_realp(s, key, speed[RUN_PAGING] > 0 ?
			      speed[RUN_BASELINE] / speed[RUN_PAGING] : 0, 6);
	}
}

/* Swap traffic and memory low points of the paging run, from its samples. */
static void traffic(struct bk_ctx *ctx, const struct run_watch *w)
{
	double page_kb = (double)sysconf(_SC_PAGESIZE) / 1024;
	double in = (double)(w->last.pswpin - w->first.pswpin) * page_kb;
	double out = (double)(w->last.pswpout - w->first.pswpout) * page_kb;
	unsigned long long majflt = w->last.pgmajfault - w->first.pgmajfault;
	struct bk_json *s = &ctx->log.summary;

	bk_out(&ctx->log, "\n Paging run: %.0f KB swapped in, %.0f KB out, %llu major "
	       "faults; swap used at most %.0f MB; MemFree at least %.0f MB, "
	       "MemAvailable %.0f MB, cache %.0f MB (%u samples)\n", in, out, majflt,
	       MB(w->max_swap_used), MB(w->min_free), MB(w->min_available),
	       MB(w->min_cached), w->samples);
	bk_json_realp(s, "swapped_in_kb", in, 15);
	bk_json_realp(s, "swapped_out_kb", out, 15);
	bk_json_uint(s, "major_faults", majflt);
	bk_json_uint(s, "max_swap_used", w->max_swap_used);
	bk_json_uint(s, "min_mem_free", w->min_free);
	bk_json_uint(s, "min_mem_available", w->min_available);
	bk_json_uint(s, "min_cached", w->min_cached);
}

/* The test size from KBytes, --mem or the machine; 0 after a usage error. */
static unsigned long long test_size(struct bk_ctx *ctx, const struct paging_mem *m)
{
	int kb = bk_param_given(&ctx->params, "kbytes");
	int mem = bk_param_given(&ctx->params, "mem");

	if (kb && mem) {
		pr_fail("KBytes and --mem both give the size: give one");
		return 0;
	}
	if (kb)
		return paging_round((unsigned long long)
				    bk_param_int(&ctx->params, "kbytes") * 1024);
	if (mem)
		return paging_round(bk_param_bytes(&ctx->params, "mem", m->total));
	return paging_default_size(m);
}

static int paging_run(struct bk_ctx *ctx)
{
	struct bk_memstat now;
	struct paging_mem m;
	struct int_result *res;
	struct run_watch watch[RUNS];
	size_t bytes[RUNS];
	unsigned long long size, base;
	char why[512];
	enum paging_verdict verdict;
	int force = bk_param_flag(&ctx->params, "force");
	int rc = BK_EXIT_OK;

	if (bk_memstat_read(&now, NULL)) {
		pr_fail("cannot read /proc/meminfo: is /proc mounted?");
		return BK_EXIT_ENV;
	}
	m.total = now.mem_total;
	m.available = now.mem_available;
	m.swap_total = now.swap_total;
	m.swap_free = now.swap_free;
	size = test_size(ctx, &m);
	if (!size)
		return BK_EXIT_USAGE;
	base = bk_param_given(&ctx->params, "baseline") ?
	       paging_round(bk_param_bytes(&ctx->params, "baseline", m.total)) :
	       paging_default_baseline(size, &m);
	if (base >= size) {
		pr_fail("--baseline %.0f MB is not smaller than the test size %.0f MB",
			MB(base), MB(size));
		return BK_EXIT_USAGE;
	}
	verdict = paging_judge(size, &m, why, sizeof(why));
	if (ctx->dry_run && !force && (verdict == PAGING_NO_SWAP || verdict == PAGING_TOO_BIG)) {
		pr_fail("%s", why);
		return BK_EXIT_ENV;
	}
	if (ctx->dry_run)
		return base > m.available ? BK_EXIT_ENV : BK_EXIT_OK;

	bk_out(&ctx->log, "\n Paging Test - stressInt over more memory than is free\n");
	bk_out(&ctx->log, "   RAM %.0f MB, MemAvailable %.0f MB, swap %.0f MB (%.0f MB "
	       "free)\n", MB(m.total), MB(m.available), MB(m.swap_total),
	       MB(m.swap_free));
	bk_out(&ctx->log, "   Test size %llu KBytes (%.0f MB), baseline %llu KBytes "
	       "(%.0f MB), samples every %lld s\n", size / 1024, MB(size), base / 1024,
	       MB(base), bk_param_int(&ctx->params, "interval"));
	bk_out(&ctx->log, "   %s\n", why);
	bk_json_str(&ctx->log.summary, "verdict", verdict == PAGING_PAGES ? "pages" :
		    verdict == PAGING_FITS ? "fits" : verdict == PAGING_NO_SWAP ?
		    "no_swap" : "too_big");
	bk_json_uint(&ctx->log.summary, "bytes", size);
	bk_json_uint(&ctx->log.summary, "baseline_bytes", base);
	if (verdict == PAGING_NO_SWAP || verdict == PAGING_TOO_BIG) {
		if (!force) {
			pr_fail("%s", why);
			return BK_EXIT_ENV;
		}
		pr_warn("%s; going ahead (--force): the OOM killer may end the test", why);
	}
	if (base > m.available) {
		pr_fail("the baseline of %.0f MB does not fit in MemAvailable (%.0f MB): "
			"give a smaller --baseline", MB(base), MB(m.available));
		return BK_EXIT_ENV;
	}

	res = mmap(NULL, RUNS * sizeof(*res), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (res == MAP_FAILED) {
		pr_fail("cannot share results with the test process: %s", strerror(errno));
		return BK_EXIT_ENV;
	}
	memset(res, 0, RUNS * sizeof(*res));
	bytes[RUN_BASELINE] = (size_t)base;
	bytes[RUN_PAGING] = (size_t)size;
	for (int r = 0; r < RUNS && rc == BK_EXIT_OK && !bk_stop_requested(); r++)
		rc = run_size(ctx, r, bytes[r], &res[r], &watch[r]);
	if (rc == BK_EXIT_OK && !bk_stop_requested()) {
		slowdown_table(ctx, res, bytes);
		traffic(ctx, &watch[RUN_PAGING]);
	}
	for (int r = 0; r < RUNS; r++) {
		char key[48];

		snprintf(key, sizeof(key), "%s_errors", run_names[r]);
		bk_json_uint(&ctx->log.summary, key, res[r].errors);
	}
	if (res[RUN_BASELINE].errors + res[RUN_PAGING].errors)
		pr_fail("%llu errors found: the test lines and \"Pattern X Was Y Word N\" "
			"lines above say where",
			res[RUN_BASELINE].errors + res[RUN_PAGING].errors);
	munmap(res, RUNS * sizeof(*res));
	return rc;
}

const struct bk_tester bk_tester_paging = {
	.name = "paging",
	.summary = "stressInt beyond free memory: swap traffic and the slowdown",
	.help = "Runs burnkit int's twelve tests twice, each in a child process: at a\n"
		"baseline size that fits in memory, then at a size beyond MemAvailable\n"
		"(KBytes, or --mem 120% of RAM; by default 20% more than MemAvailable,\n"
		"at most MemAvailable plus half the free swap), so that the kernel must\n"
		"page. Every few seconds (--interval) a sample of /proc/vmstat and\n"
		"/proc/meminfo goes to the log: swap in and out in KB/s, major faults,\n"
		"free, available, cache, swap used. At the end, each test's MB/sec at\n"
		"both sizes and the slowdown. Every word is checked as in burnkit int\n"
		"(exit 1 on errors). Without swap and beyond MemAvailable, or beyond\n"
		"MemAvailable plus 3/4 of the free swap, it refuses with the numbers\n"
		"(exit 3) unless --force. The test process asks the OOM killer to take\n"
		"it first; if it is killed the runner says so, by whom, with the last\n"
		"sample (exit 3). Not in the full-size burn-in: paging a board takes\n"
		"minutes to hours and can stall it, so make run only checks the tester\n"
		"at sizes that fit (it says so).",
	.params = paging_params,
	.log_prefix = "logPaging",
	.quick = "--mem 8M --baseline 4M --seconds 0.1 --interval 1",
	.flags = BK_TF_KERNELS | BK_TF_DRY_CHECKS,
	.supported = bk_memstat_supported,
	.run = paging_run,
};
