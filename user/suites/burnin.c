// SPDX-License-Identifier: MIT
/*
 * burnkit burnin: the short burn-in `make run` starts. Runs every tester
 * with its quick parameters, one after another, each in its own process
 * (a crash or hang of one does not stop the others), and ends with a table:
 * what passed, what found errors, what was skipped here and why.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "tester.h"

static const struct bk_param burnin_params[] = {
	{ "only", NULL, BK_PT_LIST, 0, 0, NULL,
	  "run only this tester (may be repeated)", NULL },
	{ "timeout", NULL, BK_PT_INT, 1, 86400, "600",
	  "seconds after which a tester is stopped and reported as hung", NULL },
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

static int run_one(const struct bk_tester *t, int timeout_s, char *why,
		   size_t whylen, double *secs)
{
	char quick[512];
	char *argv[MAX_ARGS + 1];
	int argc, status;
	uint64_t t0 = bk_now_ns();
	pid_t pid;

	bk_strlcpy(quick, t->quick, sizeof(quick));
	argc = split(quick, argv, MAX_ARGS);
	argv[argc] = NULL;

	/*
	 * A forked child runs the tester as `burnkit NAME QUICK...` would,
	 * without exec: the same under qemu-user, where an ARM runner cannot
	 * exec itself on a host without binfmt_misc.
	 */
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		snprintf(why, whylen, "fork: %s", strerror(errno));
		return -1;
	}
	if (!pid) {
		signal(SIGINT, SIG_DFL);
		_exit(bk_tester_main(t, argc, argv));
	}
	for (;;) {
		pid_t w = waitpid(pid, &status, WNOHANG);

		if (w == pid)
			break;
		if (bk_stop_requested()) {
			kill(pid, SIGINT);
			waitpid(pid, &status, 0);
			break;
		}
		if ((bk_now_ns() - t0) / 1000000000ull >= (uint64_t)timeout_s) {
			kill(pid, SIGTERM);
			sleep(2);
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			snprintf(why, whylen, "still running after %d s: stopped", timeout_s);
			*secs = (double)(bk_now_ns() - t0) / 1e9;
			return -1;
		}
		struct timespec ts = { 0, 50 * 1000000L };
		nanosleep(&ts, NULL);
	}
	*secs = (double)(bk_now_ns() - t0) / 1e9;
	if (WIFSIGNALED(status)) {
		snprintf(why, whylen, "killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
		return -1;
	}
	return WEXITSTATUS(status);
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
			res[nres].rc = run_one(t[i], timeout_s, res[nres].why,
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
	.flags = BK_TF_TOOL | BK_TF_NO_TIMER,
	.run = burnin_run,
};
