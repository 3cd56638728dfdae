/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* What the parts of burnkit.ko offer each other. */
#ifndef BURNKIT_KMOD_H
#define BURNKIT_KMOD_H

#include <linux/types.h>
#include <burnkit/abi.h>

struct dentry;
struct seq_file;

/* main.c: strict parsing of writes to the control files. */

/*
 * Copy a write of 1..size-1 bytes into buf as a string, with one trailing
 * newline removed; refuse an empty command and control characters (NUL
 * too). -EINVAL (after a warning naming the file) or -EFAULT.
 */
int bk_copy_command(char *buf, size_t size, const char __user *ubuf,
		    size_t count, const char *file);

/*
 * Parse "N" or "N N ..." (min_n to max_n decimal numbers separated by
 * single spaces) into vals; the number parsed or -EINVAL (with a warning).
 */
int bk_parse_u32_list(const char *buf, u32 *vals, int min_n, int max_n,
		      const char *file);

void bk_warn_write(const char *file, const char *why);

/* A u64 or "unsupported", followed by a space or a newline. */
void bk_seq_u64_or_unsupported(struct seq_file *m, bool ok, u64 v, char end);

/* cycles.c: counters, user access to them, calibration. */
int bk_cycles_init(struct dentry *dir, bool user_access);
void bk_cycles_exit(void);
void bk_cycles_features(struct seq_file *m);
/* Counter rate in Hz on this CPU, 0 when unknown. */
u64 bk_cycles_rate_hz(unsigned int cpu);
void bk_cycles_set_rate_hz(unsigned int cpu, u64 hz);
/* Whether the cycle counter runs on this CPU (read on it), for clock.c. */
bool bk_cycles_counting(void);

/* clock.c: effective clock, cpufreq, firmware clock. */
int bk_clock_init(struct dentry *dir, unsigned int window_us);
void bk_clock_exit(void);
void bk_clock_features(struct seq_file *m);
/* The CPU's clock in MHz as best known now, or BURNKIT_MHZ_UNKNOWN. */
u32 bk_clock_mhz(unsigned int cpu);
/* Measure one CPU's effective clock now (sleeps); kHz, 0 if unsupported. */
u64 bk_clock_measure_khz(unsigned int cpu, unsigned int window_us,
			 const char **method);

/* throttle.c: sampler, sources, event ring. */
int bk_throttle_init(struct dentry *dir, unsigned int period_ms, bool inject);
void bk_throttle_exit(void);
void bk_throttle_features(struct seq_file *m);

/* throttle_sources.c: the table of throttle sources. */
struct bk_source_reading {
	bool supported;		/* set by the sampler from poll()'s result */
	u32 state;
	s32 temp_mc;
	u32 mhz;
};

struct bk_source {
	u32 id;				/* BURNKIT_SRC_* */
	const char *name;
	/* Instances this machine has (CPUs, zones, policies); 0 = none. */
	unsigned int (*instances)(void);
	/* Poll one instance (process context, may sleep); 0 or -errno. */
	int (*poll)(unsigned int instance, struct bk_source_reading *r);
	/* The CPU an instance belongs to, for the event record. */
	unsigned int (*cpu_of)(unsigned int instance);
};

const struct bk_source *bk_sources(size_t *count);
int bk_sources_init(bool inject);
void bk_sources_exit(void);
/* Queue an injected state; -ENOSPC when the queue is full. */
int bk_inject_push(u32 state, s32 temp_mc, u32 mhz);

/* netlink.c: each transition multicast on the generic netlink family. */
int bk_netlink_init(void);
void bk_netlink_exit(void);
void bk_netlink_features(struct seq_file *m);
void bk_netlink_send(const struct burnkit_event *e);

/* rpi_firmware.c: the Raspberry Pi firmware, when its driver is there. */
void bk_rpi_init(void);
void bk_rpi_exit(void);
bool bk_rpi_present(void);
int bk_rpi_arm_clock_hz(u32 *hz, const char **kind);
int bk_rpi_throttled(u32 *bits);

/* pagecache.c: write back and drop one file's cached pages. */
int bk_pagecache_init(struct dentry *dir);
void bk_pagecache_exit(void);

#endif
