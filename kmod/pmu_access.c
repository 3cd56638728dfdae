// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * User access to the ARM PMU cycle counter: on every CPU, also CPUs that
 * come online later and after idle exits that reset the PMU; where perf
 * uses the PMU it is left alone. x86 needs none (rdtsc is open to user
 * space unless CR4.TSD is set): there only the census is real.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpu_pm.h>
#include <linux/cpuhotplug.h>
#include <linux/debugfs.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/smp.h>
#include <linux/workqueue.h>
#include <burnkit/abi.h>

#include "arch.h"
#include "command.h"
#include "pmu_access.h"

/* This CPU: the cycle counter runs (whoever started it). */
bool bk_pmu_counting(void)
{
#if BK_HAVE_PMU_CONTROL
	return (bk_pmu_pmcr() & BK_PMCR_E) &&
	       (bk_pmu_cntenset() & BK_PMCNTEN_CYCLES);
#else
	return true;
#endif
}

bool bk_pmu_user_readable(void)
{
#if BK_HAVE_PMU_CONTROL
	return (bk_pmu_userenr() & BK_PMUSERENR_READ) && bk_pmu_counting();
#else
	return bk_counter_user_readable();
#endif
}

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
	if (!(bk_pmu_userenr() & BK_PMUSERENR_USER) || !bk_pmu_counting())
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

static int user_access_get(void *data, u64 *val)
{
	*val = READ_ONCE(bk_access_on);
	return 0;
}

static int user_access_set(void *data, u64 val)
{
	if (val > 1) {
		bk_warn_write(BURNKIT_FILE_USER_ACCESS, "expected 0 or 1");
		return -EINVAL;
	}
	return bk_set_user_access(val);
}
BK_DEFINE_ATTRIBUTE(user_access_fops, BURNKIT_FILE_USER_ACCESS,
		    user_access_get, user_access_set);

static void bk_pmu_count_cpu(void *arg)
{
	struct bk_pmu_census *c = arg;

	/* Counted under the caller's lock, one CPU at a time. */
	c->cpus++;
	if (bk_pmu_user_readable())
		c->readable++;
	if (this_cpu_ptr(&bk_pmu_cpu)->perf_busy || bk_pmu_perf_active())
		c->perf_busy++;
}

void bk_pmu_access_features(struct seq_file *m, const struct bk_pmu_census *c)
{
	if (!READ_ONCE(bk_access_on))
		seq_puts(m, "user_access disabled\n");
	else if (c->readable == c->cpus)
		seq_puts(m, "user_access enabled\n");
	else
		seq_puts(m, "user_access lost\n");
	seq_printf(m, "perf_pmu %s\n", c->perf_busy ? "in-use" : "idle");
}

int bk_pmu_access_init(struct dentry *dir, bool user_access)
{
	int ret;

	cpu_pm_register_notifier(&bk_cpu_pm_nb);
	if (user_access) {
		ret = bk_set_user_access(true);
		if (ret) {
			cpu_pm_unregister_notifier(&bk_cpu_pm_nb);
			return ret;
		}
	}
	debugfs_create_file_unsafe(BURNKIT_FILE_USER_ACCESS, 0600, dir, NULL,
				   &user_access_fops);
	return 0;
}

void bk_pmu_access_exit(void)
{
	bk_set_user_access(false);
	cpu_pm_unregister_notifier(&bk_cpu_pm_nb);
}

#else /* !BK_HAVE_PMU_CONTROL */

static void bk_pmu_count_cpu(void *arg)
{
	struct bk_pmu_census *c = arg;

	c->cpus++;
	if (bk_pmu_user_readable())
		c->readable++;
}

void bk_pmu_access_features(struct seq_file *m, const struct bk_pmu_census *c)
{
	seq_printf(m, "user_access %s\n", BURNKIT_UNSUPPORTED);
	seq_printf(m, "perf_pmu %s\n", BURNKIT_UNSUPPORTED);
}

int bk_pmu_access_init(struct dentry *dir, bool user_access)
{
	return 0;
}

void bk_pmu_access_exit(void)
{
}

#endif /* BK_HAVE_PMU_CONTROL */

void bk_pmu_take_census(struct bk_pmu_census *c)
{
	unsigned int cpu;

	memset(c, 0, sizeof(*c));
	cpus_read_lock();
	for_each_online_cpu(cpu)
		smp_call_function_single(cpu, bk_pmu_count_cpu, c, 1);
	cpus_read_unlock();
}
