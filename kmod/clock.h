/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* The clock a CPU really runs at: effective clock, cpufreq, firmware. */
#ifndef BURNKIT_CLOCK_H
#define BURNKIT_CLOCK_H

#include <linux/types.h>

struct dentry;
struct seq_file;

int bk_clock_init(struct dentry *dir, unsigned int window_us);
void bk_clock_exit(void);
void bk_clock_features(struct seq_file *m);
/* The CPU's clock in MHz as best known now, or BURNKIT_MHZ_UNKNOWN. */
u32 bk_clock_mhz(unsigned int cpu);
/* Measure one CPU's effective clock now (sleeps); kHz, 0 if unsupported. */
u64 bk_clock_measure_khz(unsigned int cpu, unsigned int window_us,
			 const char **method);

#endif
