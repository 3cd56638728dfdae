/* SPDX-License-Identifier: MIT */
/*
 * kerrors: the kernel's and the hardware's own reports during a run, as a
 * burn-in wants them beside its results: EDAC corrected and uncorrected
 * memory errors, machine checks, PCIe AER, MMC and USB resets and errors,
 * block I/O errors, soft lockups and hung tasks, the Raspberry Pi's
 * under-voltage. Read from /dev/kmsg (the messages that arrive while the
 * run lasts, each with its kernel time) and from sysfs counters (EDAC
 * ce_count/ue_count, hwmon in0_lcrit_alarm), compared at the start and
 * the end. What a message means is a table, not a chain of ifs.
 */
#ifndef BK_KERRORS_H
#define BK_KERRORS_H

#include <stddef.h>
#include <stdint.h>

#include "log.h"

#define BK_KERR_MAX 64		/* events kept per run; the rest only counted */

struct bk_kerr_event {
	const char *class;	/* "edac", "mce", "pcie_aer", "mmc", "usb", "io_error",
				 * "soft_lockup", "hung_task", "under_voltage", "fs_error" */
	double kernel_s;	/* the kernel's timestamp, seconds since boot */
	char message[200];
};

struct bk_kerrors {
	int kmsg_fd;		/* -1: /dev/kmsg not readable here */
	char why[160];		/* why it is not, for the log */
	const char *root;	/* sysfs root ("" live) */
	uint64_t edac_ce0, edac_ue0;	/* at the start */
	int under_voltage0;
	size_t nevents;
	unsigned long dropped;	/* events past BK_KERR_MAX */
	struct bk_kerr_event events[BK_KERR_MAX];
	uint64_t edac_ce, edac_ue;	/* new during the run */
	int under_voltage;		/* raised during the run */
	const char *device;		/* the device under test, named in the summary line */
};

/*
 * The class of one kernel message, NULL when it reports no hardware or
 * kernel error burnkit counts.
 */
const char *bk_kerr_classify(const char *message);

/*
 * One /dev/kmsg record ("pri,seq,usec,flags;text"): 1 and *e filled when it
 * is an error of a known class, else 0.
 */
int bk_kerr_parse_record(const char *rec, size_t len, struct bk_kerr_event *e);

/* Start watching: messages from now on, sysfs counters as they are now. */
void bk_kerrors_open(struct bk_kerrors *k, const char *root);

/* Take what arrived since (call at the end, or now and then). */
void bk_kerrors_poll(struct bk_kerrors *k);

/*
 * The end: poll, compare the counters, and write each event to the text
 * log and as a "kernel_error" record (at: the run's clock), and the
 * summary members kernel_errors and kernel_messages. Returns the number of
 * errors (events, EDAC counts and under-voltage).
 */
unsigned long bk_kerrors_close(struct bk_kerrors *k, struct bk_log *log);

#endif
