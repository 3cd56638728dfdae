// SPDX-License-Identifier: MIT
/*
 * burnkit cook: Longbottom's "Cooking The Pi" as one job. Copies of one or
 * more testers run at once, each pinned to its own CPU, while the recorder
 * samples temperatures, clocks and the module's throttle transitions. One
 * timeline takes it all as it happens (JSON lines, each written and synced
 * to the device): each copy's throughput per pass, every sample, every
 * throttle transition on the timeline's clock, every error. At the end
 * cook reads the timeline back (as burnkit report would), marks each
 * performance drop as throttling or interference, prints the summary and
 * draws the chart.
 *
 * The copies are this runner again (TESTER ARGS --json - --cpu N), one
 * process each; cook reads their JSON records from a pipe and forwards
 * their diagnostics. A copy that ends before the time is up is started
 * again; at the end the copies are asked to stop (SIGTERM) and waited for.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "record/analysis.h"
#include "cook_meter.h"
#include "record/recorder.h"
#include "suites/runner.h"
#include "record/ticker.h"
#include "record/timeline.h"
#include "record/timeline_csv.h"
#include "record/timeline_plot.h"

#define COOK_MAX_COPIES 256
#define COOK_STATUS_EVERY_S 15.0	/* console rows, as Longbottom's reports */
#define COOK_STOP_WAIT_S 15.0		/* for the copies to stop, then SIGKILL */
#define COOK_QUICK_EXIT_S 2.0		/* a copy that ends this soon ... */
#define COOK_QUICK_EXITS_MAX 3		/* ... this often is not restarted */

static const struct bk_param cook_params[] = {
	{ "run", NULL, BK_PT_LIST, 0, 0, NULL,
	  "a tester and its parameters, e.g. \"fpu KWords 1000, Section 3\"; "
	  "give it again for more testers", NULL },
	{ "copies", NULL, BK_PT_INT, 1, COOK_MAX_COPIES, NULL,
	  "copies in all (default: one per --run), dealt out over the --run lines "
	  "in turn, copy k on CPU k (of the CPUs this process may use)", NULL },
	{ "minutes", "Minutes", BK_PT_REAL, 0.005, 10080, "1", "running time", NULL },
	{ "sample", "Sample", BK_PT_REAL, 0, 3600, "1",
	  "seconds between recorder samples (temperatures, clocks); throttle "
	  "events are read twice as often; 0: no recorder", NULL },
	{ "clock-every", NULL, BK_PT_REAL, 0, 86400, "5",
	  "measure the effective CPU clock through burnkit.ko every this many "
	  "seconds (it keeps each CPU busy a few ms); 0 never", NULL },
	{ "drop", NULL, BK_PT_REAL, 1, 90, "10",
	  "a pass more than this many percent below its copy's usual speed is a drop",
	  NULL },
	{ "json", NULL, BK_PT_STR, 0, 0, "cook.jsonl",
	  "the timeline: JSON lines, each synced to the device as written", NULL },
	{ "svg", NULL, BK_PT_STR, 0, 0, NULL,
	  "the chart (default: the timeline's name with .svg)", NULL },
	{ "csv", NULL, BK_PT_STR, 0, 0, NULL,
	  "also write the timeline as CSV, for spreadsheets", NULL },
	BK_PARAMS_END
};

struct cook_copy {
	int index, cpu;
	const struct cook_run *run;
	struct bk_child child;	/* pid 0: not running; out_fd: its JSON
				 * records, err_fd: its diagnostics */
	char out[65536];
	size_t nout;
	char err[4096];
	size_t nerr;
	double offset;		/* cook t = the copy's t + offset */
	int synced;
	double started;		/* cook t of the latest start */
	double last_end;	/* cook t of the end of its latest pass */
	unsigned long passes;
	int quick_exits;
	int done;		/* not to be started again */
	int worst_exit;
	double best;		/* fastest pass so far, for the console */
};

struct cook {
	struct bk_ctx *ctx;
	struct bk_recorder rec;
	int recording;
	double sample_s;
	struct cook_run runs[BK_LIST_MAX];
	int nruns;
	struct cook_copy *copies;
	int ncopies;
	double end_t;
	unsigned long errors;	/* errors the testers found */
	int failures;		/* copies that could not run or crashed */
	int worst_failure;	/* their exit status, for ours */
	double last_status_t;
	int stopping;
};

static double now_t(const struct cook *ck)
{
	return bk_log_elapsed(&ck->ctx->log);
}

static int has_param(const struct bk_tester *t, const char *name)
{
	for (const struct bk_param *p = t->params; p && p->name; p++)
		if (!strcmp(p->name, name))
			return 1;
	return 0;
}

/* The copy's arguments as one line, for records and the chart. */
static const char *run_args(const struct cook_run *r)
{
	const char *a = r->text + strcspn(r->text, " ,\t");

	while (*a == ' ' || *a == ',' || *a == '\t')
		a++;
	return a;
}

static void error_record(struct cook *ck, const struct cook_copy *c, double at,
			 const char *what)
{
	struct bk_json j;

	bk_json_init(&j);
	bk_rec_begin(&ck->ctx->log, &j, "error");
	bk_json_int(&j, "copy", c ? c->index : -1);
	bk_json_str(&j, "test", c ? c->run->tester->name : NULL);
	if (c)
		bk_json_int(&j, "cpu", c->cpu);
	bk_json_realp(&j, "at", at, 9);
	bk_json_str(&j, "what", what);
	bk_rec_end(&ck->ctx->log, &j);
	bk_json_free(&j);
	bk_out(&ck->ctx->log, " %7.1f s  ERROR copy %d %s: %s\n", at, c ? c->index : -1,
	       c ? c->run->tester->name : "", what);
}

static int copy_start(struct cook *ck, struct cook_copy *c)
{
	char *argv[COOK_RUN_WORDS + 10], cpu[16], secs[32], opt[48];
	int argc = 0, e;
	double left = ck->end_t - now_t(ck);

	argv[argc++] = "burnkit";
	argv[argc++] = (char *)c->run->tester->name;
	for (int i = 0; i < c->run->nwords; i++)
		argv[argc++] = c->run->words[i];
	argv[argc++] = "--json";
	argv[argc++] = "-";
	snprintf(cpu, sizeof(cpu), "%d", c->cpu);
	if (has_param(c->run->tester, "cpu")) {
		argv[argc++] = "--cpu";
		argv[argc++] = cpu;
	}
	if (c->run->meter && c->run->meter->duration_opt && !c->run->gives_duration) {
		snprintf(opt, sizeof(opt), "--%s", c->run->meter->duration_opt);
		snprintf(secs, sizeof(secs), "%.3f", left);
		argv[argc++] = opt;
		argv[argc++] = secs;
	}
	argv[argc] = NULL;

	/* The copy runs as `burnkit TESTER ...` would, pinned to its CPU. */
	e = bk_suite_spawn(&c->child, c->run->tester, argc - 2, argv + 2,
			   BK_CHILD_OUT | BK_CHILD_ERR, c->cpu);
	if (e)
		return e;
	fcntl(c->child.out_fd, F_SETFL, O_NONBLOCK);
	fcntl(c->child.err_fd, F_SETFL, O_NONBLOCK);
	c->nout = c->nerr = 0;
	c->synced = 0;
	c->started = c->last_end = now_t(ck);

	struct bk_json j;

	bk_json_init(&j);
	bk_rec_begin(&ck->ctx->log, &j, "copy");
	bk_json_int(&j, "copy", c->index);
	bk_json_str(&j, "event", "start");
	bk_json_str(&j, "test", c->run->tester->name);
	bk_json_str(&j, "args", run_args(c->run));
	bk_json_int(&j, "cpu", c->cpu);
	bk_json_str(&j, "unit", c->run->meter ? c->run->meter->unit : NULL);
	bk_json_int(&j, "pid", c->child.pid);
	bk_rec_end(&ck->ctx->log, &j);
	bk_json_free(&j);
	return 0;
}

static void perf_record(struct cook *ck, struct cook_copy *c, const struct bk_jv *rec,
			const struct cook_pass *ps)
{
	double at = bk_jv_getnum(rec, "t", NAN) + c->offset;
	double from = isnan(ps->seconds) ? c->last_end : at - ps->seconds;
	double mhz = bk_jv_getnum(rec, "mhz", NAN);
	struct bk_json j;

	if (isnan(at))
		at = now_t(ck);
	if (from < c->started)
		from = c->started;
	c->last_end = at;
	c->passes++;
	if (ps->value > c->best)
		c->best = ps->value;
	bk_json_init(&j);
	bk_rec_begin(&ck->ctx->log, &j, "perf");
	bk_json_int(&j, "copy", c->index);
	bk_json_str(&j, "test", c->run->tester->name);
	bk_json_int(&j, "cpu", c->cpu);
	bk_json_str(&j, "group", ps->group[0] ? ps->group : NULL);
	bk_json_uint(&j, "pass", c->passes);
	bk_json_realp(&j, "value", ps->value, 8);
	bk_json_str(&j, "unit", c->run->meter->unit);
	bk_json_realp(&j, "from", from, 9);
	bk_json_realp(&j, "at", at, 9);
	if (isnan(mhz))
		bk_json_null(&j, "mhz");
	else
		bk_json_realp(&j, "mhz", mhz, 6);
	bk_rec_end(&ck->ctx->log, &j);
	bk_json_free(&j);
	bk_out(&ck->ctx->log, " %7.1f s  copy %d %-5s cpu%-3d %10.6g %-6s %3.0f %% of its best%s%s\n",
	       at, c->index, c->run->tester->name, c->cpu, ps->value, c->run->meter->unit,
	       c->best > 0 ? 100 * ps->value / c->best : 100, ps->group[0] ? "  " : "",
	       ps->group);
}

/* What an "error" record of a copy says, in one line. */
static void describe_error(const char *line, size_t len, char *out, size_t outlen)
{
	snprintf(out, outlen, "%.*s", (int)(len > 300 ? 300 : len), line);
}

static void copy_line(struct cook *ck, struct cook_copy *c, char *line, size_t len)
{
	struct bk_jdoc doc;
	struct cook_pass ps;
	const char *type;
	char err[128];

	if (bk_jdoc_parse(&doc, line, len, err, sizeof(err))) {
		pr_warn("copy %d (%s) wrote a line that is not JSON: %s", c->index,
			c->run->tester->name, err);
		return;
	}
	type = bk_jv_getstr(doc.root, "type");
	if (!c->synced) {
		/* The copy's clock starts at its log; its first record is at t ~ 0. */
		c->offset = now_t(ck) - bk_jv_getnum(doc.root, "t", 0);
		c->synced = 1;
	}
	if (c->run->meter && cook_meter_read(c->run->meter, doc.root, &ps)) {
		perf_record(ck, c, doc.root, &ps);
	} else if (type && !strcmp(type, "error")) {
		char what[400];

		describe_error(line, len, what, sizeof(what));
		ck->errors++;
		error_record(ck, c, bk_jv_getnum(doc.root, "t", now_t(ck) - c->offset) +
			     c->offset, what);
	}
	bk_jdoc_free(&doc);
}

/* Whole lines out of a buffer; keeps the partial last one. */
static void take_lines(char *buf, size_t *n, size_t cap,
		       void (*fn)(struct cook *, struct cook_copy *, char *, size_t),
		       struct cook *ck, struct cook_copy *c, int eof)
{
	size_t start = 0;

	for (size_t i = 0; i < *n; i++)
		if (buf[i] == '\n') {
			buf[i] = '\0';
			if (i > start)
				fn(ck, c, buf + start, i - start);
			start = i + 1;
		}
	if ((eof || start == 0) && *n - start == cap) {
		/* A line longer than the buffer, or a last line without \n. */
		buf[*n - 1] = '\0';
		fn(ck, c, buf + start, *n - start - 1);
		start = *n;
	} else if (eof && *n > start) {
		if (*n < cap)
			buf[*n] = '\0';
		fn(ck, c, buf + start, *n - start);
		start = *n;
	}
	memmove(buf, buf + start, *n - start);
	*n -= start;
}

static void diag_line(struct cook *ck, struct cook_copy *c, char *line, size_t len)
{
	(void)ck;
	(void)len;
	/* Only the testers' messages: their console text goes nowhere. */
	if (!strncmp(line, "burnkit", 7))
		fprintf(stderr, "copy %d cpu%d: %s\n", c->index, c->cpu, line);
}

/* Read what a copy wrote; returns 1 at end of file on both pipes. */
static int copy_read(struct cook *ck, struct cook_copy *c)
{
	int eof = 1;

	if (c->child.out_fd >= 0) {
		ssize_t n = read(c->child.out_fd, c->out + c->nout, sizeof(c->out) - 1 - c->nout);

		if (n > 0) {
			c->nout += (size_t)n;
			take_lines(c->out, &c->nout, sizeof(c->out) - 1, copy_line, ck, c, 0);
			eof = 0;
		} else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
			take_lines(c->out, &c->nout, sizeof(c->out) - 1, copy_line, ck, c, 1);
			close(c->child.out_fd);
			c->child.out_fd = -1;
		} else {
			eof = 0;
		}
	}
	if (c->child.err_fd >= 0) {
		ssize_t n = read(c->child.err_fd, c->err + c->nerr, sizeof(c->err) - 1 - c->nerr);

		if (n > 0) {
			c->nerr += (size_t)n;
			take_lines(c->err, &c->nerr, sizeof(c->err) - 1, diag_line, ck, c, 0);
			eof = 0;
		} else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
			take_lines(c->err, &c->nerr, sizeof(c->err) - 1, diag_line, ck, c, 1);
			close(c->child.err_fd);
			c->child.err_fd = -1;
		} else {
			eof = 0;
		}
	}
	return eof;
}

static void copy_exited(struct cook *ck, struct cook_copy *c, int status)
{
	double t = now_t(ck);
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	char what[256] = "";
	struct bk_json j;

	while (c->child.out_fd >= 0 || c->child.err_fd >= 0)
		copy_read(ck, c);	/* the copy is gone: its pipes end */
	bk_json_init(&j);
	bk_rec_begin(&ck->ctx->log, &j, "copy");
	bk_json_int(&j, "copy", c->index);
	bk_json_str(&j, "event", "exit");
	bk_json_int(&j, "exit", code);
	if (WIFSIGNALED(status))
		bk_json_str(&j, "signal", strsignal(WTERMSIG(status)));
	bk_json_realp(&j, "seconds", t - c->started, 6);
	bk_rec_end(&ck->ctx->log, &j);
	bk_json_free(&j);

	if (WIFSIGNALED(status) && !(ck->stopping && WTERMSIG(status) == SIGKILL)) {
		snprintf(what, sizeof(what), "killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
		ck->failures++;
		ck->worst_failure = BK_EXIT_FAULT;
		c->done = 1;
	} else if (code == BK_EXIT_FAULT) {
		snprintf(what, sizeof(what), "found errors in the hardware (exit 1)");
		ck->errors++;
	} else if (code == BK_EXIT_USAGE || code == BK_EXIT_ENV || code == 127 ||
		   (code != BK_EXIT_OK && code != BK_EXIT_INTERRUPTED)) {
		snprintf(what, sizeof(what), "could not run (exit %d%s); see its message above",
			 code, "");
		ck->failures++;
		if (ck->worst_failure != BK_EXIT_FAULT)
			ck->worst_failure = code == BK_EXIT_USAGE ? BK_EXIT_USAGE : BK_EXIT_ENV;
		c->done = 1;
	}
	if (what[0])
		error_record(ck, c, t, what);
	if (code > c->worst_exit)
		c->worst_exit = code;
	if (t - c->started < COOK_QUICK_EXIT_S && ++c->quick_exits >= COOK_QUICK_EXITS_MAX) {
		pr_warn("copy %d (%s) ended %d times within %.0f s: not started again",
			c->index, c->run->tester->name, c->quick_exits, COOK_QUICK_EXIT_S);
		c->done = 1;
	}
}

static void reap(struct cook *ck)
{
	for (int i = 0; i < ck->ncopies; i++) {
		struct cook_copy *c = &ck->copies[i];

		if (c->child.pid > 0 && bk_child_poll(&c->child)) {
			copy_exited(ck, c, c->child.status);
			if (!ck->stopping && !c->done && !bk_stop_requested() &&
			    ck->end_t - now_t(ck) > 0.5) {
				int e = copy_start(ck, c);

				if (e) {
					pr_fail("copy %d: cannot start it again: %s", c->index,
						strerror(-e));
					c->done = 1;
				}
			}
		}
	}
}

/* Wait for output, a sample or the end; read what came. */
static void wait_and_read(struct cook *ck, int timeout_ms)
{
	struct pollfd pfd[2 * COOK_MAX_COPIES];
	struct cook_copy *owner[2 * COOK_MAX_COPIES];
	int n = 0;

	for (int i = 0; i < ck->ncopies; i++) {
		struct cook_copy *c = &ck->copies[i];

		if (c->child.out_fd >= 0) {
			pfd[n] = (struct pollfd){ .fd = c->child.out_fd, .events = POLLIN };
			owner[n++] = c;
		}
		if (c->child.err_fd >= 0) {
			pfd[n] = (struct pollfd){ .fd = c->child.err_fd, .events = POLLIN };
			owner[n++] = c;
		}
	}
	if (timeout_ms < 0)
		timeout_ms = 0;
	if (poll(pfd, (nfds_t)n, timeout_ms) <= 0)
		return;
	for (int i = 0; i < n; i++)
		if (pfd[i].revents)
			copy_read(ck, owner[i]);	/* reads both of its pipes */
}

static void print_events(struct cook *ck)
{
	const struct bk_recorder *r = &ck->rec;

	for (int i = 0; i < r->nlast; i++) {
		char name[32];
		const struct burnkit_event *e = &r->last[i];

		bk_out(&ck->ctx->log, " %7.1f s  throttle %s/%u: %u -> %u%s\n", r->last_at[i],
		       bk_throttle_source_name(e->source, name, sizeof(name)), e->instance,
		       e->old_state, e->new_state,
		       bk_throttle_active(e->source, e->new_state) ? " (slowed down)" : "");
	}
}

static void print_status(struct cook *ck)
{
	const struct bk_recorder *r = &ck->rec;
	char line[1024];
	size_t off = 0;
	double c = bk_recorder_temp(r);

#define ADD(...) (off += (size_t)snprintf(line + off, off < sizeof(line) ? \
		  sizeof(line) - off : 0, __VA_ARGS__))
	ADD(" %7.1f s  ", r->t);
	if (isnan(c))
		ADD("temp=n/a");
	else
		ADD("temp=%.1f°C", c);
	if (r->sensors.mhz_method != BK_MHZ_NONE) {
		ADD("  MHz");
		for (int i = 0; i < r->sensors.ncpus && off < sizeof(line); i++) {
			if (isnan(r->mhz[i]))
				ADD(" n/a");
			else
				ADD(" %.0f", r->mhz[i]);
		}
	}
	if (r->have_kmod)
		ADD("%s", r->nactive ? "  THROTTLED" : "  not throttled");
#undef ADD
	bk_out(&ck->ctx->log, "%s\n", line);
}

static void record_step(struct cook *ck, struct bk_ticker *samples,
			struct bk_ticker *events)
{
	if (!ck->recording)
		return;
	if (bk_ticker_ms_left(samples) == 0) {
		bk_ticker_advance(samples);
		bk_ticker_advance(events);
		bk_recorder_sample(&ck->rec);
		print_events(ck);
		if (ck->rec.t - ck->last_status_t >= COOK_STATUS_EVERY_S ||
		    ck->rec.samples == 1) {
			print_status(ck);
			ck->last_status_t = ck->rec.t;
		}
	} else if (ck->rec.have_kmod && bk_ticker_ms_left(events) == 0) {
		bk_ticker_advance(events);
		if (bk_recorder_events(&ck->rec))
			print_events(ck);
	}
}

static int running(const struct cook *ck)
{
	for (int i = 0; i < ck->ncopies; i++)
		if (ck->copies[i].child.pid > 0)
			return 1;
	return 0;
}

static void stop_copies(struct cook *ck, struct bk_ticker *samples,
			struct bk_ticker *events)
{
	double until = now_t(ck) + COOK_STOP_WAIT_S;

	ck->stopping = 1;
	for (int i = 0; i < ck->ncopies; i++)
		if (ck->copies[i].child.pid > 0)
			kill(ck->copies[i].child.pid, SIGTERM);
	while (running(ck)) {
		if (now_t(ck) > until) {
			for (int i = 0; i < ck->ncopies; i++)
				if (ck->copies[i].child.pid > 0) {
					pr_warn("copy %d did not stop within %.0f s: killed",
						i, COOK_STOP_WAIT_S);
					kill(ck->copies[i].child.pid, SIGKILL);
				}
			until = now_t(ck) + 60;
		}
		wait_and_read(ck, 50);
		reap(ck);
		record_step(ck, samples, events);
	}
}

static int parse_runs(struct cook *ck, int copies_given)
{
	const struct bk_value *v = bk_param(&ck->ctx->params, "run");
	char err[768];

	if (!v->nlist) {
		pr_fail("nothing to cook: give --run \"TESTER [parameters]\", e.g. "
			"--run \"fpu KWords 1000, Section 3\"");
		return BK_EXIT_USAGE;
	}
	for (size_t i = 0; i < v->nlist; i++) {
		if (cook_run_parse(&ck->runs[i], v->list[i], err, sizeof(err))) {
			pr_fail("%s", err);
			return BK_EXIT_USAGE;
		}
		if (ck->runs[i].tester->supported &&
		    ck->runs[i].tester->supported(err, sizeof(err))) {
			pr_inf("skipped: %s cannot run here: %s", ck->runs[i].tester->name, err);
			return BK_EXIT_ENV;
		}
		if (!ck->runs[i].meter)
			pr_warn("%s has no throughput cook can read: its errors and exit "
				"status are recorded, no passes", ck->runs[i].tester->name);
	}
	ck->nruns = (int)v->nlist;
	ck->ncopies = copies_given ? copies_given : ck->nruns;
	return BK_EXIT_OK;
}

/* CPUs this process may run on, in order. */
static int usable_cpus(int *cpus, int max)
{
	cpu_set_t set;
	int n = 0;

	if (sched_getaffinity(0, sizeof(set), &set)) {
		n = bk_ncpus();
		for (int i = 0; i < n && i < max; i++)
			cpus[i] = i;
		return n < max ? n : max;
	}
	for (int c = 0; c < CPU_SETSIZE && n < max; c++)
		if (CPU_ISSET(c, &set))
			cpus[n++] = c;
	return n ? n : 1;
}

static void title(struct cook *ck, char *buf, size_t len)
{
	size_t off = (size_t)snprintf(buf, len, "burnkit cook:");

	for (int r = 0; r < ck->nruns && off < len; r++) {
		int n = 0;

		for (int i = 0; i < ck->ncopies; i++)
			n += ck->copies[i].run == &ck->runs[r];
		off += (size_t)snprintf(buf + off, len - off, "%s %d x %s", r ? ";" : "",
					n, ck->runs[r].text);
	}
	if (off < len)
		snprintf(buf + off, len - off, ", %g min%s%s",
			 bk_param_real(&ck->ctx->params, "minutes"),
			 ck->ctx->sysinfo.board[0] || ck->ctx->sysinfo.cpu_model[0] ? ", " : "",
			 ck->ctx->sysinfo.board[0] ? ck->ctx->sysinfo.board :
			 ck->ctx->sysinfo.cpu_model);
}

static void cook_record(struct cook *ck, const char *text)
{
	struct bk_json j;

	bk_json_init(&j);
	bk_rec_begin(&ck->ctx->log, &j, "cook");
	bk_json_str(&j, "title", text);
	bk_json_realp(&j, "sample_s", ck->sample_s, 9);
	bk_json_realp(&j, "end_t", ck->end_t, 9);
	bk_json_array_begin(&j, "copies");
	for (int i = 0; i < ck->ncopies; i++) {
		const struct cook_copy *c = &ck->copies[i];

		bk_json_object_begin(&j, NULL);
		bk_json_int(&j, "copy", c->index);
		bk_json_str(&j, "test", c->run->tester->name);
		bk_json_str(&j, "args", run_args(c->run));
		bk_json_int(&j, "cpu", c->cpu);
		bk_json_object_end(&j);
	}
	bk_json_array_end(&j);
	bk_rec_end(&ck->ctx->log, &j);
	bk_json_free(&j);
}

static void out_line(void *arg, const char *line)
{
	bk_out(arg, "%s\n", line);
}

static void drop_records(struct cook *ck, const struct bk_analysis *a)
{
	struct bk_json j;

	bk_json_init(&j);
	for (size_t i = 0; i < a->ndrops; i++) {
		const struct bk_drop *d = &a->drops[i];

		bk_rec_begin(&ck->ctx->log, &j, "drop");
		bk_json_int(&j, "copy", d->copy);
		bk_json_str(&j, "series", d->series);
		bk_json_realp(&j, "from", d->from, 9);
		bk_json_realp(&j, "at", d->to, 9);
		bk_json_realp(&j, "value", d->value, 8);
		bk_json_realp(&j, "usual", d->baseline, 8);
		bk_json_realp(&j, "loss_pct", d->loss_pct, 6);
		bk_json_str(&j, "cause", d->cause == BK_CAUSE_INTERFERENCE ?
			    "interference" : "throttling");
		bk_json_str(&j, "by", d->cause == BK_CAUSE_THROTTLE ? "throttle event" :
			    d->cause == BK_CAUSE_CLOCK ? "clock drop" : NULL);
		bk_json_str(&j, "evidence", d->evidence);
		bk_rec_end(&ck->ctx->log, &j);
	}
	bk_json_free(&j);
}

/* Read the timeline back, as burnkit report does, and conclude. */
static int conclude(struct cook *ck, double cpu_pct)
{
	const char *json = bk_param_str(&ck->ctx->params, "json");
	const char *csv = bk_param_str(&ck->ctx->params, "csv");
	struct bk_analysis_params ap;
	static struct bk_timeline tl;
	struct bk_analysis a;
	struct bk_json *sum = &ck->ctx->log.summary;
	char svg[4096], err[512];
	int rc = 0;

	if (bk_param_str(&ck->ctx->params, "svg"))
		bk_strlcpy(svg, bk_param_str(&ck->ctx->params, "svg"), sizeof(svg));
	else
		bk_timeline_svg_name(json, svg, sizeof(svg));
	bk_analysis_defaults(&ap);
	ap.drop_pct = bk_param_real(&ck->ctx->params, "drop");
	bk_timeline_init(&tl);
	if (bk_timeline_load(&tl, json, err, sizeof(err)) || bk_analyse(&tl, &ap, &a)) {
		pr_fail("reading the timeline back: %s", err);
		bk_timeline_free(&tl);
		return -1;
	}
	tl.has_summary = 1;	/* the runner writes it as we return */
	drop_records(ck, &a);
	bk_out(&ck->ctx->log, "\n %s\n\n", tl.title);
	bk_analysis_text(&tl, &a, out_line, &ck->ctx->log);
	if (ck->recording)
		bk_out(&ck->ctx->log, " Recorder            %.2f %% of one CPU (sampling every "
		       "%g s)\n", cpu_pct, ck->sample_s);
	bk_out(&ck->ctx->log, "\n Timeline: %s\n", json);
	if (bk_timeline_svg(&tl, &a, svg, err, sizeof(err))) {
		pr_fail("%s", err);
		rc = -1;
	} else {
		bk_out(&ck->ctx->log, " Chart:    %s\n", svg);
	}
	if (csv) {
		if (bk_timeline_csv(&tl, &a, csv, err, sizeof(err))) {
			pr_fail("%s", err);
			rc = -1;
		} else {
			bk_out(&ck->ctx->log, " CSV:      %s\n", csv);
		}
	}
	bk_analysis_json(&a, sum);
	bk_json_int(sum, "copies", ck->ncopies);
	bk_json_int(sum, "copy_failures", ck->failures);
	bk_json_realp(sum, "recorder_cpu_pct", ck->recording ? cpu_pct : 0, 6);
	bk_json_str(sum, "svg", rc ? NULL : svg);
	bk_json_str(sum, "csv", csv);
	bk_analysis_free(&a);
	bk_timeline_free(&tl);
	return rc;
}

static double cpu_seconds(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru))
		return 0;
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

static int cook_run(struct bk_ctx *ctx)
{
	static struct cook ck;
	static struct cook_copy copies[COOK_MAX_COPIES];
	int cpus[COOK_MAX_COPIES], ncpus, rc;
	struct bk_ticker samples, events;
	double cpu0, wall0, cpu_pct;
	char text[512];

	memset(&ck, 0, sizeof(ck));
	ck.ctx = ctx;
	ck.copies = copies;
	if (!strcmp(bk_param_str(&ctx->params, "json"), "-")) {
		pr_fail("cook writes its timeline to a file (it reads it back at the "
			"end): give --json FILE");
		return BK_EXIT_USAGE;
	}
	rc = parse_runs(&ck, bk_param_given(&ctx->params, "copies") ?
			(int)bk_param_int(&ctx->params, "copies") : 0);
	if (rc)
		return rc;
	ncpus = usable_cpus(cpus, COOK_MAX_COPIES);
	if (ck.ncopies > ncpus)
		pr_warn("%d copies on %d CPUs: some CPUs run two copies", ck.ncopies, ncpus);
	for (int i = 0; i < ck.ncopies; i++) {
		copies[i].index = i;
		copies[i].cpu = cpus[i % ncpus];
		copies[i].run = &ck.runs[i % ck.nruns];
		copies[i].child.out_fd = copies[i].child.err_fd = -1;
	}
	ck.sample_s = bk_param_real(&ctx->params, "sample");
	ck.recording = ck.sample_s > 0;
	ck.end_t = now_t(&ck) + bk_param_real(&ctx->params, "minutes") * 60;
	title(&ck, text, sizeof(text));
	cook_record(&ck, text);
	bk_out(&ctx->log, "\n %s\n\n", text);
	for (int i = 0; i < ck.ncopies; i++)
		bk_out(&ctx->log, " copy %d on cpu%d: %s%s\n", i, copies[i].cpu,
		       copies[i].run->text, copies[i].run->meter ? "" :
		       " (no throughput: errors only)");
	if (ck.recording) {
		bk_recorder_open(&ck.rec, &ctx->log, NULL, ck.sample_s,
				 bk_param_real(&ctx->params, "clock-every"));
		bk_out(&ctx->log, " recorder: every %g s, %d temperature sensor%s, clocks by %s, "
		       "throttling %s\n", ck.sample_s, ck.rec.sensors.ntemps,
		       ck.rec.sensors.ntemps == 1 ? "" : "s",
		       bk_mhz_method_name(ck.rec.sensors.mhz_method),
		       ck.rec.have_kmod ? "by burnkit.ko" : "not watched");
		if (ck.rec.sensors.missing[0] || !ck.rec.have_kmod)
			bk_out(&ctx->log, " not read here: %s%s%s\n", ck.rec.sensors.missing,
			       ck.rec.sensors.missing[0] && !ck.rec.have_kmod ? "; " : "",
			       ck.rec.have_kmod ? "" : ck.rec.kmod_why);
	} else {
		bk_out(&ctx->log, " recorder: off (--sample 0)\n");
	}
	bk_out(&ctx->log, "\n");

	cpu0 = cpu_seconds();
	wall0 = now_t(&ck);
	bk_ticker_start(&samples, ck.recording ? ck.sample_s : 1);
	bk_ticker_start(&events, ck.recording ? ck.sample_s / 2 : 1);
	for (int i = 0; i < ck.ncopies; i++) {
		int e = copy_start(&ck, &copies[i]);

		if (e) {
			pr_fail("cannot start copy %d: %s", i, strerror(-e));
			ck.failures++;
			ck.worst_failure = BK_EXIT_ENV;
			copies[i].done = 1;
		}
	}
	while (!bk_stop_requested() && now_t(&ck) < ck.end_t && running(&ck)) {
		int ms = (int)((ck.end_t - now_t(&ck)) * 1000) + 1;

		if (ck.recording) {
			if (bk_ticker_ms_left(&samples) < ms)
				ms = bk_ticker_ms_left(&samples);
			if (ck.rec.have_kmod && bk_ticker_ms_left(&events) < ms)
				ms = bk_ticker_ms_left(&events);
		}
		if (ms > 250)
			ms = 250;
		wait_and_read(&ck, ms);
		reap(&ck);
		record_step(&ck, &samples, &events);
	}
	/*
	 * Copies were told how long to run; their last pass ends a little
	 * after the deadline (calibration, the pass in progress). Let them
	 * finish it rather than lose it: up to a tenth of the run, 2 s at
	 * least, a minute at most.
	 */
	double grace = (ck.end_t - wall0) / 10;

	grace = grace < 2 ? 2 : grace > 60 ? 60 : grace;
	while (!bk_stop_requested() && running(&ck) && now_t(&ck) < ck.end_t + grace) {
		wait_and_read(&ck, 100);
		reap(&ck);
		record_step(&ck, &samples, &events);
	}
	stop_copies(&ck, &samples, &events);
	if (ck.recording) {
		bk_recorder_sample(&ck.rec);	/* the state at the end */
		print_events(&ck);
		print_status(&ck);
	}
	cpu_pct = now_t(&ck) > wall0 ? 100 * (cpu_seconds() - cpu0) / (now_t(&ck) - wall0) : 0;
	if (conclude(&ck, cpu_pct))
		rc = BK_EXIT_ENV;
	if (ck.recording)
		bk_recorder_close(&ck.rec);

	if (bk_stop_requested())
		return BK_EXIT_INTERRUPTED;
	if (ck.errors)
		return BK_EXIT_FAULT;
	if (ck.failures)
		return ck.worst_failure;
	return rc;
}

const struct bk_tester bk_tester_cook = {
	.name = "cook",
	.summary = "Cooking: testers on every CPU with the recorder, one timeline, chart",
	.help = "Runs copies of testers at once, each pinned to its own CPU, with the\n"
		"temperature/clock/throttle recorder beside them, as one job, e.g.\n"
		"  burnkit cook --run \"fpu KWords 1000, Section 3\" --copies 4 --minutes 15 --sample 5\n"
		"(4 copies of fpu, one per CPU) or --run fpu --run int --copies 4 (two of\n"
		"each: copies are dealt out over the --run lines in turn). One timeline\n"
		"(--json, default cook.jsonl; each line synced to the device as written)\n"
		"holds each copy's throughput per pass, every sample (temperatures, MHz),\n"
		"every throttle transition from burnkit.ko (at its kernel time) and every\n"
		"error. At the end, each pass more than --drop % below its copy's usual\n"
		"speed is marked as throttling (a throttle interval or a clock drop\n"
		"within one sample period) or interference (neither), and the summary\n"
		"gives the peak temperature, time to the first throttle, share of time\n"
		"throttled, performance lost and errors; the chart goes to --svg (default\n"
		"the timeline's name with .svg), the data to --csv for spreadsheets.\n"
		"Without burnkit.ko it runs on sysfs alone and says throttling was not\n"
		"watched. burnkit report FILE.jsonl redraws it all later.",
	.params = cook_params,
	.log_prefix = "logCook",
	.quick = "--run fpu --minutes 0.05 --sample 0.2 --json burnin-cook.jsonl",
	.flags = BK_TF_TOOL | BK_TF_NO_TIMER,
	.run = cook_run,
};
