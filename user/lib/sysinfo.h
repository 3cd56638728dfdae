/* SPDX-License-Identifier: MIT */
/*
 * sysinfo: what machine this is, read from /proc, /sys and the Raspberry Pi
 * boot configuration. Anything missing is recorded as missing, never fatal.
 * Every path is read below a root directory ("" for the live system), so
 * tests can point it at a fixture tree.
 */
#ifndef BK_SYSINFO_H
#define BK_SYSINFO_H

#include <stddef.h>

#define BK_SI_MAX_CPUFREQ 64
#define BK_SI_MAX_ZONES 16
#define BK_SI_MAX_BOOT 16

struct bk_si_cpufreq {
	int cpu;
	long cur_khz, min_khz, max_khz;	/* -1: unknown */
	char governor[32];
};

struct bk_si_zone {
	char name[24];		/* thermal_zoneN or hwmonN/tempM */
	char type[40];
	double temp_c;
};

struct bk_sysinfo {
	char root[256];
	char machine[32];	/* architecture (uname) */
	char cpu_model[160];	/* model name / Processor / CPU part */
	char cpu_features[1024];/* flags / Features */
	char hardware[64];	/* ARM "Hardware" line */
	char revision[32];	/* Raspberry Pi board revision code */
	char board[160];	/* device-tree model, or DMI product */
	char kernel[320];	/* /proc/version */
	int cpus_online;
	unsigned long long mem_total, mem_available, swap_total, swap_free;
	int ncpufreq;
	struct bk_si_cpufreq cpufreq[BK_SI_MAX_CPUFREQ];
	int nzones;
	struct bk_si_zone zones[BK_SI_MAX_ZONES];
	char boot_config[64];	/* where config.txt was found, or "" */
	int nboot;
	struct { char key[24]; char value[40]; } boot[BK_SI_MAX_BOOT];
	char missing[768];	/* "; "-separated list of what could not be read */
};

/* root: NULL or "" for the live system; BURNKIT_SYSROOT overrides NULL. */
void bk_sysinfo_read(struct bk_sysinfo *si, const char *root);

/* Longbottom-style text block ("SYSTEM INFORMATION ..."), lines end in \n. */
void bk_sysinfo_text(const struct bk_sysinfo *si, char *buf, size_t len);

struct bk_json;
/* As a JSON object member named `key`. */
void bk_sysinfo_json(const struct bk_sysinfo *si, struct bk_json *j, const char *key);

/* Is this a Raspberry Pi (by board name or hardware line)? */
int bk_sysinfo_is_rpi(const struct bk_sysinfo *si);

#endif
