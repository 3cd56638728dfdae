// SPDX-License-Identifier: MIT
/* unended: find the run a log or a JSON lines file started and never ended. */
#include "unended.h"
#include "log.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TAIL_MAX (1u << 20)	/* the last MiB holds the last run's end */

/* The last TAIL_MAX bytes of path, NUL-terminated (free it), or NULL. */
static char *read_tail(const char *path, struct stat *st, int *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char *buf;
	off_t from;
	ssize_t n;

	*err = 0;
	if (fd < 0) {
		*err = errno == ENOENT ? 0 : -errno;
		return NULL;
	}
	if (fstat(fd, st) || !S_ISREG(st->st_mode)) {
		close(fd);
		return NULL;
	}
	from = st->st_size > (off_t)TAIL_MAX ? st->st_size - (off_t)TAIL_MAX : 0;
	buf = malloc(TAIL_MAX + 1);
	n = buf ? pread(fd, buf, TAIL_MAX, from) : -1;
	close(fd);
	if (n < 0) {
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	return buf;
}

/* The string member key of a JSON line (our own records: no escapes needed). */
static void member(const char *line, const char *key, char *out, size_t len)
{
	char pat[40];
	const char *p, *e;

	out[0] = '\0';
	snprintf(pat, sizeof(pat), "\"%s\":", key);
	p = strstr(line, pat);
	if (!p)
		return;
	p += strlen(pat);
	if (*p == '"') {
		e = strchr(++p, '"');
	} else {
		e = p + strcspn(p, ",}\n");
	}
	if (!e)
		return;
	snprintf(out, len, "%.*s", (int)(e - p), p);
}

/* "Tue Dec  1 10:23:20 2026" (full) or "10:23:20". */
static void clock_text(time_t t, int full, char *buf, size_t len)
{
	struct tm tm;

	localtime_r(&t, &tm);
	if (full)
		strftime(buf, len, "%a %b %e %H:%M:%S %Y", &tm);
	else
		strftime(buf, len, "%H:%M:%S", &tm);
}

int bk_unended_json(const char *path, char *msg, size_t len)
{
	struct stat st;
	char *buf, *line, *start = NULL, *last = NULL;
	char tester[64], type[64], phase[64], wall[32], t[32], date[64], when[16];
	int err;

	buf = read_tail(path, &st, &err);
	if (!buf)
		return err;
	/* The last start record, and the last whole record after it. */
	for (line = buf; *line; ) {
		char *nl = strchr(line, '\n');

		if (!nl)
			break;	/* a torn last line: what came before counts */
		*nl = '\0';
		if (strstr(line, "\"type\":\"start\""))
			start = line, last = NULL;
		else if (start && line[0] == '{')
			last = line;
		line = nl + 1;
	}
	if (!start || (last && strstr(last, "\"type\":\"summary\""))) {
		free(buf);
		return 0;
	}
	if (!last)
		last = start;
	member(start, "wall_ns", wall, sizeof(wall));
	member(last, "t", t, sizeof(t));
	member(last, "tester", tester, sizeof(tester));
	member(last, "type", type, sizeof(type));
	member(last, "phase", phase, sizeof(phase));
	uint64_t w = strtoull(wall, NULL, 10);
	time_t t0 = (time_t)(w / 1000000000ull);

	clock_text(t0, 1, date, sizeof(date));
	clock_text(t0 + (time_t)strtod(t, NULL), 0, when, sizeof(when));
	snprintf(msg, len, "the run of %s has no end: last record at %s, %s, %s%s%s (%s)",
		 w ? date : "an unknown date", when, tester[0] ? tester : "?", type,
		 phase[0] ? " " : "", phase, path);
	free(buf);
	return 1;
}

int bk_unended_text(const char *path, char *msg, size_t len)
{
	struct stat st;
	char *buf, *p, *start = NULL, *end = NULL, *lastline = NULL;
	char tester[64] = "?", date[64] = "", when[16];
	int err;

	buf = read_tail(path, &st, &err);
	if (!buf)
		return err;
	for (p = buf; (p = strstr(p, " burnkit ")); p++) {
		char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		char *s = memmem(p, n, BK_LOG_START_MARK, strlen(BK_LOG_START_MARK));

		if ((p == buf || p[-1] == '\n') && s)
			start = p, end = NULL;
		else if ((p == buf || p[-1] == '\n') && memmem(p, n, BK_LOG_END_MARK,
							     strlen(BK_LOG_END_MARK)))
			end = p;
	}
	if (!start || end) {
		free(buf);
		return 0;
	}
	sscanf(start, " burnkit %63s", tester);
	p = strstr(start, BK_LOG_START_MARK) + strlen(BK_LOG_START_MARK);
	snprintf(date, sizeof(date), "%.*s", (int)strcspn(p, "\n"), p);
	/* The last line written: what the run was doing. */
	for (p = start; *p; p++)
		if (p[0] == '\n' && p[1] && p[1] != '\n' && strspn(p + 1, " \n") <
		    strcspn(p + 1, "\n"))
			lastline = p + 1;
	if (!lastline)
		lastline = start;
	while (*lastline == ' ')
		lastline++;
	clock_text(st.st_mtime, 0, when, sizeof(when));
	snprintf(msg, len, "the run of %s has no end: last record at %s, %s, \"%.*s\" (%s)",
		 date, when, tester, (int)(strcspn(lastline, "\n") < 60 ?
					    strcspn(lastline, "\n") : 60), lastline, path);
	free(buf);
	return 1;
}
