// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * The overhead and jitter of reading the timing counter, measured in the
 * kernel as Paoloni describes it ("How to Benchmark Code Execution Times on
 * Intel IA-32 and IA-64", 2010): with interrupts off, serialised reads back
 * to back, ensembles of samples on every online CPU; and the statistics
 * user space subtracts from its own timings.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/debugfs.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/workqueue.h>
#ifdef CONFIG_X86
#include <asm/cpufeature.h>
#endif
#include <burnkit/abi.h>

#include "arch.h"
#include "calibration.h"
#include "command.h"
#include "counters.h"
#include "pmu_access.h"

#define BK_CALIB_DEFAULT_ENSEMBLES	10
#define BK_CALIB_DEFAULT_SAMPLES	1000
#define BK_CALIB_WARMUP			8

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

static u32 bk_inject_ticks;	/* test only: sample 0 of each ensemble */

/*
 * One sample of source src: two serialised reads back to back, interrupts
 * off for just these two (Paoloni keeps them off for the whole run; an
 * ensemble of 100000 samples would hold them off for many milliseconds).
 * Always inlined with a constant src, so the branch folds away and each
 * source's loop reads its own counter only.
 */
static __always_inline u32 bk_sample(int src)
{
	unsigned long flags;
	u64 t0, t1, mask;

	local_irq_save(flags);
	if (src == BK_SRC_MAIN) {
		t0 = bk_counter_begin();
		t1 = bk_counter_end();
		mask = BK_COUNTER_MASK;
	} else {
		t0 = bk_cntvct_now();
		t1 = bk_cntvct_now();
		mask = ~0ULL;
	}
	local_irq_restore(flags);
	return min_t(u64, (t1 - t0) & mask, U32_MAX);
}

static __always_inline void bk_sample_n(int src, u32 *out, u32 n)
{
	u32 i;

	for (i = 0; i < BK_CALIB_WARMUP; i++)
		bk_sample(src);
	for (i = 0; i < n; i++)
		out[i] = bk_sample(src);
}

/* One ensemble after a warm-up; the loop body is the same for every sample. */
static void bk_sample_ensemble(int src, u32 *out, u32 n)
{
	if (src == BK_SRC_MAIN)
		bk_sample_n(BK_SRC_MAIN, out, n);
	else
		bk_sample_n(BK_SRC_CNTVCT, out, n);
	if (bk_inject_ticks)
		out[0] = bk_inject_ticks;
}

static int bk_cmp_u32(const void *a, const void *b)
{
	u32 x = *(const u32 *)a, y = *(const u32 *)b;

	return x < y ? -1 : x > y;
}

static u64 bk_add_sat(u64 a, u64 b)
{
	return a + b < a ? U64_MAX : a + b;
}

/*
 * Variance in thousandths of a tick squared: the squared deviations (each
 * computed without overflow by mul_u64_u64_div_u64, at most 2^32 ticks
 * apart, so each term fits) summed, then divided by n; the truncation of
 * the terms costs less than one unit of the result. A sum beyond 2^64-1
 * (deviations of about 10^8 ticks) reads BURNKIT_VARIANCE_SATURATED.
 */
static u64 bk_variance_milli(const u32 *v, u32 n, u64 mean_milli)
{
	u64 acc = 0;
	u32 i;

	for (i = 0; i < n; i++) {
		u64 x = (u64)v[i] * 1000;
		u64 dev = x > mean_milli ? x - mean_milli : mean_milli - x;

		acc = bk_add_sat(acc, mul_u64_u64_div_u64(dev, dev, 1000));
	}
	if (acc == U64_MAX)
		return BURNKIT_VARIANCE_SATURATED;
	return div_u64(acc, n);
}

/* n samples of at most 2^32 - 1 ticks: sum * 1000 stays below 2^64. */
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
	u32 e, i;

	r->src = bk_timing_source();
#ifdef CONFIG_X86
	if (!boot_cpu_has(X86_FEATURE_RDTSCP))
		r->src = BK_SRC_NONE;
#endif
	if (r->src == BK_SRC_NONE)
		return -EOPNOTSUPP;

	for (e = 0; e < job->ensembles; e++) {
		/* Not while perf owns the counter: its counts mean nothing. */
		if (r->src == BK_SRC_MAIN && !bk_pmu_kernel_start())
			return -EBUSY;
		bk_sample_ensemble(r->src, job->ticks + (size_t)e * job->samples,
				   job->samples);
		if (r->src == BK_SRC_MAIN && bk_pmu_perf_busy())
			return -EBUSY;
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

	/*
	 * The hotplug lock is held for one CPU at a time (work_on_cpu_safe),
	 * never across the whole run: a CPU going offline waits for at most
	 * the one calibrating; one that went offline keeps no row.
	 */
	mutex_lock(&bk_calib_lock);
	for_each_possible_cpu(cpu) {
		memset(&job.result, 0, sizeof(job.result));
		if (work_on_cpu_safe(cpu, bk_calibrate_this_cpu, &job))
			job.result.valid = false;
		bk_calib[cpu] = job.result;
	}
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
			   bk_counter_source_name(c->src), c->ensembles, c->samples,
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

	ret = bk_control_allowed(BURNKIT_FILE_CALIBRATE);
	if (ret)
		return ret;
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

int bk_calibration_init(struct dentry *dir, u32 inject_ticks)
{
	int ret;

	bk_inject_ticks = inject_ticks;
	bk_calib = kcalloc(nr_cpu_ids, sizeof(*bk_calib), GFP_KERNEL);
	if (!bk_calib)
		return -ENOMEM;
	ret = bk_calibrate(BK_CALIB_DEFAULT_ENSEMBLES, BK_CALIB_DEFAULT_SAMPLES);
	if (ret) {
		kfree(bk_calib);
		bk_calib = NULL;
		return ret;
	}
	debugfs_create_file(BURNKIT_FILE_CALIBRATION, 0400, dir, NULL,
			    &calibration_fops);
	debugfs_create_file(BURNKIT_FILE_CALIBRATE, 0200, dir, NULL,
			    &calibrate_fops);
	return 0;
}

void bk_calibration_exit(void)
{
	kfree(bk_calib);
	bk_calib = NULL;
}
