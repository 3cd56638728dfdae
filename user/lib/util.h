/* SPDX-License-Identifier: MIT */
/*
 * util: small helpers every part of the runner uses.
 *
 * user/lib/ is the core wing of the library: util, params, json, log,
 * timing, sysinfo, dispatch, memstat, loopcounts, the module's client
 * (kmod) and child (start and supervise a process). It may call the C
 * library, the kernel and asm/ (through dispatch), nothing above it: it
 * knows no tester and no suite. Its two other wings, storage/ and record/,
 * build on it.
 */
#ifndef BK_UTIL_H
#define BK_UTIL_H

#include <stddef.h>
#include <stdint.h>

#define BK_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define BK_PRINTF(f, a) __attribute__((format(printf, f, a)))
#define BK_UNUSED __attribute__((unused))

/* Exit statuses of the runner, documented in --help and the README. */
enum {
	BK_EXIT_OK = 0,		/* ran, found nothing wrong */
	BK_EXIT_FAULT = 1,	/* the test found errors in the hardware */
	BK_EXIT_USAGE = 2,	/* bad command line */
	BK_EXIT_ENV = 3,	/* this environment cannot run the test */
	BK_EXIT_INTERRUPTED = 130,	/* stopped by Ctrl-C or SIGTERM, cleaned up */
};

/* A tester's exit status in words, for tables of runs ("passed", ...). */
const char *bk_exit_text(int status);

size_t bk_strlcpy(char *dst, const char *src, size_t size);

/* CLOCK_MONOTONIC_RAW (falls back to CLOCK_MONOTONIC) in nanoseconds. */
uint64_t bk_now_ns(void);
/* CLOCK_REALTIME in nanoseconds, for log stamps. */
uint64_t bk_wall_ns(void);
/* "Tue Oct  1 14:46:08 2013", as Longbottom's logs print dates. */
void bk_ctime(char *buf, size_t len);

/* Aligned zeroed allocation; NULL on failure. Free with free(). */
void *bk_alloc_aligned(size_t align, size_t size);

/*
 * The root the machine's files are read under: root itself when given,
 * else BURNKIT_SYSROOT (the tests' copy of a machine), else "" (the live
 * system). Never NULL.
 */
const char *bk_sysroot(const char *root);

/* Read a whole small file (at most len-1 bytes) into buf; -1 if unreadable. */
int bk_read_file(const char *path, char *buf, size_t len);
/* Read one integer from a sysfs/proc file; -1 if unreadable or not a number. */
int bk_read_ll(const char *path, long long *out);

/* Does the file contain `needle` (searched line by line)? */
int bk_read_file_has(const char *path, const char *needle);

/* Strip trailing whitespace in place; returns s. */
char *bk_rstrip(char *s);

/*
 * CPUs of a kernel list like "0-3,5,7-8" into cpus[] (at most max); with
 * cpus NULL, only counted. The count, or -1 when malformed.
 */
int bk_parse_cpu_list(const char *text, int *cpus, int max);

/* Online CPUs, and pin the calling thread to `cpu` (0 or -errno). */
int bk_ncpus(void);
int bk_pin_cpu(int cpu);

/* MemAvailable from /proc/meminfo in bytes, 0 if unknown. */
uint64_t bk_mem_available(void);

/*
 * SIGINT (Ctrl-C), SIGTERM, SIGHUP and SIGQUIT set a flag instead of killing
 * the process, so a tester can stop at the next check point, clean up and
 * exit 130. SIGPIPE is ignored: a write to a closed pipe fails with EPIPE,
 * which the log turns into a stop with its reason (bk_request_stop_why).
 */
void bk_install_stop_handlers(void);
int bk_stop_requested(void);
void bk_request_stop(void);
/* Stop, with the one-line reason the run's ending gives (kept: the first). */
void bk_request_stop_why(const char *why);
/* Why the run was asked to stop: "signal SIGINT", the reason given, or NULL. */
const char *bk_stop_reason(void);

#endif
