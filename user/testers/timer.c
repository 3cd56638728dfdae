// SPDX-License-Identifier: MIT
/*
 * burnkit timer: every tick and cycle source this CPU offers to user space,
 * measured: rate against CLOCK_MONOTONIC_RAW, resolution, read overhead;
 * and which one burnkit uses.
 */
#include <stdio.h>
#include <string.h>

#include "tester.h"
#include "arch/arch.h"

static const struct bk_param timer_params[] = {
	{ "ms", NULL, BK_PT_INT, 1, 10000, "100",
	  "milliseconds to measure each source's rate over", NULL },
	BK_PARAMS_END
};

static int timer_run(struct bk_ctx *ctx)
{
	size_t n;
	const struct bk_clk_source *s = bk_clk_sources(&n);
	unsigned ms = (unsigned)bk_param_int(&ctx->params, "ms");
	struct bk_json j;

	bk_json_init(&j);
	bk_out(&ctx->log, "\n Counter sources on this %s CPU (rate measured over %u ms)\n\n",
	       BK_ARCH_NAME, ms);
	bk_out(&ctx->log, " %-14s %-6s %14s %12s %22s  %s\n", "source", "kind",
	       "rate MHz", "resolution", "read overhead min/med", "status");
	for (size_t i = 0; i < n; i++) {
		struct bk_clk_info info;
		const char *role = "";

		if (ctx->timer.cycles.usable &&
		    bk_clk_disturbs(&s[i], ctx->timer.cycles.src)) {
			memset(&info, 0, sizeof(info));
			info.src = &s[i];
			snprintf(info.why, sizeof(info.why),
				 "not probed: opening it would take user access to %s away",
				 ctx->timer.cycles.src->name);
		} else {
			bk_clk_measure(&s[i], &info, ms);
		}
		if (info.usable && ctx->timer.time.src == &s[i])
			role = "timebase";
		else if (info.usable && ctx->timer.cycles.usable &&
			 ctx->timer.cycles.src == &s[i])
			role = "cycle counter";
		bk_rec_begin(&ctx->log, &j, "source");
		bk_json_str(&j, "source", s[i].name);
		bk_json_str(&j, "kind", s[i].kind == BK_CLK_TIME ? "time" : "cycles");
		bk_json_bool(&j, "usable", info.usable);
		if (!info.usable) {
			bk_out(&ctx->log, " %-14s %-6s %14s %12s %22s  unavailable: %s\n",
			       s[i].name, s[i].kind == BK_CLK_TIME ? "time" : "cycles",
			       "-", "-", "-", info.why);
			bk_json_str(&j, "why", info.why);
		} else {
			char res[32], ovh[48];

			snprintf(res, sizeof(res), "%.2f ns", info.resolution_ns);
			snprintf(ovh, sizeof(ovh), "%.1f/%.1f ns", info.overhead_min_ns,
				 info.overhead_median_ns);
			bk_out(&ctx->log, " %-14s %-6s %14.3f %12s %22s  %s%s%s\n",
			       s[i].name, s[i].kind == BK_CLK_TIME ? "time" : "cycles",
			       info.hz / 1e6, res, ovh, *role ? "used as " : "ok",
			       role, info.nominal_hz > 0 &&
			       (info.hz / info.nominal_hz > 1.02 ||
				info.hz / info.nominal_hz < 0.98) ?
			       " (differs from its stated rate)" : "");
			bk_json_realp(&j, "hz", info.hz, 10);
			if (info.nominal_hz > 0)
				bk_json_realp(&j, "nominal_hz", info.nominal_hz, 10);
			else
				bk_json_null(&j, "nominal_hz");
			bk_json_realp(&j, "resolution_ns", info.resolution_ns, 6);
			bk_json_uint(&j, "overhead_min_ticks", info.overhead_min);
			bk_json_uint(&j, "overhead_median_ticks", info.overhead_median);
			bk_json_realp(&j, "overhead_min_ns", info.overhead_min_ns, 6);
			bk_json_realp(&j, "overhead_median_ns", info.overhead_median_ns, 6);
			bk_json_str(&j, "overhead_origin", info.overhead_origin);
		}
		bk_json_str(&j, "role", *role ? role : NULL);
		bk_rec_end(&ctx->log, &j);
	}
	if (!strcmp(ctx->timer.time.overhead_origin, "burnkit.ko"))
		bk_out(&ctx->log, " Timebase read overhead, burnkit.ko calibration "
		       "(interrupts off): min %llu, median %llu ticks (%.1f/%.1f ns); "
		       "subtracted from every interval\n",
		       (unsigned long long)ctx->timer.time.overhead_min,
		       (unsigned long long)ctx->timer.time.overhead_median,
		       ctx->timer.time.overhead_min_ns, ctx->timer.time.overhead_median_ns);
	bk_out(&ctx->log, "\n Timebase: %s; cycle counter: %s\n",
	       ctx->timer.time.src->name,
	       ctx->timer.cycles.usable ? ctx->timer.cycles.src->name :
	       "none (effective MHz needs burnkit.ko or a readable PMU)");
	bk_json_free(&j);
	return BK_EXIT_OK;
}

const struct bk_tester bk_tester_timer = {
	.name = "timer",
	.summary = "Tick and cycle sources: rate, resolution, read overhead",
	.help = "Measures every counter the CPU offers to user space (x86 TSC and\n"
		"RDTSCP; ARM generic timer and PMU cycle counter; perf_event_open\n"
		"cycles; CLOCK_MONOTONIC_RAW) and names the one used to time tests.",
	.params = timer_params,
	.log_prefix = "logTimer",
	.quick = "--ms 20",
	.flags = BK_TF_TOOL,
	.run = timer_run,
};
