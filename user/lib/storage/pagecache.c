// SPDX-License-Identifier: MIT
/* pagecache: per-file drop and residency, through burnkit.ko or without. */
#include "storage/pagecache.h"
#include "kmod.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static struct bk_kmod kmod;
static int kmod_checked, kmod_ready, kmod_allowed = 1;
static char method[400];

static void check_module(void)
{
	if (kmod_checked)
		return;
	kmod_checked = 1;
	kmod_ready = kmod_allowed && !bk_kmod_open(&kmod, NULL);
	if (kmod_ready)
		snprintf(method, sizeof(method), "burnkit.ko (per-file drop)");
	else
		snprintf(method, sizeof(method),
			 "fsync + posix_fadvise(DONTNEED), mincore (%s)",
			 !kmod_allowed ? "burnkit.ko not used: --no-kmod" :
			 kmod.why);
}

const char *bk_cache_method(void)
{
	check_module();
	return method;
}

void bk_cache_use_module(int use)
{
	kmod_allowed = use;
	kmod_checked = 0;
}

static uint64_t file_pages(int fd, uint64_t page)
{
	struct stat st;

	if (fstat(fd, &st))
		return 0;
	return ((uint64_t)st.st_size + page - 1) / page;
}

/* mincore() over the file, mapped a window at a time (32-bit safe). */
static int count_mincore(int fd, struct bk_residency *r, char *why, size_t len)
{
	const uint64_t window = 64ull << 20;
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE), size;
	unsigned char vec[(64u << 20) / 4096];
	struct stat st;

	if (fstat(fd, &st)) {
		snprintf(why, len, "fstat: %s", strerror(errno));
		return -errno;
	}
	size = (uint64_t)st.st_size;
	r->page_size = page;
	r->pages = (size + page - 1) / page;
	r->resident = 0;
	r->how = "mincore";
	for (uint64_t off = 0; off < size; off += window) {
		uint64_t n = size - off < window ? size - off : window;
		uint64_t np = (n + page - 1) / page;
		void *m = mmap(NULL, (size_t)n, PROT_READ, MAP_SHARED, fd, (off_t)off);

		if (m == MAP_FAILED) {
			snprintf(why, len, "mmap for mincore: %s", strerror(errno));
			return -errno;
		}
		if (np > sizeof(vec) || mincore(m, (size_t)n, vec)) {
			int e = np > sizeof(vec) ? EINVAL : errno;

			munmap(m, (size_t)n);
			snprintf(why, len, "mincore: %s", strerror(e));
			return -e;
		}
		for (uint64_t i = 0; i < np; i++)
			r->resident += vec[i] & 1;
		munmap(m, (size_t)n);
	}
	return 0;
}

static int module_op(const char *op, const char *path, int fd,
		     struct bk_residency *r, char *why, size_t len)
{
	struct bk_kmod_pages pg;
	int rc = bk_kmod_pagecache(&kmod, op, path, &pg);

	if (rc) {
		snprintf(why, len, "burnkit.ko pagecache \"%s %s\": %s", op, path,
			 strerror(-rc));
		return rc;
	}
	r->page_size = pg.page_size;
	r->pages = file_pages(fd, pg.page_size);
	r->resident = pg.after;
	r->how = "burnkit.ko";
	return 0;
}

int bk_cache_drop(const char *path, int fd, struct bk_residency *left,
		  char *why, size_t len)
{
	check_module();
	if (kmod_ready)
		return module_op("drop", path, fd, left, why, len);
	if (fsync(fd)) {
		snprintf(why, len, "fsync %s: %s", path, strerror(errno));
		return -errno;
	}
	int rc = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);

	if (rc) {
		snprintf(why, len, "posix_fadvise(DONTNEED) %s: %s", path, strerror(rc));
		return -rc;
	}
	return count_mincore(fd, left, why, len);
}

int bk_cache_count(const char *path, int fd, struct bk_residency *r,
		   char *why, size_t len)
{
	check_module();
	if (kmod_ready)
		return module_op("count", path, fd, r, why, len);
	return count_mincore(fd, r, why, len);
}
