/* SPDX-License-Identifier: MIT */
/*
 * log: one voice for messages, and the two result streams.
 *
 * Messages (pr_fail, pr_warn, pr_inf, pr_dbg) go to stderr as
 * "burnkit <tester>: <text>", never into the data.
 * Results go to the console (stdout; stderr when the JSON lines take
 * stdout), to the text log in Longbottom's layout (--log N: appended to
 * <prefix>N.txt) and to the JSON lines (--json FILE). Every line of both
 * files is written and flushed to the device as it happens, so a board that
 * hangs keeps what came before.
 */
#ifndef BK_LOG_H
#define BK_LOG_H

#include <stdint.h>
#include <stdio.h>

#include "json.h"
#include "util.h"

#define BK_JSON_SCHEMA "burnkit/1"

void bk_msg_set_tester(const char *name);
void bk_msg_set_verbose(int verbose);
void pr_fail(const char *fmt, ...) BK_PRINTF(1, 2);
void pr_warn(const char *fmt, ...) BK_PRINTF(1, 2);
void pr_inf(const char *fmt, ...) BK_PRINTF(1, 2);
void pr_dbg(const char *fmt, ...) BK_PRINTF(1, 2);

struct bk_params;

struct bk_log {
	const char *tester;
	FILE *console;
	int text_fd;		/* -1: no text log */
	char text_path[64];
	int json_fd;		/* -1: no JSON lines */
	int json_is_stdout;
	uint64_t t0_ns;		/* monotonic time of the start record */
	unsigned long records;
	int write_error;	/* a log write failed (reported once) */
	int console_gone;	/* the console's reader went away (EPIPE) */
	char reason[256];	/* why the run failed, one line: the first error */
	struct bk_json summary;	/* members the tester adds to the summary record */
	char *last_summary;	/* the summary record as written (after close; free it) */
};

/*
 * Open the streams the parameters ask for: --log N with the tester's file
 * prefix ("log", "logInt", "IOlog", ...), --json FILE. Returns 0, or -1 with
 * the reason in err.
 */
int bk_log_open(struct bk_log *l, const char *tester, const char *prefix,
		const struct bk_params *p, char *err, size_t errlen);
/*
 * The log of a --dry-run: no file is opened or created; the console is
 * stderr when --json is given (the parameters record goes to stdout).
 */
void bk_log_open_dry(struct bk_log *l, const char *tester, const struct bk_params *p);

/*
 * The run's one-line reason for failing (the first one given is kept; the
 * first pr_fail of an open log sets it too): "ENOSPC ...", "data error ...".
 */
void bk_log_reason(struct bk_log *l, const char *fmt, ...) BK_PRINTF(2, 3);

/*
 * Every ending is logged: the text log's last line and the JSON summary
 * record give the status, the exit code and, unless it is 0, the one-line
 * reason (the signal for 130). Then everything is closed. Returns the exit
 * code to give: 3 instead of 0 when the results could not be written.
 *   " burnkit <tester> ended <date>: <status>, exit <code>[: <reason>]"
 */
int bk_log_close(struct bk_log *l, int exit_code);
#define BK_LOG_END_MARK " ended "
#define BK_LOG_START_MARK " started "

/* Console and text log. */
void bk_out(struct bk_log *l, const char *fmt, ...) BK_PRINTF(2, 3);
/* Text log only (configuration headers). */
void bk_out_logonly(struct bk_log *l, const char *fmt, ...) BK_PRINTF(2, 3);

/*
 * One JSON record: bk_rec_begin opens the object with "schema", "type",
 * "tester" and "t" (seconds since the start record); the caller adds its
 * members; bk_rec_end closes, writes and flushes the line.
 */
void bk_rec_begin(struct bk_log *l, struct bk_json *j, const char *type);
void bk_rec_end(struct bk_log *l, struct bk_json *j);
int bk_log_has_json(const struct bk_log *l);

/* Seconds since the log was opened. */
double bk_log_elapsed(const struct bk_log *l);

#endif
