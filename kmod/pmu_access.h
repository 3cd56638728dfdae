/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* User access to the ARM PMU cycle counter, and the PMU state per CPU. */
#ifndef BURNKIT_PMU_ACCESS_H
#define BURNKIT_PMU_ACCESS_H

#include <linux/types.h>

struct dentry;
struct seq_file;

int bk_pmu_access_init(struct dentry *dir, bool user_access);
void bk_pmu_access_exit(void);

/* This CPU: the cycle counter runs (whoever started it); x86: always. */
bool bk_pmu_counting(void);
/* This CPU: user space may read the cycle counter and it runs. */
bool bk_pmu_user_readable(void);

/* What every online CPU allows now, counted on each CPU. */
struct bk_pmu_census {
	unsigned int cpus;
	unsigned int readable;
	unsigned int perf_busy;
};

void bk_pmu_take_census(struct bk_pmu_census *c);
/* The user_access and perf_pmu lines of features. */
void bk_pmu_access_features(struct seq_file *m, const struct bk_pmu_census *c);

#endif
