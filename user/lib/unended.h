/* SPDX-License-Identifier: MIT */
/*
 * unended: runs that never ended are named. A board that froze or lost
 * power leaves a text log whose last run has a start line and no ending
 * line, or a JSON lines file without its summary record. Found, they are
 * said in one sentence:
 *   "the run of <date> has no end: last record at <time>, <tester>, <phase>"
 * The next run in the same place (its --log and --json files), burnkit
 * report and burnin say it.
 */
#ifndef BK_UNENDED_H
#define BK_UNENDED_H

#include <stddef.h>

/*
 * The JSON lines in path (NULL-terminated text of a file, or read from
 * path): 1 with the sentence in msg when the last run there has no summary
 * record, 0 when it ended (or there is nothing), -errno when unreadable.
 */
int bk_unended_json(const char *path, char *msg, size_t len);

/* The same for a text log (--log N), whose runs start and end with a line each. */
int bk_unended_text(const char *path, char *msg, size_t len);

#endif
