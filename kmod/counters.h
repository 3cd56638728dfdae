/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* Which counter user space times with, its rate per CPU, the counters file. */
#ifndef BURNKIT_COUNTERS_H
#define BURNKIT_COUNTERS_H

#include <linux/types.h>

struct dentry;
struct seq_file;

/* The counters a CPU can time with, best first. */
#define BK_SRC_NONE	0
#define BK_SRC_MAIN	1	/* BK_COUNTER_NAME: tsc or pmccntr */
#define BK_SRC_CNTVCT	2	/* AArch64 generic timer, always readable */

/* This CPU: the counter user space should time with (BK_SRC_*). */
int bk_timing_source(void);
/* "tsc", "pmccntr", "cntvct" or "unsupported". */
const char *bk_counter_source_name(int src);

/* Counter rate in Hz on this CPU, 0 when unknown. */
u64 bk_cycles_rate_hz(unsigned int cpu);
void bk_cycles_set_rate_hz(unsigned int cpu, u64 hz);

void bk_counters_init(struct dentry *dir);
/* The counter, user_access, perf_pmu and invariant_tsc lines of features. */
void bk_counters_features(struct seq_file *m);

#endif
