// SPDX-License-Identifier: MIT
/* storage/devstat: a block device's own counters around a timed span. */
#include "storage/devstat.h"
#include "timing.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int bk_devstat_parse(const char *line, struct bk_devstat *s)
{
	uint64_t f[11];
	const char *p = line;
	char *end;

	for (int i = 0; i < 11; i++) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p < '0' || *p > '9')
			return -1;
		errno = 0;
		f[i] = strtoull(p, &end, 10);
		if (errno || end == p)
			return -1;
		p = end;
	}
	/* reads: ios merges sectors ticks; writes: the same; in flight; io_ticks */
	s->requests[0] = f[0];
	s->sectors[0] = f[2];
	s->ticks_ms[0] = f[3];
	s->requests[1] = f[4];
	s->sectors[1] = f[6];
	s->ticks_ms[1] = f[7];
	s->busy_ms = f[9];
	return 0;
}

int bk_devstat_read(unsigned major, unsigned minor, const char *root, struct bk_devstat *s,
		    char *why, size_t why_len)
{
	char path[4096], line[512];
	FILE *f;
	int rc;

	root = bk_sysroot(root);
	memset(s, 0, sizeof(*s));
	snprintf(path, sizeof(path), "%s/sys/dev/block/%u:%u/stat", root, major, minor);
	f = fopen(path, "re");
	if (!f) {
		snprintf(why, why_len, "block device %u:%u has no counters (%s)", major, minor,
			 strerror(errno));
		return -1;
	}
	rc = fgets(line, sizeof(line), f) ? bk_devstat_parse(line, s) : -1;
	fclose(f);
	if (rc) {
		snprintf(why, why_len, "block device %u:%u: its stat file is not in the kernel's format",
			 major, minor);
		return -1;
	}
	s->at_ns = bk_now_ns();
	return 0;
}

int bk_devload_between(const struct bk_devstat *a, const struct bk_devstat *b, int write,
		       struct bk_devload *l)
{
	int d = write ? 1 : 0;
	uint64_t n = b->requests[d] - a->requests[d];
	double span_ms = (double)(b->at_ns - a->at_ns) / 1e6;

	memset(l, 0, sizeof(*l));
	if (b->requests[d] <= a->requests[d] || b->sectors[d] < a->sectors[d] ||
	    b->ticks_ms[d] < a->ticks_ms[d] || b->busy_ms < a->busy_ms || span_ms <= 0)
		return -1;
	l->requests = n;
	l->kib_per_request = (double)(b->sectors[d] - a->sectors[d]) / 2 / (double)n;
	l->await_ms = (double)(b->ticks_ms[d] - a->ticks_ms[d]) / (double)n;
	l->in_flight = (double)(b->ticks_ms[d] - a->ticks_ms[d]) / span_ms;
	l->util_pct = 100.0 * (double)(b->busy_ms - a->busy_ms) / span_ms;
	if (l->util_pct > 100)
		l->util_pct = 100;	/* the counter's jiffy steps */
	return 0;
}
