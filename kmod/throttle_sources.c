// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * Throttle sources, as a table: what can tell this kernel that a CPU is
 * being slowed down, how many instances of it the machine has and how to
 * poll one. The sampler in throttle.c knows nothing of their meaning.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpufreq.h>
#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/topology.h>
#ifdef CONFIG_X86
#include <asm/cpufeature.h>
#include <asm/msr.h>
#endif
#include <burnkit/abi.h>

#include "clock.h"
#include "compat.h"
#include "rpi_firmware.h"
#include "throttle_sources.h"

#define BK_MAX_ZONES		64
#define BK_MAX_TRIPS		16

static unsigned int bk_cpu_is_instance(unsigned int instance)
{
	return instance;
}

static unsigned int bk_this_cpu(unsigned int instance)
{
	return raw_smp_processor_id();
}

/*
 * One number from a sysfs file, from the sampler's process context. The
 * thermal_throttle counts exist only there. Thermal zones have a kernel
 * API (thermal_zone_get_zone_by_name(), thermal_zone_get_temp()), but it
 * hands out the zone without a reference: a zone whose driver unbinds
 * while we hold it would be freed under us, and pinning its device would
 * stall that unbind. Through sysfs each read holds the zone's kernfs node
 * for the read only, and a zone that is gone is a failed open:
 * "unsupported" (tests/vm/65-thermal-zone.sh removes one under the module).
 */
static int bk_read_sysfs_s64(const char *path, s64 *val)
{
	struct file *f;
	char buf[32];
	loff_t pos = 0;
	ssize_t n;

	f = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	n = kernel_read(f, buf, sizeof(buf) - 1, &pos);
	filp_close(f, NULL);
	if (n <= 0)
		return n < 0 ? n : -ENODATA;
	buf[n] = '\0';
	return kstrtos64(strim(buf), 10, val);
}

static int bk_read_sysfs_str(const char *path, char *buf, size_t len)
{
	struct file *f;
	loff_t pos = 0;
	ssize_t n;

	f = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	n = kernel_read(f, buf, len - 1, &pos);
	filp_close(f, NULL);
	if (n <= 0)
		return n < 0 ? n : -ENODATA;
	buf[n] = '\0';
	strim(buf);
	return 0;
}

/*
 * -------------------------------------------------------- x86 MSRs
 * Reads only, through rdmsrq_safe_on_cpu(): no security_locked_down()
 * check is needed, lockdown (LOCKDOWN_MSR) guards MSR writes from user
 * space, and thermal status and TjMax reveal nothing of kernel memory.
 */
#ifdef CONFIG_X86
#define BK_THERM_STATUS_PROCHOT		BIT_ULL(0)	/* throttling now */
#define BK_THERM_STATUS_READING_VALID	BIT_ULL(31)
#define BK_THERM_STATUS_DIGITAL(v)	(((v) >> 16) & 0x7f)	/* degrees below TjMax */
#define BK_TEMP_TARGET_TJMAX(v)		(((v) >> 16) & 0xff)

static unsigned int bk_x86_cpus;	/* CPUs with IA32_THERM_STATUS */
static unsigned int bk_x86_packages;	/* packages with PACKAGE_THERM_STATUS */
static unsigned int bk_x86_count_cpus;	/* CPUs with thermal_throttle/ */

/*
 * TjMax per CPU, read once at probe (it does not change at run time): the
 * sampler then sends one IPI per CPU and period (THERM_STATUS), not two.
 * 0 where unknown.
 */
static u8 *bk_x86_tjmax;

static void bk_x86_read_tjmax(void)
{
	unsigned int cpu;
	u64 target;

	for_each_online_cpu(cpu)
		if (!rdmsrq_safe_on_cpu(cpu, MSR_IA32_TEMPERATURE_TARGET, &target))
			bk_x86_tjmax[cpu] = BK_TEMP_TARGET_TJMAX(target);
}

static s32 bk_x86_temp_mc(unsigned int cpu, u64 status)
{
	u8 tjmax = bk_x86_tjmax ? bk_x86_tjmax[cpu] : 0;

	if (!(status & BK_THERM_STATUS_READING_VALID) || !tjmax)
		return BURNKIT_TEMP_UNKNOWN;
	return ((s32)tjmax - (s32)BK_THERM_STATUS_DIGITAL(status)) * 1000;
}

static unsigned int x86_core_instances(void)
{
	return bk_x86_cpus;
}

static int x86_core_poll(unsigned int cpu, struct bk_source_reading *r)
{
	u64 status;

	if (!cpu_online(cpu) ||
	    rdmsrq_safe_on_cpu(cpu, MSR_IA32_THERM_STATUS, &status))
		return -ENODATA;
	r->state = !!(status & BK_THERM_STATUS_PROCHOT);
	r->temp_mc = bk_x86_temp_mc(cpu, status);
	r->mhz = bk_clock_mhz(cpu);
	return 0;
}

static int bk_x86_package_cpu(unsigned int pkg)
{
	unsigned int cpu;

	for_each_online_cpu(cpu)
		if (topology_logical_package_id(cpu) == pkg)
			return cpu;
	return -1;
}

static unsigned int x86_pkg_instances(void)
{
	return bk_x86_packages;
}

static unsigned int x86_pkg_cpu(unsigned int pkg)
{
	int cpu = bk_x86_package_cpu(pkg);

	return cpu < 0 ? 0 : cpu;
}

static int x86_pkg_poll(unsigned int pkg, struct bk_source_reading *r)
{
	int cpu = bk_x86_package_cpu(pkg);
	u64 status;

	if (cpu < 0 ||
	    rdmsrq_safe_on_cpu(cpu, MSR_IA32_PACKAGE_THERM_STATUS, &status))
		return -ENODATA;
	r->state = !!(status & BK_THERM_STATUS_PROCHOT);
	r->temp_mc = bk_x86_temp_mc(cpu, status);
	r->mhz = bk_clock_mhz(cpu);
	return 0;
}

static unsigned int x86_count_instances(void)
{
	return bk_x86_count_cpus;
}

static int x86_count_poll(unsigned int cpu, struct bk_source_reading *r)
{
	char path[96];
	s64 count;

	snprintf(path, sizeof(path),
		 "/sys/devices/system/cpu/cpu%u/thermal_throttle/core_throttle_count",
		 cpu);
	if (bk_read_sysfs_s64(path, &count))
		return -ENODATA;
	r->state = (u32)count;
	r->temp_mc = BURNKIT_TEMP_UNKNOWN;
	r->mhz = bk_clock_mhz(cpu);
	return 0;
}

static void bk_x86_probe(void)
{
	u64 v;
	s64 count;

	/* Emulators may answer any MSR with 0: trust the CPUID bits first. */
	if (boot_cpu_has(X86_FEATURE_DTHERM) &&
	    !rdmsrq_safe_on_cpu(0, MSR_IA32_THERM_STATUS, &v))
		bk_x86_cpus = nr_cpu_ids;
	if (bk_x86_cpus || boot_cpu_has(X86_FEATURE_PTS)) {
		bk_x86_tjmax = kcalloc(nr_cpu_ids, sizeof(*bk_x86_tjmax), GFP_KERNEL);
		if (bk_x86_tjmax)
			bk_x86_read_tjmax();
	}
	if (boot_cpu_has(X86_FEATURE_PTS) &&
	    !rdmsrq_safe_on_cpu(0, MSR_IA32_PACKAGE_THERM_STATUS, &v))
		bk_x86_packages = topology_max_packages();
	if (!bk_read_sysfs_s64("/sys/devices/system/cpu/cpu0/thermal_throttle/core_throttle_count",
			       &count))
		bk_x86_count_cpus = nr_cpu_ids;
}

static void bk_x86_release(void)
{
	kfree(bk_x86_tjmax);
	bk_x86_tjmax = NULL;
}
#else
static unsigned int bk_none(void)
{
	return 0;
}

static int bk_poll_none(unsigned int instance, struct bk_source_reading *r)
{
	return -ENODEV;
}

#define x86_core_instances	bk_none
#define x86_core_poll		bk_poll_none
#define x86_pkg_instances	bk_none
#define x86_pkg_poll		bk_poll_none
#define x86_pkg_cpu		bk_this_cpu
#define x86_count_instances	bk_none
#define x86_count_poll		bk_poll_none

static void bk_x86_probe(void)
{
}

static void bk_x86_release(void)
{
}
#endif

/* ------------------------------------------------- Raspberry Pi firmware */

static unsigned int rpi_instances(void)
{
	return bk_rpi_present() ? 1 : 0;
}

static int rpi_poll(unsigned int instance, struct bk_source_reading *r)
{
	u32 bits, hz;
	const char *kind;

	if (bk_rpi_throttled(&bits))
		return -ENODATA;
	r->state = bits;
	r->temp_mc = BURNKIT_TEMP_UNKNOWN;
	r->mhz = bk_rpi_arm_clock_hz(&hz, &kind) ? BURNKIT_MHZ_UNKNOWN : hz / 1000000;
	return 0;
}

/* ------------------------------------------------------ thermal zones */

static unsigned int bk_zones;

static unsigned int zone_instances(void)
{
	return bk_zones;
}

/* Trip points that take action (not "active": fans) at or below temp. */
static u32 bk_trips_crossed(unsigned int zone, s64 temp)
{
	char path[80], type[16];
	u32 crossed = 0;
	int trip;
	s64 t;

	for (trip = 0; trip < BK_MAX_TRIPS; trip++) {
		snprintf(path, sizeof(path),
			 "/sys/class/thermal/thermal_zone%u/trip_point_%d_temp",
			 zone, trip);
		if (bk_read_sysfs_s64(path, &t))
			break;
		snprintf(path, sizeof(path),
			 "/sys/class/thermal/thermal_zone%u/trip_point_%d_type",
			 zone, trip);
		if (!bk_read_sysfs_str(path, type, sizeof(type)) &&
		    !strcmp(type, "active"))
			continue;
		if (t > 0 && temp >= t)
			crossed++;
	}
	return crossed;
}

static int zone_poll(unsigned int zone, struct bk_source_reading *r)
{
	char path[64];
	s64 temp;

	snprintf(path, sizeof(path), "/sys/class/thermal/thermal_zone%u/temp",
		 zone);
	if (bk_read_sysfs_s64(path, &temp))
		return -ENODATA;
	r->state = bk_trips_crossed(zone, temp);
	r->temp_mc = (s32)clamp_t(s64, temp, S32_MIN + 1, S32_MAX);
	r->mhz = bk_clock_mhz(raw_smp_processor_id());
	return 0;
}

static void bk_zones_probe(void)
{
	char path[64];
	s64 temp;

	for (bk_zones = 0; bk_zones < BK_MAX_ZONES; bk_zones++) {
		snprintf(path, sizeof(path),
			 "/sys/class/thermal/thermal_zone%u/temp", bk_zones);
		if (bk_read_sysfs_s64(path, &temp))
			break;
	}
}

/* ------------------------------------------------- cpufreq caps */

static unsigned int cpufreq_instances(void)
{
	return nr_cpu_ids;
}

/* One instance per policy: the CPU that owns it. */
static int cpufreq_poll(unsigned int cpu, struct bk_source_reading *r)
{
	struct cpufreq_policy *policy = cpufreq_cpu_get(cpu);

	if (!policy)
		return -ENODATA;
	if (policy->cpu != cpu || !policy->cpuinfo.max_freq) {
		cpufreq_cpu_put(policy);
		return -ENODATA;
	}
	r->state = policy->max < policy->cpuinfo.max_freq;
	r->temp_mc = BURNKIT_TEMP_UNKNOWN;
	r->mhz = policy->max / 1000;
	cpufreq_cpu_put(policy);
	return 0;
}

/* ------------------------------------------------- injected (tests) */

struct bk_injected {
	u32 state;
	s32 temp_mc;
	u32 mhz;
};

static bool bk_inject_on;
static DEFINE_SPINLOCK(bk_inject_lock);
static struct bk_injected bk_inject_queue[BURNKIT_INJECT_QUEUE];
static unsigned int bk_inject_head, bk_inject_len;
static struct bk_injected bk_inject_last = {
	.temp_mc = BURNKIT_TEMP_UNKNOWN, .mhz = BURNKIT_MHZ_UNKNOWN,
};

int bk_inject_push(u32 state, s32 temp_mc, u32 mhz)
{
	int ret = 0;

	spin_lock(&bk_inject_lock);
	if (bk_inject_len == BURNKIT_INJECT_QUEUE) {
		ret = -ENOSPC;
	} else {
		struct bk_injected *q = &bk_inject_queue[(bk_inject_head +
			bk_inject_len) % BURNKIT_INJECT_QUEUE];

		q->state = state;
		q->temp_mc = temp_mc;
		q->mhz = mhz;
		bk_inject_len++;
	}
	spin_unlock(&bk_inject_lock);
	return ret;
}

static unsigned int inject_instances(void)
{
	return bk_inject_on ? 1 : 0;
}

/* One queued state per poll, so every injected transition is seen. */
static int inject_poll(unsigned int instance, struct bk_source_reading *r)
{
	spin_lock(&bk_inject_lock);
	if (bk_inject_len) {
		bk_inject_last = bk_inject_queue[bk_inject_head];
		bk_inject_head = (bk_inject_head + 1) % BURNKIT_INJECT_QUEUE;
		bk_inject_len--;
	}
	r->state = bk_inject_last.state;
	r->temp_mc = bk_inject_last.temp_mc;
	r->mhz = bk_inject_last.mhz;
	spin_unlock(&bk_inject_lock);
	return 0;
}

/* ------------------------------------------------------------ the table */

static const struct bk_source bk_source_table[] = {
	{ BURNKIT_SRC_X86_CORE_THERM, "x86_core_therm",
	  x86_core_instances, x86_core_poll, bk_cpu_is_instance },
	{ BURNKIT_SRC_X86_PKG_THERM, "x86_package_therm",
	  x86_pkg_instances, x86_pkg_poll, x86_pkg_cpu },
	{ BURNKIT_SRC_X86_THROTTLE_COUNT, "x86_throttle_count",
	  x86_count_instances, x86_count_poll, bk_cpu_is_instance },
	{ BURNKIT_SRC_RPI_THROTTLED, "rpi_throttled",
	  rpi_instances, rpi_poll, bk_this_cpu },
	{ BURNKIT_SRC_THERMAL_ZONE, "thermal_zone",
	  zone_instances, zone_poll, bk_this_cpu },
	{ BURNKIT_SRC_CPUFREQ_CAP, "cpufreq_cap",
	  cpufreq_instances, cpufreq_poll, bk_cpu_is_instance },
	{ BURNKIT_SRC_INJECT, "inject",
	  inject_instances, inject_poll, bk_this_cpu },
};

const struct bk_source *bk_sources(size_t *count)
{
	*count = ARRAY_SIZE(bk_source_table);
	return bk_source_table;
}

int bk_sources_init(bool inject)
{
	bk_inject_on = inject;
	bk_x86_probe();
	bk_zones_probe();
	return 0;
}

void bk_sources_exit(void)
{
	bk_inject_on = false;
	bk_x86_release();
}
