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
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "cook.h"

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
	  "events are read as the module's netlink group announces them, else "
	  "twice as often; 0: no recorder", NULL },
	{ "clock-every", NULL, BK_PT_REAL, 0, 86400, "5",
	  "measure the effective CPU clock every this many seconds: cycles through "
	  "burnkit.ko, else a chain of dependent adds in user space (each keeps "
	  "each CPU busy a few ms); 0 never", NULL },
	{ "via", NULL, BK_PT_CHOICE, 0, 0, "auto",
	  "how throttle transitions reach the timeline: netlink (the module's "
	  "group wakes the recorder), poll (the event file, every half sample) "
	  "or auto (netlink when this runner and the module have it)",
	  bk_events_via_choices },
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

double cook_t(const struct cook *ck)
{
	return bk_log_elapsed(&ck->ctx->log);
}

/* The copy's arguments as one line, for records and the chart. */
const char *cook_run_args(const struct cook_run *r)
{
	const char *a = r->text + strcspn(r->text, " ,\t");

	while (*a == ' ' || *a == ',' || *a == '\t')
		a++;
	return a;
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

/* Copies are pinned, one per CPU: the process must be allowed to pin. */
static int cook_supported(char *why, size_t len)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) ||
	    sched_setaffinity(0, sizeof(set), &set)) {
		snprintf(why, len, "cannot pin copies to CPUs here: %s", strerror(errno));
		return -1;
	}
	return 0;
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
		bk_json_str(&j, "args", cook_run_args(c->run));
		bk_json_int(&j, "cpu", c->cpu);
		bk_json_object_end(&j);
	}
	bk_json_array_end(&j);
	bk_rec_end(&ck->ctx->log, &j);
	bk_json_free(&j);
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
	if (!ck.recording && bk_param_given(&ctx->params, "via")) {
		pr_fail("--via: --sample 0 turns the recorder off, so no throttle "
			"transitions are read: give --sample S, or leave --via out");
		return BK_EXIT_USAGE;
	}
	ck.end_t = cook_t(&ck) + bk_param_real(&ctx->params, "minutes") * 60;
	cook_title(&ck, text, sizeof(text));
	cook_record(&ck, text);
	bk_out(&ctx->log, "\n %s\n\n", text);
	for (int i = 0; i < ck.ncopies; i++)
		bk_out(&ctx->log, " copy %d on cpu%d: %s%s\n", i, copies[i].cpu,
		       copies[i].run->text, copies[i].run->meter ? "" :
		       " (no throughput: errors only)");
	if (ck.recording) {
		enum bk_events_via via = bk_events_via_parse(bk_param_str(&ctx->params, "via"));

		bk_recorder_open(&ck.rec, &ctx->log, NULL, ck.sample_s,
				 bk_param_real(&ctx->params, "clock-every"), via);
		if (via == BK_VIA_NETLINK && !ck.rec.doorbell) {
			pr_fail("--via netlink: %s", ck.rec.have_kmod ? ck.rec.doorbell_why :
				ck.rec.kmod_why);
			bk_recorder_close(&ck.rec);
			return BK_EXIT_ENV;
		}
		bk_out(&ctx->log, " recorder: every %g s, %d temperature sensor%s, clocks %s (%s), "
		       "effective clock %s, throttling %s%s\n", ck.sample_s, ck.rec.sensors.ntemps,
		       ck.rec.sensors.ntemps == 1 ? "" : "s",
		       bk_mhz_source_name(ck.rec.sensors.mhz_method) ?
		       bk_mhz_source_name(ck.rec.sensors.mhz_method) : "none",
		       bk_mhz_method_name(ck.rec.sensors.mhz_method),
		       bk_recorder_eff_source(&ck.rec) ? bk_recorder_eff_source(&ck.rec) : "none",
		       ck.rec.have_kmod ? "by burnkit.ko" : "not watched",
		       !ck.rec.have_kmod ? "" : ck.rec.doorbell ? " (netlink)" :
		       " (event file, every half sample)");
		if (bk_recorder_polls_events(&ck.rec))
			bk_out(&ctx->log, " netlink: %s\n", ck.rec.doorbell_why);
		if (ck.rec.sensors.missing[0] || !ck.rec.have_kmod)
			bk_out(&ctx->log, " not read here: %s%s%s\n", ck.rec.sensors.missing,
			       ck.rec.sensors.missing[0] && !ck.rec.have_kmod ? "; " : "",
			       ck.rec.have_kmod ? "" : ck.rec.kmod_why);
	} else {
		bk_out(&ctx->log, " recorder: off (--sample 0)\n");
	}
	bk_out(&ctx->log, "\n");

	cpu0 = cpu_seconds();
	wall0 = cook_t(&ck);
	bk_ticker_start(&samples, ck.recording ? ck.sample_s : 1);
	bk_ticker_start(&events, ck.recording ? ck.sample_s / 2 : 1);
	for (int i = 0; i < ck.ncopies; i++) {
		int e = cook_copy_start(&ck, &copies[i]);

		if (e) {
			pr_fail("cannot start copy %d: %s", i, strerror(-e));
			ck.failures++;
			ck.worst_failure = BK_EXIT_ENV;
			copies[i].done = 1;
		}
	}
	while (!bk_stop_requested() && cook_t(&ck) < ck.end_t && cook_running(&ck)) {
		int ms = (int)((ck.end_t - cook_t(&ck)) * 1000) + 1;

		if (ck.recording) {
			if (bk_ticker_ms_left(&samples) < ms)
				ms = bk_ticker_ms_left(&samples);
			if (bk_recorder_polls_events(&ck.rec) &&
			    bk_ticker_ms_left(&events) < ms)
				ms = bk_ticker_ms_left(&events);
		}
		if (ms > 250)
			ms = 250;
		cook_wait_and_read(&ck, ms);
		cook_reap(&ck);
		cook_record_step(&ck, &samples, &events);
	}
	/*
	 * Copies were told how long to run; their last pass ends a little
	 * after the deadline (calibration, the pass in progress). Let them
	 * finish it rather than lose it: up to a tenth of the run, 2 s at
	 * least, a minute at most.
	 */
	double grace = (ck.end_t - wall0) / 10;

	grace = grace < 2 ? 2 : grace > 60 ? 60 : grace;
	while (!bk_stop_requested() && cook_running(&ck) && cook_t(&ck) < ck.end_t + grace) {
		cook_wait_and_read(&ck, 100);
		cook_reap(&ck);
		cook_record_step(&ck, &samples, &events);
	}
	cook_stop_copies(&ck, &samples, &events);
	if (ck.recording) {
		bk_recorder_sample(&ck.rec);	/* the state at the end */
		cook_print_events(&ck);
		cook_print_status(&ck);
	}
	cpu_pct = cook_t(&ck) > wall0 ? 100 * (cpu_seconds() - cpu0) / (cook_t(&ck) - wall0) : 0;
	if (cook_conclude(&ck, cpu_pct))
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
	.supported = cook_supported,
	.run = cook_run,
};
