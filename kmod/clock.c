// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * The clock a CPU really runs at: measured over a short busy window
 * (APERF/MPERF on x86, the cycle counter against ktime on ARM), beside what
 * cpufreq believes and, on a Raspberry Pi, what the firmware measures.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpufreq.h>
#include <linux/debugfs.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/seq_file.h>
#include <linux/workqueue.h>
#ifdef CONFIG_X86
#include <asm/cpufeature.h>
#include <asm/msr.h>
#include <asm/tsc.h>
#endif
#include <burnkit/abi.h>

#include "arch.h"
#include "clock.h"
#include "command.h"
#include "compat.h"
#include "counters.h"
#include "pmu_access.h"
#include "rpi_firmware.h"

static unsigned int bk_window_us;
static bool bk_have_aperf;
static DEFINE_PER_CPU(u32, bk_last_khz);	/* last effective clock, 0 = none */

struct bk_clock_job {
	unsigned int window_us;
	u64 khz;
	const char *method;
};

static void bk_busy_wait(u64 start_ns, unsigned int window_us)
{
	while (ktime_get_ns() - start_ns < (u64)window_us * NSEC_PER_USEC)
		cpu_relax();
}

#ifdef CONFIG_X86
static long bk_measure_this_cpu(void *arg)
{
	struct bk_clock_job *job = arg;
	u64 a0, a1, m0, m1, t0;

	job->method = BURNKIT_UNSUPPORTED;
	job->khz = 0;
	if (!boot_cpu_has(X86_FEATURE_APERFMPERF))
		return -EOPNOTSUPP;
	preempt_disable();
	if (rdmsrq_safe(MSR_IA32_APERF, &a0) || rdmsrq_safe(MSR_IA32_MPERF, &m0)) {
		preempt_enable();
		return -EOPNOTSUPP;
	}
	t0 = ktime_get_ns();
	bk_busy_wait(t0, job->window_us);
	if (rdmsrq_safe(MSR_IA32_APERF, &a1) || rdmsrq_safe(MSR_IA32_MPERF, &m1) ||
	    m1 == m0 || a1 == a0) {
		preempt_enable();
		return -EOPNOTSUPP;
	}
	preempt_enable();
	job->khz = div64_u64((u64)tsc_khz * (a1 - a0), m1 - m0);
	job->method = "aperf_mperf";
	return 0;
}
#else
static long bk_measure_this_cpu(void *arg)
{
	struct bk_clock_job *job = arg;
	u64 c0, c1, t0, t1;
	bool taken;

	job->method = BURNKIT_UNSUPPORTED;
	job->khz = 0;
	preempt_disable();
	/* Not while perf owns the counter: it may reset or reprogram it. */
	if (!bk_pmu_kernel_start()) {
		preempt_enable();
		return -EOPNOTSUPP;
	}
	t0 = ktime_get_ns();
	c0 = bk_counter_now();
	bk_busy_wait(t0, job->window_us);
	c1 = bk_counter_now();
	t1 = ktime_get_ns();
	/* perf took it during the window: the count means nothing. */
	taken = bk_pmu_perf_busy();
	preempt_enable();
	if (taken || t1 == t0)
		return -EOPNOTSUPP;
	job->khz = div64_u64(((c1 - c0) & BK_COUNTER_MASK) * USEC_PER_SEC,
			     t1 - t0);
	job->method = "pmccntr";
	bk_cycles_set_rate_hz(smp_processor_id(), job->khz * 1000);
	return 0;
}
#endif

/* Caller keeps the CPU online (cpus_read_lock). */
u64 bk_clock_measure_khz(unsigned int cpu, unsigned int window_us,
			 const char **method)
{
	struct bk_clock_job job = { .window_us = window_us };

	if (work_on_cpu(cpu, bk_measure_this_cpu, &job))
		job.khz = 0;
	per_cpu(bk_last_khz, cpu) = (u32)min_t(u64, job.khz, U32_MAX);
	if (method)
		*method = job.khz ? job.method : BURNKIT_UNSUPPORTED;
	return job.khz;
}

u32 bk_clock_mhz(unsigned int cpu)
{
	unsigned int khz = cpufreq_quick_get(cpu);

	if (!khz)
		khz = per_cpu(bk_last_khz, cpu);
	return khz ? khz / 1000 : BURNKIT_MHZ_UNKNOWN;
}

static int clock_show(struct seq_file *m, void *unused)
{
	unsigned int cpu;
	u32 fw_hz = 0;
	const char *fw_kind = BURNKIT_UNSUPPORTED;
	bool fw_ok = !bk_rpi_arm_clock_hz(&fw_hz, &fw_kind);

	seq_puts(m, "# cpu effective_khz method window_us cpufreq_cur_khz cpufreq_min_khz cpufreq_max_khz firmware_khz firmware_clock\n");
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		struct cpufreq_policy *policy = cpufreq_cpu_get(cpu);
		const char *method;
		u64 khz = bk_clock_measure_khz(cpu, bk_window_us, &method);

		seq_printf(m, "%u ", cpu);
		bk_seq_u64_or_unsupported(m, khz != 0, khz, ' ');
		seq_printf(m, "%s %u ", method, bk_window_us);
		bk_seq_u64_or_unsupported(m, policy, policy ? policy->cur : 0, ' ');
		bk_seq_u64_or_unsupported(m, policy, policy ? policy->min : 0, ' ');
		bk_seq_u64_or_unsupported(m, policy, policy ? policy->max : 0, ' ');
		bk_seq_u64_or_unsupported(m, fw_ok, fw_hz / 1000, ' ');
		seq_printf(m, "%s\n", fw_kind);
		if (policy)
			cpufreq_cpu_put(policy);
	}
	cpus_read_unlock();
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(clock);

void bk_clock_features(struct seq_file *m)
{
	seq_printf(m, "aperf_mperf %s\n",
		   bk_have_aperf ? "supported" : BURNKIT_UNSUPPORTED);
	seq_printf(m, "rpi_firmware %s\n", bk_rpi_present() ? "present" : "absent");
}

int bk_clock_init(struct dentry *dir, unsigned int window_us)
{
	unsigned int cpu;

	bk_window_us = window_us;
	/*
	 * A first measurement gives the ARM cycle counter its rate, and tells
	 * whether APERF/MPERF count (emulators may read them as 0).
	 */
	cpus_read_lock();
	for_each_online_cpu(cpu)
		if (bk_clock_measure_khz(cpu, window_us, NULL))
			bk_have_aperf = IS_ENABLED(CONFIG_X86);
	cpus_read_unlock();

	debugfs_create_file(BURNKIT_FILE_CLOCK, 0400, dir, NULL, &clock_fops);
	return 0;
}

void bk_clock_exit(void)
{
}
