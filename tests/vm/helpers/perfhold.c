// SPDX-License-Identifier: MIT
/*
 * perfhold SECONDS: count CPU cycles with perf on every online CPU for
 * SECONDS, as a profiler would, so the tests can see what burnkit.ko does
 * when perf owns the PMU. Prints "holding N" once the events run, or
 * "unsupported: why" (exit 3) when perf has no hardware cycle counter.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int seconds = argc > 1 ? atoi(argv[1]) : 3;
	int held = 0;

	for (long cpu = 0; cpu < cpus; cpu++) {
		struct perf_event_attr attr;
		long fd;

		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = PERF_TYPE_HARDWARE;
		attr.config = PERF_COUNT_HW_CPU_CYCLES;
		attr.pinned = 1;
		fd = syscall(SYS_perf_event_open, &attr, -1, (int)cpu, -1, 0);
		if (fd < 0) {
			printf("unsupported: cpu %ld: %s\n", cpu, strerror(errno));
			return 3;
		}
		held++;
	}
	printf("holding %d\n", held);
	fflush(stdout);
	sleep((unsigned)seconds);
	return 0;
}
