// SPDX-License-Identifier: MIT
#include "child.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

static void close_pair(int p[2])
{
	if (p[0] >= 0)
		close(p[0]);
	if (p[1] >= 0)
		close(p[1]);
	p[0] = p[1] = -1;
}

/* In the child: what the caller's handlers and mask must not decide. */
static void reset_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD };
	sigset_t none;

	for (size_t i = 0; i < BK_ARRAY_SIZE(sigs); i++)
		signal(sigs[i], SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

int bk_child_start(struct bk_child *c, const struct bk_child_spec *s)
{
	int out[2] = { -1, -1 }, err[2] = { -1, -1 }, exec_pipe[2] = { -1, -1 };
	int e;

	memset(c, 0, sizeof(*c));
	c->out_fd = c->err_fd = -1;
	if (((s->capture & (BK_CHILD_OUT | BK_CHILD_MERGE)) && pipe2(out, O_CLOEXEC)) ||
	    ((s->capture & BK_CHILD_ERR) && !(s->capture & BK_CHILD_MERGE) &&
	     pipe2(err, O_CLOEXEC)) ||
	    (!s->fn && pipe2(exec_pipe, O_CLOEXEC))) {
		e = errno;
		goto out_pipes;
	}
	fflush(NULL);
	c->start_ns = bk_now_ns();
	c->pid = fork();
	if (c->pid < 0) {
		e = errno;
		c->pid = 0;
		goto out_pipes;
	}
	if (!c->pid) {
		if (out[1] >= 0)
			dup2(out[1], STDOUT_FILENO);
		if (s->capture & BK_CHILD_MERGE)
			dup2(out[1], STDERR_FILENO);
		else if (err[1] >= 0)
			dup2(err[1], STDERR_FILENO);
		if (s->cpu >= 0)
			bk_pin_cpu(s->cpu);
		if (!s->keep_signals)
			reset_signals();
		if (s->fn) {
			int rc = s->fn(s->arg);

			fflush(NULL);	/* _exit() would drop what stdio holds */
			_exit(rc);
		}
		execvp(s->argv[0], s->argv);
		e = errno;
		if (write(exec_pipe[1], &e, sizeof(e)) < 0)
			_exit(127);
		_exit(127);
	}
	if (out[1] >= 0)
		close(out[1]);
	if (err[1] >= 0)
		close(err[1]);
	c->out_fd = out[0];
	c->err_fd = err[0];
	if (exec_pipe[0] >= 0) {
		/* The write end closes at exec (CLOEXEC) or carries exec's errno. */
		close(exec_pipe[1]);
		if (read(exec_pipe[0], &c->exec_errno, sizeof(c->exec_errno)) !=
		    sizeof(c->exec_errno))
			c->exec_errno = 0;
		close(exec_pipe[0]);
	}
	return 0;

out_pipes:
	close_pair(out);
	close_pair(err);
	close_pair(exec_pipe);
	return -e;
}

static void ended(struct bk_child *c, int status)
{
	c->status = status;
	c->ended = 1;
	c->pid = 0;
}

int bk_child_poll(struct bk_child *c)
{
	int status;

	if (c->ended)
		return 1;
	if (c->pid > 0 && waitpid(c->pid, &status, WNOHANG) == c->pid)
		ended(c, status);
	return c->ended;
}

int bk_child_wait(struct bk_child *c)
{
	int status;

	while (!c->ended && c->pid > 0) {
		if (waitpid(c->pid, &status, 0) == c->pid)
			ended(c, status);
		else if (errno != EINTR)
			break;
	}
	return c->status;
}

static void nap_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

int bk_child_stop(struct bk_child *c, double grace_s)
{
	uint64_t until;

	if (bk_child_poll(c))
		return 0;
	kill(c->pid, SIGTERM);
	until = bk_now_ns() + (uint64_t)(grace_s * 1e9);
	while (!bk_child_poll(c)) {
		if (bk_now_ns() >= until) {
			kill(c->pid, SIGKILL);
			bk_child_wait(c);
			return 1;
		}
		nap_ms(20);
	}
	return 0;
}

int bk_child_wait_for(struct bk_child *c, double timeout_s, double grace_s,
		      int (*interrupted)(void))
{
	int told = 0;

	while (!bk_child_poll(c)) {
		if (interrupted && interrupted() && !told) {
			kill(c->pid, SIGINT);	/* it stops as the user asked us to */
			told = 1;
		}
		if (timeout_s > 0 && bk_child_seconds(c) >= timeout_s)
			return bk_child_stop(c, grace_s), 1;
		nap_ms(50);
	}
	return 0;
}

double bk_child_seconds(const struct bk_child *c)
{
	return (double)(bk_now_ns() - c->start_ns) / 1e9;
}

void bk_child_close(struct bk_child *c)
{
	if (c->out_fd >= 0)
		close(c->out_fd);
	if (c->err_fd >= 0)
		close(c->err_fd);
	c->out_fd = c->err_fd = -1;
}

int bk_child_code(int status)
{
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
}

const char *bk_child_describe(int status, char *buf, size_t len)
{
	if (WIFSIGNALED(status))
		snprintf(buf, len, "killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "exit %d", WEXITSTATUS(status));
	return buf;
}
