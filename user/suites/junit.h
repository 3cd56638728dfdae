/* SPDX-License-Identifier: MIT */
/*
 * junit: a suite's results as a JUnit XML report (the Ant/Jenkins format CI
 * systems read): one testsuite, one testcase per tester (burnin) or line
 * (script), with a failure element for errors found or a run that failed,
 * a skipped element for one that cannot run here, each carrying the reason.
 * Written to a temporary name and renamed.
 */
#ifndef BK_JUNIT_H
#define BK_JUNIT_H

#include <stddef.h>

struct bk_junit_case {
	char name[160];		/* "fpu", "line 3: burnkit fpu KWords 1" */
	char classname[64];	/* "burnkit.burnin", "burnkit.script" */
	double seconds;
	int rc;			/* the BK_EXIT_* status; < 0 killed or hung */
	char why[256];		/* the reason, "" none */
};

/* Returns 0, or -1 with the reason in err. */
int bk_junit_write(const char *path, const char *suite, const struct bk_junit_case *c,
		   size_t n, char *err, size_t errlen);

#endif
