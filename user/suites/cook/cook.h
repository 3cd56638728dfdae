/* SPDX-License-Identifier: MIT */
/*
 * cook.h: what the files of burnkit cook share: the run's state, its
 * copies, and the functions each concern offers the others:
 *   cook.c      the run itself: parameters, runs, CPUs, the main loop
 *   copies.c    the copies as children: start, read their pipes, reap, stop
 *   records.c   what a copy's JSON records mean: passes, errors
 *   console.c   the recorder's samples and the rows on the console
 *   conclude.c  the timeline read back: drops, summary, chart, CSV
 */
#ifndef BK_COOK_H
#define BK_COOK_H

#include "child.h"
#include "cook_meter.h"
#include "record/analysis.h"
#include "record/recorder.h"
#include "record/ticker.h"
#include "suites/runner.h"

#define COOK_MAX_COPIES 256
#define COOK_STATUS_EVERY_S 15.0	/* console rows, as Longbottom's reports */
#define COOK_STOP_WAIT_S 15.0		/* for the copies to stop, then SIGKILL */
#define COOK_QUICK_EXIT_S 2.0		/* a copy that ends this soon ... */
#define COOK_QUICK_EXITS_MAX 3		/* ... this often is not restarted */

struct cook_copy {
	int index, cpu;
	const struct cook_run *run;
	struct bk_child child;	/* pid 0: not running; out_fd: its JSON
				 * records, err_fd: its diagnostics */
	char out[65536];
	size_t nout;
	char err[4096];
	size_t nerr;
	double offset;		/* cook t = the copy's t + offset */
	int synced;
	double started;		/* cook t of the latest start */
	double last_end;	/* cook t of the end of its latest pass */
	unsigned long passes;
	int quick_exits;
	int done;		/* not to be started again */
	int worst_exit;
	double best;		/* fastest pass so far, for the console */
};

struct cook {
	struct bk_ctx *ctx;
	struct bk_recorder rec;
	int recording;
	double sample_s;
	struct cook_run runs[BK_LIST_MAX];
	int nruns;
	struct cook_copy *copies;
	int ncopies;
	double end_t;
	unsigned long errors;	/* errors the testers found */
	int failures;		/* copies that could not run or crashed */
	int worst_failure;	/* their exit status, for ours */
	double last_status_t;
	int stopping;
};

double cook_t(const struct cook *ck);
const char *cook_run_args(const struct cook_run *r);

/* copies.c */
int cook_copy_start(struct cook *ck, struct cook_copy *c);
void cook_reap(struct cook *ck);
void cook_wait_and_read(struct cook *ck, int timeout_ms);
int cook_running(const struct cook *ck);
void cook_stop_copies(struct cook *ck, struct bk_ticker *samples,
		      struct bk_ticker *events);

/* records.c */
void cook_error_record(struct cook *ck, const struct cook_copy *c, double at,
		       const char *what);
void cook_copy_line(struct cook *ck, struct cook_copy *c, char *line, size_t len);

/* console.c */
void cook_print_events(struct cook *ck);
void cook_print_status(struct cook *ck);
void cook_record_step(struct cook *ck, struct bk_ticker *samples,
		      struct bk_ticker *events);
/* Read the module's transitions that arrived, and print them. */
void cook_record_events(struct cook *ck);
void cook_title(struct cook *ck, char *buf, size_t len);

/* conclude.c */
int cook_conclude(struct cook *ck, double cpu_pct);

#endif
