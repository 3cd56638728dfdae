// SPDX-License-Identifier: MIT
/* copies: each copy of a tester as a child process: started pinned to its
 * CPU, its pipes read as they fill, reaped and restarted, stopped at the end. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cook.h"

static const struct bk_param *param_of(const struct bk_tester *t, const char *name)
{
	for (const struct bk_param *p = t->params; p && p->name; p++)
		if (!strcmp(p->name, name))
			return p;
	return NULL;
}

static int has_param(const struct bk_tester *t, const char *name)
{
	return param_of(t, name) != NULL;
}

int cook_copy_start(struct cook *ck, struct cook_copy *c)
{
	char *argv[COOK_RUN_WORDS + 10], cpu[16], secs[32], opt[48];
	int argc = 0, e;
	double left = ck->end_t - cook_t(ck);

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
		const struct bk_param *d = param_of(c->run->tester, c->run->meter->duration_opt);

		/*
		 * The time left, but never below what the tester accepts: a copy
		 * started at the very end (many copies, a short run) runs its
		 * shortest pass rather than fail on a value the user never gave.
		 */
		if (d && left < d->min)
			left = d->min;
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
	c->started = c->last_end = cook_t(ck);

	struct bk_json j;

	bk_json_init(&j);
	bk_rec_begin(&ck->ctx->log, &j, "copy");
	bk_json_int(&j, "copy", c->index);
	bk_json_str(&j, "event", "start");
	bk_json_str(&j, "test", c->run->tester->name);
	bk_json_str(&j, "args", cook_run_args(c->run));
	bk_json_int(&j, "cpu", c->cpu);
	bk_json_str(&j, "unit", c->run->meter ? c->run->meter->unit : NULL);
	bk_json_int(&j, "pid", c->child.pid);
	bk_rec_end(&ck->ctx->log, &j);
	bk_json_free(&j);
	return 0;
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
			take_lines(c->out, &c->nout, sizeof(c->out) - 1, cook_copy_line, ck, c, 0);
			eof = 0;
		} else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
			take_lines(c->out, &c->nout, sizeof(c->out) - 1, cook_copy_line, ck, c, 1);
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
	double t = cook_t(ck);
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

	/*
	 * Stopping, cook sends SIGTERM, then SIGKILL to a copy that does not
	 * stop: a copy that dies of either was stopped, as one that exits
	 * interrupted. A copy still starting (its handler not yet set: a slow
	 * board, 100 copies, an emulator) dies of the SIGTERM itself.
	 */
	if (WIFSIGNALED(status) && ck->stopping &&
	    (WTERMSIG(status) == SIGKILL || WTERMSIG(status) == SIGTERM)) {
		code = BK_EXIT_INTERRUPTED;
	} else if (WIFSIGNALED(status)) {
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
		cook_error_record(ck, c, t, what);
	if (code > c->worst_exit)
		c->worst_exit = code;
	if (t - c->started < COOK_QUICK_EXIT_S && ++c->quick_exits >= COOK_QUICK_EXITS_MAX) {
		pr_warn("copy %d (%s) ended %d times within %.0f s: not started again",
			c->index, c->run->tester->name, c->quick_exits, COOK_QUICK_EXIT_S);
		c->done = 1;
	}
}

void cook_reap(struct cook *ck)
{
	for (int i = 0; i < ck->ncopies; i++) {
		struct cook_copy *c = &ck->copies[i];

		if (c->child.pid > 0 && bk_child_poll(&c->child)) {
			copy_exited(ck, c, c->child.status);
			if (!ck->stopping && !c->done && !bk_stop_requested() &&
			    ck->end_t - cook_t(ck) > 0.5) {
				int e = cook_copy_start(ck, c);

				if (e) {
					pr_fail("copy %d: cannot start it again: %s", c->index,
						strerror(-e));
					c->done = 1;
				}
			}
		}
	}
}

/*
 * Wait for output, a throttle transition, a sample or the end; read what
 * came.
 */
void cook_wait_and_read(struct cook *ck, int timeout_ms)
{
	struct pollfd pfd[2 * COOK_MAX_COPIES + 1];
	struct cook_copy *owner[2 * COOK_MAX_COPIES + 1];
	int n = 0, events_fd = ck->recording ? bk_recorder_events_fd(&ck->rec) : -1;

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
	if (events_fd >= 0) {
		pfd[n] = (struct pollfd){ .fd = events_fd, .events = POLLIN };
		owner[n++] = NULL;
	}
	if (timeout_ms < 0)
		timeout_ms = 0;
	if (poll(pfd, (nfds_t)n, timeout_ms) <= 0)
		return;
	for (int i = 0; i < n; i++) {
		if (!pfd[i].revents)
			continue;
		if (owner[i])
			copy_read(ck, owner[i]);	/* reads both of its pipes */
		else
			cook_record_events(ck);
	}
}

int cook_running(const struct cook *ck)
{
	for (int i = 0; i < ck->ncopies; i++)
		if (ck->copies[i].child.pid > 0)
			return 1;
	return 0;
}

void cook_stop_copies(struct cook *ck, struct bk_ticker *samples,
			struct bk_ticker *events)
{
	double until = cook_t(ck) + COOK_STOP_WAIT_S;

	ck->stopping = 1;
	for (int i = 0; i < ck->ncopies; i++)
		if (ck->copies[i].child.pid > 0)
			kill(ck->copies[i].child.pid, SIGTERM);
	while (cook_running(ck)) {
		if (cook_t(ck) > until) {
			for (int i = 0; i < ck->ncopies; i++)
				if (ck->copies[i].child.pid > 0) {
					pr_warn("copy %d did not stop within %.0f s: killed",
						i, COOK_STOP_WAIT_S);
					kill(ck->copies[i].child.pid, SIGKILL);
				}
			until = cook_t(ck) + 60;
		}
		cook_wait_and_read(ck, 50);
		cook_reap(ck);
		cook_record_step(ck, samples, events);
	}
}
