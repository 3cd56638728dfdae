// SPDX-License-Identifier: MIT
#include "util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const char *bk_exit_text(int status)
{
	switch (status) {
	case BK_EXIT_OK:
		return "passed";
	case BK_EXIT_FAULT:
		return "ERRORS FOUND";
	case BK_EXIT_USAGE:
		return "usage error";
	case BK_EXIT_ENV:
		return "skipped";
	case BK_EXIT_INTERRUPTED:
		return "interrupted";
	default:
		return status > 128 ? "killed by a signal" : "failed";
	}
}

size_t bk_strlcpy(char *dst, const char *src, size_t size)
{
	size_t n = strlen(src);

	if (size) {
		size_t c = n < size - 1 ? n : size - 1;

		memcpy(dst, src, c);
		dst[c] = '\0';
	}
	return n;
}

static uint64_t ts_ns(const struct timespec *ts)
{
	return (uint64_t)ts->tv_sec * 1000000000ull + (uint64_t)ts->tv_nsec;
}

uint64_t bk_now_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC_RAW, &ts))
		clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts_ns(&ts);
}

uint64_t bk_wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ts_ns(&ts);
}

void bk_ctime(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	localtime_r(&t, &tm);
	strftime(buf, len, "%a %b %e %H:%M:%S %Y", &tm);
}

void *bk_alloc_aligned(size_t align, size_t size)
{
	void *p = NULL;

	if (posix_memalign(&p, align, size ? size : align))
		return NULL;
	memset(p, 0, size);
	return p;
}

const char *bk_sysroot(const char *root)
{
	if (!root)
		root = getenv("BURNKIT_SYSROOT");
	return root ? root : "";
}

int bk_read_file(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t off = 0;

	if (fd < 0)
		return -1;
	while (off + 1 < len) {
		ssize_t n = read(fd, buf + off, len - 1 - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n < 0) {
				close(fd);
				return -1;
			}
			break;
		}
		off += (size_t)n;
	}
	buf[off] = '\0';
	close(fd);
	return (int)off;
}

int bk_read_ll(const char *path, long long *out)
{
	char buf[64], *end;

	if (bk_read_file(path, buf, sizeof(buf)) <= 0)
		return -1;
	errno = 0;
	long long v = strtoll(buf, &end, 0);
	if (errno || end == buf)
		return -1;
	*out = v;
	return 0;
}

int bk_read_file_has(const char *path, const char *needle)
{
	FILE *f = fopen(path, "re");
	char *line = NULL;
	size_t cap = 0;
	int found = 0;

	if (!f)
		return 0;
	while (!found && getline(&line, &cap, f) > 0)
		found = strstr(line, needle) != NULL;
	free(line);
	fclose(f);
	return found;
}

char *bk_rstrip(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t' ||
		     s[n - 1] == '\r'))
		s[--n] = '\0';
	return s;
}

int bk_ncpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
}

int bk_pin_cpu(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		return -errno;
	return 0;
}

int bk_parse_cpu_list(const char *text, int *cpus, int max)
{
	int n = 0;
	const char *p = text;

	while (*p && *p != '\n') {
		char *end;
		long lo, hi;

		if (!isdigit((unsigned char)*p))
			return -1;
		lo = strtol(p, &end, 10);
		hi = lo;
		p = end;
		if (*p == '-') {
			if (!isdigit((unsigned char)p[1]))
				return -1;
			hi = strtol(p + 1, &end, 10);
			p = end;
		}
		if (hi < lo || hi > 65535)
			return -1;
		for (long c = lo; c <= hi && (!cpus || n < max); c++) {
			if (cpus)
				cpus[n] = (int)c;
			n++;
		}
		if (*p == ',')
			p++;
		else if (*p && *p != '\n')
			return -1;
	}
	return n;
}

uint64_t bk_mem_available(void)
{
	char buf[8192], *p;
	unsigned long long kb;

	if (bk_read_file("/proc/meminfo", buf, sizeof(buf)) <= 0)
		return 0;
	p = strstr(buf, "MemAvailable:");
	if (!p || sscanf(p, "MemAvailable: %llu", &kb) != 1)
		return 0;
	return (uint64_t)kb * 1024;
}

static volatile sig_atomic_t stop_flag, stop_signal;
static char stop_why[128];

static void on_stop(int sig)
{
	if (!stop_signal)
		stop_signal = sig;
	stop_flag = 1;
}

void bk_install_stop_handlers(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < BK_ARRAY_SIZE(sigs); i++)
		sigaction(sigs[i], &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

int bk_stop_requested(void)
{
	return stop_flag != 0;
}

void bk_request_stop(void)
{
	stop_flag = 1;
}

void bk_request_stop_why(const char *why)
{
	if (!stop_why[0] && !stop_signal)
		bk_strlcpy(stop_why, why, sizeof(stop_why));
	stop_flag = 1;
}

const char *bk_stop_reason(void)
{
	static char buf[32];

	if (stop_signal) {
		const char *name = stop_signal == SIGINT ? "SIGINT" : stop_signal == SIGTERM ?
				   "SIGTERM" : stop_signal == SIGHUP ? "SIGHUP" :
				   stop_signal == SIGQUIT ? "SIGQUIT" : "a signal";

		snprintf(buf, sizeof(buf), "signal %s", name);
		return buf;
	}
	return stop_why[0] ? stop_why : NULL;
}
