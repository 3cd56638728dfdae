// SPDX-License-Identifier: MIT
/*
 * runner: the life of one tester run, the same for every tester: parse,
 * help, dry-run, supported check, logs, timer, kernel table, start record,
 * run, summary.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "memstat.h"
#include "record/activity.h"
#include "record/kerrors.h"
#include "record/prom.h"
#include "storage/devid.h"
#include "suites/runner.h"
#include "tuning.h"

#define BK_TESTER_ROW_(name) &bk_tester_##name,
static const struct bk_tester *const testers[] = { BK_TESTERS(BK_TESTER_ROW_) };
#undef BK_TESTER_ROW_

const struct bk_tester *const *bk_testers(size_t *count)
{
	*count = BK_ARRAY_SIZE(testers);
	return testers;
}

const struct bk_tester *bk_tester_find(const char *name)
{
	for (size_t i = 0; i < BK_ARRAY_SIZE(testers); i++)
		if (!strcmp(testers[i]->name, name))
			return testers[i];
	return NULL;
}

void bk_tester_help(const struct bk_tester *t, FILE *out)
{
	fprintf(out, "usage: burnkit %s [options] [Longbottom-style parameters]\n\n",
		t->name);
	fprintf(out, "%s.\n\n%s\n\n", t->summary, t->help);
	fprintf(out, "Parameters (long option, or the legacy word: spelt out, or its "
		"first letter, either\ncase, picks it; spaces and commas separate, e.g. "
		"\"burnkit %s %s\"):\n", t->name, t->quick ? t->quick : "--dry-run");
	bk_params_help(out, t->params);
	fprintf(out, "\nText log (--log N, Log N): %sN.txt, appended.\n",
		t->log_prefix ? t->log_prefix : "log");
	if (t->quick)
		fprintf(out, "Burn-in (make run) uses: burnkit %s %s\n", t->name,
			t->quick);
	fprintf(out, "\nExit status: 0 all good, 1 errors found in the hardware, "
		"2 usage error,\n3 this environment cannot run it, 130 interrupted.\n");
}

/*
 * The device a drive tester measures: --device when it names one, else the
 * file system of --filepath. Testers without either have no device.
 */
static const char *device_path(const struct bk_ctx *ctx)
{
	const struct bk_params *p = &ctx->params;

	if (bk_param_exists(p, "device") && bk_param_str(p, "device"))
		return bk_param_str(p, "device");
	if (bk_param_exists(p, "filepath") && bk_param_str(p, "filepath"))
		return bk_param_str(p, "filepath");
	return NULL;
}

static void device_json(struct bk_ctx *ctx, struct bk_json *j, char *name, size_t len)
{
	const char *path = device_path(ctx);
	struct bk_devid id;

	name[0] = '\0';
	if (!path)
		return;
	bk_devid_from_path(&id, path, NULL);
	bk_devid_short(&id, name, len);
	bk_json_object_begin(j, "device");
	bk_devid_json(&id, j);
	bk_json_object_end(j);
}

/* The start record; the device under test's short name into device (or ""). */
static void start_record(struct bk_ctx *ctx, char *device, size_t len)
{
	struct bk_json j;

	bk_json_init(&j);
	bk_rec_begin(&ctx->log, &j, "start");
	bk_json_str(&j, "version", BK_VERSION);
	bk_json_uint(&j, "wall_ns", (unsigned long long)bk_wall_ns());
	bk_json_object_begin(&j, "params");
	bk_params_json(&ctx->params, &j);
	bk_json_object_end(&j);
	if (ctx->tester->throughput.record) {
		const struct bk_throughput *t = &ctx->tester->throughput;

		/* Where this run's passes carry their throughput, for report. */
		bk_json_object_begin(&j, "throughput");
		bk_json_str(&j, "record", t->record);
		bk_json_str(&j, "value", t->value);
		bk_json_str(&j, "unit", t->unit);
		bk_json_str(&j, "seconds", t->seconds);
		bk_json_str(&j, "group", t->group);
		bk_json_object_end(&j);
	}
	bk_json_object_begin(&j, "timer");
	bk_json_str(&j, "timebase", ctx->timer.time.src->name);
	bk_json_realp(&j, "timebase_hz", ctx->timer.time.hz, 10);
	bk_json_realp(&j, "precision_s", bk_timer_precision(&ctx->timer), 4);
	bk_json_str(&j, "cycles", ctx->timer.cycles.usable ?
		    ctx->timer.cycles.src->name : NULL);
	if (*bk_timing_pmu_note())
		bk_json_str(&j, "pmu_access", bk_timing_pmu_note());
	bk_json_bool(&j, "pmu_override", bk_param_flag(&ctx->params, "pmu-override"));
	bk_json_object_end(&j);
	if (ctx->tester->flags & BK_TF_KERNELS) {
		bk_json_str(&j, "isa", ctx->kernels.top_isa);
#if defined(__x86_64__)
		struct bk_fpu_tuning tuning = bk_fpu_tuning();

		bk_fpu_tuning_json(&j, "fpu_tuning", &tuning);
#endif
	}
	bk_sysinfo_json(&ctx->sysinfo, &j, "system");
	device_json(ctx, &j, device, len);
	bk_rec_end(&ctx->log, &j);
	bk_json_free(&j);
}

/* The cycle counter lost mid-run: said on the console and in the results. */
static void timer_warning(struct bk_ctx *ctx)
{
	const char *w = bk_timing_warning();
	struct bk_json j;

	if (!w)
		return;
	pr_warn("%s", w);
	bk_out_logonly(&ctx->log, "\n Warning: %s\n", w);
	bk_json_init(&j);
	bk_rec_begin(&ctx->log, &j, "warning");
	bk_json_str(&j, "what", "timer");
	bk_json_str(&j, "message", w);
	bk_rec_end(&ctx->log, &j);
	bk_json_free(&j);
}

static void config_header(struct bk_ctx *ctx)
{
	char text[4096];

	if (bk_param_flag(&ctx->params, "no-config"))
		return;
	bk_sysinfo_text(&ctx->sysinfo, text, sizeof(text));
	bk_out_logonly(&ctx->log,
		       "\n ##############################################\n\n%s\n",
		       text);
}

static void pause_at_end(struct bk_ctx *ctx)
{
	char line[512];

	if (!bk_param_flag(&ctx->params, "pause-at-end"))
		return;
	fprintf(stderr, "Type a comment for the log and press Enter: ");
	fflush(stderr);
	if (!fgets(line, sizeof(line), stdin))
		return;
	bk_rstrip(line);
	bk_out_logonly(&ctx->log, "\n Comment: %s\n", line);
}

/*
 * --dry-run: the resolved parameters, after every check a real run makes;
 * no file is created (--json FILE: the record goes to stdout instead).
 */
static int dry_run(struct bk_ctx *ctx)
{
	const struct bk_tester *t = ctx->tester;
	int rc = BK_EXIT_OK;
	struct bk_json j;

	bk_log_open_dry(&ctx->log, t->name, &ctx->params);
	ctx->dry_run = 1;
	if (t->flags & BK_TF_DRY_CHECKS) {
		bk_sysinfo_read(&ctx->sysinfo, NULL);
		bk_timer_init(&ctx->timer, 2);
		rc = t->run(ctx);
	}
	bk_json_free(&ctx->log.summary);
	if (rc)
		return rc;
	if (!bk_param_str(&ctx->params, "json")) {
		bk_params_print(stdout, &ctx->params);
		return BK_EXIT_OK;
	}
	ctx->log.json_fd = STDOUT_FILENO;
	ctx->log.json_is_stdout = 1;
	bk_json_init(&j);
	bk_rec_begin(&ctx->log, &j, "params");
	bk_json_str(&j, "version", BK_VERSION);
	bk_json_object_begin(&j, "params");
	bk_params_json(&ctx->params, &j);
	bk_json_object_end(&j);
	bk_rec_end(&ctx->log, &j);
	bk_json_free(&j);
	return BK_EXIT_OK;
}

/*
 * Peak RSS of the run, in the summary: the tester's own, and for a suite
 * or tester that ran children, the largest child's.
 */
static void summary_rss(struct bk_ctx *ctx)
{
	struct bk_peak_rss rss;

	if (bk_peak_rss(&rss))
		return;
	bk_json_uint(&ctx->log.summary, "peak_rss_kib", rss.self_kib);
	if (rss.children_kib)
		bk_json_uint(&ctx->log.summary, "children_peak_rss_kib", rss.children_kib);
}

/* The parameter --NAME of t (or a common one) takes a value as its next word. */
static int option_takes_value(const struct bk_tester *t, const char *word)
{
	const char *name = word + 2;
	size_t len = strcspn(name, "=");
	const struct bk_param *tables[] = { t->params, bk_common_params };

	if (strncmp(word, "--", 2) || name[len] == '=')
		return 0;
	for (size_t k = 0; k < BK_ARRAY_SIZE(tables); k++)
		for (const struct bk_param *p = tables[k]; p && p->name; p++)
			if (strlen(p->name) == len && !strncmp(p->name, name, len))
				return p->type != BK_PT_FLAG;
	return 0;
}

/*
 * BK_TF_FILES_ARG: every word that is neither an option nor an option's
 * value is one more --file ("burnkit compare a.jsonl b.jsonl --csv t.csv c.jsonl").
 */
static void files_as_options(const struct bk_tester *t, int *argc, char ***argv)
{
	static char *words[512];
	int n = 0;

	for (int i = 0; i < *argc; i++) {
		if (n + 3 >= (int)BK_ARRAY_SIZE(words))
			return;	/* too many: leave them to the parser to refuse */
		if ((*argv)[i][0] != '-') {
			words[n++] = "--file";
			words[n++] = (*argv)[i];
			continue;
		}
		words[n++] = (*argv)[i];
		if (option_takes_value(t, (*argv)[i]) && i + 1 < *argc)
			words[n++] = (*argv)[++i];
	}
	*argv = words;
	*argc = n;
}

int bk_tester_main(const struct bk_tester *t, int argc, char **argv)
{
	static struct bk_ctx ctx;
	static struct bk_kerrors kerr;
	static char device[160];
	struct bk_child activity = { 0 };
	char err[512];
	int rc;

	memset(&ctx, 0, sizeof(ctx));
	ctx.tester = t;
	bk_msg_set_tester(t->name);
	if ((t->flags & (BK_TF_FILE_ARG | BK_TF_HOST_ARG)) && argc > 0 && argv[0][0] != '-') {
		static char *with_file[256];

		if (argc + 1 < (int)BK_ARRAY_SIZE(with_file)) {
			with_file[0] = t->flags & BK_TF_HOST_ARG ? "--host" : "--file";
			memcpy(with_file + 1, argv, (size_t)argc * sizeof(*argv));
			argv = with_file;
			argc++;
		}
	}
	if (t->flags & BK_TF_FILES_ARG)
		files_as_options(t, &argc, &argv);
	if (bk_params_parse(&ctx.params, t->name, t->params, argc, argv, err,
			    sizeof(err))) {
		pr_fail("%s", err);
		return BK_EXIT_USAGE;
	}
	if (bk_param_flag(&ctx.params, "help")) {
		bk_tester_help(t, stdout);
		rc = BK_EXIT_OK;
		goto out_params;
	}
	if ((t->flags & BK_TF_KERNELS) &&
	    bk_dispatch_init(&ctx.kernels, bk_param_str(&ctx.params, "isa"), err,
			     sizeof(err))) {
		pr_fail("--isa: %s", err);
		rc = BK_EXIT_USAGE;
		goto out_params;
	}
	if (t->supported && t->supported(err, sizeof(err))) {
		pr_inf("skipped: %s", err);
		rc = BK_EXIT_ENV;
		goto out_params;
	}
	if (bk_param_exists(&ctx.params, "cpu") && bk_param_given(&ctx.params, "cpu")) {
		int cpu = (int)bk_param_int(&ctx.params, "cpu");
		int e = bk_pin_cpu(cpu);

		if (e) {
			pr_fail("--cpu %d: cannot pin to that CPU: %s (this machine "
				"has %d online)", cpu, strerror(-e), bk_ncpus());
			rc = BK_EXIT_USAGE;
			goto out_params;
		}
	}
	if (bk_param_flag(&ctx.params, "dry-run")) {
		rc = dry_run(&ctx);
		goto out_params;
	}
	if (bk_log_open(&ctx.log, t->name, t->log_prefix, &ctx.params, err,
			sizeof(err))) {
		pr_fail("%s", err);
		rc = BK_EXIT_USAGE;
		goto out_params;
	}
	bk_sysinfo_read(&ctx.sysinfo, NULL);
	bk_timing_pmu_override(bk_param_flag(&ctx.params, "pmu-override"));
	if (t->flags & BK_TF_NO_TIMER)
		bk_timer_init(&ctx.timer, 2);
	else
		bk_timer_init(&ctx.timer, 0);
	bk_install_stop_handlers();
	start_record(&ctx, device, sizeof(device));
	{
		char date[64];

		bk_ctime(date, sizeof(date));
		bk_out_logonly(&ctx.log, "\n burnkit %s" BK_LOG_START_MARK "%s\n", t->name, date);
	}
	config_header(&ctx);

	if (bk_param_given(&ctx.params, "activity")) {
		int e = bk_activity_sampler_start(&activity, &ctx.log,
						  bk_param_real(&ctx.params, "activity"));

		if (e)
			pr_warn("--activity: cannot start the sampler: %s", strerror(-e));
	}
	bk_kerrors_open(&kerr, NULL);
	kerr.device = device[0] ? device : NULL;
	rc = t->run(&ctx);
	timer_warning(&ctx);
	if (activity.pid > 0)
		bk_child_stop(&activity, 1);
	bk_kerrors_close(&kerr, &ctx.log);
	if (bk_stop_requested() && rc == BK_EXIT_OK)
		rc = BK_EXIT_INTERRUPTED;

	pause_at_end(&ctx);
	config_header(&ctx);
	summary_rss(&ctx);
	rc = bk_log_close(&ctx.log, rc);
	if (bk_param_str(&ctx.params, "prom") &&
	    bk_prom_write(bk_param_str(&ctx.params, "prom"), t->name, ctx.log.last_summary,
			  &ctx.sysinfo, err, sizeof(err))) {
		pr_fail("%s", err);
		if (rc == BK_EXIT_OK)
			rc = BK_EXIT_ENV;
	}
	free(ctx.log.last_summary);
	ctx.log.last_summary = NULL;
out_params:
	bk_params_free(&ctx.params);
	return rc;
}
