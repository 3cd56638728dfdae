// SPDX-License-Identifier: MIT
/*
 * burnkit kmod: what burnkit.ko offers on this machine (cycle counter and
 * user access to it, read overhead, effective clock, throttle sources,
 * page-cache control), what is unsupported here, which controls this
 * process cannot use, or how to load the module when it is absent.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tester.h"
#include "kmod.h"

#define KMOD_MAX_CPUS 1024
#define KMOD_MAX_SOURCES 512

static const struct bk_param kmod_params[] = {
	{ "dir", NULL, BK_PT_STR, 0, 0, NULL,
	  "the module's debugfs directory (default /sys/kernel/debug/burnkit)", NULL },
	BK_PARAMS_END
};

/* Names of what is unsupported here, for the closing line. */
struct unsupported {
	char list[1024];
};

static void note_unsupported(struct unsupported *u, const char *what)
{
	if (strstr(u->list, what))
		return;
	if (*u->list)
		strncat(u->list, ", ", sizeof(u->list) - strlen(u->list) - 1);
	strncat(u->list, what, sizeof(u->list) - strlen(u->list) - 1);
}

static void counters(struct bk_ctx *ctx, const struct bk_kmod *k,
		     struct bk_json *j)
{
	static struct bk_kmod_counter c[KMOD_MAX_CPUS];
	int n = bk_kmod_counters(k, c, KMOD_MAX_CPUS);

	bk_out(&ctx->log, "\n Counters (per online CPU)\n   %4s %-8s %12s %10s\n",
	       "cpu", "source", "rate MHz", "user read");
	bk_json_array_begin(j, "counters");
	for (int i = 0; i < n; i++) {
		char rate[32];

		if (c[i].rate_ok)
			snprintf(rate, sizeof(rate), "%.3f", (double)c[i].rate_hz / 1e6);
		else
			bk_strlcpy(rate, BURNKIT_UNSUPPORTED, sizeof(rate));
		bk_out(&ctx->log, "   %4d %-8s %12s %10s\n", c[i].cpu, c[i].source,
		       rate, c[i].user_read);
		bk_json_object_begin(j, NULL);
		bk_json_int(j, "cpu", c[i].cpu);
		bk_json_str(j, "source", c[i].source);
		if (c[i].rate_ok)
			bk_json_uint(j, "rate_hz", c[i].rate_hz);
		else
			bk_json_null(j, "rate_hz");
		bk_json_str(j, "user_read", c[i].user_read);
		bk_json_object_end(j);
	}
	bk_json_array_end(j);
}

static void calibration(struct bk_ctx *ctx, const struct bk_kmod *k,
			struct bk_json *j, struct unsupported *u)
{
	static struct bk_kmod_calib c[KMOD_MAX_CPUS];
	static struct bk_kmod_counter cnt[KMOD_MAX_CPUS];
	int n = bk_kmod_calibration(k, c, KMOD_MAX_CPUS);
	int nc = bk_kmod_counters(k, cnt, KMOD_MAX_CPUS);

	bk_out(&ctx->log, "\n Counter read overhead (in the kernel, interrupts off, "
	       "serialised reads)\n   %4s %-8s %14s %8s %8s %8s %10s %10s\n",
	       "cpu", "source", "ensembles", "min", "median", "max", "stddev",
	       "median ns");
	bk_json_array_begin(j, "calibration");
	for (int i = 0; i < n; i++) {
		char ens[32], ns[32] = "-";
		double rate = 0;

		if (!c[i].ok) {
			bk_out(&ctx->log, "   %4d %s\n", c[i].cpu, BURNKIT_UNSUPPORTED);
			note_unsupported(u, "calibration");
			continue;
		}
		for (int m = 0; m < nc; m++)
			if (cnt[m].cpu == c[i].cpu && cnt[m].rate_ok &&
			    !strcmp(cnt[m].source, c[i].source))
				rate = (double)cnt[m].rate_hz;
		if (rate > 0)
			snprintf(ns, sizeof(ns), "%.1f", (double)c[i].median * 1e9 / rate);
		snprintf(ens, sizeof(ens), "%ux%u", c[i].ensembles, c[i].samples);
		bk_out(&ctx->log, "   %4d %-8s %14s %8llu %8llu %8llu %10.2f %10s\n",
		       c[i].cpu, c[i].source, ens, (unsigned long long)c[i].min,
		       (unsigned long long)c[i].median,
		       (unsigned long long)c[i].max, sqrt(c[i].variance), ns);
		bk_json_object_begin(j, NULL);
		bk_json_int(j, "cpu", c[i].cpu);
		bk_json_str(j, "source", c[i].source);
		bk_json_uint(j, "ensembles", c[i].ensembles);
		bk_json_uint(j, "samples", c[i].samples);
		bk_json_uint(j, "min_ticks", c[i].min);
		bk_json_uint(j, "median_ticks", c[i].median);
		bk_json_uint(j, "max_ticks", c[i].max);
		bk_json_realp(j, "mean_ticks", c[i].mean, 6);
		bk_json_realp(j, "variance_ticks2", c[i].variance, 6);
		bk_json_realp(j, "ensemble_min_variance_ticks2",
			      c[i].ensemble_min_variance, 6);
		bk_json_object_end(j);
	}
	bk_json_array_end(j);
}

static void mhz_or_unsupported(char *buf, size_t len, int ok, uint64_t khz)
{
	if (ok)
		snprintf(buf, len, "%.1f", (double)khz / 1000.0);
	else
		bk_strlcpy(buf, BURNKIT_UNSUPPORTED, len);
}

static void clock(struct bk_ctx *ctx, const struct bk_kmod *k,
		  struct bk_json *j, struct unsupported *u)
{
	static struct bk_kmod_clock c[KMOD_MAX_CPUS];
	int n = bk_kmod_clock(k, c, KMOD_MAX_CPUS);

	bk_out(&ctx->log, "\n Clock (measured over a busy window per CPU)\n"
	       "   %4s %14s %-12s %26s %22s\n", "cpu", "effective MHz", "method",
	       "cpufreq cur/min/max MHz", "firmware MHz");
	bk_json_array_begin(j, "clock");
	for (int i = 0; i < n; i++) {
		char eff[32], cur[32], lo[32], hi[32], fw[32], freq[100];

		mhz_or_unsupported(eff, sizeof(eff), c[i].effective_ok, c[i].effective_khz);
		mhz_or_unsupported(fw, sizeof(fw), c[i].firmware_ok, c[i].firmware_khz);
		if (c[i].firmware_ok && strcmp(c[i].firmware_clock, BURNKIT_UNSUPPORTED))
			snprintf(fw + strlen(fw), sizeof(fw) - strlen(fw), " (%s)",
				 c[i].firmware_clock);
		if (c[i].cpufreq_ok) {
			mhz_or_unsupported(cur, sizeof(cur), 1, c[i].cpufreq_cur_khz);
			mhz_or_unsupported(lo, sizeof(lo), 1, c[i].cpufreq_min_khz);
			mhz_or_unsupported(hi, sizeof(hi), 1, c[i].cpufreq_max_khz);
			snprintf(freq, sizeof(freq), "%s/%s/%s", cur, lo, hi);
		} else {
			bk_strlcpy(freq, BURNKIT_UNSUPPORTED, sizeof(freq));
			note_unsupported(u, "cpufreq");
		}
		if (!c[i].effective_ok)
			note_unsupported(u, "effective clock");
		if (!c[i].firmware_ok)
			note_unsupported(u, "firmware clock");
		bk_out(&ctx->log, "   %4d %14s %-12s %26s %22s\n", c[i].cpu, eff,
		       c[i].method, freq, fw);
		bk_json_object_begin(j, NULL);
		bk_json_int(j, "cpu", c[i].cpu);
		if (c[i].effective_ok)
			bk_json_uint(j, "effective_khz", c[i].effective_khz);
		else
			bk_json_null(j, "effective_khz");
		bk_json_str(j, "method", c[i].method);
		if (c[i].cpufreq_ok) {
			bk_json_uint(j, "cpufreq_cur_khz", c[i].cpufreq_cur_khz);
			bk_json_uint(j, "cpufreq_min_khz", c[i].cpufreq_min_khz);
			bk_json_uint(j, "cpufreq_max_khz", c[i].cpufreq_max_khz);
		} else {
			bk_json_null(j, "cpufreq_cur_khz");
		}
		if (c[i].firmware_ok) {
			bk_json_uint(j, "firmware_khz", c[i].firmware_khz);
			bk_json_str(j, "firmware_clock", c[i].firmware_clock);
		} else {
			bk_json_null(j, "firmware_khz");
		}
		bk_json_object_end(j);
	}
	bk_json_array_end(j);
}

static void throttle(struct bk_ctx *ctx, const struct bk_kmod *k,
		     struct bk_json *j, struct unsupported *u)
{
	static struct bk_kmod_throttle s[KMOD_MAX_SOURCES];
	int n = bk_kmod_throttle_state(k, s, KMOD_MAX_SOURCES);
	char period[32] = "?";

	bk_kmod_feature(k, "throttle_period_ms", period, sizeof(period));
	bk_out(&ctx->log, "\n Throttle sources (polled every %s ms)\n"
	       "   %-20s %8s %12s %10s %8s %11s\n", period, "source", "instance",
	       "state", "temp C", "MHz", "transitions");
	bk_json_array_begin(j, "throttle");
	for (int i = 0; i < n; i++) {
		char st[32], temp[32], mhz[32];

		if (!s[i].ok) {
			bk_out(&ctx->log, "   %-20s %8s %12s\n", s[i].name, "-",
			       BURNKIT_UNSUPPORTED);
			note_unsupported(u, s[i].name);
		} else {
			snprintf(st, sizeof(st), "0x%x", s[i].state);
			if (s[i].temp_ok)
				snprintf(temp, sizeof(temp), "%.1f", s[i].temp_mc / 1000.0);
			else
				bk_strlcpy(temp, "-", sizeof(temp));
			if (s[i].mhz_ok)
				snprintf(mhz, sizeof(mhz), "%u", s[i].mhz);
			else
				bk_strlcpy(mhz, "-", sizeof(mhz));
			bk_out(&ctx->log, "   %-20s %8u %12s %10s %8s %11llu\n",
			       s[i].name, s[i].instance, st, temp, mhz,
			       (unsigned long long)s[i].transitions);
		}
		bk_json_object_begin(j, NULL);
		bk_json_str(j, "source", s[i].name);
		bk_json_uint(j, "instance", s[i].instance);
		bk_json_bool(j, "supported", s[i].ok);
		if (s[i].ok) {
			bk_json_uint(j, "state", s[i].state);
			bk_json_uint(j, "transitions", s[i].transitions);
		}
		bk_json_object_end(j);
	}
	bk_json_array_end(j);
}

static void controls(struct bk_ctx *ctx, const struct bk_kmod *k,
		     struct bk_json *j)
{
	char lost[256] = "";

	bk_out(&ctx->log, "\n Controls\n");
	bk_json_object_begin(j, "controls");
	for (size_t i = 0; bk_kmod_controls[i]; i++) {
		const char *name = bk_kmod_controls[i];
		char why[128] = "";
		int ok = bk_kmod_control_usable(k, name, why, sizeof(why));

		bk_out(&ctx->log, "   %-20s %s\n", name, ok ? "usable" : why);
		bk_json_str(j, name, ok ? "usable" : why);
		if (!ok && strstr(why, "lockdown")) {
			if (*lost)
				strncat(lost, ", ", sizeof(lost) - strlen(lost) - 1);
			strncat(lost, name, sizeof(lost) - strlen(lost) - 1);
		}
	}
	bk_json_object_end(j);
	if (*lost)
		bk_out(&ctx->log, "   Lost to kernel lockdown: %s (the read-only "
		       "files still work)\n", lost);
}

static int kmod_run(struct bk_ctx *ctx)
{
	struct bk_kmod k;
	struct bk_json j;
	struct unsupported u = { "" };
	const char *dir = bk_param_given(&ctx->params, "dir") ?
			  bk_param_str(&ctx->params, "dir") : NULL;
	static const char *const keys[] = {
		"arch", "counter", "user_access", "perf_pmu", "pmu", "pmu_filter",
		"invariant_tsc",
		"aperf_mperf", "rpi_firmware", "inject", NULL
	};

	bk_json_init(&j);
	bk_rec_begin(&ctx->log, &j, "kmod");
	if (bk_kmod_open(&k, dir)) {
		bk_out(&ctx->log, "\n burnkit.ko: not available: %s\n", k.why);
		bk_json_str(&j, "state", k.state == BK_KMOD_ABSENT ? "absent" :
			    k.state == BK_KMOD_NO_ACCESS ? "no-access" :
			    "abi-mismatch");
		bk_json_str(&j, "why", k.why);
		bk_rec_end(&ctx->log, &j);
		bk_json_free(&j);
		return BK_EXIT_ENV;
	}
	bk_json_str(&j, "state", "ready");
	bk_json_uint(&j, "abi_version", k.abi_version);
	bk_out(&ctx->log, "\n burnkit.ko ABI %u at %s\n", k.abi_version, k.dir);
	bk_json_object_begin(&j, "features");
	for (size_t i = 0; keys[i]; i++) {
		char val[64];

		if (bk_kmod_feature(&k, keys[i], val, sizeof(val)))
			bk_strlcpy(val, BURNKIT_UNSUPPORTED, sizeof(val));
		bk_out(&ctx->log, "   %-14s %s\n", keys[i], val);
		bk_json_str(&j, keys[i], val);
		if (!strcmp(val, BURNKIT_UNSUPPORTED))
			note_unsupported(&u, keys[i]);
	}
	bk_json_object_end(&j);

	counters(ctx, &k, &j);
	calibration(ctx, &k, &j, &u);
	clock(ctx, &k, &j, &u);
	throttle(ctx, &k, &j, &u);
	controls(ctx, &k, &j);
	bk_out(&ctx->log, "\n Unsupported here: %s\n", *u.list ? u.list : "nothing");
	bk_json_str(&j, "unsupported", u.list);
	bk_rec_end(&ctx->log, &j);
	bk_json_free(&j);
	return BK_EXIT_OK;
}

const struct bk_tester bk_tester_kmod = {
	.name = "kmod",
	.summary = "What burnkit.ko offers here: counters, overhead, clock, throttle, page cache",
	.help = "Reads the module's debugfs files and shows the cycle counter and\n"
		"whether user space may read it, the counter read overhead measured\n"
		"in the kernel, the effective clock per CPU, every throttle source\n"
		"(or \"unsupported\"), and which controls this process can use (not\n"
		"under kernel lockdown). Without the module it says how to load it.",
	.params = kmod_params,
	.log_prefix = "logKmod",
	.quick = NULL,
	.flags = BK_TF_TOOL | BK_TF_NO_TIMER,
	.run = kmod_run,
};
