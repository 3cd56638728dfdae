// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * Throttle sampler: polls every instance of every throttle source each
 * period, and writes each change of state into a ring of struct
 * burnkit_event, which user space reads as records (throttle_events) or
 * text (throttle_log); throttle_state shows the last readings and counts.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>
#include <burnkit/abi.h>

#include "command.h"
#include "netlink.h"
#include "throttle.h"
#include "throttle_sources.h"

struct bk_instance {
	const struct bk_source *source;
	unsigned int instance;
	struct bk_source_reading last;
	u64 transitions;
};

static struct bk_instance *bk_instances;
static size_t bk_ninstances;
static DEFINE_MUTEX(bk_state_lock);	/* bk_instances' readings */

static struct burnkit_event *bk_ring;	/* BURNKIT_EVENT_RING_SIZE */
static u64 bk_ring_next;		/* seq of the next event */
static DEFINE_SPINLOCK(bk_ring_lock);

static unsigned int bk_period_ms;
static bool bk_inject;
static bool bk_stopping;
static struct delayed_work bk_sampler;

static u64 bk_ring_oldest(void)
{
	return bk_ring_next > BURNKIT_EVENT_RING_SIZE ?
	       bk_ring_next - BURNKIT_EVENT_RING_SIZE : 0;
}

static void bk_record(const struct bk_instance *in,
		      const struct bk_source_reading *now, u64 time_ns)
{
	struct burnkit_event *e, sent;

	spin_lock(&bk_ring_lock);
	e = &bk_ring[bk_ring_next % BURNKIT_EVENT_RING_SIZE];
	memset(e, 0, sizeof(*e));
	e->seq = bk_ring_next++;
	e->time_ns = time_ns;
	e->cpu = in->source->cpu_of(in->instance);
	e->source = in->source->id;
	e->instance = in->instance;
	e->old_state = in->last.state;
	e->new_state = now->state;
	e->temp_mc = now->temp_mc;
	e->mhz = now->mhz;
	sent = *e;
	spin_unlock(&bk_ring_lock);
	bk_netlink_send(&sent);	/* outside the lock: it allocates */
}

/* One pass over every instance; transitions go to the ring. */
static void bk_poll_all(bool record)
{
	size_t i;

	mutex_lock(&bk_state_lock);
	for (i = 0; i < bk_ninstances; i++) {
		struct bk_instance *in = &bk_instances[i];
		struct bk_source_reading now;
		u64 time_ns;

		memset(&now, 0, sizeof(now));
		now.supported = !in->source->poll(in->instance, &now);
		if (!now.supported) {
			now.temp_mc = BURNKIT_TEMP_UNKNOWN;
			now.mhz = BURNKIT_MHZ_UNKNOWN;
		}
		time_ns = ktime_get_ns();
		if (now.supported && in->last.supported &&
		    now.state != in->last.state && record) {
			bk_record(in, &now, time_ns);
			in->transitions++;
		}
		in->last = now;
	}
	mutex_unlock(&bk_state_lock);
}

static void bk_sampler_fn(struct work_struct *work)
{
	bk_poll_all(true);
	if (!READ_ONCE(bk_stopping))
		schedule_delayed_work(&bk_sampler,
				      msecs_to_jiffies(READ_ONCE(bk_period_ms)));
}

/* Instances of every source; sources with none are listed as unsupported. */
static int bk_build_instances(void)
{
	const struct bk_source *src;
	size_t nsrc, s, n = 0;
	unsigned int i;

	src = bk_sources(&nsrc);
	for (s = 0; s < nsrc; s++)
		n += src[s].instances();
	bk_instances = kcalloc(max_t(size_t, n, 1), sizeof(*bk_instances),
			       GFP_KERNEL);
	if (!bk_instances)
		return -ENOMEM;
	for (s = 0; s < nsrc; s++) {
		unsigned int count = src[s].instances();

		for (i = 0; i < count && bk_ninstances < n; i++) {
			bk_instances[bk_ninstances].source = &src[s];
			bk_instances[bk_ninstances].instance = i;
			bk_ninstances++;
		}
	}
	return 0;
}

static void bk_seq_temp_mhz(struct seq_file *m, s32 temp_mc, u32 mhz)
{
	if (temp_mc == BURNKIT_TEMP_UNKNOWN)
		seq_printf(m, "%s ", BURNKIT_UNSUPPORTED);
	else
		seq_printf(m, "%d ", temp_mc);
	bk_seq_u64_or_unsupported(m, mhz != BURNKIT_MHZ_UNKNOWN, mhz, ' ');
}

/* ------------------------------------------------------ throttle_state */

static int throttle_state_show(struct seq_file *m, void *unused)
{
	const struct bk_source *src;
	size_t nsrc, s, i;
	int ret;

	ret = mutex_lock_interruptible(&bk_state_lock);
	if (ret)
		return ret;
	seq_puts(m, "# source name instance state temp_mc mhz transitions\n");
	src = bk_sources(&nsrc);
	for (s = 0; s < nsrc; s++) {
		bool listed = false;

		for (i = 0; i < bk_ninstances; i++) {
			const struct bk_instance *in = &bk_instances[i];

			if (in->source != &src[s] || !in->last.supported)
				continue;
			seq_printf(m, "%u %s %u %u ", src[s].id, src[s].name,
				   in->instance, in->last.state);
			bk_seq_temp_mhz(m, in->last.temp_mc, in->last.mhz);
			seq_printf(m, "%llu\n", in->transitions);
			listed = true;
		}
		if (!listed)
			seq_printf(m, "%u %s 0 %s %s %s 0\n", src[s].id,
				   src[s].name, BURNKIT_UNSUPPORTED,
				   BURNKIT_UNSUPPORTED, BURNKIT_UNSUPPORTED);
	}
	mutex_unlock(&bk_state_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(throttle_state);

/* ----------------------------------------------------- throttle_events */

#define BK_EVENT_SIZE	sizeof(struct burnkit_event)

static ssize_t throttle_events_read(struct file *file, char __user *ubuf,
				    size_t count, loff_t *ppos)
{
	struct burnkit_event batch[8];
	size_t done = 0;
	u64 seq;

	if (*ppos < 0 || *ppos % BK_EVENT_SIZE)
		return -EINVAL;
	seq = *ppos / BK_EVENT_SIZE;

	while (count - done >= BK_EVENT_SIZE) {
		size_t n = 0, want = min((count - done) / BK_EVENT_SIZE,
					 ARRAY_SIZE(batch));

		spin_lock(&bk_ring_lock);
		if (seq < bk_ring_oldest())
			seq = bk_ring_oldest();	/* left behind: skip the lost */
		while (n < want && seq + n < bk_ring_next) {
			batch[n] = bk_ring[(seq + n) % BURNKIT_EVENT_RING_SIZE];
			n++;
		}
		spin_unlock(&bk_ring_lock);
		if (!n)
			break;
		if (copy_to_user(ubuf + done, batch, n * BK_EVENT_SIZE))
			return done ? done : -EFAULT;
		done += n * BK_EVENT_SIZE;
		seq += n;
	}
	*ppos = seq * BK_EVENT_SIZE;
	return done;
}

static const struct file_operations throttle_events_fops = {
	.owner = THIS_MODULE,
	.read = throttle_events_read,
	.llseek = default_llseek,
};

/* -------------------------------------------------------- throttle_log */

static const char *bk_source_name(u32 id)
{
	const struct bk_source *src;
	size_t nsrc, s;

	src = bk_sources(&nsrc);
	for (s = 0; s < nsrc; s++)
		if (src[s].id == id)
			return src[s].name;
	return BURNKIT_UNSUPPORTED;
}

static int throttle_log_show(struct seq_file *m, void *unused)
{
	struct burnkit_event *copy;
	u64 first, last, seq;

	copy = kvmalloc_array(BURNKIT_EVENT_RING_SIZE, BK_EVENT_SIZE, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	spin_lock(&bk_ring_lock);
	first = bk_ring_oldest();
	last = bk_ring_next;
	for (seq = first; seq < last; seq++)
		copy[seq - first] = bk_ring[seq % BURNKIT_EVENT_RING_SIZE];
	spin_unlock(&bk_ring_lock);

	seq_puts(m, "# seq time_ns cpu source name instance old_state new_state temp_mc mhz\n");
	for (seq = 0; seq < last - first; seq++) {
		const struct burnkit_event *e = &copy[seq];

		seq_printf(m, "%llu %llu %u %u %s %u %u %u ", e->seq, e->time_ns,
			   e->cpu, e->source, bk_source_name(e->source),
			   e->instance, e->old_state, e->new_state);
		bk_seq_temp_mhz(m, e->temp_mc, e->mhz);
		seq_puts(m, "\n");
	}
	kvfree(copy);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(throttle_log);

/* -------------------------------------------------- throttle_period_ms */

static int period_get(void *data, u64 *val)
{
	*val = READ_ONCE(bk_period_ms);
	return 0;
}

static int period_set(void *data, u64 ms)
{
	if (ms < BURNKIT_PERIOD_MS_MIN || ms > BURNKIT_PERIOD_MS_MAX) {
		bk_warn_write(BURNKIT_FILE_THROTTLE_PERIOD, "out of 1-10000 ms");
		return -EINVAL;
	}
	WRITE_ONCE(bk_period_ms, ms);
	mod_delayed_work(system_wq, &bk_sampler, msecs_to_jiffies(ms));
	return 0;
}
BK_DEFINE_ATTRIBUTE(period_fops, BURNKIT_FILE_THROTTLE_PERIOD, period_get,
		    period_set);

/* ----------------------------------------------------- throttle_inject */

static ssize_t inject_write(struct file *file, const char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	char buf[BURNKIT_WRITE_MAX];
	u32 v[3] = { 0, (u32)BURNKIT_TEMP_UNKNOWN, BURNKIT_MHZ_UNKNOWN };
	int n, ret;

	ret = bk_control_allowed(BURNKIT_FILE_THROTTLE_INJECT);
	if (ret)
		return ret;
	ret = bk_copy_command(buf, sizeof(buf), ubuf, count,
			      BURNKIT_FILE_THROTTLE_INJECT);
	if (ret)
		return ret;
	n = bk_parse_u32_list(buf, v, 1, 3, BURNKIT_FILE_THROTTLE_INJECT);
	if (n < 0)
		return n;
	if (n >= 2 && v[1] > 200000) {
		bk_warn_write(BURNKIT_FILE_THROTTLE_INJECT,
			      "temperature above 200000 mC");
		return -EINVAL;
	}
	if (n == 3 && v[2] == BURNKIT_MHZ_UNKNOWN) {
		bk_warn_write(BURNKIT_FILE_THROTTLE_INJECT, "MHz out of range");
		return -EINVAL;
	}
	ret = bk_inject_push(v[0], (s32)v[1], v[2]);
	if (ret) {
		bk_warn_write(BURNKIT_FILE_THROTTLE_INJECT, "queue full");
		return ret;
	}
	return count;
}

static const struct file_operations inject_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = inject_write,
};

/* ------------------------------------------------------------ features */

void bk_throttle_features(struct seq_file *m)
{
	seq_printf(m, "inject %s\n", bk_inject ? "on" : "off");
	seq_printf(m, "throttle_period_ms %u\n", READ_ONCE(bk_period_ms));
}

/* ---------------------------------------------------------- init, exit */

int bk_throttle_init(struct dentry *dir, unsigned int period_ms, bool inject)
{
	int ret;

	bk_period_ms = period_ms;
	bk_inject = inject;
	bk_stopping = false;
	bk_ring = kvcalloc(BURNKIT_EVENT_RING_SIZE, BK_EVENT_SIZE, GFP_KERNEL);
	if (!bk_ring)
		return -ENOMEM;
	ret = bk_sources_init(inject);
	if (ret)
		goto out_ring;
	ret = bk_build_instances();
	if (ret)
		goto out_sources;

	bk_poll_all(false);	/* the starting states are no transitions */
	INIT_DELAYED_WORK(&bk_sampler, bk_sampler_fn);
	schedule_delayed_work(&bk_sampler, msecs_to_jiffies(period_ms));

	debugfs_create_file(BURNKIT_FILE_THROTTLE_STATE, 0400, dir, NULL,
			    &throttle_state_fops);
	debugfs_create_file(BURNKIT_FILE_THROTTLE_EVENTS, 0400, dir, NULL,
			    &throttle_events_fops);
	debugfs_create_file(BURNKIT_FILE_THROTTLE_LOG, 0400, dir, NULL,
			    &throttle_log_fops);
	debugfs_create_file_unsafe(BURNKIT_FILE_THROTTLE_PERIOD, 0600, dir,
				   NULL, &period_fops);
	if (inject)
		debugfs_create_file(BURNKIT_FILE_THROTTLE_INJECT, 0200, dir,
				    NULL, &inject_fops);
	return 0;

out_sources:
	bk_sources_exit();
out_ring:
	kvfree(bk_ring);
	bk_ring = NULL;
	return ret;
}

void bk_throttle_exit(void)
{
	WRITE_ONCE(bk_stopping, true);
	cancel_delayed_work_sync(&bk_sampler);
	bk_sources_exit();
	kfree(bk_instances);
	bk_instances = NULL;
	bk_ninstances = 0;
	kvfree(bk_ring);
	bk_ring = NULL;
}
