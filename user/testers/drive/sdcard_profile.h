/* SPDX-License-Identifier: MIT */
/*
 * sdcard_profile: the versions of Raspberry Pi's SD card test (agnostics'
 * sdtest.sh and sd_bench.fio) as a table: workload, thresholds, how many
 * runs, and the pass rule.
 */
#ifndef BK_SDCARD_PROFILE_H
#define BK_SDCARD_PROFILE_H

#include <stddef.h>

enum sd_unit { SD_KBPS, SD_IOPS };

/* A threshold: the figure must reach min (0: not judged). */
struct sd_target {
	double min;
	enum sd_unit unit;	/* KB/s (1024 bytes, fio's) or IOPS */
};

struct sd_profile {
	const char *name;		/* --profile */
	const char *source;		/* where it comes from, for --help and the log */
	unsigned runs;			/* at most; the first passing run passes */
	struct sd_target prepare, seq_write, rand_write, rand_read;
};

/* One run's figures. */
struct sd_figures {
	double prepare_kbps;
	double seq_kbps, seq_iops;
	double rw_kbps, rw_iops;
	double rr_kbps, rr_iops;
};

extern const struct sd_profile sd_profiles[];
extern const size_t sd_nprofiles;
extern const char *const sd_profile_names[];	/* NULL-ended, for the choice parameter */

/* The profile of that name, or NULL. */
const struct sd_profile *sd_profile_find(const char *name);

/* The figure a target judges: KB/s or IOPS. */
double sd_figure(const struct sd_target *t, double kbps, double iops);

/* 1 when the figure reaches the target (or nothing is judged). */
int sd_target_met(const struct sd_target *t, double kbps, double iops);

/* 1 when every target of p is met by f. */
int sd_run_passed(const struct sd_profile *p, const struct sd_figures *f);

/* After `done` runs, the last one passed or not: is another run due? */
int sd_another_run(const struct sd_profile *p, unsigned done, int passed);

#endif
