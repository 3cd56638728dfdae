// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * Cycle counters: which counter user space should time with, letting it
 * read the PMU cycle counter on ARM (on every CPU, also CPUs that come
 * online later and after idle exits that reset the PMU), and the overhead
 * and jitter of reading it, measured in the kernel with interrupts off.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpu_pm.h>
#include <linux/cpuhotplug.h>
#include <linux/debugfs.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/sort.h>
#include <linux/workqueue.h>
#ifdef CONFIG_X86
#include <asm/cpufeature.h>
#include <asm/tsc.h>
#endif

#include <burnkit/abi.h>

#include "arch.h"
#include "command.h"
#include "cycles.h"

#define BK_CALIB_DEFAULT_ENSEMBLES	10
#define BK_CALIB_DEFAULT_SAMPLES	1000
#define BK_CALIB_WARMUP			8

/* The counters a CPU can time with, best first. */
#define BK_SRC_NONE	0
#define BK_SRC_MAIN	1	/* BK_COUNTER_NAME: tsc or pmccntr */
#define BK_SRC_CNTVCT	2	/* AArch64 generic timer, always readable */

static const char *const bk_src_names[] = {
	[BK_SRC_NONE] = BURNKIT_UNSUPPORTED,
	[BK_SRC_MAIN] = BK_COUNTER_NAME,
	[BK_SRC_CNTVCT] = "cntvct",
};

static DEFINE_PER_CPU(u64, bk_rate_hz);

u64 bk_cycles_rate_hz(unsigned int cpu)
{
	return per_cpu(bk_rate_hz, cpu);
}

void bk_cycles_set_rate_hz(unsigned int cpu, u64 hz)
{
	per_cpu(bk_rate_hz, cpu) = hz;
}

/* ------------------------------------------------------------ ARM PMU */
#if BK_HAVE_PMU_CONTROL

struct bk_pmu_cpu {
	struct bk_pmu_regs saved;	/* as found, put back on release */
	bool applied;			/* our settings are (were) in place */
	bool perf_busy;			/* perf had counters on: left alone */
};

static DEFINE_PER_CPU(struct bk_pmu_cpu, bk_pmu_cpu);
static DEFINE_MUTEX(bk_access_lock);
static int bk_hp_state = -1;		/* cpuhp state while access is on */
static bool bk_access_on;		/* read by the cpu_pm notifier */

/*
 * perf is using the PMU on this CPU: it has overflow interrupts on (for any
 * counter, the cycle counter too), or counters other than ours run.
 */
static bool bk_pmu_perf_active(void)
{
	return bk_pmu_intenset() ||
	       (bk_pmu_cntenset() & ~(u64)BK_PMCNTEN_CYCLES);
}

/* This CPU, interrupts off. */
static void bk_pmu_take(void)
{
	struct bk_pmu_cpu *c = this_cpu_ptr(&bk_pmu_cpu);

	if (c->applied)
		return;
	bk_pmu_save(&c->saved);
	c->perf_busy = bk_pmu_perf_active();
	if (c->perf_busy)
		return;
	bk_pmu_apply();
	c->applied = true;
}

/*
 * This CPU, interrupts off: again after something reset the PMU or perf let
 * go of it; nothing while perf uses it.
 */
static void bk_pmu_reapply(void)
{
	struct bk_pmu_cpu *c = this_cpu_ptr(&bk_pmu_cpu);

	if (!c->applied) {
		bk_pmu_take();
		return;
	}
	if (bk_pmu_perf_active()) {
		c->perf_busy = true;
		return;
	}
	c->perf_busy = false;
	if (!(bk_pmu_userenr() & BK_PMUSERENR_USER) || !bk_cycles_counting())
		bk_pmu_apply();
}

/* This CPU, interrupts off. Leave the PMU alone if perf took it over. */
static void bk_pmu_release(void)
{
	struct bk_pmu_cpu *c = this_cpu_ptr(&bk_pmu_cpu);

	if (c->applied && (bk_pmu_userenr() & BK_PMUSERENR_USER) &&
	    !bk_pmu_perf_active())
		bk_pmu_restore(&c->saved);
	c->applied = false;
	c->perf_busy = false;
}

static int bk_pmu_cpu_online(unsigned int cpu)
{
	unsigned long flags;

	local_irq_save(flags);
	bk_pmu_take();
	local_irq_restore(flags);
	return 0;
}

static int bk_pmu_cpu_offline(unsigned int cpu)
{
	unsigned long flags;

	local_irq_save(flags);
	bk_pmu_release();
	local_irq_restore(flags);
	return 0;
}

static void bk_pmu_reapply_ipi(void *unused)
{
	if (READ_ONCE(bk_access_on))
		bk_pmu_reapply();
}

/*
 * perf clears PMUSERENR whenever it starts the PMU and leaves it cleared
 * when its events go: look once a period for CPUs where perf has let go.
 */
#define BK_RECLAIM_MS	1000

static void bk_reclaim_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(bk_reclaim_work, bk_reclaim_fn);

static void bk_reclaim_fn(struct work_struct *work)
{
	cpus_read_lock();
	on_each_cpu(bk_pmu_reapply_ipi, NULL, 1);
	cpus_read_unlock();
	if (READ_ONCE(bk_access_on))
		schedule_delayed_work(&bk_reclaim_work,
				      msecs_to_jiffies(BK_RECLAIM_MS));
}

/* An idle exit may have reset the PMU (arm_pmu does on CPU_PM_EXIT). */
static int bk_cpu_pm_notify(struct notifier_block *nb, unsigned long cmd,
			    void *unused)
{
	if ((cmd == CPU_PM_EXIT || cmd == CPU_PM_ENTER_FAILED) &&
	    READ_ONCE(bk_access_on))
		bk_pmu_reapply();
	return NOTIFY_OK;
}

static struct notifier_block bk_cpu_pm_nb = {
	.notifier_call = bk_cpu_pm_notify,
};

static int bk_set_user_access(bool on)
{
	int ret = 0;

	mutex_lock(&bk_access_lock);
	if (on && bk_hp_state < 0) {
		WRITE_ONCE(bk_access_on, true);
		ret = cpuhp_setup_state(CPUHP_AP_ONLINE_DYN, "burnkit/pmu:online",
					bk_pmu_cpu_online, bk_pmu_cpu_offline);
		if (ret < 0) {
			WRITE_ONCE(bk_access_on, false);
			pr_err("cannot register the CPU hotplug callbacks: %d\n",
			       ret);
		} else {
			bk_hp_state = ret;
			ret = 0;
			schedule_delayed_work(&bk_reclaim_work,
					      msecs_to_jiffies(BK_RECLAIM_MS));
		}
	} else if (on) {
		/* Take back CPUs where perf or a reset took it away. */
		cpus_read_lock();
		on_each_cpu(bk_pmu_reapply_ipi, NULL, 1);
		cpus_read_unlock();
	} else if (bk_hp_state >= 0) {
		WRITE_ONCE(bk_access_on, false);
		cancel_delayed_work_sync(&bk_reclaim_work);
		cpuhp_remove_state(bk_hp_state);
		bk_hp_state = -1;
	}
	mutex_unlock(&bk_access_lock);
	return ret;
}

static ssize_t user_access_read(struct file *file, char __user *ubuf,
				size_t count, loff_t *ppos)
{
	char buf[4];
	int len = scnprintf(buf, sizeof(buf), "%d\n", READ_ONCE(bk_access_on));

	return simple_read_from_buffer(ubuf, count, ppos, buf, len);
}

static ssize_t user_access_write(struct file *file, const char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	char buf[BURNKIT_WRITE_MAX];
	u32 on;
	int ret;

	ret = bk_copy_command(buf, sizeof(buf), ubuf, count,
			      BURNKIT_FILE_USER_ACCESS);
	if (ret)
		return ret;
	ret = bk_parse_u32_list(buf, &on, 1, 1, BURNKIT_FILE_USER_ACCESS);
	if (ret < 0)
		return ret;
	if (on > 1) {
		bk_warn_write(BURNKIT_FILE_USER_ACCESS, "expected 0 or 1");
		return -EINVAL;
	}
	ret = bk_set_user_access(on);
	return ret ? ret : count;
}

static const struct file_operations user_access_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = user_access_read,
	.write = user_access_write,
	.llseek = default_llseek,
};

#endif /* BK_HAVE_PMU_CONTROL */

/* ------------------------------------------------------- which counter */

/* This CPU: the cycle counter runs (whoever started it). */
bool bk_cycles_counting(void)
{
#if BK_HAVE_PMU_CONTROL
	return (bk_pmu_pmcr() & BK_PMCR_E) &&
	       (bk_pmu_cntenset() & BK_PMCNTEN_CYCLES);
#else
	return true;
#endif
}

/* This CPU: user space may read the cycle counter and it runs. */
static bool bk_main_user_readable(void)
{
#if BK_HAVE_PMU_CONTROL
	return (bk_pmu_userenr() & BK_PMUSERENR_READ) && bk_cycles_counting();
#else
	return bk_counter_user_readable();
#endif
}

/* This CPU: the counter user space should time with. */
static int bk_timing_source(void)
{
	if (bk_main_user_readable())
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

/* ------------------------------------------------------------ counters */

struct bk_counter_row {
	int src;
	u64 value;
	bool user_read;
};

static void bk_counter_sample(void *arg)
{
	struct bk_counter_row *row = arg;

	row->src = bk_timing_source();
	row->user_read = row->src != BK_SRC_NONE;
	if (row->src == BK_SRC_MAIN)
		row->value = bk_counter_now();
	else if (row->src == BK_SRC_CNTVCT)
		row->value = bk_cntvct_now();
	else
		row->value = 0;
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
		bk_seq_u64_or_unsupported(m, row.src != BK_SRC_NONE, row.value, ' ');
		bk_seq_u64_or_unsupported(m, rate != 0, rate, ' ');
		seq_printf(m, "%s\n", row.user_read ? "yes" : "no");
	}
	cpus_read_unlock();
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(counters);

/* --------------------------------------------------------- calibration */

struct bk_calib {
	bool valid;
	int src;
	u32 ensembles;
	u32 samples;
	u32 min;
	u32 median;
	u32 max;
	u64 mean_milli;
	u64 variance_milli;
	u64 ensemble_min_variance_milli;
	u64 time_ns;
};

struct bk_calib_job {
	u32 ensembles;
	u32 samples;
	u32 *ticks;		/* ensembles * samples */
	u32 *minima;		/* ensembles */
	struct bk_calib result;
};

static struct bk_calib *bk_calib;	/* nr_cpu_ids entries */
static DEFINE_MUTEX(bk_calib_lock);

/* Back-to-back serialised reads; the loop body is the same for every sample. */
#define BK_SAMPLE_LOOP(begin, end, mask, out, n)			\
	do {								\
		u32 i_;							\
		for (i_ = 0; i_ < BK_CALIB_WARMUP; i_++) {		\
			begin();					\
			end();						\
		}							\
		for (i_ = 0; i_ < (n); i_++) {				\
			u64 t0_ = begin();				\
			u64 t1_ = end();				\
			(out)[i_] = min_t(u64, (t1_ - t0_) & (mask), U32_MAX); \
		}							\
	} while (0)

static int bk_cmp_u32(const void *a, const void *b)
{
	u32 x = *(const u32 *)a, y = *(const u32 *)b;

	return x < y ? -1 : x > y;
}

static u64 bk_add_sat(u64 a, u64 b)
{
	return a + b < a ? U64_MAX : a + b;
}

/* Variance in thousandths of a tick squared; saturates, never wraps. */
static u64 bk_variance_milli(const u32 *v, u32 n, u64 mean_milli)
{
	u64 acc = 0;
	u32 i;

	for (i = 0; i < n; i++) {
		u64 x = (u64)v[i] * 1000;
		u64 dev = x > mean_milli ? x - mean_milli : mean_milli - x;

		if (dev > U32_MAX)
			return U64_MAX;
		acc = bk_add_sat(acc, div_u64(dev * dev, 1000));
	}
	return div_u64(acc, n);
}

static u64 bk_mean_milli(const u32 *v, u32 n)
{
	u64 sum = 0;
	u32 i;

	for (i = 0; i < n; i++)
		sum += v[i];
	return div_u64(sum * 1000, n);
}

static long bk_calibrate_this_cpu(void *arg)
{
	struct bk_calib_job *job = arg;
	struct bk_calib *r = &job->result;
	u32 total = job->ensembles * job->samples;
	unsigned long flags;
	u32 e, i;

	r->src = bk_timing_source();
#ifdef CONFIG_X86
	if (!boot_cpu_has(X86_FEATURE_RDTSCP))
		r->src = BK_SRC_NONE;
#endif
	if (r->src == BK_SRC_NONE)
		return -EOPNOTSUPP;

	for (e = 0; e < job->ensembles; e++) {
		u32 *out = job->ticks + (size_t)e * job->samples;

		local_irq_save(flags);
		if (r->src == BK_SRC_MAIN)
			BK_SAMPLE_LOOP(bk_counter_begin, bk_counter_end,
				       BK_COUNTER_MASK, out, job->samples);
		else
			BK_SAMPLE_LOOP(bk_cntvct_now, bk_cntvct_now, ~0ULL,
				       out, job->samples);
		local_irq_restore(flags);
		cond_resched();
	}

	for (e = 0; e < job->ensembles; e++) {
		u32 *out = job->ticks + (size_t)e * job->samples;
		u32 lo = U32_MAX;

		for (i = 0; i < job->samples; i++)
			lo = min(lo, out[i]);
		job->minima[e] = lo;
	}
	r->mean_milli = bk_mean_milli(job->ticks, total);
	r->variance_milli = bk_variance_milli(job->ticks, total, r->mean_milli);
	r->ensemble_min_variance_milli =
		bk_variance_milli(job->minima, job->ensembles,
				  bk_mean_milli(job->minima, job->ensembles));
	sort(job->ticks, total, sizeof(u32), bk_cmp_u32, NULL);
	r->min = job->ticks[0];
	r->median = job->ticks[total / 2];
	r->max = job->ticks[total - 1];
	r->ensembles = job->ensembles;
	r->samples = job->samples;
	r->time_ns = ktime_get_ns();
	r->valid = true;
	return 0;
}

static int bk_calibrate(u32 ensembles, u32 samples)
{
	struct bk_calib_job job = { .ensembles = ensembles, .samples = samples };
	unsigned int cpu;
	int ret = 0;

	job.ticks = kvmalloc_array((size_t)ensembles * samples, sizeof(u32),
				   GFP_KERNEL);
	job.minima = kvmalloc_array(ensembles, sizeof(u32), GFP_KERNEL);
	if (!job.ticks || !job.minima) {
		ret = -ENOMEM;
		goto out_free;
	}

	mutex_lock(&bk_calib_lock);
	cpus_read_lock();
	for_each_online_cpu(cpu) {
		memset(&job.result, 0, sizeof(job.result));
		if (work_on_cpu(cpu, bk_calibrate_this_cpu, &job))
			job.result.valid = false;
		bk_calib[cpu] = job.result;
	}
	cpus_read_unlock();
	mutex_unlock(&bk_calib_lock);

out_free:
	kvfree(job.minima);
	kvfree(job.ticks);
	return ret;
}

static int calibration_show(struct seq_file *m, void *unused)
{
	unsigned int cpu;
	int ret;

	ret = mutex_lock_interruptible(&bk_calib_lock);
	if (ret)
		return ret;
	seq_puts(m, "# cpu source ensembles samples min median max mean_milli variance_milli ensemble_min_variance_milli time_ns\n");
	for_each_possible_cpu(cpu) {
		const struct bk_calib *c = &bk_calib[cpu];

		if (!c->valid) {
			int field;

			if (!cpu_online(cpu))
				continue;
			seq_printf(m, "%u", cpu);
			for (field = 0; field < 10; field++)
				seq_printf(m, " %s", BURNKIT_UNSUPPORTED);
			seq_putc(m, '\n');
			continue;
		}
		seq_printf(m, "%u %s %u %u %u %u %u %llu %llu %llu %llu\n", cpu,
			   bk_src_names[c->src], c->ensembles, c->samples,
			   c->min, c->median, c->max, c->mean_milli,
			   c->variance_milli, c->ensemble_min_variance_milli,
			   c->time_ns);
	}
	mutex_unlock(&bk_calib_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(calibration);

static ssize_t calibrate_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	char buf[BURNKIT_WRITE_MAX];
	u32 v[2];
	int ret;

	ret = bk_copy_command(buf, sizeof(buf), ubuf, count,
			      BURNKIT_FILE_CALIBRATE);
	if (ret)
		return ret;
	ret = bk_parse_u32_list(buf, v, 2, 2, BURNKIT_FILE_CALIBRATE);
	if (ret < 0)
		return ret;
	if (!v[0] || v[0] > BURNKIT_CALIB_ENSEMBLES_MAX ||
	    !v[1] || v[1] > BURNKIT_CALIB_SAMPLES_MAX ||
	    (u64)v[0] * v[1] > BURNKIT_CALIB_TOTAL_MAX) {
		bk_warn_write(BURNKIT_FILE_CALIBRATE,
			      "ensembles 1-1000, samples 1-100000, product at most 1000000");
		return -EINVAL;
	}
	ret = bk_calibrate(v[0], v[1]);
	return ret ? ret : count;
}

static const struct file_operations calibrate_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = calibrate_write,
};

/* ------------------------------------------------------------ features */

struct bk_access_census {
	unsigned int cpus;
	unsigned int readable;
	unsigned int perf_busy;
};

static void bk_access_count(void *arg)
{
	struct bk_access_census *c = arg;

	/* Counted under the caller's lock, one CPU at a time. */
	c->cpus++;
	if (bk_main_user_readable())
		c->readable++;
#if BK_HAVE_PMU_CONTROL
	if (this_cpu_ptr(&bk_pmu_cpu)->perf_busy || bk_pmu_perf_active())
		c->perf_busy++;
#endif
}

void bk_cycles_features(struct seq_file *m)
{
	struct bk_access_census c = { 0 };
	unsigned int cpu;

	cpus_read_lock();
	for_each_online_cpu(cpu)
		smp_call_function_single(cpu, bk_access_count, &c, 1);
	cpus_read_unlock();

	seq_printf(m, "counter %s\n", c.readable ? BK_COUNTER_NAME :
		   bk_src_names[BK_HAVE_CNTVCT ? BK_SRC_CNTVCT : BK_SRC_NONE]);
#if BK_HAVE_PMU_CONTROL
	if (!READ_ONCE(bk_access_on))
		seq_puts(m, "user_access disabled\n");
	else if (c.readable == c.cpus)
		seq_puts(m, "user_access enabled\n");
	else
		seq_puts(m, "user_access lost\n");
	seq_printf(m, "perf_pmu %s\n", c.perf_busy ? "in-use" : "idle");
	seq_printf(m, "invariant_tsc %s\n", BURNKIT_UNSUPPORTED);
#else
	seq_printf(m, "user_access %s\n", BURNKIT_UNSUPPORTED);
	seq_printf(m, "perf_pmu %s\n", BURNKIT_UNSUPPORTED);
	seq_printf(m, "invariant_tsc %s\n",
		   boot_cpu_has(X86_FEATURE_CONSTANT_TSC) &&
		   boot_cpu_has(X86_FEATURE_NONSTOP_TSC) ? "yes" : "no");
#endif
}

/* ---------------------------------------------------------- init, exit */

int bk_cycles_init(struct dentry *dir, bool user_access)
{
	unsigned int cpu;
	int ret;

	bk_calib = kcalloc(nr_cpu_ids, sizeof(*bk_calib), GFP_KERNEL);
	if (!bk_calib)
		return -ENOMEM;

#ifdef CONFIG_X86
	for_each_possible_cpu(cpu)
		bk_cycles_set_rate_hz(cpu, (u64)tsc_khz * 1000);
#else
	for_each_possible_cpu(cpu)
		bk_cycles_set_rate_hz(cpu, 0);	/* measured by clock.c */
#endif

#if BK_HAVE_PMU_CONTROL
	cpu_pm_register_notifier(&bk_cpu_pm_nb);
	if (user_access) {
		ret = bk_set_user_access(true);
		if (ret)
			goto out_notifier;
	}
	debugfs_create_file(BURNKIT_FILE_USER_ACCESS, 0600, dir, NULL,
			    &user_access_fops);
#endif

	ret = bk_calibrate(BK_CALIB_DEFAULT_ENSEMBLES, BK_CALIB_DEFAULT_SAMPLES);
	if (ret)
		goto out_access;

	debugfs_create_file(BURNKIT_FILE_COUNTERS, 0400, dir, NULL,
			    &counters_fops);
	debugfs_create_file(BURNKIT_FILE_CALIBRATION, 0400, dir, NULL,
			    &calibration_fops);
	debugfs_create_file(BURNKIT_FILE_CALIBRATE, 0200, dir, NULL,
			    &calibrate_fops);
	return 0;

out_access:
#if BK_HAVE_PMU_CONTROL
	bk_set_user_access(false);
out_notifier:
	cpu_pm_unregister_notifier(&bk_cpu_pm_nb);
#endif
	kfree(bk_calib);
	return ret;
}

void bk_cycles_exit(void)
{
#if BK_HAVE_PMU_CONTROL
	bk_set_user_access(false);
	cpu_pm_unregister_notifier(&bk_cpu_pm_nb);
#endif
	kfree(bk_calib);
	bk_calib = NULL;
}
