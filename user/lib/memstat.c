// SPDX-License-Identifier: MIT
/* memstat: /proc/meminfo and /proc/vmstat, parsed. */
#include "memstat.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* The number after `key` at the start of a line of text, or 0. */
static unsigned long long field(const char *text, const char *key, int *found)
{
	size_t n = strlen(key);

	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
		if (strncmp(p, key, n) || (p[n] != ':' && p[n] != ' '))
			continue;
		if (found)
			*found = 1;
		return strtoull(p + n + 1, NULL, 10);
	}
	return 0;
}

int bk_memstat_read(struct bk_memstat *m, const char *root)
{
	char text[16384];
	char path[512];

	memset(m, 0, sizeof(*m));
	m->t_ns = bk_now_ns();
	root = bk_sysroot(root);

	snprintf(path, sizeof(path), "%s/proc/meminfo", root);
	if (bk_read_file(path, text, sizeof(text)) <= 0)
		return -1;
	m->mem_total = field(text, "MemTotal", NULL) * 1024;
	m->mem_free = field(text, "MemFree", NULL) * 1024;
	m->mem_available = field(text, "MemAvailable", NULL) * 1024;
	m->cached = field(text, "Cached", NULL) * 1024;
	m->buffers = field(text, "Buffers", NULL) * 1024;
	m->swap_total = field(text, "SwapTotal", NULL) * 1024;
	m->swap_free = field(text, "SwapFree", NULL) * 1024;

	snprintf(path, sizeof(path), "%s/proc/vmstat", root);
	if (bk_read_file(path, text, sizeof(text)) <= 0)
		return 0;
	m->has_vmstat = 1;
	m->pswpin = field(text, "pswpin", NULL);
	m->pswpout = field(text, "pswpout", NULL);
	m->pgmajfault = field(text, "pgmajfault", NULL);
	m->oom_kill = field(text, "oom_kill", &m->has_oom_kill);
	return 0;
}

int bk_memstat_supported(char *why, size_t len)
{
	struct bk_memstat m;

	if (!bk_memstat_read(&m, NULL) && m.mem_available)
		return 0;
	snprintf(why, len, "cannot read MemAvailable in /proc/meminfo (is /proc "
		 "mounted? Linux 3.14 or later?): the test sizes itself by it");
	return -1;
}

int bk_peak_rss(struct bk_peak_rss *p)
{
	struct rusage self, children;

	memset(p, 0, sizeof(*p));
	if (getrusage(RUSAGE_SELF, &self) || getrusage(RUSAGE_CHILDREN, &children))
		return -1;
	/* Linux counts ru_maxrss in KiB. */
	p->self_kib = (unsigned long long)self.ru_maxrss;
	p->children_kib = (unsigned long long)children.ru_maxrss;
	return 0;
}
