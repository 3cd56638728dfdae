/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* Counters, user access to them, calibration. */
#ifndef BURNKIT_CYCLES_H
#define BURNKIT_CYCLES_H

#include <linux/types.h>

struct dentry;
struct seq_file;

int bk_cycles_init(struct dentry *dir, bool user_access);
void bk_cycles_exit(void);
void bk_cycles_features(struct seq_file *m);
/* Counter rate in Hz on this CPU, 0 when unknown. */
u64 bk_cycles_rate_hz(unsigned int cpu);
void bk_cycles_set_rate_hz(unsigned int cpu, u64 hz);
/* Whether the cycle counter runs on this CPU (read on it), for clock.c. */
bool bk_cycles_counting(void);

#endif
