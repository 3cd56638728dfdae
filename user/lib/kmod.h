/* SPDX-License-Identifier: MIT */
/*
 * kmod: the runner's side of burnkit.ko. Opens the module's debugfs
 * directory, checks its ABI version, reads its files (include/burnkit/abi.h
 * gives their formats) and drives its controls, and says which controls
 * this process cannot use (not root, kernel lockdown).
 *
 * Text values the module reports as "unsupported" come back with their
 * `_ok` flag clear, never as 0.
 */
#ifndef BK_KMOD_H
#define BK_KMOD_H

#include <stddef.h>
#include <stdint.h>

#include <burnkit/abi.h>

enum bk_kmod_state {
	BK_KMOD_READY,		/* loaded, ABI known, files readable */
	BK_KMOD_ABSENT,		/* not loaded, or debugfs not mounted */
	BK_KMOD_NO_ACCESS,	/* there, but this process may not read it */
	BK_KMOD_ABI_MISMATCH,	/* loaded, ABI version unknown to this runner */
};

struct bk_kmod {
	char dir[256];
	int state;		/* enum bk_kmod_state */
	unsigned abi_version;
	char why[320];		/* when not READY: what is wrong, how to fix it */
};

/*
 * Open the module's directory: dir, else $BURNKIT_KMOD_DIR, else
 * /sys/kernel/debug/burnkit. Returns 0 when READY, else -1 with k->state
 * and k->why set.
 */
int bk_kmod_open(struct bk_kmod *k, const char *dir);

/*
 * Why burnkit.ko is not there, computed once and quoted by every tester:
 * no module support / no headers to build it / not root / not loaded, with
 * what to do.
 */
const char *bk_kmod_absence(void);

/* "features": the value of one key, 0 or -1 when absent. */
int bk_kmod_feature(const struct bk_kmod *k, const char *key, char *val,
		    size_t len);

/* A text table (header "# a b c", rows of fields). */
#define BK_KMOD_MAX_COLS 16
struct bk_kmod_table {
	size_t ncols, nrows;
	char *cols[BK_KMOD_MAX_COLS];
	char ***rows;		/* rows[r][c] */
	char *text;		/* storage */
};

int bk_kmod_table_read(const struct bk_kmod *k, const char *file,
		       struct bk_kmod_table *t);
/* The cell of column `name` in row r, NULL when there is none. */
const char *bk_kmod_cell(const struct bk_kmod_table *t, size_t r,
			 const char *name);
void bk_kmod_table_free(struct bk_kmod_table *t);

/* "calibration", one entry per CPU. */
struct bk_kmod_calib {
	int cpu;
	int ok;			/* 0: "unsupported" on this CPU */
	char source[16];
	unsigned ensembles, samples;
	uint64_t min, median, max;	/* ticks */
	double mean, variance, ensemble_min_variance;	/* ticks, ticks^2 */
	uint64_t time_ns;
};

/* Fill up to max entries; the number filled, -1 if unreadable. */
int bk_kmod_calibration(const struct bk_kmod *k, struct bk_kmod_calib *c,
			size_t max);
/* Run the calibration again (waits for it); 0 or -errno. */
int bk_kmod_calibrate(const struct bk_kmod *k, unsigned ensembles,
		      unsigned samples);

/* "counters", one entry per online CPU. */
struct bk_kmod_counter {
	int cpu;
	char source[16];
	int value_ok, rate_ok;
	uint64_t value, rate_hz;
	/* who may read it from user space: yes (every task), ask, no */
	char user_read[8];
};

int bk_kmod_counters(const struct bk_kmod *k, struct bk_kmod_counter *c,
		     size_t max);

/* "clock", one entry per online CPU (measures: takes a window per CPU). */
struct bk_kmod_clock {
	int cpu;
	int effective_ok, cpufreq_ok, firmware_ok;
	uint64_t effective_khz;
	char method[16];
	unsigned window_us;
	uint64_t cpufreq_cur_khz, cpufreq_min_khz, cpufreq_max_khz;
	uint64_t firmware_khz;
	/* what firmware_khz is: measured, set (the rate the firmware set), or
	 * unsupported (a module older than the column too) */
	char firmware_clock[16];
};

int bk_kmod_clock(const struct bk_kmod *k, struct bk_kmod_clock *c, size_t max);

/* "throttle_state", one entry per source instance. */
struct bk_kmod_throttle {
	unsigned source;
	char name[32];
	unsigned instance;
	int ok;			/* 0: this source is unsupported here */
	uint32_t state;
	int temp_ok, mhz_ok;
	int32_t temp_mc;
	uint32_t mhz;
	uint64_t transitions;
};

int bk_kmod_throttle_state(const struct bk_kmod *k, struct bk_kmod_throttle *t,
			   size_t max);

/*
 * "throttle_events": open once, then read the records that arrived since
 * the last call (whole records, oldest first). -1 on error.
 */
int bk_kmod_events_open(const struct bk_kmod *k);
int bk_kmod_events_read(int fd, struct burnkit_event *ev, size_t max);

/* "pagecache": op is "drop" or "count"; 0 or -errno. */
struct bk_kmod_pages {
	uint64_t before, after, page_size;
};

int bk_kmod_pagecache(const struct bk_kmod *k, const char *op,
		      const char *path, struct bk_kmod_pages *out);

/* Controls. Each setter returns 0 or -errno. */
int bk_kmod_set_user_access(const struct bk_kmod *k, int on);
int bk_kmod_set_period_ms(const struct bk_kmod *k, unsigned ms);

/*
 * Whether this process may write control `file` (open for writing works).
 * 1 yes; 0 no, with the reason in why ("absent", "kernel lockdown", ...).
 */
int bk_kmod_control_usable(const struct bk_kmod *k, const char *file,
			   char *why, size_t len);

/* The control files, NULL-terminated, for reports. */
extern const char *const bk_kmod_controls[];

#endif
