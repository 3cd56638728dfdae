// SPDX-License-Identifier: MIT
/*
 * pmccntr [COUNT [CPU]]: read the ARM cycle counter from user space
 * COUNT times (default 1000), pinned to CPU when given. Prints
 * "ok FIRST LAST" when every read worked and the values never went back,
 * "sigill" (exit 2) when the kernel does not let EL0 read PMCCNTR_EL0,
 * "backwards" (exit 1) when a value was lower than the one before (the
 * 32-bit ARMv7 counter wraps every few seconds: use short runs), and
 * "unsupported" (exit 3) on other architectures.
 */
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "pmu_read.h"

int main(int argc, char **argv)
{
	long count = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;

	if (argc > 2) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(atoi(argv[2]), &set);
		if (sched_setaffinity(0, sizeof(set), &set)) {
			perror("pmccntr: sched_setaffinity");
			return 4;
		}
	}
#if defined(__aarch64__) || defined(__arm__)
	uint64_t first, prev, now;
	struct sigaction sa = { .sa_handler = pmu_on_sigill };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGILL, &sa, NULL);
	if (sigsetjmp(pmu_trap, 1)) {
		puts("sigill");
		return 2;
	}
	first = prev = read_pmccntr();
	for (long i = 1; i < count; i++) {
		now = read_pmccntr();
		if (now < prev) {
			printf("backwards %llu %llu\n", (unsigned long long)prev,
			       (unsigned long long)now);
			return 1;
		}
		prev = now;
	}
	printf("ok %llu %llu\n", (unsigned long long)first,
	       (unsigned long long)prev);
	return 0;
#else
	(void)count;
	(void)pmu_on_sigill;
	(void)pmu_trap;
	puts("unsupported");
	return 3;
#endif
}
