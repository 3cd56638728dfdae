// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * Which counter user space should time with on each CPU (the cycle counter
 * when it may read it, else the AArch64 generic timer), its rate, and the
 * counters file that shows both with the counter's value now.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/debugfs.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/smp.h>
#ifdef CONFIG_X86
#include <asm/cpufeature.h>
#include <asm/tsc.h>
#endif
#include <burnkit/abi.h>

#include "arch.h"
#include "command.h"
#include "counters.h"
#include "pmu_access.h"

static const char *const bk_src_names[] = {
	[BK_SRC_NONE] = BURNKIT_UNSUPPORTED,
	[BK_SRC_MAIN] = BK_COUNTER_NAME,
	[BK_SRC_CNTVCT] = "cntvct",
};

static DEFINE_PER_CPU(u64, bk_rate_hz);

const char *bk_counter_source_name(int src)
{
	return bk_src_names[src];
}

u64 bk_cycles_rate_hz(unsigned int cpu)
{
	return per_cpu(bk_rate_hz, cpu);
}

void bk_cycles_set_rate_hz(unsigned int cpu, u64 hz)
{
	per_cpu(bk_rate_hz, cpu) = hz;
}

int bk_timing_source(void)
{
	if (IS_ENABLED(CONFIG_X86) ||
	    (bk_pmu_user_can_ask() && !bk_pmu_perf_busy()))
		return BK_SRC_MAIN;
	if (BK_HAVE_CNTVCT)
		return BK_SRC_CNTVCT;
	return BK_SRC_NONE;
}

static u64 bk_source_rate_hz(int src, unsigned int cpu)
{
	if (src == BK_SRC_CNTVCT)
		return bk_cntvct_hz();
	if (src == BK_SRC_MAIN)
		return bk_cycles_rate_hz(cpu);
	return 0;
}

struct bk_counter_row {
	int src;
	bool valid;
	u64 value;
};

static void bk_counter_sample(void *arg)
{
	struct bk_counter_row *row = arg;

	row->src = bk_timing_source();
	row->valid = true;
	if (row->src == BK_SRC_MAIN && bk_pmu_kernel_start())
		row->value = bk_counter_now();
	else if (row->src == BK_SRC_CNTVCT)
		row->value = bk_cntvct_now();
	else
		row->valid = false;
}

/*
 * Who may read the source from user space: every task (the TSC, whose
 * per-task CR4.TSD switch a task only sets for itself with prctl
 * PR_SET_TSC; the generic timer), a task that asks (the PMU cycle
 * counter, through user_access), or nobody.
 */
static const char *bk_user_read(int src)
{
	if (src == BK_SRC_MAIN && !IS_ENABLED(CONFIG_X86))
		return "ask";
	return src == BK_SRC_NONE ? "no" : "yes";
}

static int counters_show(struct seq_file *m, void *unused)
{
	unsigned int cpu;

	seq_puts(m, "# cpu source value rate_hz user_read\n");
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		struct bk_counter_row row;
		u64 rate;

		if (smp_call_function_single(cpu, bk_counter_sample, &row, 1))
			continue;
		rate = bk_source_rate_hz(row.src, cpu);
		seq_printf(m, "%u %s ", cpu, bk_src_names[row.src]);
		bk_seq_u64_or_unsupported(m, row.valid, row.value, ' ');
		bk_seq_u64_or_unsupported(m, rate != 0, rate, ' ');
		seq_printf(m, "%s\n", bk_user_read(row.src));
	}
	cpus_read_unlock();
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(counters);

void bk_counters_features(struct seq_file *m)
{
	struct bk_pmu_census c;

	bk_pmu_take_census(&c);
	/* The PMU counter when a task may ask for it and perf leaves it. */
	seq_printf(m, "counter %s\n",
		   c.usable == c.cpus &&
		   (IS_ENABLED(CONFIG_X86) || bk_pmu_user_can_ask()) ?
		   BK_COUNTER_NAME :
		   bk_src_names[BK_HAVE_CNTVCT ? BK_SRC_CNTVCT : BK_SRC_NONE]);
	bk_pmu_access_features(m, &c);
#ifdef CONFIG_X86
	seq_printf(m, "invariant_tsc %s\n",
		   boot_cpu_has(X86_FEATURE_CONSTANT_TSC) &&
		   boot_cpu_has(X86_FEATURE_NONSTOP_TSC) ? "yes" : "no");
#else
	seq_printf(m, "invariant_tsc %s\n", BURNKIT_UNSUPPORTED);
#endif
}

void bk_counters_init(struct dentry *dir)
{
	unsigned int cpu;

#ifdef CONFIG_X86
	for_each_possible_cpu(cpu)
		bk_cycles_set_rate_hz(cpu, (u64)tsc_khz * 1000);
#else
	for_each_possible_cpu(cpu)
		bk_cycles_set_rate_hz(cpu, 0);	/* measured by clock.c */
#endif
	debugfs_create_file(BURNKIT_FILE_COUNTERS, 0400, dir, NULL,
			    &counters_fops);
}
