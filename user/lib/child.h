/* SPDX-License-Identifier: MIT */
/*
 * child: start one child process and supervise it, the same way for every
 * caller (the suites' testers, inspect's objdump): its stdout and stderr
 * into pipes (or merged), pinned to a CPU, signals reset, a deadline after
 * which it is asked to stop (SIGTERM) and then killed (SIGKILL), and one
 * wording of how it ended.
 *
 * A child either runs a function in the forked process without exec (the
 * suites run a tester that way: it works under qemu-user too, where an ARM
 * runner cannot exec itself) or execs a program.
 */
#ifndef BK_CHILD_H
#define BK_CHILD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum {
	BK_CHILD_OUT = 1u << 0,		/* stdout into out_fd */
	BK_CHILD_ERR = 1u << 1,		/* stderr into err_fd */
	BK_CHILD_MERGE = 1u << 2,	/* stderr into out_fd with stdout */
};

struct bk_child_spec {
	int (*fn)(void *arg);		/* run this in the child and _exit(its value) */
	void *arg;
	char *const *argv;		/* or, fn NULL: exec this (PATH searched) */
	unsigned capture;		/* BK_CHILD_* */
	int cpu;			/* pin the child to this CPU; -1: not pinned */
	int keep_signals;		/* keep the caller's handlers (a child that
					 * stops at its check points on SIGTERM) */
};

struct bk_child {
	pid_t pid;			/* 0: not started or reaped */
	int out_fd, err_fd;		/* -1: not captured, or closed */
	uint64_t start_ns;
	int status;			/* waitpid() status, once ended */
	int ended;
	int exec_errno;			/* exec failed with this (status 127) */
};

/* Start it; 0, or -errno when it could not be started (nothing left open). */
int bk_child_start(struct bk_child *c, const struct bk_child_spec *s);

/* 1 when it has ended (status set; its pipes may still hold output), else 0. */
int bk_child_poll(struct bk_child *c);

/* Wait for it to end; returns its status. */
int bk_child_wait(struct bk_child *c);

/*
 * Stop it: SIGTERM, up to grace_s for it to end, then SIGKILL; reaped.
 * Returns 1 when it had to be killed.
 */
int bk_child_stop(struct bk_child *c, double grace_s);

/* Wait for it, at most timeout_s; past that, stop it (grace_s). 1: stopped. */
int bk_child_wait_for(struct bk_child *c, double timeout_s, double grace_s,
		      int (*interrupted)(void));

/* Seconds since it started. */
double bk_child_seconds(const struct bk_child *c);

/* Close what is still open of its pipes. */
void bk_child_close(struct bk_child *c);

/* The exit status as a shell gives it: the exit code, or 128 + the signal. */
int bk_child_code(int status);

/* "exit 3", "killed by signal 9 (Killed)": how a child ended, in one wording. */
const char *bk_child_describe(int status, char *buf, size_t len);

#endif
