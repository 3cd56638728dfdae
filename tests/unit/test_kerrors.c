// SPDX-License-Identifier: MIT
/*
 * record/kerrors: kernel messages as boards and servers print them, each
 * classified (or passed over), /dev/kmsg records parsed, and the sysfs
 * counters (EDAC, the Pi's under-voltage alarm) compared between a
 * fixture tree before the run and one after it.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "params.h"
#include "record/kerrors.h"

static const struct {
	const char *message;
	const char *class;	/* NULL: not an error burnkit counts */
} messages[] = {
	{ "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_Ha#0_Chan#1_DIMM#0", "edac" },
	{ "EDAC MC0: 1 UE memory scrubbing error on CPU_SrcID#0_Chan#0_DIMM#0", "edac" },
	{ "mce: [Hardware Error]: Machine check events logged", "mce" },
	{ "[Hardware Error]: CPU 2: Machine Check: 0 Bank 5: be00000000800400", "mce" },
	{ "pcieport 0000:00:1c.0: AER: Corrected error received: 0000:01:00.0", "pcie_aer" },
	{ "mmc0: error -110 whilst initialising SD card", "mmc" },
	{ "mmc0: Timeout waiting for hardware interrupt.", NULL },
	{ "mmc1: cache flush error -110", "mmc" },
	{ "usb 1-1.3: reset high-speed USB device number 4 using dwc_otg", "usb" },
	{ "usb 2-1: device descriptor read/64, error -71", "usb" },
	{ "blk_update_request: I/O error, dev sda, sector 2048 op 0x1:(WRITE) flags 0x800",
	  "io_error" },
	{ "I/O error, dev mmcblk0, sector 123456 op 0x0:(READ) flags 0x80700 phys_seg 1",
	  "io_error" },
	{ "sd 0:0:0:0: [sda] tag#0 Add. Sense: Unrecovered read error - critical medium error",
	  "io_error" },
	{ "EXT4-fs error (device sda1): ext4_find_entry:1455: inode #2: comm ls: reading "
	  "directory lblock 0", "fs_error" },
	{ "watchdog: BUG: soft lockup - CPU#1 stuck for 22s! [stress:1234]", "soft_lockup" },
	{ "INFO: task kworker/0:1:42 blocked for more than 120 seconds.", "hung_task" },
	{ "hwmon hwmon1: Undervoltage detected!", "under_voltage" },
	{ "Under-voltage detected! (0x00050005)", "under_voltage" },
	/* What a healthy boot prints */
	{ "usb 1-1: new high-speed USB device number 2 using xhci_hcd", NULL },
	{ "EXT4-fs (mmcblk0p2): mounted filesystem with ordered data mode", NULL },
	{ "mmc0: new high speed SDHC card at address aaaa", NULL },
	{ "EDAC MC: Ver: 3.0.0", NULL },
	{ "burnkit: loaded, ABI 1", NULL },
};

Test(kerrors, every_message_in_its_class)
{
	for (size_t i = 0; i < sizeof(messages) / sizeof(messages[0]); i++) {
		const char *got = bk_kerr_classify(messages[i].message);

		if (messages[i].class)
			cr_assert(got && !strcmp(got, messages[i].class), "%s: got %s, want %s",
				  messages[i].message, got ? got : "none", messages[i].class);
		else
			cr_assert_null(got, "%s: got %s, want none", messages[i].message, got);
	}
}

Test(kerrors, a_kmsg_record)
{
	static const char rec[] = "3,1234,5678901234,-;mmc0: error -110 whilst initialising "
				  "SD card\n SUBSYSTEM=mmc_host\n DEVICE=+mmc_host:mmc0\n";
	static const char benign[] = "6,1235,5678901300,-;mmc0: new high speed SDHC card\n";
	struct bk_kerr_event e;

	cr_assert_eq(bk_kerr_parse_record(rec, strlen(rec), &e), 1);
	cr_assert_str_eq(e.class, "mmc");
	cr_assert_float_eq(e.kernel_s, 5678.901234, 1e-9);
	cr_assert_str_eq(e.message, "mmc0: error -110 whilst initialising SD card",
			 "the key=value lines are not part of the message");
	cr_assert_eq(bk_kerr_parse_record(benign, strlen(benign), &e), 0);
	cr_assert_eq(bk_kerr_parse_record("junk", 4, &e), 0);
}

Test(kerrors, sysfs_counters_before_and_after)
{
	static struct bk_kerrors k;
	const char *base = getenv("BURNKIT_FIXTURES");
	char before[512], after[512];
	struct bk_log log;
	struct bk_params p;
	char err[256];

	snprintf(before, sizeof(before), "%s/kerrors/before", base ? base : "tests/unit/fixtures");
	snprintf(after, sizeof(after), "%s/kerrors/after", base ? base : "tests/unit/fixtures");
	cr_assert_eq(bk_params_parse(&p, "t", NULL, 0, NULL, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(bk_log_open(&log, "t", "logT", &p, err, sizeof(err)), 0, "%s", err);
	log.console = fopen("/dev/null", "w");
	bk_kerrors_open(&k, before);
	cr_assert_eq(k.kmsg_fd, -1, "a fixture tree has no live messages");
	cr_assert_eq(k.edac_ce0, 2);
	k.root = after;		/* the same machine after the run */
	cr_assert_eq(bk_kerrors_close(&k, &log), 3 + 1 + 1, "3 CE, 1 UE, under-voltage");
	cr_assert_eq(k.edac_ce, 3);
	cr_assert_eq(k.edac_ue, 1);
	cr_assert(k.under_voltage);
	cr_assert(strstr(bk_json_text(&log.summary), "\"kernel_errors\":5"), "%s",
		  bk_json_text(&log.summary));
	fclose(log.console);
	log.console = stdout;
	bk_log_close(&log, 0);
	bk_params_free(&p);
}
