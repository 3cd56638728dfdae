/* SPDX-License-Identifier: MIT */
/*
 * team: worker threads, each pinned to its own allowed CPU, that run a job
 * together, for the benchmarks. The caller starts the job on the first
 * `active` workers and returns when all of them have finished it.
 */
#ifndef BK_BENCH_TEAM_H
#define BK_BENCH_TEAM_H

#define MAX_THREADS 64

/* A job: runs on worker `tid` (0 .. active-1) with the caller's `arg`. */
typedef void job_fn(int tid, void *arg);

/* Start one worker per allowed CPU (at most `want` when want > 0).
 * Returns the number of workers, or -1 with errno set. */
int team_start(int want);

/* Run `job` on workers 0 .. active-1 at once; return when all are done. */
void team_run(int active, job_fn *job, void *arg);

/* Stop and join the workers. */
void team_stop(void);

#endif
