// SPDX-License-Identifier: MIT
/*
 * burnkit script FILE: a file of runner lines, run one after another, or
 * beside the next ones when a line ends in '&' (or starts with a terminal
 * such as "lxterminal -e"), like Longbottom's fpu.sh and 4fpu.sh, which run
 * as they are written. Every line is checked before anything runs. At the
 * end, the lines still running are waited for and a table says how each
 * ended.
 *
 * user/suites/script/: script (this file: running the lines as children,
 * through suites/runner.h) and script_line (a line, a Longbottom program
 * name or a burnkit tester, parsed and checked).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "script_line.h"
#include "suites/junit.h"
#include "suites/runner.h"

#define SCRIPT_LINES_MAX 256

static const struct bk_param script_params[] = {
	{ "file", NULL, BK_PT_STR, 0, 0, NULL,
	  "the script; also the first argument", NULL },
	{ "check", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "read and check the script, show what it would run, run nothing", NULL },
	{ "example", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "run the built-in example (Longbottom's 4fpu.sh, scaled down to seconds)",
	  NULL },
	{ "junit", NULL, BK_PT_STR, 0, 0, NULL,
	  "also write a JUnit XML report here: a testcase per line, failures and skips "
	  "with the reason", NULL },
	BK_PARAMS_END
};

static const char example_script[] =
	"# burnkit script --example: Longbottom's 4fpu.sh, scaled down to seconds:\n"
	"# the recorder in the background, two fpu copies side by side, then int.\n"
	"burnkit temp Passes 4, Seconds 0.5 &\n"
	"burnkit fpu KWords 1, Section 3, --seconds 1 &\n"
	"burnkit fpu KWords 1, Section 3, --seconds 1\n"
	"burnkit int KBytes 8, Seconds 0.05\n";

struct job {
	const struct script_line *line;
	struct bk_child child;
	int started;		/* 0 before it started; -1 when it could not */
	int rc;			/* exit status; 128 + signal */
	double secs;
	int done;
};

static int read_lines(const char *text, struct script_line *lines, int *n,
		      char *err, size_t errlen)
{
	const char *p = text;
	int number = 0;

	*n = 0;
	while (*p) {
		size_t len = strcspn(p, "\n");
		char one[SCRIPT_LINE_MAX + 1];
		int rc;

		number++;
		if (len > SCRIPT_LINE_MAX - 1) {
			snprintf(err, errlen, "line %d: longer than %d characters", number,
				 SCRIPT_LINE_MAX - 1);
			return -1;
		}
		memcpy(one, p, len);
		one[len] = '\0';
		p += len + (p[len] == '\n');
		if (*n == SCRIPT_LINES_MAX) {
			snprintf(err, errlen, "more than %d commands", SCRIPT_LINES_MAX);
			return -1;
		}
		rc = script_line_parse(one, number, &lines[*n], err, errlen);
		if (rc < 0)
			return -1;
		*n += rc;
	}
	if (!*n) {
		snprintf(err, errlen, "nothing to run (only comments and blank lines)");
		return -1;
	}
	return 0;
}

static char *slurp(const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "re");
	char *buf = NULL;
	size_t len = 0;

	if (!f) {
		snprintf(err, errlen, "cannot read the script %s: %s", path, strerror(errno));
		return NULL;
	}
	for (;;) {
		char *nb = realloc(buf, len + 4097);
		size_t got;

		if (!nb) {
			free(buf);
			fclose(f);
			snprintf(err, errlen, "out of memory reading %s", path);
			return NULL;
		}
		buf = nb;
		got = fread(buf + len, 1, 4096, f);
		len += got;
		if (got < 4096)
			break;
	}
	buf[len] = '\0';
	fclose(f);
	if (strlen(buf) != len) {
		free(buf);
		snprintf(err, errlen, "the script %s holds a NUL byte: not a text file", path);
		return NULL;
	}
	return buf;
}

static void describe(struct bk_ctx *ctx, const struct script_line *l)
{
	bk_out(&ctx->log, " line %-3d %s", l->number, l->concurrent ? "& " : "  ");
	if (l->sleep_s >= 0) {
		bk_out(&ctx->log, "sleep %g\n", l->sleep_s);
		return;
	}
	bk_out(&ctx->log, "burnkit %s", l->tester->name);
	for (int i = 0; i < l->nwords; i++)
		bk_out(&ctx->log, " %s", l->words[i]);
	bk_out(&ctx->log, "%s%s%s\n", l->alias ? "  (" : "", l->alias ? l->alias : "",
	       l->alias ? ")" : "");
}

static int start(struct job *j)
{
	char *argv[SCRIPT_WORDS_MAX + 1];
	int argc = 0, e;

	for (int i = 0; i < j->line->nwords; i++)
		argv[argc++] = j->line->words[i];
	argv[argc] = NULL;
	e = bk_suite_spawn(&j->child, j->line->tester, argc, argv, 0, -1);
	j->started = e ? -1 : 1;
	return e;
}

static void finished(struct bk_ctx *ctx, struct job *j, int status)
{
	struct bk_json rec;

	j->done = 1;
	j->secs = bk_child_seconds(&j->child);
	j->rc = bk_child_code(status);
	bk_json_init(&rec);
	bk_rec_begin(&ctx->log, &rec, "line");
	bk_json_int(&rec, "line", j->line->number);
	bk_json_str(&rec, "text", j->line->text);
	bk_json_bool(&rec, "concurrent", j->line->concurrent);
	bk_json_str(&rec, "test", j->line->tester->name);
	bk_json_int(&rec, "exit", j->rc);
	bk_json_realp(&rec, "seconds", j->secs, 6);
	bk_rec_end(&ctx->log, &rec);
	bk_json_free(&rec);
}

/*
 * Reap jobs as they end (so each one's time is its own) until job j has
 * ended, or every job with j NULL; a stop request goes on to them all.
 */
static void wait_for(struct bk_ctx *ctx, struct job *jobs, int njobs, struct job *j)
{
	int forwarded = 0;

	for (;;) {
		int left = 0;

		for (int i = 0; i < njobs; i++) {
			struct job *k = &jobs[i];

			if (k->started <= 0 || k->done)
				continue;
			if (bk_child_poll(&k->child))
				finished(ctx, k, k->child.status);
			else
				left++;
		}
		if (!left || (j && j->done))
			return;
		if (bk_stop_requested() && !forwarded) {
			for (int i = 0; i < njobs; i++)
				if (jobs[i].started > 0 && !jobs[i].done)
					kill(jobs[i].child.pid, SIGTERM);
			forwarded = 1;
		}
		struct timespec ts = { 0, 20 * 1000000L };

		nanosleep(&ts, NULL);
	}
}

/* The lines' endings as a JUnit report: a testcase per line. */
static int junit(struct bk_ctx *ctx, const struct job *jobs, int njobs)
{
	static struct bk_junit_case cases[SCRIPT_LINES_MAX];
	const char *path = bk_param_str(&ctx->params, "junit");
	char err[512];

	for (int i = 0; i < njobs; i++) {
		const struct job *j = &jobs[i];
		struct bk_junit_case *c = &cases[i];

		snprintf(c->name, sizeof(c->name), "line %d: %.140s", j->line->number,
			 j->line->text);
		bk_strlcpy(c->classname, "burnkit.script", sizeof(c->classname));
		c->seconds = j->secs;
		c->rc = j->rc;
		if (j->started < 0)
			snprintf(c->why, sizeof(c->why), "could not start it");
		else if (j->rc == BK_EXIT_ENV)
			snprintf(c->why, sizeof(c->why), "%s cannot run here (its message is in "
				 "the output)", j->line->tester->name);
		else if (j->rc != BK_EXIT_OK)
			snprintf(c->why, sizeof(c->why), "%s: %s", j->line->tester->name,
				 bk_exit_text(j->rc));
		else
			c->why[0] = '\0';
	}
	if (bk_junit_write(path, "burnkit script", cases, (size_t)njobs, err, sizeof(err))) {
		pr_fail("%s", err);
		return -1;
	}
	bk_out(&ctx->log, " JUnit: %s\n", path);
	return 0;
}

static int run_script(struct bk_ctx *ctx, const struct script_line *lines, int n)
{
	static struct job jobs[SCRIPT_LINES_MAX];
	int njobs = 0, worst = BK_EXIT_OK, faults = 0;

	for (int i = 0; i < n && !bk_stop_requested(); i++) {
		const struct script_line *l = &lines[i];

		describe(ctx, l);
		if (l->sleep_s >= 0) {
			struct timespec ts = { (time_t)l->sleep_s,
					       (long)((l->sleep_s - (double)(time_t)l->sleep_s) * 1e9) };

			while (nanosleep(&ts, &ts) && errno == EINTR && !bk_stop_requested())
				;
			continue;
		}
		struct job *j = &jobs[njobs++];
		int e;

		memset(j, 0, sizeof(*j));
		j->line = l;
		e = start(j);
		if (e) {
			pr_fail("line %d: cannot start it: %s", l->number, strerror(-e));
			j->done = 1;
			j->rc = 127;
			continue;
		}
		if (!l->concurrent)
			wait_for(ctx, jobs, njobs, j);
	}
	wait_for(ctx, jobs, njobs, NULL);

	bk_out(&ctx->log, "\n==== script summary\n\n");
	for (int i = 0; i < njobs; i++) {
		const struct job *j = &jobs[i];
		int rc = j->rc;

		bk_out(&ctx->log, " line %-3d %-8s %-20s %7.1f s\n", j->line->number,
		       j->line->tester->name, bk_exit_text(rc), j->secs);
		if (rc == BK_EXIT_FAULT)
			faults++;
		else if (rc != BK_EXIT_OK && worst == BK_EXIT_OK)
			worst = rc == BK_EXIT_USAGE ? BK_EXIT_USAGE : BK_EXIT_ENV;
	}
	if (bk_param_str(&ctx->params, "junit") && junit(ctx, jobs, njobs))
		worst = worst == BK_EXIT_OK ? BK_EXIT_ENV : worst;
	bk_json_int(&ctx->log.summary, "lines_run", njobs);
	bk_json_int(&ctx->log.summary, "hardware_errors", faults);
	if (bk_stop_requested())
		return BK_EXIT_INTERRUPTED;
	return faults ? BK_EXIT_FAULT : worst;
}

static int script_run(struct bk_ctx *ctx)
{
	static struct script_line lines[SCRIPT_LINES_MAX];
	const char *file = bk_param_str(&ctx->params, "file");
	int example = bk_param_flag(&ctx->params, "example");
	char err[768], *text;
	int n, rc;

	if (!!file == example) {
		pr_fail("give a script (burnkit script FILE) or --example, one of them");
		return BK_EXIT_USAGE;
	}
	if (example) {
		text = strdup(example_script);
		bk_out(&ctx->log, "\n%s\n", example_script);
	} else {
		text = slurp(file, err, sizeof(err));
		if (!text) {
			pr_fail("%s", err);
			return BK_EXIT_USAGE;
		}
	}
	if (!text || read_lines(text, lines, &n, err, sizeof(err))) {
		pr_fail("%s: %s", example ? "the example" : file, text ? err : "out of memory");
		free(text);
		return BK_EXIT_USAGE;
	}
	if (bk_param_flag(&ctx->params, "check")) {
		bk_out(&ctx->log, " %s: %d command%s, all checked\n", example ? "example" : file,
		       n, n == 1 ? "" : "s");
		for (int i = 0; i < n; i++)
			describe(ctx, &lines[i]);
		rc = BK_EXIT_OK;
	} else {
		rc = run_script(ctx, lines, n);
	}
	free(text);
	return rc;
}

const struct bk_tester bk_tester_script = {
	.name = "script",
	.summary = "Run a file of runner lines, in turn or side by side (fpu.sh, 4fpu.sh)",
	.help = "burnkit script FILE runs FILE's lines as a shell would run Longbottom's\n"
		"fpu.sh and 4fpu.sh: one after another; a line ending in '&', or starting\n"
		"with a terminal (\"lxterminal -e\"), runs beside the lines after it;\n"
		"\"sleep N\" waits; '#' starts a comment. A line names burnkit and a tester\n"
		"(\"burnkit fpu KWords 1, Section 3\"), a tester alone, or one of\n"
		"Longbottom's programs (./RPiTemperature, ./burninfpu, ./stressInt,\n"
		"./burnindrive, ./drivespeed, ./liverloopsPiA6, ./OpenGL1Pi.bin, and their\n"
		"64-bit builds such as ./drivespeed64; ./lanspeed and ./lanspeed64 run\n"
		"speed Cached, for network mounts), which runs its burnkit twin: the\n"
		"seed's scripts run unchanged. Every line is checked first (--check: only\n"
		"that).\n"
		"Lines running beside others are waited for at the end; a table shows how\n"
		"each line ended. Ctrl-C stops them all.",
	.params = script_params,
	.log_prefix = "logScript",
	.quick = "--example",
	.flags = BK_TF_TOOL | BK_TF_NO_TIMER | BK_TF_FILE_ARG,
	.run = script_run,
};
