/* SPDX-License-Identifier: MIT */
/*
 * storage/devid: which device a drive test measures. From a path (the
 * file system it lives on: st_dev) or a block device (st_rdev) to its node
 * in /sys/dev/block, its whole disk, and what sysfs says of it: model,
 * vendor, serial, bus (usb, mmc, nvme, ata, scsi, virtio, from where the
 * device sits in /sys/devices), the USB link speed, the file system and
 * where it is mounted, and for SD cards and eMMC the CID, CSD, SCR and SD
 * status decoded. Everything is read under a root (BURNKIT_SYSROOT, as
 * sysinfo does) so fixture trees can stand in for a machine.
 */
#ifndef BK_DEVID_H
#define BK_DEVID_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "json.h"
#include "storage/sdreg.h"

struct bk_devid {
	int found;		/* a block device was found in sysfs */
	char why[160];		/* why not, when not */
	unsigned major, minor;
	char name[64];		/* the block device: sda1, mmcblk0p1 */
	char disk[64];		/* its whole disk: sda, mmcblk0 (= name when whole) */
	uint64_t disk_bytes;	/* the whole disk's size */
	char bus[16];		/* usb, mmc, nvme, virtio, ata, scsi, virtual, "" */
	char vendor[64], model[128], serial[128];
	double usb_mbps;	/* the USB link: 480, 5000, ...; 0 not USB or unknown */
	char usb_id[16];	/* "0781:5583" */
	char fstype[32];	/* of the file system on the path, "" unknown */
	char mount[256];
	/* SD card or eMMC (bus mmc) */
	char mmc_type[8];	/* "SD", "MMC", "SDIO" */
	char cid_hex[40];
	struct bk_sd_cid cid;
	struct bk_sd_csd csd;
	struct bk_sd_scr scr;
	struct bk_sd_ssr ssr;
};

/*
 * What holds path: a block device node names itself, anything else the
 * file system it is on. root: NULL for BURNKIT_SYSROOT or the live system
 * (the path itself is always looked up on the live system). Returns
 * d->found.
 */
int bk_devid_from_path(struct bk_devid *d, const char *path, const char *root);

/* The same from a device number (MAJ:MIN) under root. */
int bk_devid_from_dev(struct bk_devid *d, unsigned major, unsigned minor, const char *root);

/* The identity block for the text log: lines starting with a space, each ending in \n. */
void bk_devid_text(const struct bk_devid *d, char *buf, size_t len);

/* The members of a "device" object (the caller opens and closes it). */
void bk_devid_json(const struct bk_devid *d, struct bk_json *j);

/* One line: "mmcblk0p1 (SD card QEMU!, mmc)" or "tmpfs (no block device)". */
void bk_devid_short(const struct bk_devid *d, char *buf, size_t len);

#endif
