// SPDX-License-Identifier: MIT
/*
 * burnkit activity: the machine's activity alone, as Longbottom ran vmstat
 * and sar -n DEV beside his drive, LAN and paging tests: one row every
 * Seconds, Passes rows, in vmstat's columns (CPU us sy id wa, interrupts
 * and context switches per second, disk kB/s in and out, memory) or sar's
 * (per interface packets and kB per second), and an "activity" record for
 * each in the JSON lines. `burnkit script` runs the seeds' `vmstat 15 32`
 * and `sar -n DEV 15 32` lines with it.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "record/activity.h"
#include "tester.h"

static const char *const activity_styles[] = { "vmstat", "sar", NULL };

static const struct bk_param activity_params[] = {
	{ "seconds", "Seconds", BK_PT_REAL, 0.1, 3600, "1", "seconds between rows", NULL },
	{ "passes", "Passes", BK_PT_INT, 1, 1000000, "10", "rows to print", NULL },
	{ "style", NULL, BK_PT_CHOICE, 0, 0, "vmstat",
	  "the columns: vmstat (CPU, interrupts, disks, memory) or sar (sar -n DEV: "
	  "network interfaces)", activity_styles },
	{ "output", NULL, BK_PT_STR, 0, 0, NULL,
	  "write the rows to this file instead of the console (a script's "
	  "\"> file\")", NULL },
	BK_PARAMS_END
};

static int activity_supported(char *why, size_t len)
{
	static struct bk_act_snap s;

	if (!bk_activity_read(&s, NULL))
		return 0;
	snprintf(why, len, "cannot read /proc/stat (is /proc mounted?)");
	return -1;
}

static void vmstat_row(FILE *out, const struct bk_act_snap *s, const struct bk_act_rates *r)
{
	fprintf(out, " %10llu %10llu %8.0f %8.0f %8.0f %8.0f %3.0f %3.0f %3.0f %3.0f\n",
		(unsigned long long)(s->mem.mem_available / 1024),
		(unsigned long long)(bk_memstat_swap_used(&s->mem) / 1024),
		r->disk_read_mb_s * 1e3, r->disk_write_mb_s * 1e3, r->intr_per_s, r->ctxt_per_s,
		r->cpu_pct[0] + r->cpu_pct[1], r->cpu_pct[2] + r->cpu_pct[5] + r->cpu_pct[6],
		r->cpu_pct[3], r->cpu_pct[4]);
}

static void sar_rows(FILE *out, const struct bk_act_snap *a, const struct bk_act_snap *b,
		     double secs)
{
	char when[16];
	time_t now = time(NULL);
	struct tm tm;

	localtime_r(&now, &tm);
	strftime(when, sizeof(when), "%H:%M:%S", &tm);
	for (int i = 0; i < b->nnets; i++) {
		const struct bk_act_net *n1 = &b->nets[i], *n0 = NULL;

		for (int k = 0; k < a->nnets; k++)
			if (!strcmp(a->nets[k].name, n1->name))
				n0 = &a->nets[k];
		if (!n0 || secs <= 0)
			continue;
		fprintf(out, " %8s %10s %9.2f %9.2f %9.2f %9.2f\n", when, n1->name,
			(double)(n1->rx_packets - n0->rx_packets) / secs,
			(double)(n1->tx_packets - n0->tx_packets) / secs,
			(double)(n1->rx_bytes - n0->rx_bytes) / 1e3 / secs,
			(double)(n1->tx_bytes - n0->tx_bytes) / 1e3 / secs);
	}
}

static int activity_run(struct bk_ctx *ctx)
{
	static struct bk_act_snap prev, now;
	double every = bk_param_real(&ctx->params, "seconds");
	long long passes = bk_param_int(&ctx->params, "passes");
	const char *style = bk_param_str(&ctx->params, "style");
	const char *path = bk_param_str(&ctx->params, "output");
	int sar = !strcmp(style, "sar");
	FILE *out = stdout;

	if (path && !(out = fopen(path, "we"))) {
		pr_fail("--output %s: cannot create it: %s", path, strerror(errno));
		return BK_EXIT_USAGE;
	}
	if (sar)
		fprintf(out, " %8s %10s %9s %9s %9s %9s\n", "Time", "IFACE", "rxpck/s",
			"txpck/s", "rxkB/s", "txkB/s");
	else
		fprintf(out, " %10s %10s %8s %8s %8s %8s %3s %3s %3s %3s\n", "avail kB",
			"swpd kB", "bi kB/s", "bo kB/s", "in/s", "cs/s", "us", "sy", "id", "wa");
	fflush(out);
	bk_activity_read(&prev, NULL);
	for (long long i = 0; i < passes && !bk_stop_requested(); i++) {
		struct timespec nap = { (time_t)every,
					(long)((every - (double)(time_t)every) * 1e9) };
		struct bk_act_rates r;
		struct bk_json j;

		while (nanosleep(&nap, &nap) && errno == EINTR && !bk_stop_requested())
			;
		if (bk_stop_requested() || bk_activity_read(&now, NULL))
			break;
		bk_json_init(&j);
		bk_rec_begin(&ctx->log, &j, "activity");
		bk_activity_rates(&prev, &now, &r, &j);
		bk_rec_end(&ctx->log, &j);
		bk_json_free(&j);
		if (sar)
			sar_rows(out, &prev, &now, r.seconds);
		else
			vmstat_row(out, &now, &r);
		fflush(out);
		prev = now;
	}
	if (path)
		fclose(out);
	return BK_EXIT_OK;
}

const struct bk_tester bk_tester_activity = {
	.name = "activity",
	.summary = "What the machine is doing: vmstat and sar -n DEV rows, activity records",
	.help = "Prints a row every Seconds, Passes times: in vmstat's columns (memory,\n"
		"disk kB/s in and out, interrupts and context switches per second, CPU\n"
		"us sy id wa) or, with --style sar, sar -n DEV's (packets and kB per\n"
		"second per interface), and writes each as an \"activity\" record\n"
		"(CPU time by kind, every disk and interface) to --json. Any tester\n"
		"takes --activity S to record the same beside its own results.\n"
		"  burnkit activity Seconds 15, Passes 32 --output vmstatLAN.txt",
	.params = activity_params,
	.log_prefix = "logActivity",
	.quick = "Seconds 0.2, Passes 2",
	.flags = BK_TF_TOOL | BK_TF_NO_TIMER,
	.supported = activity_supported,
	.run = activity_run,
};
