// SPDX-License-Identifier: MIT
#include "record/activity.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "util.h"

const char *const bk_act_cpu_kind[BK_ACT_CPU_KINDS] = {
	"us", "ni", "sy", "id", "wa", "irq", "softirq", "steal",
};

static FILE *open_under(const char *root, const char *path)
{
	char full[1024];

	snprintf(full, sizeof(full), "%s%s", root, path);
	return fopen(full, "re");
}

static void read_stat(struct bk_act_snap *s, const char *root)
{
	FILE *f = open_under(root, "/proc/stat");
	char line[4096];

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long v[BK_ACT_CPU_KINDS] = { 0 };

		if (!strncmp(line, "cpu ", 4)) {
			/* user nice system idle iowait irq softirq steal */
			if (sscanf(line + 4, "%llu %llu %llu %llu %llu %llu %llu %llu", &v[0],
				   &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) >= 4) {
				for (int i = 0; i < BK_ACT_CPU_KINDS; i++)
					s->cpu[i] = v[i];
				s->have_stat = 1;
			}
		} else if (!strncmp(line, "intr ", 5)) {
			s->intr = strtoull(line + 5, NULL, 10);
		} else if (!strncmp(line, "ctxt ", 5)) {
			s->ctxt = strtoull(line + 5, NULL, 10);
		}
	}
	fclose(f);
}

/* A whole disk has a directory of its own in /sys/block. */
static int whole_disk(const char *root, const char *name)
{
	char path[1024];
	struct stat st;

	snprintf(path, sizeof(path), "%s/sys/block/%s", root, name);
	return !stat(path, &st);
}

static int idle_virtual(const struct bk_act_disk *d)
{
	return (!strncmp(d->name, "loop", 4) || !strncmp(d->name, "ram", 3) ||
		!strncmp(d->name, "zram", 4)) && !d->reads && !d->writes;
}

static void read_disks(struct bk_act_snap *s, const char *root)
{
	FILE *f = open_under(root, "/proc/diskstats");
	char line[1024];

	if (!f)
		return;
	s->have_disks = 1;
	while (fgets(line, sizeof(line), f) && s->ndisks < BK_ACT_MAX_DEVS) {
		struct bk_act_disk d = { 0 };
		unsigned long long rd, rmerge, rsec, rms, wr, wmerge, wsec, wms, inflight, io;
		unsigned maj, min;

		if (sscanf(line, "%u %u %31s %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu",
			   &maj, &min, d.name, &rd, &rmerge, &rsec, &rms, &wr, &wmerge, &wsec,
			   &wms, &inflight, &io) != 13)
			continue;
		d.reads = rd;
		d.read_sectors = rsec;
		d.read_ms = rms;
		d.writes = wr;
		d.write_sectors = wsec;
		d.write_ms = wms;
		d.io_ms = io;
		if (!whole_disk(root, d.name) || idle_virtual(&d))
			continue;
		s->disks[s->ndisks++] = d;
	}
	fclose(f);
}

static void read_nets(struct bk_act_snap *s, const char *root)
{
	FILE *f = open_under(root, "/proc/net/dev");
	char line[1024];

	if (!f)
		return;
	s->have_nets = 1;
	while (fgets(line, sizeof(line), f) && s->nnets < BK_ACT_MAX_DEVS) {
		struct bk_act_net n = { 0 };
		unsigned long long v[16];
		char *colon = strchr(line, ':');
		char *name = line;

		if (!colon)
			continue;	/* the two header lines */
		*colon = '\0';
		while (*name == ' ')
			name++;
		if (sscanf(colon + 1, "%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu "
			   "%llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
			   &v[6], &v[7], &v[8], &v[9], &v[10], &v[11], &v[12], &v[13], &v[14],
			   &v[15]) != 16)
			continue;
		bk_strlcpy(n.name, name, sizeof(n.name));
		n.rx_bytes = v[0];
		n.rx_packets = v[1];
		n.rx_errs = v[2];
		n.rx_drop = v[3];
		n.tx_bytes = v[8];
		n.tx_packets = v[9];
		n.tx_errs = v[10];
		n.tx_drop = v[11];
		s->nets[s->nnets++] = n;
	}
	fclose(f);
}

int bk_activity_read(struct bk_act_snap *s, const char *root)
{
	memset(s, 0, sizeof(*s));
	root = bk_sysroot(root);
	s->t_ns = bk_now_ns();
	read_stat(s, root);
	read_disks(s, root);
	read_nets(s, root);
	s->have_mem = !bk_memstat_read(&s->mem, *root ? root : NULL);
	return s->have_stat ? 0 : -1;
}

static double per_s(uint64_t a, uint64_t b, double secs)
{
	return b >= a && secs > 0 ? (double)(b - a) / secs : 0;
}

static const struct bk_act_disk *find_disk(const struct bk_act_snap *s, const char *name)
{
	for (int i = 0; i < s->ndisks; i++)
		if (!strcmp(s->disks[i].name, name))
			return &s->disks[i];
	return NULL;
}

static const struct bk_act_net *find_net(const struct bk_act_snap *s, const char *name)
{
	for (int i = 0; i < s->nnets; i++)
		if (!strcmp(s->nets[i].name, name))
			return &s->nets[i];
	return NULL;
}

static void disks_json(const struct bk_act_snap *a, const struct bk_act_snap *b,
		       struct bk_act_rates *r, struct bk_json *j)
{
	double secs = r->seconds;

	bk_json_object_begin(j, "disks");
	for (int i = 0; i < b->ndisks; i++) {
		const struct bk_act_disk *d1 = &b->disks[i], *d0 = find_disk(a, d1->name);
		uint64_t ios;
		double rmb, wmb, util;

		if (!d0)
			continue;
		ios = (d1->reads - d0->reads) + (d1->writes - d0->writes);
		rmb = per_s(d0->read_sectors, d1->read_sectors, secs) * 512 / 1e6;
		wmb = per_s(d0->write_sectors, d1->write_sectors, secs) * 512 / 1e6;
		util = per_s(d0->io_ms, d1->io_ms, secs) / 10;	/* ms per s -> % */
		r->disk_read_mb_s += rmb;
		r->disk_write_mb_s += wmb;
		bk_json_object_begin(j, d1->name);
		bk_json_realp(j, "reads_per_s", per_s(d0->reads, d1->reads, secs), 6);
		bk_json_realp(j, "writes_per_s", per_s(d0->writes, d1->writes, secs), 6);
		bk_json_realp(j, "read_mb_per_s", rmb, 6);
		bk_json_realp(j, "write_mb_per_s", wmb, 6);
		bk_json_realp(j, "util_pct", util > 100 ? 100 : util, 4);
		if (ios)
			bk_json_realp(j, "await_ms", (double)((d1->read_ms - d0->read_ms) +
				      (d1->write_ms - d0->write_ms)) / (double)ios, 4);
		else
			bk_json_null(j, "await_ms");
		bk_json_object_end(j);
	}
	bk_json_object_end(j);
}

static void nets_json(const struct bk_act_snap *a, const struct bk_act_snap *b,
		      struct bk_act_rates *r, struct bk_json *j)
{
	double secs = r->seconds;

	bk_json_object_begin(j, "nets");
	for (int i = 0; i < b->nnets; i++) {
		const struct bk_act_net *n1 = &b->nets[i], *n0 = find_net(a, n1->name);
		double rx, tx;

		if (!n0)
			continue;
		rx = per_s(n0->rx_bytes, n1->rx_bytes, secs) / 1e3;
		tx = per_s(n0->tx_bytes, n1->tx_bytes, secs) / 1e3;
		r->net_rx_kb_s += rx;
		r->net_tx_kb_s += tx;
		bk_json_object_begin(j, n1->name);
		bk_json_realp(j, "rx_packets_per_s", per_s(n0->rx_packets, n1->rx_packets, secs), 6);
		bk_json_realp(j, "tx_packets_per_s", per_s(n0->tx_packets, n1->tx_packets, secs), 6);
		bk_json_realp(j, "rx_kb_per_s", rx, 6);
		bk_json_realp(j, "tx_kb_per_s", tx, 6);
		bk_json_uint(j, "errors", (n1->rx_errs - n0->rx_errs) + (n1->tx_errs - n0->tx_errs));
		bk_json_uint(j, "drops", (n1->rx_drop - n0->rx_drop) + (n1->tx_drop - n0->tx_drop));
		bk_json_object_end(j);
	}
	bk_json_object_end(j);
}

void bk_activity_rates(const struct bk_act_snap *a, const struct bk_act_snap *b,
		       struct bk_act_rates *r, struct bk_json *j)
{
	uint64_t total = 0;

	memset(r, 0, sizeof(*r));
	r->seconds = b->t_ns > a->t_ns ? (double)(b->t_ns - a->t_ns) / 1e9 : 0;
	for (int i = 0; i < BK_ACT_CPU_KINDS; i++)
		total += b->cpu[i] >= a->cpu[i] ? b->cpu[i] - a->cpu[i] : 0;
	for (int i = 0; i < BK_ACT_CPU_KINDS; i++)
		r->cpu_pct[i] = total ? 100.0 * (double)(b->cpu[i] - a->cpu[i]) /
				(double)total : 0;
	r->busy_pct = total ? 100 - r->cpu_pct[3] - r->cpu_pct[4] : 0;
	r->intr_per_s = per_s(a->intr, b->intr, r->seconds);
	r->ctxt_per_s = per_s(a->ctxt, b->ctxt, r->seconds);
	if (!j)
		return;
	bk_json_realp(j, "seconds", r->seconds, 6);
	if (a->have_stat && b->have_stat) {
		bk_json_object_begin(j, "cpu");
		for (int i = 0; i < BK_ACT_CPU_KINDS; i++)
			bk_json_realp(j, bk_act_cpu_kind[i], r->cpu_pct[i], 4);
		bk_json_object_end(j);
		bk_json_realp(j, "busy_pct", r->busy_pct, 4);
		bk_json_realp(j, "intr_per_s", r->intr_per_s, 6);
		bk_json_realp(j, "ctxt_per_s", r->ctxt_per_s, 6);
	}
	if (b->have_disks)
		disks_json(a, b, r, j);
	if (b->have_nets)
		nets_json(a, b, r, j);
	bk_json_realp(j, "disk_read_mb_per_s", r->disk_read_mb_s, 6);
	bk_json_realp(j, "disk_write_mb_per_s", r->disk_write_mb_s, 6);
	bk_json_realp(j, "net_rx_kb_per_s", r->net_rx_kb_s, 6);
	bk_json_realp(j, "net_tx_kb_per_s", r->net_tx_kb_s, 6);
	if (b->have_mem) {
		bk_json_object_begin(j, "memory");
		bk_json_uint(j, "available_bytes", b->mem.mem_available);
		bk_json_uint(j, "swap_used_bytes", bk_memstat_swap_used(&b->mem));
		bk_json_realp(j, "swap_in_pages_per_s", per_s(a->mem.pswpin, b->mem.pswpin,
							      r->seconds), 6);
		bk_json_realp(j, "swap_out_pages_per_s", per_s(a->mem.pswpout, b->mem.pswpout,
							       r->seconds), 6);
		bk_json_realp(j, "major_faults_per_s", per_s(a->mem.pgmajfault,
							     b->mem.pgmajfault, r->seconds), 6);
		bk_json_object_end(j);
	}
}

int bk_activity_record(struct bk_log *log, struct bk_act_snap *prev)
{
	static struct bk_act_snap now;
	struct bk_act_rates r;
	struct bk_json j;

	if (bk_activity_read(&now, NULL))
		return -1;
	bk_json_init(&j);
	bk_rec_begin(log, &j, "activity");
	bk_activity_rates(prev, &now, &r, &j);
	bk_rec_end(log, &j);
	bk_json_free(&j);
	*prev = now;
	return 0;
}

struct sampler {
	struct bk_log *log;
	double every_s;
};

static int sampler_main(void *arg)
{
	const struct sampler *s = arg;
	static struct bk_act_snap prev;
	struct timespec nap = { (time_t)s->every_s,
				(long)((s->every_s - (double)(time_t)s->every_s) * 1e9) };

	if (bk_activity_read(&prev, NULL))
		return BK_EXIT_ENV;
	for (;;) {
		nanosleep(&nap, NULL);
		if (bk_activity_record(s->log, &prev))
			return BK_EXIT_ENV;
	}
}

int bk_activity_sampler_start(struct bk_child *c, struct bk_log *log, double every_s)
{
	struct sampler s = { log, every_s };
	struct bk_child_spec spec = { .fn = sampler_main, .arg = &s, .cpu = -1 };

	return bk_child_start(c, &spec);
}
