/* SPDX-License-Identifier: MIT */
/*
 * pagecache: keep a read phase honest. Drop one file's cached pages after
 * writing it, and count how many of its pages are in RAM when reading
 * starts. burnkit.ko does both exactly, per file (write back, invalidate,
 * mapping->nrpages); without it, fsync plus posix_fadvise(DONTNEED) drops
 * what it can and mincore() counts.
 */
#ifndef BK_PAGECACHE_H
#define BK_PAGECACHE_H

#include <stddef.h>
#include <stdint.h>

struct bk_residency {
	uint64_t pages;		/* pages the file spans */
	uint64_t resident;	/* of them in the page cache */
	uint64_t page_size;
	const char *how;	/* "burnkit.ko" or "mincore" */
};

/*
 * The method this process uses, for the report: "burnkit.ko (per-file
 * drop)" or "fsync + posix_fadvise(DONTNEED), mincore" with the reason
 * the module is not used.
 */
const char *bk_cache_method(void);

/* Not use the module even when it is there (tests; --no-kmod). */
void bk_cache_use_module(int use);

/*
 * Write back and drop the cached pages of the file open as fd, whose
 * absolute path is path, and count what is left. Returns 0 or -errno
 * (why says what failed).
 */
int bk_cache_drop(const char *path, int fd, struct bk_residency *left,
		  char *why, size_t len);

/* Count the file's pages in RAM. Returns 0 or -errno. */
int bk_cache_count(const char *path, int fd, struct bk_residency *r,
		   char *why, size_t len);

#endif
