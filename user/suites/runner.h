/* SPDX-License-Identifier: MIT */
/*
 * runner.h: what the suites (burnin, cook, script: runs made of other runs)
 * and the command line may call of the runner. Testers never include it:
 * the arrows of the house run downward, from the suites through the runner
 * to the testers, and from the testers into user/lib.
 */
#ifndef BK_SUITES_RUNNER_H
#define BK_SUITES_RUNNER_H

#include <stdio.h>

#include "child.h"
#include "tester.h"

/* The table, in list order. */
const struct bk_tester *const *bk_testers(size_t *count);
const struct bk_tester *bk_tester_find(const char *name);

/* Print "burnkit NAME --help". */
void bk_tester_help(const struct bk_tester *t, FILE *out);

/*
 * Run one tester with argv (the words after its name): parse, help,
 * dry-run, supported check, open the logs, measure the timer, fill the
 * kernel table, write the start record, run, close. Returns the exit status.
 */
int bk_tester_main(const struct bk_tester *t, int argc, char **argv);

/*
 * Start tester t with argv in a forked child, as `burnkit NAME ARGV...`
 * would run (no exec: the same under qemu-user), with lib/child's capture
 * flags and CPU (-1: not pinned). 0, or -errno.
 */
int bk_suite_spawn(struct bk_child *c, const struct bk_tester *t, int argc,
		   char **argv, unsigned capture, int cpu);

#endif
