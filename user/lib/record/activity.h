/* SPDX-License-Identifier: MIT */
/*
 * activity: what the whole machine was doing, as Longbottom watched it with
 * vmstat and sar -n DEV beside every drive, LAN and paging test. Two
 * snapshots of /proc/stat, /proc/diskstats, /proc/net/dev and the memory
 * counters make one "activity" record: CPU time by kind (us sy ni id wa irq
 * softirq steal, %), interrupts and context switches per second, per disk
 * reads and writes per second, MB/s, %util and await, per interface packets
 * and kB per second, errors and drops, and memory as paging logs it.
 */
#ifndef BK_ACTIVITY_H
#define BK_ACTIVITY_H

#include <stdint.h>

#include "child.h"
#include "json.h"
#include "log.h"
#include "memstat.h"

#define BK_ACT_CPU_KINDS 8	/* user nice system idle iowait irq softirq steal */
#define BK_ACT_MAX_DEVS 32

struct bk_act_disk {
	char name[32];
	uint64_t reads, writes;		/* completed */
	uint64_t read_sectors, write_sectors;	/* of 512 bytes */
	uint64_t read_ms, write_ms;	/* time spent */
	uint64_t io_ms;			/* time with I/O in flight */
};

struct bk_act_net {
	char name[32];
	uint64_t rx_bytes, rx_packets, rx_errs, rx_drop;
	uint64_t tx_bytes, tx_packets, tx_errs, tx_drop;
};

struct bk_act_snap {
	uint64_t t_ns;			/* CLOCK_MONOTONIC when read */
	int have_stat, have_disks, have_nets;
	uint64_t cpu[BK_ACT_CPU_KINDS];	/* jiffies, all CPUs */
	uint64_t intr, ctxt;
	int ndisks, nnets;
	struct bk_act_disk disks[BK_ACT_MAX_DEVS];
	struct bk_act_net nets[BK_ACT_MAX_DEVS];
	struct bk_memstat mem;
	int have_mem;
};

/* What the interval between two snapshots comes to. */
struct bk_act_rates {
	double seconds;
	double cpu_pct[BK_ACT_CPU_KINDS];	/* of all CPUs' time */
	double busy_pct;			/* 100 - idle - iowait */
	double intr_per_s, ctxt_per_s;
	double disk_read_mb_s, disk_write_mb_s;	/* all disks listed */
	double net_rx_kb_s, net_tx_kb_s;	/* all interfaces listed */
};

extern const char *const bk_act_cpu_kind[BK_ACT_CPU_KINDS];

/*
 * Read a snapshot under root (NULL: BURNKIT_SYSROOT, else /). Whole disks
 * only (no partitions; loop, ram and zram devices that never did I/O left
 * out), every interface. 0, or -1 when /proc/stat cannot be read.
 */
int bk_activity_read(struct bk_act_snap *s, const char *root);

/*
 * The rates from a to b, and the members of one "activity" record into j
 * (the record itself is the caller's): cpu {us sy ...}, intr_per_s,
 * ctxt_per_s, disks {name: {...}}, nets {name: {...}}, memory.
 */
void bk_activity_rates(const struct bk_act_snap *a, const struct bk_act_snap *b,
		       struct bk_act_rates *r, struct bk_json *j);

/*
 * Write one "activity" record into log's JSON lines: the rates from prev to
 * a snapshot read now, which then becomes prev. 0, or -1 when /proc/stat
 * could not be read (nothing written).
 */
int bk_activity_record(struct bk_log *log, struct bk_act_snap *prev);

/*
 * `--activity S` beside any tester: a child process (its CPU time is not
 * the tester's) that writes an "activity" record every S seconds into the
 * same JSON lines until it is stopped (bk_child_stop). 0 or -errno.
 */
int bk_activity_sampler_start(struct bk_child *c, struct bk_log *log, double every_s);

#endif
