// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * User access to the ARM PMU cycle counter, per task and only on request:
 * a thread with CAP_PERFMON (or CAP_SYS_ADMIN) writes "1" to user_access
 * and keeps the file open; while it runs on a CPU, that CPU lets EL0 read
 * the cycle counter (PMUSERENR), counting EL0 only (PMCCFILTR); when it is
 * scheduled out, the registers are put back, so every other task traps
 * (SIGILL). Preempt notifiers do the switching. The grant ends when the
 * file is closed or the thread exits, and for good when something else
 * (perf) changed the registers under it: the module never takes back what
 * perf took; the thread has to ask again.
 *
 * The PMU is probed (PMUVer, PerfMon) before any PMU register is touched.
 * x86 needs none of this: rdtsc is open to user space.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/capability.h>
#include <linux/cpu.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/sched/task.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/task_work.h>
#include <burnkit/abi.h>

#include "arch.h"
#include "command.h"
#include "pmu_access.h"

#if BK_HAVE_PMU_CONTROL

static const char *bk_pmu_why;		/* NULL: the PMU can be used */
static const char *bk_access_why;	/* NULL: tasks may ask for access */
static bool bk_pmu_filters;		/* every CPU keeps EL1 out of the count */
static DEFINE_MUTEX(bk_files_lock);	/* the holder slot of each open file */

#define BK_ARMV7_WHY \
	"ARMv7 PMUSERENR.EN lets the task program the PMU too: load with armv7_user_access=1 to allow that"

/*
 * perf is using the PMU on this CPU: it has overflow interrupts on (for any
 * counter, the cycle counter too), or counters other than the cycle
 * counter run.
 */
static bool bk_pmu_perf_active(void)
{
	return bk_pmu_intenset() ||
	       (bk_pmu_cntenset() & ~(u64)BK_PMCNTEN_CYCLES);
}

/* ------------------------------------------------------------ holders */

#ifdef CONFIG_PREEMPT_NOTIFIERS

/*
 * Where and why a holder lost its grant (or was refused it), and the
 * registers as they were then: a task whose reads trap (SIGILL) is told
 * why in the kernel log.
 */
struct bk_holder_loss {
	const char *why;
	int cpu;
	u64 userenr;
	u64 ccfiltr;
	u64 cntenset;
	u64 intenset;
};

/* One open user_access file, and the thread that asked through it. */
struct bk_holder {
	struct preempt_notifier pn;	/* on task's list while task is set */
	struct list_head node;		/* bk_holders, under bk_holders_lock */
	struct callback_head release_work;	/* unregister as the task */
	struct task_struct *task;	/* referenced; NULL until asked */
	pid_t tid;
	bool revoked;	/* closed by another task: grant no more */
	bool lost;	/* perf or another changed the registers: no more */
	bool dead;	/* the task has exited */
	struct bk_holder_loss loss;	/* why lost, logged when it ends */
};

/* What the grant on one CPU changed, and for whom. */
struct bk_pmu_cpu {
	struct bk_pmu_regs saved;
	struct bk_holder *granted;	/* the holder running here, or NULL */
};

static DEFINE_PER_CPU(struct bk_pmu_cpu, bk_pmu_cpu);
static LIST_HEAD(bk_holders);
static DEFINE_MUTEX(bk_holders_lock);

/*
 * The scheduler's notifier calls are a static key: turned on at the first
 * ask, under bk_files_lock, and off only when the module goes. Turned on
 * and off with each holder, the kernel's text is patched at every ask and
 * every end; under qemu's TCG the switch-in call site once stayed a NOP
 * after such a patch while the switch-out one branched: a holder's grant
 * went at its first switch out and never came back (its reads trapped,
 * no loss seen), 4 holders in 2840.
 */
static bool bk_notifier_key_on;

/* This CPU, interrupts off: h loses its grant for good, for why. */
static void bk_holder_lose(struct bk_holder *h, const char *why)
{
	lockdep_assert_irqs_disabled();
	if (READ_ONCE(h->lost))
		return;
	h->loss.why = why;
	h->loss.cpu = smp_processor_id();
	h->loss.userenr = bk_pmu_userenr();
	h->loss.ccfiltr = bk_pmu_ccfiltr();
	h->loss.cntenset = bk_pmu_cntenset();
	h->loss.intenset = bk_pmu_intenset();
	smp_store_release(&h->lost, true);	/* the loss is read after it */
}

/*
 * This CPU, interrupts off: h runs here from now on; perf_why is what its
 * loss says when perf holds the PMU here.
 */
static void bk_grant_here(struct bk_holder *h, const char *perf_why)
{
	struct bk_pmu_cpu *c = this_cpu_ptr(&bk_pmu_cpu);

	lockdep_assert_irqs_disabled();
	if (READ_ONCE(h->revoked) || READ_ONCE(h->lost))
		return;
	if (bk_pmu_perf_active()) {
		bk_holder_lose(h, perf_why);
		return;
	}
	bk_pmu_save(&c->saved);
	bk_pmu_grant();
	c->granted = h;
}

/* This CPU, interrupts off: h stops running here. */
static void bk_ungrant_here(struct bk_holder *h)
{
	struct bk_pmu_cpu *c = this_cpu_ptr(&bk_pmu_cpu);

	lockdep_assert_irqs_disabled();
	if (c->granted != h)
		return;
	c->granted = NULL;
	/* perf started under us: the registers are perf's, for good. */
	if (bk_pmu_perf_active()) {
		bk_holder_lose(h, "lost: perf started using the PMU while it ran");
		return;
	}
	/*
	 * Changed under us by something else: h loses its grant, and what
	 * was here before goes back, so that no task on this CPU keeps the
	 * counter it was given.
	 */
	if (!bk_pmu_grant_intact())
		bk_holder_lose(h, "lost: its PMUSERENR or PMCCFILTR changed while it ran");
	bk_pmu_restore(&c->saved);
}

/*
 * The scheduler fires sched_in notifiers with interrupts on (sched_out
 * ones with them off): an IPI reading the counter (counters) between the
 * grant and c->granted would restart it with EL1 counted, and the holder
 * would lose its grant at the next switch.
 */
static void bk_holder_sched_in(struct preempt_notifier *pn, int cpu)
{
	unsigned long flags;

	local_irq_save(flags);
	bk_grant_here(container_of(pn, struct bk_holder, pn),
		      "lost: perf was using the PMU when it was switched in");
	local_irq_restore(flags);
}

static void bk_holder_sched_out(struct preempt_notifier *pn,
				struct task_struct *next)
{
	struct bk_holder *h = container_of(pn, struct bk_holder, pn);

	/*
	 * Running here ungranted, neither lost nor revoked: its switch-in
	 * call did not come (the static key above), so its reads trapped.
	 */
	if (this_cpu_ptr(&bk_pmu_cpu)->granted != h &&
	    !READ_ONCE(h->lost) && !READ_ONCE(h->revoked))
		bk_holder_lose(h, "lost: the scheduler did not call its switch-in");
	bk_ungrant_here(h);
	/* The last switch away from an exiting task: it never runs again. */
	if (READ_ONCE(current->__state) == TASK_DEAD)
		WRITE_ONCE(h->dead, true);
}

static struct preempt_ops bk_holder_ops = {
	.sched_in = bk_holder_sched_in,
	.sched_out = bk_holder_sched_out,
};

/*
 * Its notifier gone: a loss is final (the last switch out may have found
 * it, after the file was closed), and said in the log with the registers
 * that showed it, a refused ask's too.
 */
static void bk_holder_free(struct bk_holder *h)
{
	/* Pairs with bk_holder_lose's release: the loss is filled in. */
	if (smp_load_acquire(&h->lost))
		pr_info_ratelimited("%s: thread %d, cycle counter on CPU %d: %s (PMUSERENR %#llx PMCCFILTR %#llx PMCNTENSET %#llx PMINTENSET %#llx)\n",
				    BURNKIT_FILE_USER_ACCESS, h->tid,
				    h->loss.cpu, h->loss.why,
				    h->loss.userenr, h->loss.ccfiltr,
				    h->loss.cntenset, h->loss.intenset);
	put_task_struct(h->task);
	kfree(h);
}

/* As the holder's own task: the notifier list is only safe to edit there. */
static void bk_holder_unregister_here(struct bk_holder *h)
{
	unsigned long flags;

	preempt_disable();
	local_irq_save(flags);
	bk_ungrant_here(h);
	local_irq_restore(flags);
	preempt_notifier_unregister(&h->pn);
	preempt_enable();
}

static void bk_holder_release_work(struct callback_head *work)
{
	struct bk_holder *h = container_of(work, struct bk_holder, release_work);

	bk_holder_unregister_here(h);
	bk_holder_free(h);
	module_put(THIS_MODULE);
}

/*
 * End h's grant. The notifier hangs on the task's own list, which only the
 * task itself may edit: done here when the task itself closes the file (or
 * exits: exit_files runs as the task), else queued to the task as task work
 * (revoked meanwhile, so it is granted no more), or, when the task is past
 * running task work, left on the list of a task that never runs again.
 */
static void bk_holder_end(struct bk_holder *h)
{
	struct task_struct *task = h->task;

	mutex_lock(&bk_holders_lock);
	list_del(&h->node);
	mutex_unlock(&bk_holders_lock);

	if (task == current) {
		bk_holder_unregister_here(h);
		bk_holder_free(h);
		return;
	}
	WRITE_ONCE(h->revoked, true);
	__module_get(THIS_MODULE);	/* the notifier's code stays */
	init_task_work(&h->release_work, bk_holder_release_work);
	if (!task_work_add(task, &h->release_work, TWA_SIGNAL))
		return;
	module_put(THIS_MODULE);
	/* Exiting: wait for its last switch, after which nothing reads h. */
	while (READ_ONCE(task->__state) != TASK_DEAD)
		schedule_timeout_uninterruptible(1);
	smp_cond_load_acquire(&task->on_cpu, !VAL);
	bk_holder_free(h);
}

/* Grant the calling thread access through the open file's holder slot. */
static int bk_holder_ask(struct bk_holder **slot)
{
	struct bk_holder *h;
	unsigned long flags;

	if (*slot) {
		if ((*slot)->task != current) {
			bk_warn_write(BURNKIT_FILE_USER_ACCESS,
				      "held by another thread: each thread opens the file itself");
			return -EBUSY;
		}
		if (!READ_ONCE((*slot)->lost))
			return 0;
		bk_holder_end(*slot);	/* lost: ask again from scratch */
		*slot = NULL;
	}
	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h)
		return -ENOMEM;
	h->task = get_task_struct(current);
	h->tid = task_pid_nr(current);
	if (!bk_notifier_key_on) {
		preempt_notifier_inc();
		bk_notifier_key_on = true;
	}
	preempt_notifier_init(&h->pn, &bk_holder_ops);

	preempt_disable();
	preempt_notifier_register(&h->pn);
	local_irq_save(flags);
	bk_grant_here(h, "refused: perf was using the PMU when it asked");
	local_irq_restore(flags);
	preempt_enable();

	mutex_lock(&bk_holders_lock);
	list_add_tail(&h->node, &bk_holders);
	mutex_unlock(&bk_holders_lock);
	*slot = h;
	if (READ_ONCE(h->lost)) {
		bk_warn_write(BURNKIT_FILE_USER_ACCESS,
			      "perf is using the PMU: not taken from it");
		bk_holder_end(h);
		*slot = NULL;
		return -EBUSY;
	}
	return 0;
}

static bool bk_holder_active(const struct bk_holder *h)
{
	return !READ_ONCE(h->lost) && !READ_ONCE(h->dead) &&
	       !READ_ONCE(h->revoked);
}

/* "on TID..." for the holders still granted, else "off". */
static void bk_holders_show(struct seq_file *m)
{
	struct bk_holder *h;
	bool any = false;

	mutex_lock(&bk_holders_lock);
	list_for_each_entry(h, &bk_holders, node) {
		if (!bk_holder_active(h))
			continue;
		seq_printf(m, "%s %d", any ? "" : "on", h->tid);
		any = true;
	}
	mutex_unlock(&bk_holders_lock);
	seq_puts(m, any ? "\n" : "off\n");
}

static bool bk_holders_any(void)
{
	struct bk_holder *h;
	bool any = false;

	mutex_lock(&bk_holders_lock);
	list_for_each_entry(h, &bk_holders, node)
		any |= bk_holder_active(h);
	mutex_unlock(&bk_holders_lock);
	return any;
}

/* This CPU: the thread running here holds a grant. */
static bool bk_granted_here(void)
{
	return !!this_cpu_ptr(&bk_pmu_cpu)->granted;
}

/* The module goes: no holder is left (each holds the module while it is). */
static void bk_notifier_key_off(void)
{
	if (bk_notifier_key_on)
		preempt_notifier_dec();
}

#define BK_NO_NOTIFIERS_WHY NULL

#else /* !CONFIG_PREEMPT_NOTIFIERS */

struct bk_holder;

static int bk_holder_ask(struct bk_holder **slot)
{
	return -EOPNOTSUPP;	/* bk_access_why says why */
}

static void bk_holder_end(struct bk_holder *h)
{
}

static void bk_holders_show(struct seq_file *m)
{
	seq_puts(m, "off\n");
}

static bool bk_holders_any(void)
{
	return false;
}

static bool bk_granted_here(void)
{
	return false;
}

static void bk_notifier_key_off(void)
{
}

#define BK_NO_NOTIFIERS_WHY \
	"the kernel has no CONFIG_PREEMPT_NOTIFIERS, which per-task access needs"

#endif /* CONFIG_PREEMPT_NOTIFIERS */

/* -------------------------------------------------------- user_access */

/* The open file's seq_file keeps the holder, once the thread asked. */
static int user_access_show(struct seq_file *m, void *unused)
{
	if (bk_access_why)
		seq_printf(m, "%s: %s\n", BURNKIT_UNSUPPORTED, bk_access_why);
	else
		bk_holders_show(m);
	return 0;
}

static int user_access_open(struct inode *inode, struct file *file)
{
	return single_open(file, user_access_show, NULL);
}

static int user_access_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	if (m->private)
		bk_holder_end(m->private);
	return single_release(inode, file);
}

static ssize_t user_access_write(struct file *file, const char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	struct seq_file *m = file->private_data;
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
	if (!on) {
		mutex_lock(&bk_files_lock);
		if (m->private)
			bk_holder_end(m->private);
		m->private = NULL;
		mutex_unlock(&bk_files_lock);
		return count;
	}
	if (!perfmon_capable()) {
		bk_warn_write(BURNKIT_FILE_USER_ACCESS,
			      "needs CAP_PERFMON or CAP_SYS_ADMIN");
		return -EPERM;
	}
	if (bk_access_why) {
		bk_warn_write(BURNKIT_FILE_USER_ACCESS, bk_access_why);
		return -EOPNOTSUPP;
	}
	/*
	 * ARMv7's PMUSERENR.EN lets the task program the PMU (its filter too,
	 * so it may count the kernel's cycles): what lockdown's LOCKDOWN_PERF
	 * keeps from user space. The AArch64 grant is reads of an EL0-only
	 * count and needs no such check.
	 */
	if (!IS_ENABLED(CONFIG_ARM64)) {
		ret = security_locked_down(LOCKDOWN_PERF);
		if (ret) {
			bk_warn_write(BURNKIT_FILE_USER_ACCESS,
				      "kernel lockdown forbids unfiltered PMU access");
			return ret;
		}
	}
	/* Threads sharing the file are told apart by the holder's task. */
	mutex_lock(&bk_files_lock);
	ret = bk_holder_ask((struct bk_holder **)&m->private);
	mutex_unlock(&bk_files_lock);
	return ret ? ret : count;
}

static const struct file_operations user_access_fops = {
	.owner = THIS_MODULE,
	.open = user_access_open,
	.release = user_access_release,
	.read = seq_read,
	.write = user_access_write,
	.llseek = seq_lseek,
};

/* ------------------------------------------------ kernel use, census */

bool bk_pmu_present(void)
{
	return !bk_pmu_why;
}

const char *bk_pmu_absent_reason(void)
{
	return bk_pmu_why;
}

bool bk_pmu_user_can_ask(void)
{
	return !bk_access_why;
}

bool bk_pmu_perf_busy(void)
{
	return !bk_pmu_why && bk_pmu_perf_active();
}

bool bk_pmu_kernel_start(void)
{
	if (bk_pmu_why || bk_pmu_perf_active())
		return false;
	/* A holder runs here (we interrupted it): its counter runs, EL0 only. */
	if (bk_granted_here())
		return true;
	bk_pmu_start(0);
	return true;
}

static void bk_pmu_count_cpu(void *arg)
{
	struct bk_pmu_census *c = arg;

	/* Counted under the caller's lock, one CPU at a time. */
	c->cpus++;
	if (!bk_pmu_why && bk_pmu_perf_active())
		c->perf_busy++;
	else if (!bk_pmu_why)
		c->usable++;
}

void bk_pmu_access_features(struct seq_file *m, const struct bk_pmu_census *c)
{
	if (bk_access_why)
		seq_printf(m, "user_access %s\n", BURNKIT_UNSUPPORTED);
	else
		seq_printf(m, "user_access %s\n", bk_holders_any() ? "on" : "off");
	if (bk_pmu_why)
		seq_printf(m, "perf_pmu %s\n", BURNKIT_UNSUPPORTED);
	else
		seq_printf(m, "perf_pmu %s\n", c->perf_busy ? "in-use" : "idle");
	seq_printf(m, "pmu %s\n", bk_pmu_why ? "absent" : "present");
	if (bk_pmu_why)
		seq_printf(m, "pmu_filter %s\n", BURNKIT_UNSUPPORTED);
	else
		seq_printf(m, "pmu_filter %s\n", bk_pmu_filters ? "el0" : "none");
}

struct bk_pmu_probe {
	const char *why;	/* some CPU has no usable PMU */
	bool unfiltered;	/* some CPU counts EL1 in any case */
};

static void bk_pmu_probe_cpu(void *arg)
{
	struct bk_pmu_probe *p = arg;
	const char *here = bk_pmu_absent_why();

	if (here)
		WRITE_ONCE(p->why, here);	/* any CPU without one: none */
	else if (!bk_pmu_perf_active() && !bk_pmu_filter_probe())
		WRITE_ONCE(p->unfiltered, true);	/* perf's: left alone */
}

int bk_pmu_access_init(struct dentry *dir, bool armv7_user_access)
{
	struct bk_pmu_probe probe = { };
	const char *why;

	on_each_cpu(bk_pmu_probe_cpu, &probe, 1);
	why = probe.why;
	bk_pmu_why = why;
	bk_pmu_filters = !why && !probe.unfiltered;
	if (why) {
		pr_info("PMU: %s; the cycle counter is unsupported\n", why);
		bk_access_why = why;
	} else if (!IS_ENABLED(CONFIG_ARM64) && !armv7_user_access) {
		bk_access_why = BK_ARMV7_WHY;
	} else {
		bk_access_why = BK_NO_NOTIFIERS_WHY;
	}
	debugfs_create_file(BURNKIT_FILE_USER_ACCESS, 0600, dir, NULL,
			    &user_access_fops);
	return 0;
}

void bk_pmu_access_exit(void)
{
	/* Every holder ended with its file; pending ones hold the module. */
	bk_notifier_key_off();
}

#else /* !BK_HAVE_PMU_CONTROL */

bool bk_pmu_present(void)
{
	return false;
}

const char *bk_pmu_absent_reason(void)
{
	return "x86: the TSC needs no PMU";
}

bool bk_pmu_user_can_ask(void)
{
	return false;
}

bool bk_pmu_perf_busy(void)
{
	return false;
}

bool bk_pmu_kernel_start(void)
{
	return true;	/* the TSC always runs */
}

static void bk_pmu_count_cpu(void *arg)
{
	struct bk_pmu_census *c = arg;

	c->cpus++;
	c->usable++;
}

void bk_pmu_access_features(struct seq_file *m, const struct bk_pmu_census *c)
{
	seq_printf(m, "user_access %s\n", BURNKIT_UNSUPPORTED);
	seq_printf(m, "perf_pmu %s\n", BURNKIT_UNSUPPORTED);
	seq_printf(m, "pmu %s\n", BURNKIT_UNSUPPORTED);
	seq_printf(m, "pmu_filter %s\n", BURNKIT_UNSUPPORTED);
}

int bk_pmu_access_init(struct dentry *dir, bool armv7_user_access)
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
