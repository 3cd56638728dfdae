/* SPDX-License-Identifier: MIT */
/*
 * storage/sdreg: the registers of an SD card or eMMC as Linux shows them in
 * sysfs (cid, csd, scr, ssr: hex strings), decoded. CID: who made the card
 * and when; CSD: its capacity; SCR: spec version and bus widths; SSR (the SD
 * status): speed class, UHS grade, video class, application class A1/A2.
 * Layouts from the SD Physical Layer Simplified Specification and JEDEC
 * JESD84 (eMMC CID).
 */
#ifndef BK_SDREG_H
#define BK_SDREG_H

#include <stddef.h>
#include <stdint.h>

struct bk_sd_cid {
	int valid;
	unsigned mid;		/* manufacturer id */
	unsigned oid;		/* OEM / application id: two ASCII on SD, one byte on eMMC */
	char oem[3];		/* oid as text when printable, else "" */
	char name[7];		/* product name: 5 characters on SD, 6 on eMMC */
	unsigned rev_major, rev_minor;
	uint32_t serial;
	unsigned year, month;	/* manufacturing date; 0 when unknown */
};

struct bk_sd_csd {
	int valid;
	unsigned version;	/* CSD structure + 1: 1 (SDSC), 2 (SDHC/SDXC), 3 (SDUC) */
	uint64_t bytes;		/* capacity the CSD states */
};

struct bk_sd_scr {
	int valid;
	char spec[8];		/* physical layer version: "1.0" ... "3.0x", "4.xx", "5.xx" */
	unsigned bus_widths;	/* bit 0: 1 bit, bit 2: 4 bits */
};

struct bk_sd_ssr {
	int valid;
	unsigned bus_width;	/* bits in use now: 1 or 4 */
	unsigned speed_class;	/* 0, 2, 4, 6, 10 */
	unsigned uhs_grade;	/* U1 .. U3, 0 none */
	unsigned video_class;	/* V6 .. V90, 0 none */
	unsigned app_class;	/* A1, A2, 0 none */
};

/* Decode hex text (sysfs); 0 on success, -1 when it is not of the register's size. */
int bk_sd_cid_decode(const char *hex, int emmc, struct bk_sd_cid *c);
int bk_sd_csd_decode(const char *hex, struct bk_sd_csd *c);
int bk_sd_scr_decode(const char *hex, struct bk_sd_scr *s);
int bk_sd_ssr_decode(const char *hex, struct bk_sd_ssr *s);

/* The brand that uses an SD manufacturer id, or NULL when it is not in the table. */
const char *bk_sd_maker(unsigned mid);

#endif
