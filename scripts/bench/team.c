// SPDX-License-Identifier: MIT
/*
 * team: the workers meet the caller at `start`, those given the job run
 * it, and all meet again at `done`; a barrier pair per job keeps the
 * workers' starts within microseconds of each other.
 */
#include "team.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>

static struct {
	int n;
	int cpus[MAX_THREADS];
	pthread_t threads[MAX_THREADS];
	int ids[MAX_THREADS];
	pthread_barrier_t start, done;
	int active;
	job_fn *job;
	void *arg;
	int quit;
} team;

static void *worker(void *p)
{
	int tid = *(int *)p;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(team.cpus[tid], &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	for (;;) {
		pthread_barrier_wait(&team.start);
		if (team.quit)
			break;
		if (tid < team.active)
			team.job(tid, team.arg);
		pthread_barrier_wait(&team.done);
	}
	return NULL;
}

int team_start(int want)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return -1;
	for (int c = 0; c < CPU_SETSIZE && team.n < MAX_THREADS; c++)
		if (CPU_ISSET(c, &set) && (want <= 0 || team.n < want))
			team.cpus[team.n++] = c;
	if (pthread_barrier_init(&team.start, NULL, (unsigned)team.n + 1) ||
	    pthread_barrier_init(&team.done, NULL, (unsigned)team.n + 1))
		return -1;
	for (int i = 0; i < team.n; i++) {
		int err;

		team.ids[i] = i;
		err = pthread_create(&team.threads[i], NULL, worker, &team.ids[i]);
		if (err) {
			errno = err;
			return -1;	/* the caller exits: the workers started wait forever */
		}
	}
	return team.n;
}

void team_run(int active, job_fn *job, void *arg)
{
	team.active = active;
	team.job = job;
	team.arg = arg;
	pthread_barrier_wait(&team.start);
	pthread_barrier_wait(&team.done);
}

void team_stop(void)
{
	team.quit = 1;
	pthread_barrier_wait(&team.start);
	for (int i = 0; i < team.n; i++)
		pthread_join(team.threads[i], NULL);
}
