/* SPDX-License-Identifier: MIT */
/* speed.h: what the files of burnkit speed (drivespeed/lanspeed) share. */
#ifndef BK_SPEED_H
#define BK_SPEED_H

#include <stdint.h>

#include "drive_io.h"

#define BLOCK (1u << 20)		/* large-file transfers: 1 MiB */
#define MIB (1024.0 * 1024.0)
#define MBD 1e6				/* MB/sec as drivespeed counts: 10^6 bytes */
#define FILES 5
#define RANDOM_REGIONS 7		/* 2, 4, ... 128 MiB */
#define BUS_SIZES 5			/* 64 KB .. 1 MB */

struct speed {
	struct bk_ctx *ctx;
	struct bk_drive_env env;
	struct bk_aio aio;
	char engine_note[96];
	unsigned mb;
	double seconds;
	unsigned small_files;
	int cached;		/* --cached: lanspeed */
	uint32_t next_file;	/* file numbers, in the order files are made */
	unsigned footnote;	/* a value was labelled cached */
};

struct tfile {
	char name[40];
	struct bk_layout l;
	uint64_t bytes;
};

/* Name prefix, index with `digits` digits, ".dat"; the next file number. */
void speed_tfile_init(struct speed *s, struct tfile *f, const char *prefix, unsigned i,
		      int digits, uint64_t bytes);

/* Unit u of file f's pattern (a bk_layout pattern function). */
void speed_pattern(const void *arg, uint64_t unit, uint32_t *number,
		   uint32_t *word, uint32_t *generation);

/* MB/s as drivespeed counts it (10^6 bytes). */
double speed_rate(uint64_t bytes, double secs);

/* The small-files section. */
int speed_small_files(struct speed *s);

#endif
