// SPDX-License-Identifier: MIT
/* lib/child: start, capture, stop and describe a child process. */
#include <criterion/criterion.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "child.h"

static int exit_with(void *arg)
{
	return *(int *)arg;
}

static int say_both(void *arg)
{
	(void)arg;
	printf("to stdout\n");
	fprintf(stderr, "to stderr\n");
	return 0;
}

static int ignore_term(void *arg)
{
	(void)arg;
	signal(SIGTERM, SIG_IGN);
	(void)!write(STDOUT_FILENO, "r", 1);	/* ready: SIGTERM is ignored now */
	sleep(30);
	return 0;
}

static int sleep_long(void *arg)
{
	(void)arg;
	sleep(30);
	return 0;
}

static size_t slurp_fd(int fd, char *buf, size_t cap)
{
	size_t n = 0;
	ssize_t r;

	while (n + 1 < cap && (r = read(fd, buf + n, cap - 1 - n)) > 0)
		n += (size_t)r;
	buf[n] = '\0';
	return n;
}

Test(child, exit_code_of_a_function_child)
{
	int code = 3;
	struct bk_child_spec s = { .fn = exit_with, .arg = &code, .cpu = -1 };
	struct bk_child c;
	char what[64];

	cr_assert_eq(bk_child_start(&c, &s), 0);
	cr_assert_gt(c.pid, 0);
	bk_child_wait(&c);
	cr_assert(c.ended);
	cr_assert_eq(c.pid, 0);
	cr_assert_eq(bk_child_code(c.status), 3);
	cr_assert_str_eq(bk_child_describe(c.status, what, sizeof(what)), "exit 3");
}

Test(child, stdout_and_stderr_apart_or_merged)
{
	struct bk_child_spec s = { .fn = say_both, .capture = BK_CHILD_OUT | BK_CHILD_ERR,
				   .cpu = -1 };
	struct bk_child c;
	char buf[256];

	cr_assert_eq(bk_child_start(&c, &s), 0);
	slurp_fd(c.out_fd, buf, sizeof(buf));
	cr_assert_str_eq(buf, "to stdout\n");
	slurp_fd(c.err_fd, buf, sizeof(buf));
	cr_assert_str_eq(buf, "to stderr\n");
	bk_child_close(&c);
	cr_assert_eq(bk_child_code(bk_child_wait(&c)), 0);

	s.capture = BK_CHILD_MERGE;
	cr_assert_eq(bk_child_start(&c, &s), 0);
	cr_assert_eq(c.err_fd, -1);
	slurp_fd(c.out_fd, buf, sizeof(buf));
	cr_assert(strstr(buf, "to stdout\n") && strstr(buf, "to stderr\n"), "got %s", buf);
	bk_child_close(&c);
	bk_child_wait(&c);
}

Test(child, exec_of_a_missing_program_says_why)
{
	char *argv[] = { "burnkit-no-such-program", NULL };
	struct bk_child_spec s = { .argv = argv, .capture = BK_CHILD_MERGE, .cpu = -1 };
	struct bk_child c;

	cr_assert_eq(bk_child_start(&c, &s), 0);
	bk_child_close(&c);
	bk_child_wait(&c);
	cr_assert_eq(c.exec_errno, ENOENT);
	cr_assert_eq(bk_child_code(c.status), 127);
}

Test(child, exec_runs_the_program)
{
	char *argv[] = { "sh", "-c", "echo hello; exit 4", NULL };
	struct bk_child_spec s = { .argv = argv, .capture = BK_CHILD_OUT, .cpu = -1 };
	struct bk_child c;
	char buf[64];

	cr_assert_eq(bk_child_start(&c, &s), 0);
	slurp_fd(c.out_fd, buf, sizeof(buf));
	bk_child_close(&c);
	bk_child_wait(&c);
	cr_assert_eq(c.exec_errno, 0);
	cr_assert_str_eq(buf, "hello\n");
	cr_assert_eq(bk_child_code(c.status), 4);
}

Test(child, stop_asks_then_kills)
{
	struct bk_child_spec s = { .fn = sleep_long, .cpu = -1 };
	struct bk_child c;
	char what[64];

	/* One that stops when asked: SIGTERM is enough. */
	cr_assert_eq(bk_child_start(&c, &s), 0);
	cr_assert_eq(bk_child_stop(&c, 5), 0);
	cr_assert(WIFSIGNALED(c.status));
	cr_assert_eq(WTERMSIG(c.status), SIGTERM);
	cr_assert_eq(bk_child_code(c.status), 128 + SIGTERM);

	/* One that ignores it is killed after the grace time. */
	s.fn = ignore_term;
	s.capture = BK_CHILD_OUT;
	cr_assert_eq(bk_child_start(&c, &s), 0);
	cr_assert_eq(read(c.out_fd, what, 1), 1, "the child says it ignores SIGTERM");
	cr_assert_eq(bk_child_stop(&c, 0.2), 1);
	cr_assert_eq(WTERMSIG(c.status), SIGKILL);
	bk_child_describe(c.status, what, sizeof(what));
	cr_assert(!strncmp(what, "killed by signal 9", 18), "got %s", what);
}

Test(child, a_deadline_stops_it)
{
	struct bk_child_spec s = { .fn = sleep_long, .cpu = -1 };
	struct bk_child c;

	cr_assert_eq(bk_child_start(&c, &s), 0);
	cr_assert_eq(bk_child_wait_for(&c, 0.2, 2, NULL), 1);
	cr_assert(c.ended);
	cr_assert_geq(bk_child_seconds(&c), 0.2);
}

Test(child, signals_reset_unless_kept)
{
	struct bk_child_spec s = { .fn = sleep_long, .cpu = -1 };
	struct bk_child c;

	/* The caller ignores SIGTERM; its child must not. */
	signal(SIGTERM, SIG_IGN);
	cr_assert_eq(bk_child_start(&c, &s), 0);
	usleep(50000);
	kill(c.pid, SIGTERM);
	bk_child_wait(&c);
	cr_assert(WIFSIGNALED(c.status));

	s.keep_signals = 1;
	cr_assert_eq(bk_child_start(&c, &s), 0);
	usleep(50000);
	kill(c.pid, SIGTERM);	/* ignored, as in the caller */
	usleep(100000);
	cr_assert_eq(bk_child_poll(&c), 0);
	kill(c.pid, SIGKILL);
	bk_child_wait(&c);
	signal(SIGTERM, SIG_DFL);
}
