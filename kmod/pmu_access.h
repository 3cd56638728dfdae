/* SPDX-License-Identifier: (GPL-2.0 OR MIT) */
/* Per-task user access to the ARM PMU cycle counter, and the PMU's state. */
#ifndef BURNKIT_PMU_ACCESS_H
#define BURNKIT_PMU_ACCESS_H

#include <linux/types.h>

struct dentry;
struct seq_file;

/* armv7_user_access: allow per-task access on ARMv7 (PMUSERENR.EN). */
int bk_pmu_access_init(struct dentry *dir, bool armv7_user_access);
void bk_pmu_access_exit(void);

/* The PMU was probed and can be used (ARM); x86: false. */
bool bk_pmu_present(void);
/* Why not, when bk_pmu_present() is false. */
const char *bk_pmu_absent_reason(void);
/* A task may ask for the cycle counter through user_access. */
bool bk_pmu_user_can_ask(void);
/* This CPU: perf has the PMU (the module keeps its hands off). */
bool bk_pmu_perf_busy(void);
/*
 * This CPU, preemption off: make sure the cycle counter runs for a kernel
 * read; false when there is no PMU or perf owns it (read nothing then).
 * x86: true, the TSC always runs.
 */
bool bk_pmu_kernel_start(void);

/* What every online CPU allows now, counted on each CPU. */
struct bk_pmu_census {
	unsigned int cpus;
	unsigned int usable;	/* PMU there, perf idle (x86: every CPU) */
	unsigned int perf_busy;
};

void bk_pmu_take_census(struct bk_pmu_census *c);
/* The user_access, perf_pmu and pmu lines of features. */
void bk_pmu_access_features(struct seq_file *m, const struct bk_pmu_census *c);

#endif
