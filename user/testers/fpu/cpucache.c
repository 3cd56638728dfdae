// SPDX-License-Identifier: MIT
/* cpucache: data cache sizes from sysfs (see cpucache.h). */
#include "cpucache.h"
#include "util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t bk_cpu_caches_last(const struct bk_cpu_caches *c)
{
	return c->l3 ? c->l3 : c->l2 ? c->l2 : c->l1d;
}

uint64_t bk_cpu_cache_size_parse(const char *text)
{
	char *end;
	unsigned long long v = strtoull(text, &end, 10);

	if (end == text)
		return 0;
	switch (toupper((unsigned char)*end)) {
	case 'K':
		return v << 10;
	case 'M':
		return v << 20;
	case 'G':
		return v << 30;
	case '\0':
	case '\n':
		return v;
	default:
		return 0;
	}
}

int bk_cpu_caches_read(const char *root, struct bk_cpu_caches *c)
{
	int found = 0;

	memset(c, 0, sizeof(*c));
	root = bk_sysroot(root);
	for (int i = 0; i < 16; i++) {
		char path[512], type[32], size[32];
		long long level;
		uint64_t bytes;

		snprintf(path, sizeof(path), "%s/sys/devices/system/cpu/cpu0/cache/index%d/level",
			 root, i);
		if (bk_read_ll(path, &level))
			continue;
		snprintf(path, sizeof(path), "%s/sys/devices/system/cpu/cpu0/cache/index%d/type",
			 root, i);
		if (bk_read_file(path, type, sizeof(type)) <= 0)
			continue;
		bk_rstrip(type);
		if (!strcmp(type, "Instruction"))
			continue;
		snprintf(path, sizeof(path), "%s/sys/devices/system/cpu/cpu0/cache/index%d/size",
			 root, i);
		if (bk_read_file(path, size, sizeof(size)) <= 0)
			continue;
		bytes = bk_cpu_cache_size_parse(size);
		if (!bytes)
			continue;
		uint64_t *slot = level == 1 ? &c->l1d : level == 2 ? &c->l2 :
				 level == 3 ? &c->l3 : NULL;

		if (slot && !*slot) {
			*slot = bytes;
			found++;
		}
	}
	return found;
}
