// SPDX-License-Identifier: (GPL-2.0 OR MIT)
/*
 * burnkit.ko: what user space cannot get alone for burn-in and precision
 * tests: cycle counters and their read overhead, the real CPU clock,
 * throttle transitions seen from inside the kernel, and page-cache control.
 * Everything is in one debugfs directory; include/burnkit/abi.h describes it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <burnkit/abi.h>

#include "arch.h"
#include "calibration.h"
#include "clock.h"
#include "counters.h"
#include "netlink.h"
#include "pagecache.h"
#include "pmu_access.h"
#include "rpi_firmware.h"
#include "throttle.h"

static bool armv7_user_access;
module_param(armv7_user_access, bool, 0444);
MODULE_PARM_DESC(armv7_user_access,
		 "ARMv7: let a task that asks read the cycle counter, through PMUSERENR.EN, which also lets it program the PMU (default 0)");

static uint period_ms = BURNKIT_PERIOD_MS_DEFAULT;
module_param(period_ms, uint, 0444);
MODULE_PARM_DESC(period_ms, "throttle sampler period, 1-10000 ms (default 100)");

static bool inject;
module_param(inject, bool, 0444);
MODULE_PARM_DESC(inject,
		 "test only: create throttle_inject to simulate transitions (default 0)");

static uint clock_window_us = 10000;
module_param(clock_window_us, uint, 0444);
MODULE_PARM_DESC(clock_window_us,
		 "busy window of the effective clock measurement, 100-1000000 us (default 10000)");

static uint calib_inject_ticks;
module_param(calib_inject_ticks, uint, 0444);
MODULE_PARM_DESC(calib_inject_ticks,
		 "test only: the first sample of every calibration ensemble reads this many ticks (default 0, off)");

static char *fail_init;
module_param(fail_init, charp, 0444);
MODULE_PARM_DESC(fail_init,
		 "test only: fail loading at STAGE (pmu_access calibration clock netlink throttle pagecache end) to exercise the unwinding");

static const char *const bk_init_stages[] = {
	"pmu_access", "calibration", "clock", "netlink", "throttle",
	"pagecache", "end",
};

/* -ENOMEM when fail_init names this stage, else 0. */
static int bk_fail_at(const char *stage)
{
	if (!fail_init || strcmp(fail_init, stage))
		return 0;
	pr_info("fail_init=%s: failing here on purpose\n", stage);
	return -ENOMEM;
}

static bool bk_fail_init_valid(void)
{
	size_t i;

	if (!fail_init)
		return true;
	for (i = 0; i < ARRAY_SIZE(bk_init_stages); i++)
		if (!strcmp(fail_init, bk_init_stages[i]))
			return true;
	return false;
}

/*
 * Under kernel lockdown debugfs itself refuses the writable files
 * (LOCKDOWN_DEBUGFS); the read-only ones stay, so the module asks nothing
 * of lockdown here.
 */
static struct dentry *bk_dir;

/* Before anything is torn down, so no reader reaches a part being freed. */
static void bk_remove_files(void)
{
	debugfs_remove_recursive(bk_dir);
	bk_dir = NULL;
}

static int abi_version_get(void *data, u64 *val)
{
	*val = BURNKIT_ABI_VERSION;
	return 0;
}
DEFINE_DEBUGFS_ATTRIBUTE(abi_version_fops, abi_version_get, NULL, "%llu\n");

static int features_show(struct seq_file *m, void *unused)
{
	seq_printf(m, "arch %s\n", BK_ARCH_NAME);
	bk_counters_features(m);
	bk_clock_features(m);
	bk_throttle_features(m);
	bk_netlink_features(m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(features);

static int __init burnkit_init(void)
{
	int ret;

	if (period_ms < BURNKIT_PERIOD_MS_MIN || period_ms > BURNKIT_PERIOD_MS_MAX) {
		pr_err("period_ms=%u: must be %u-%u\n", period_ms,
		       BURNKIT_PERIOD_MS_MIN, BURNKIT_PERIOD_MS_MAX);
		return -EINVAL;
	}
	if (clock_window_us < 100 || clock_window_us > 1000000) {
		pr_err("clock_window_us=%u: must be 100-1000000\n",
		       clock_window_us);
		return -EINVAL;
	}

	if (!bk_fail_init_valid()) {
		pr_err("fail_init=%s: not a stage of loading\n", fail_init);
		return -EINVAL;
	}

	bk_dir = debugfs_create_dir(BURNKIT_DEBUGFS_DIR, NULL);
	if (IS_ERR(bk_dir)) {
		pr_err("cannot create the debugfs directory: %ld\n",
		       PTR_ERR(bk_dir));
		return PTR_ERR(bk_dir);
	}
	debugfs_create_file_unsafe(BURNKIT_FILE_ABI_VERSION, 0400, bk_dir, NULL,
				   &abi_version_fops);
	debugfs_create_file(BURNKIT_FILE_FEATURES, 0400, bk_dir, NULL,
			    &features_fops);

	bk_rpi_init();
	bk_counters_init(bk_dir);
	ret = bk_fail_at("pmu_access") ?: bk_pmu_access_init(bk_dir, armv7_user_access);
	if (ret)
		goto out_remove_files;
	ret = bk_fail_at("calibration") ?: bk_calibration_init(bk_dir, calib_inject_ticks);
	if (ret)
		goto out_pmu_access;
	ret = bk_fail_at("clock") ?: bk_clock_init(bk_dir, clock_window_us);
	if (ret)
		goto out_calibration;
	ret = bk_fail_at("netlink") ?: bk_netlink_init();
	if (ret)
		goto out_clock;
	ret = bk_fail_at("throttle") ?: bk_throttle_init(bk_dir, period_ms, inject);
	if (ret)
		goto out_netlink;
	ret = bk_fail_at("pagecache") ?: bk_pagecache_init(bk_dir);
	if (ret)
		goto out_throttle;
	ret = bk_fail_at("end");
	if (ret)
		goto out_pagecache;

	pr_info("loaded, ABI %u, debugfs %s/\n", BURNKIT_ABI_VERSION,
		BURNKIT_DEBUGFS_DIR);
	return 0;

out_pagecache:
	bk_remove_files();
	bk_pagecache_exit();
out_throttle:
	bk_remove_files();
	bk_throttle_exit();
out_netlink:
	bk_netlink_exit();
out_clock:
	bk_remove_files();
	bk_clock_exit();
out_calibration:
	bk_remove_files();
	bk_calibration_exit();
out_pmu_access:
	bk_remove_files();
	bk_pmu_access_exit();
out_remove_files:
	bk_remove_files();
	bk_rpi_exit();
	return ret;
}

static void __exit burnkit_exit(void)
{
	bk_remove_files();
	bk_pagecache_exit();
	bk_throttle_exit();
	bk_netlink_exit();
	bk_clock_exit();
	bk_calibration_exit();
	bk_pmu_access_exit();
	bk_rpi_exit();
	pr_info("unloaded\n");
}

module_init(burnkit_init);
module_exit(burnkit_exit);

MODULE_DESCRIPTION("burnkit: cycle counters, real clock, throttle events and page-cache control for burn-in tests");
MODULE_AUTHOR("burnkit");
MODULE_LICENSE("Dual MIT/GPL");
