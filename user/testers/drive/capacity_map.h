/* SPDX-License-Identifier: MIT */
/*
 * capacity_map: what `burnkit capacity` writes and how it judges what it
 * reads back. The data space (the test files one after another, or the
 * device) is a row of 4 KB units in the drive testers' layout: word 0 the
 * file (1 for a device), word 1 the unit within it, word 3 the run id, the
 * rest a word derived from both. Each unit read back is one of:
 *   ok           what was written there
 *   overwritten  another unit of this run (aliasing, wrap-around: the
 *                flash stores less than it claims and maps two addresses
 *                to one cell), and which one
 *   lost         zeros or 0xff everywhere (a write dropped: "limbo")
 *   changed      anything else (damaged cells, stale data of another run)
 *   unreadable   the read failed (EIO)
 * The usable size is the largest prefix of ok units, except after a wrap
 * in a map judged in order (the file mode): there the writes that went
 * round overwrote the start of the data space, the card kept what was
 * written last, and what it stores is every ok unit, wherever it lies
 * (the file system's own writes split them into runs; f3read's "Data OK"
 * counts the same units). Speeds are kept per
 * region (1 % of the space, 256 MB at most) for the table and the chart.
 */
#ifndef BK_CAPACITY_MAP_H
#define BK_CAPACITY_MAP_H

#include <stddef.h>
#include <stdint.h>

#include "storage/verify.h"

enum cap_class { CAP_OK, CAP_OVERWRITTEN, CAP_LOST, CAP_CHANGED, CAP_UNREADABLE,
		 CAP_CLASSES };

extern const char *const cap_class_name[CAP_CLASSES];

#define CAP_MAX_REGIONS 128
#define CAP_MAX_NOTES 8

struct cap_region {
	uint64_t offset, bytes;		/* of the data space */
	double write_s, read_s;		/* time spent on its bytes */
	uint64_t written, read;		/* bytes */
	uint64_t bad_units;
};

struct cap_map {
	uint32_t run;
	uint64_t units_per_file;	/* file f holds units [0, units_per_file) */
	uint32_t nfiles;
	uint64_t total_units;		/* written */
	uint64_t count[CAP_CLASSES];
	uint64_t first_bad;		/* global unit index; total_units: none */
	int in_order;			/* units judged in data-space order: runs count */
	unsigned nnotes;		/* the first few bad units, described */
	char notes[CAP_MAX_NOTES][160];
	uint64_t region_bytes;
	unsigned nregions;
	struct cap_region regions[CAP_MAX_REGIONS];
};

/* A map for total_bytes of data in files of file_bytes (both unit multiples). */
void cap_map_init(struct cap_map *m, uint32_t run, uint64_t total_bytes, uint64_t file_bytes);

/* The layout of file f (1-based) of the run. */
void cap_layout(const struct cap_map *m, uint32_t file, struct bk_layout *l);

/* Judge one unit read back at global unit index g; its class. */
enum cap_class cap_judge(struct cap_map *m, uint64_t g, const uint32_t *words);

/* A unit that could not be read. */
void cap_unreadable(struct cap_map *m, uint64_t g);

/* Time spent writing or reading bytes at global byte offset off. */
void cap_time(struct cap_map *m, uint64_t off, uint64_t bytes, double secs, int write);

/* The largest prefix of ok units, in bytes; after a wrap in a map judged
 * in order, all ok units (what the card kept). */
uint64_t cap_usable_bytes(const struct cap_map *m);

/* Does cap_usable_bytes() count what the card kept (after a wrap), not the prefix? */
int cap_usable_is_kept(const struct cap_map *m);

/* "genuine", "fake" or "damaged". */
const char *cap_verdict(const struct cap_map *m);

#endif
