// SPDX-License-Identifier: MIT
/*
 * record/activity: two snapshots of a board's /proc one second apart
 * (fixtures t0 and t1: an SD card written at 10 MB/s, eth0 receiving
 * 2 MB/s, the CPUs mostly waiting for I/O) and the rates they give.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/activity.h"
#include "../tools/jsoncheck.h"

static void snap(struct bk_act_snap *s, const char *which, uint64_t t_ns)
{
	const char *base = getenv("BURNKIT_FIXTURES");
	char root[512];

	snprintf(root, sizeof(root), "%s/activity/%s", base ? base : "tests/unit/fixtures",
		 which);
	cr_assert_eq(bk_activity_read(s, root), 0, "%s", root);
	s->t_ns = t_ns;
}

Test(activity, snapshot_reads_whole_disks_and_interfaces)
{
	static struct bk_act_snap s;

	snap(&s, "t0", 0);
	cr_assert_eq(s.cpu[0], 1000);
	cr_assert_eq(s.cpu[3], 8000);
	cr_assert_eq(s.intr, 100000);
	cr_assert_eq(s.ctxt, 500000);
	/* mmcblk0 and sda are whole disks; the partition and idle loop0 are not listed */
	cr_assert_eq(s.ndisks, 2);
	cr_assert_str_eq(s.disks[0].name, "mmcblk0");
	cr_assert_str_eq(s.disks[1].name, "sda");
	cr_assert_eq(s.nnets, 2);
	cr_assert_str_eq(s.nets[1].name, "eth0");
	cr_assert_eq(s.nets[1].rx_bytes, 50000);
	cr_assert_eq(s.nets[1].tx_packets, 80);
	cr_assert(s.have_mem);
}

Test(activity, rates_over_one_second)
{
	static struct bk_act_snap a, b;
	struct bk_act_rates r;
	struct bk_json j;
	const char *text;

	snap(&a, "t0", 1000000000ull);
	snap(&b, "t1", 2000000000ull);
	bk_json_init(&j);
	bk_json_object_begin(&j, NULL);
	bk_activity_rates(&a, &b, &r, &j);
	bk_json_object_end(&j);
	text = bk_json_text(&j);
	cr_assert_float_eq(r.seconds, 1.0, 1e-12);
	/* 10300 jiffies in all: 100 us, 10 ni, 30 sy, 40 id, 10020 wa, 100 softirq */
	cr_assert_float_eq(r.cpu_pct[0], 100 * 100.0 / 10300, 1e-9);
	cr_assert_float_eq(r.cpu_pct[4], 100 * 10020.0 / 10300, 1e-9);
	cr_assert_float_eq(r.busy_pct, 100 - 100 * (40.0 + 10020.0) / 10300, 1e-9);
	cr_assert_float_eq(r.intr_per_s, 2000, 1e-9);
	cr_assert_float_eq(r.ctxt_per_s, 3000, 1e-9);
	/* mmcblk0: 20480 sectors written = 10.48576 MB, 2048 read */
	cr_assert_float_eq(r.disk_write_mb_s, 20480 * 512 / 1e6, 1e-9);
	cr_assert_float_eq(r.disk_read_mb_s, 2048 * 512 / 1e6, 1e-9);
	cr_assert_float_eq(r.net_rx_kb_s, 2000, 1e-9);
	cr_assert_float_eq(r.net_tx_kb_s, 500, 1e-9);
	cr_assert_eq(jsoncheck(text, strlen(text), NULL, 0), 0, "strict JSON: %s", text);
	/* util: 500 ms of I/O in 1 s; await: 1050 ms over 250 I/Os */
	cr_assert(strstr(text, "\"mmcblk0\":{\"reads_per_s\":50,\"writes_per_s\":200,"), "%s",
		  text);
	cr_assert(strstr(text, "\"util_pct\":50,\"await_ms\":4.2}"), "%s", text);
	cr_assert(strstr(text, "\"sda\":{\"reads_per_s\":0,\"writes_per_s\":0,"
		  "\"read_mb_per_s\":0,\"write_mb_per_s\":0,\"util_pct\":0,\"await_ms\":null}"),
		  "an idle disk has no await: %s", text);
	cr_assert(strstr(text, "\"eth0\":{\"rx_packets_per_s\":1500,\"tx_packets_per_s\":400,"
		  "\"rx_kb_per_s\":2000,\"tx_kb_per_s\":500,\"errors\":1,\"drops\":3}"), "%s", text);
	cr_assert(strstr(text, "\"swap_in_pages_per_s\":50,\"swap_out_pages_per_s\":100,"
		  "\"major_faults_per_s\":10"), "%s", text);
	cr_assert(strstr(text, "\"swap_used_bytes\":40960000"), "%s", text);
	bk_json_free(&j);
}

Test(activity, no_proc_is_an_error)
{
	static struct bk_act_snap s;

	cr_assert_eq(bk_activity_read(&s, "tests/unit/fixtures/no-such-tree"), -1);
}
