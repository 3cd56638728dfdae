/* SPDX-License-Identifier: MIT */
/*
 * script_line: one line of a `burnkit script` file, as a shell would read
 * Longbottom's fpu.sh and 4fpu.sh: words split on blanks with '...' and
 * "..." quoting, a trailing '&' (or a terminal prefix such as
 * "lxterminal -e", which opened a window of its own) runs it beside the
 * next lines, "sleep N" waits, '#' starts a comment. The program is
 * burnkit (any path) followed by a tester, a tester's name alone, or one
 * of Longbottom's programs (./RPiTemperature, ./burninfpu, ./stressInt,
 * ./burnindrive, ./drivespeed), which runs its burnkit twin.
 */
#ifndef BK_SCRIPT_LINE_H
#define BK_SCRIPT_LINE_H

#include <stddef.h>

#include "suites/runner.h"

#define SCRIPT_LINE_MAX 1024
#define SCRIPT_WORDS_MAX 96

struct script_line {
	int number;		/* in the file, from 1 */
	char text[SCRIPT_LINE_MAX];	/* as written, without the newline */
	int concurrent;		/* '&' or a terminal prefix */
	double sleep_s;		/* a "sleep N" line: N; else -1 */
	const struct bk_tester *tester;
	const char *alias;	/* the Longbottom program named, or NULL */
	int nwords;
	char *words[SCRIPT_WORDS_MAX];	/* the tester's arguments */
	char storage[SCRIPT_LINE_MAX];
	char made[128];		/* words made for a monitor's line (vmstat, sar) */
};

/*
 * Read one line. 1: a command in *out; 0: nothing to run (blank or
 * comment); -1: an error, with "line N: ..." in err. The tester's
 * parameters are checked as strictly as on its own command line.
 */
int script_line_parse(const char *text, int number, struct script_line *out,
		      char *err, size_t errlen);

/* The burnkit tester a Longbottom program name stands for, or NULL. */
const char *script_alias(const char *program);

#endif
