/* SPDX-License-Identifier: MIT */
/* capacity.h: what the files of burnkit capacity share. */
#ifndef BK_CAPACITY_H
#define BK_CAPACITY_H

#include <stdint.h>

#include "capacity_map.h"
#include "drive_io.h"

struct cap_run {
	struct bk_ctx *ctx;
	struct bk_drive_env env;	/* file mode */
	struct cap_map map;
	uint64_t claimed;		/* the file system's or the device's size */
	uint64_t planned, written, read;
	double max_rate;		/* MB/s; 0: no limit */
	double last_progress;
	struct bk_residency in_ram;	/* of the files when reading began */
	const char *device;		/* device mode */
	int probe_only;			/* device mode without --full */
};

/* Progress on the console every 2 s. */
void cap_progress(struct cap_run *c, const char *what, uint64_t done, uint64_t total,
		  double t0);
/* Hold writes to max_mb_s. */
void cap_throttle(double max_mb_s, uint64_t done, double t0);

/* The run's opening lines: what is tested, where. */
void cap_header(struct cap_run *c, const char *what, const char *where);

/* The table, the chart, the JSON records and summary; the exit status. */
int cap_report(struct cap_run *c);

/*
 * The probe of a device of `units` units open as fd (through lib/storage's
 * I/O calls): fills c->map, whose usable size is the real size found.
 * 0 or -errno. buf: one aligned unit.
 */
int cap_probe(struct cap_run *c, int fd, uint64_t units, void *buf);

/* --device: the destructive probe (capacity_device.c). */
int cap_device_mode(struct cap_run *c);

#endif
