// SPDX-License-Identifier: MIT
/*
 * burnkit burnin: the short burn-in `make run` starts. Runs every tester
 * with its quick parameters, one after another, each in its own process
 * (a crash or hang of one does not stop the others), and ends with a table:
 * what passed, what found errors, what was skipped here and why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "junit.h"
#include "runner.h"

static const struct bk_param burnin_params[] = {
	{ "only", NULL, BK_PT_LIST, 0, 0, NULL,
	  "run only this tester (may be repeated)", NULL },
	{ "timeout", NULL, BK_PT_INT, 1, 86400, "600",
	  "seconds after which a tester is stopped and reported as hung", NULL },
	{ "junit", NULL, BK_PT_STR, 0, 0, NULL,
	  "also write a JUnit XML report here: a testcase per tester, failures and skips "
	  "with the reason", NULL },
	BK_PARAMS_END
};

#define MAX_ARGS 48

/* Split the quick parameters on spaces (they hold no quoted text). */
static int split(char *text, char **argv, int max)
{
	int n = 0;

	for (char *tok = strtok(text, " "); tok && n < max; tok = strtok(NULL, " "))
		argv[n++] = tok;
	return n;
}

/*
 * What the burn-in's own parameters ask of every tester: its JSON lines
 * added to the burn-in's file (one file of every tester's records, for
 * burnkit compare), its textfile in the --prom directory. A tester whose
 * quick parameters name its own file keeps it.
 */
static void pass_on(const struct bk_params *p, const struct bk_tester *t, char **argv,
		    int *argc)
{
	const char *json = bk_param_str(p, "json"), *prom = bk_param_str(p, "prom");

	if (json && strcmp(json, "-") && !strstr(t->quick, "--json")) {
		argv[(*argc)++] = "--json";
		argv[(*argc)++] = (char *)json;
		argv[(*argc)++] = "--json-append";
	}
	if (prom && !strstr(t->quick, "--prom")) {
		argv[(*argc)++] = "--prom";
		argv[(*argc)++] = (char *)prom;
	}
}

static int run_one(const struct bk_params *p, const struct bk_tester *t, int timeout_s,
		   char *why, size_t whylen, double *secs)
{
	char quick[512];
	char *argv[MAX_ARGS + 1];
	struct bk_child c;
	int argc, e;

	bk_strlcpy(quick, t->quick, sizeof(quick));
	argc = split(quick, argv, MAX_ARGS - 5);
	pass_on(p, t, argv, &argc);
	argv[argc] = NULL;
	e = bk_suite_spawn(&c, t, argc, argv, 0, -1);
	if (e) {
		snprintf(why, whylen, "fork: %s", strerror(-e));
		return -1;
	}
	if (bk_child_wait_for(&c, timeout_s, 2, bk_stop_requested)) {
		snprintf(why, whylen, "still running after %d s: stopped", timeout_s);
		*secs = bk_child_seconds(&c);
		return -1;
	}
	*secs = bk_child_seconds(&c);
	if (WIFSIGNALED(c.status)) {
		bk_child_describe(c.status, why, whylen);
		return -1;
	}
	return WEXITSTATUS(c.status);
}

static int selected(const struct bk_params *p, const char *name)
{
	const struct bk_value *v = bk_param(p, "only");

	if (!v->nlist)
		return 1;
	for (size_t i = 0; i < v->nlist; i++)
		if (!strcmp(v->list[i], name))
			return 1;
	return 0;
}

static int burnin_run(struct bk_ctx *ctx)
{
	size_t n;
	const struct bk_tester *const *t = bk_testers(&n);
	int timeout_s = (int)bk_param_int(&ctx->params, "timeout");
	int worst = BK_EXIT_OK, ran = 0, faults = 0, skipped = 0, failed = 0;
	struct {
		const char *name;
		int rc;
		double secs;
		char why[256];
	} res[64];
	size_t nres = 0;
	struct bk_json j;

	/* --only names testers of the burn-in, or nothing would run. */
	const struct bk_value *only = bk_param(&ctx->params, "only");

	for (size_t k = 0; k < only->nlist; k++) {
		size_t i;

		for (i = 0; i < n && (!t[i]->quick || t[i] == ctx->tester ||
				      strcmp(t[i]->name, only->list[k])); i++)
			;
		if (i == n) {
			char names[512] = "";

			for (i = 0; i < n; i++)
				if (t[i]->quick && t[i] != ctx->tester)
					snprintf(names + strlen(names), sizeof(names) - strlen(names),
						 "%s%s", names[0] ? ", " : "", t[i]->name);
			pr_fail("--only %s: not a tester of the burn-in; its testers are %s",
				only->list[k], names);
			return BK_EXIT_USAGE;
		}
	}
	if (ctx->dry_run)
		return BK_EXIT_OK;
	bk_json_init(&j);
	for (size_t i = 0; i < n && nres < BK_ARRAY_SIZE(res); i++) {
		if (!t[i]->quick || t[i] == ctx->tester || !selected(&ctx->params, t[i]->name))
			continue;
		if (bk_stop_requested())
			break;
		res[nres].name = t[i]->name;
		res[nres].why[0] = '\0';
		res[nres].secs = 0;
		if (t[i]->supported &&
		    t[i]->supported(res[nres].why, sizeof(res[nres].why))) {
			res[nres].rc = BK_EXIT_ENV;
		} else {
			bk_out(&ctx->log, "\n==== burnkit %s %s\n", t[i]->name, t[i]->quick);
			res[nres].rc = run_one(&ctx->params, t[i], timeout_s, res[nres].why,
					       sizeof(res[nres].why), &res[nres].secs);
			if (res[nres].rc == BK_EXIT_ENV && !res[nres].why[0])
				bk_strlcpy(res[nres].why, "see its message above",
					   sizeof(res[nres].why));
		}
		bk_rec_begin(&ctx->log, &j, "tester");
		bk_json_str(&j, "name", res[nres].name);
		bk_json_int(&j, "exit", res[nres].rc);
		bk_json_str(&j, "result", res[nres].rc < 0 ? "failed" :
			    bk_exit_text(res[nres].rc));
		bk_json_realp(&j, "seconds", res[nres].secs, 4);
		bk_json_str(&j, "why", res[nres].why[0] ? res[nres].why : NULL);
		bk_rec_end(&ctx->log, &j);
		nres++;
	}
	bk_json_free(&j);

	bk_out(&ctx->log, "\n==== burn-in summary\n\n");
	for (size_t i = 0; i < nres; i++) {
		int rc = res[i].rc;

		bk_out(&ctx->log, " %-10s %-14s %7.1f s  %s\n", res[i].name,
		       rc < 0 ? "FAILED" : bk_exit_text(rc), res[i].secs, res[i].why);
		if (rc == BK_EXIT_ENV) {
			skipped++;
			continue;
		}
		ran++;
		if (rc == BK_EXIT_FAULT)
			faults++;
		else if (rc != BK_EXIT_OK)
			failed++;
	}
	bk_out(&ctx->log, "\n %d ran, %d found hardware errors, %d failed, %d skipped\n",
	       ran, faults, failed, skipped);
	if (bk_param_str(&ctx->params, "junit")) {
		static struct bk_junit_case cases[64];
		char err[512];

		for (size_t i = 0; i < nres; i++) {
			bk_strlcpy(cases[i].name, res[i].name, sizeof(cases[i].name));
			bk_strlcpy(cases[i].classname, "burnkit.burnin", sizeof(cases[i].classname));
			cases[i].seconds = res[i].secs;
			cases[i].rc = res[i].rc;
			bk_strlcpy(cases[i].why, res[i].why, sizeof(cases[i].why));
		}
		if (bk_junit_write(bk_param_str(&ctx->params, "junit"), "burnkit burnin", cases,
				   nres, err, sizeof(err))) {
			pr_fail("%s", err);
			failed++;
		} else {
			bk_out(&ctx->log, " JUnit: %s\n", bk_param_str(&ctx->params, "junit"));
		}
	}
	bk_json_int(&ctx->log.summary, "ran", ran);
	bk_json_int(&ctx->log.summary, "hardware_errors", faults);
	bk_json_int(&ctx->log.summary, "failed", failed);
	bk_json_int(&ctx->log.summary, "skipped", skipped);
	if (bk_stop_requested())
		worst = BK_EXIT_INTERRUPTED;
	else if (faults)
		worst = BK_EXIT_FAULT;
	else if (failed)
		worst = 4;
	return worst;
}

const struct bk_tester bk_tester_burnin = {
	.name = "burnin",
	.summary = "Short burn-in: every tester with its quick parameters (make run)",
	.help = "Runs each registered tester with the quick parameters shown in its\n"
		"--help, one after another, each in its own process, and prints what\n"
		"passed, what found errors and what was skipped here, and why.",
	.params = burnin_params,
	.log_prefix = "logBurnin",
	.quick = NULL,
	.flags = BK_TF_TOOL | BK_TF_NO_TIMER | BK_TF_DRY_CHECKS,
	.run = burnin_run,
};
