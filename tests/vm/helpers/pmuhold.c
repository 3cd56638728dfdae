// SPDX-License-Identifier: MIT
/*
 * pmuhold [options] SECONDS [CPU]: ask burnkit.ko for the cycle counter as
 * a timing thread does (open user_access, write "1", keep it open), then
 * read PMCCNTR for SECONDS, yielding the CPU often so that the thread is
 * switched out and in, pinned to CPU when given. Each CPU has its own
 * counter: order is checked between reads on the same CPU only; a 64-bit
 * counter wraps (perf may leave it just below 2^64): forward is modulo.
 *
 * Prints "holding TID" once the module granted it, then "ok READS" when
 * every read worked and went forward, "sigill after READS" (exit 2) when a
 * read trapped (the counter was taken away; then the CPU, PMUSERENR and
 * the address the trap saw, PMUSERENR again after a sleep, which switches
 * the thread out and in, and, with the file still open, what user_access
 * read), "backwards" (exit 1), or "refused ERRNO" (exit 3) when the write
 * of "1" failed.
 *
 *   --drop-uid UID   open the file, then become UID before asking (EPERM)
 *   --filter         instead of holding: compare the counts per ns of a
 *                    user-space loop and of reads from /dev/zero (kernel
 *                    work); "filter USER KERNEL", exit 0 when the kernel's
 *                    is under a quarter of the user loop's (EL1 excluded).
 *                    Each the best of FILTER_WINDOWS windows, taking turns
 *                    (the user loop's highest, the kernel work's lowest):
 *                    qemu's emulated counter follows the wall clock, so
 *                    time the host takes a virtual CPU away at EL0 counts
 *                    too (on a loaded host one single-window run read the
 *                    kernel work at 0.225 per ns, every other 0.03-0.06; a
 *                    module that counts EL1 reads 1.0, as the user loop).
 *                    Pinned to the CPU it starts on unless CPU is given:
 *                    counts from two CPUs' counters do not subtract
 *   --close-after MS close the file after MS, then keep reading
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "pmu_read.h"

#define USER_ACCESS "/sys/kernel/debug/burnkit/user_access"

static volatile long reads;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static const char *errno_name(int e)
{
	switch (e) {
	case EPERM: return "EPERM";
	case EBUSY: return "EBUSY";
	case EINVAL: return "EINVAL";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EACCES: return "EACCES";
	case ENOENT: return "ENOENT";
	default: return strerror(e);
	}
}

/*
 * After a trap, what the module says through the still open file FD: "on
 * TID" while it has not seen the grant end (it looks at each switch out:
 * perf taking the counter under a running thread reads so), "off" once it
 * has (the kernel log says why when the file closes). Ends the line.
 */
static void print_module_view(int fd)
{
	char buf[128];
	ssize_t n = fd < 0 || lseek(fd, 0, SEEK_SET) ? -1 : read(fd, buf, sizeof(buf) - 1);

	if (n > 0 && buf[n - 1] == '\n')
		n--;
	if (n >= 0) {
		buf[n] = 0;
		printf(" (user_access: %s)", buf);
	}
	putchar('\n');
}

/* Where the trap was taken, and the grant as that CPU had it then. */
static volatile int trap_cpu = -1;
static volatile uint64_t trap_userenr;
static void *volatile trap_addr;

static void holder_on_sigill(int sig, siginfo_t *si, void *context)
{
	(void)context;
	trap_cpu = sched_getcpu();
	trap_userenr = read_pmuserenr();
	trap_addr = si->si_addr;
	pmu_on_sigill(sig);
}

/*
 * After a trap: where it was taken and whether the CPU's grant was gone
 * then and after a switch out and in (the module grants again at each
 * switch in): a grant gone with nothing logged has a CPU to look at.
 */
static void print_trap(void)
{
	printf(" (CPU %d, PMUSERENR %#llx, at %p", trap_cpu,
	       (unsigned long long)trap_userenr, trap_addr);
	usleep(1000);	/* off the CPU and back: a switch out and in */
	printf("; after a switch: CPU %d, PMUSERENR %#llx)", sched_getcpu(),
	       (unsigned long long)read_pmuserenr());
}

#define FILTER_WINDOWS 5

/* Counts per nanosecond over about 20 ms of user work or kernel work. */
static double rate(int kernel)
{
	static char buf[1 << 16];
	int fd = open("/dev/zero", O_RDONLY);
	uint64_t t0 = now_ns(), c0 = read_pmccntr(), t1;

	reads++;	/* a trap says how many reads worked before it */
	volatile uint64_t sink = 0;

	do {
		if (kernel) {
			for (int i = 0; i < 16; i++)
				if (read(fd, buf, sizeof(buf)) < 0)
					break;
		} else {
			for (int i = 0; i < 100000; i++)
				sink += (uint64_t)i;
		}
		t1 = now_ns();
	} while (t1 - t0 < 20000000ull);
	uint64_t c1 = read_pmccntr();

	reads++;
	close(fd);
	return (double)(c1 - c0) / (double)(t1 - t0);
}

int main(int argc, char **argv)
{
	long drop_uid = -1;
	static long close_after_ms = -1;
	static int file_open;	/* static: read after the trap's longjmp */
	static int filter;
	int i = 1;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--drop-uid") && i + 1 < argc)
			drop_uid = strtol(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--filter"))
			filter = 1;
		else if (!strcmp(argv[i], "--close-after") && i + 1 < argc)
			close_after_ms = strtol(argv[++i], NULL, 10);
		else
			break;
	}
	double seconds = i < argc ? atof(argv[i]) : 1;

	int pin = i + 1 < argc ? atoi(argv[i + 1]) : filter ? sched_getcpu() : -1;

	if (pin >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(pin, &set);
		if (sched_setaffinity(0, sizeof(set), &set)) {
			perror("pmuhold: sched_setaffinity");
			return 4;
		}
	}
	int fd = open(USER_ACCESS, O_RDWR);

	if (fd < 0) {
		printf("refused %s\n", errno_name(errno));
		return 3;
	}
	if (drop_uid >= 0 &&
	    (setgroups(0, NULL) || setgid((gid_t)drop_uid) || setuid((uid_t)drop_uid))) {
		perror("pmuhold: dropping privileges");
		return 4;
	}
	if (write(fd, "1", 1) != 1) {
		printf("refused %s\n", errno_name(errno));
		return 3;
	}
	file_open = 1;
	printf("holding %ld\n", (long)syscall(SYS_gettid));
	fflush(stdout);

	struct sigaction sa = { .sa_sigaction = holder_on_sigill,
				.sa_flags = SA_SIGINFO };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGILL, &sa, NULL);
	if (sigsetjmp(pmu_trap, 1)) {
		printf("sigill after %ld", reads);
		print_trap();
		print_module_view(file_open ? fd : -1);
		return 2;
	}
	if (filter) {
		double user = 0, kernel = 0;

		for (int w = 0; w < FILTER_WINDOWS; w++) {
			double u = rate(0), k = rate(1);

			if (u > user)
				user = u;
			if (w == 0 || k < kernel)
				kernel = k;
		}
		printf("filter %.3f %.3f\n", user, kernel);
		return kernel < user / 4 ? 0 : 1;
	}
	uint64_t t0 = now_ns(), end = t0 + (uint64_t)(seconds * 1e9);
	uint64_t prev = read_pmccntr(), now;
	int cpu = sched_getcpu();

	while (now_ns() < end) {
		if (close_after_ms >= 0 && now_ns() - t0 >= (uint64_t)close_after_ms * 1000000ull) {
			close(fd);
			file_open = 0;
			close_after_ms = -1;
			puts("closed");
			fflush(stdout);
		}
		for (int k = 0; k < 1000; k++) {
			now = read_pmccntr();
			reads++;
			if (now - prev < (1ull << 62))	/* forward, maybe wrapped */
				;
			else if (sched_getcpu() != cpu) {
				cpu = sched_getcpu();	/* moved meanwhile */
			} else {
				printf("backwards %llu %llu\n", (unsigned long long)prev,
				       (unsigned long long)now);
				return 1;
			}
			prev = now;
		}
		sched_yield();
		if (sched_getcpu() != cpu) {	/* moved: another counter */
			cpu = sched_getcpu();
			prev = read_pmccntr();
		}
	}
	printf("ok %ld\n", reads);
	return 0;
}
