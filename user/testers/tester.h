/* SPDX-License-Identifier: MIT */
/*
 * tester.h: what a tester is. Each tester is one file in user/testers/ that
 * ends in its const descriptor (stress-ng's stressor_info_t); every tester
 * is listed once in list.h, and the runner, --help, the burn-in and the
 * tests all read that list.
 *
 * user/testers/ holds the testers: one file each, or a folder with the
 * helpers only it uses (fpu/, int/, inspect/, drive/). A tester may call
 * user/lib and its wings and asm/ through dispatch; it never calls the
 * runner or a suite (user/suites/runner.h is not for it).
 */
#ifndef BK_TESTER_H
#define BK_TESTER_H

#include <stddef.h>

#include "dispatch.h"
#include "log.h"
#include "params.h"
#include "sysinfo.h"
#include "timing.h"
#include "util.h"

struct bk_tester;

/* Everything a tester's run() gets, prepared by the runner. */
struct bk_ctx {
	const struct bk_tester *tester;
	struct bk_params params;
	struct bk_log log;
	struct bk_timer timer;
	struct bk_sysinfo sysinfo;
	struct bk_kernel_table kernels;	/* when the tester has BK_TF_KERNELS */
	/*
	 * --dry-run: run() makes every check of a real run, then returns
	 * BK_EXIT_OK when this is set, before it creates a file or starts the
	 * test (testers with BK_TF_DRY_CHECKS; the runner stops the others
	 * before run()). The log writes no file then.
	 */
	int dry_run;
};

enum {
	BK_TF_KERNELS = 1u << 0,	/* uses the kernel table (--isa) */
	BK_TF_TOOL = 1u << 1,		/* a tool, not a stress test */
	BK_TF_NO_TIMER = 1u << 2,	/* does not need the timer measured */
	BK_TF_FILE_ARG = 1u << 3,	/* "burnkit NAME FILE ...": FILE is --file */
	BK_TF_HOST_ARG = 1u << 4,	/* "burnkit NAME HOST ...": HOST is --host */
	BK_TF_DRY_CHECKS = 1u << 5,	/* run() checks, then stops on ctx->dry_run */
	BK_TF_FILES_ARG = 1u << 6,	/* "burnkit NAME F1 F2 ...": each leading word
					 * not an option is one more --file */
};

/*
 * Where one pass of a tester reports its throughput: cook draws it per
 * copy, report redraws it. A tester without one leaves .record NULL (its
 * errors and exit status still count).
 */
struct bk_throughput {
	const char *record;		/* the record type that carries one pass, or
					 * several, space separated (a tester with
					 * phases: each type its own series) */
	const char *value;		/* its throughput member */
	const char *unit;
	const char *seconds;		/* its duration member, NULL: since the last */
	const char *group;		/* member telling passes of different kinds
					 * apart (each its own series), or NULL */
	const char *duration_opt;	/* long option giving the running time in
					 * seconds, NULL: none (it is restarted) */
	const char *duration_alt;	/* another option that sets it, or NULL */
};

struct bk_tester {
	const char *name;
	const char *summary;		/* one line, for `burnkit list` */
	const char *help;		/* a paragraph for `burnkit NAME --help` */
	const struct bk_param *params;	/* terminated by { NULL } */
	const char *log_prefix;		/* --log N writes <prefix>N.txt */
	const char *quick;		/* burn-in parameters; NULL: not in it */
	unsigned flags;
	struct bk_throughput throughput;
	/* 0 when this machine can run it; else -1 and the reason. */
	int (*supported)(char *why, size_t len);
	/* Returns a BK_EXIT_* status. */
	int (*run)(struct bk_ctx *ctx);
};

/* Parameters shared by testers that run kernels on one CPU. */
#define BK_PARAM_ISA							\
	{ "isa", NULL, BK_PT_STR, 0, 0, NULL,				\
	  "kernel ISA to use (see burnkit info); default: the best this CPU has", \
	  NULL }
#define BK_PARAM_CPU							\
	{ "cpu", NULL, BK_PT_INT, 0, 4095, NULL,			\
	  "pin to this CPU (default: not pinned)", NULL }
#define BK_PARAMS_END { NULL, NULL, 0, 0, 0, NULL, NULL, NULL }

#define BK_TESTER_DECLARE_(name) extern const struct bk_tester bk_tester_##name;
#include "list.h"
BK_TESTERS(BK_TESTER_DECLARE_)
#undef BK_TESTER_DECLARE_

#endif
