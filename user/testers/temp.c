// SPDX-License-Identifier: MIT
/*
 * burnkit temp: Longbottom's RPiTemperature. Passes+1 samples, Seconds
 * apart (the first at 0 s), of every temperature sensor, each CPU's clock
 * and the module's throttle state, in the seed's table layout ("  10.2
 * temp=50.8°C") with the clocks and throttling beside it, and one JSON
 * record per sample. Needs neither vcgencmd nor the module: what cannot be
 * read here is said once at the start.
 */
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/recorder.h"
#include "record/ticker.h"
#include "tester.h"

#define TEMP_CLOCK_EVERY_DEFAULT "5"

static const struct bk_param temp_params[] = {
	{ "passes", "Passes", BK_PT_INT, 0, 10000000, "10",
	  "samples after the first one (Passes 5: samples at 0 to 5 intervals)", NULL },
	{ "seconds", "Seconds", BK_PT_REAL, 0.01, 86400, "1",
	  "seconds between samples", NULL },
	{ "clock-every", NULL, BK_PT_REAL, 0, 86400, TEMP_CLOCK_EVERY_DEFAULT,
	  "measure the effective CPU clock every this many seconds: cycles through "
	  "burnkit.ko, else a chain of dependent adds in user space (each keeps "
	  "each CPU busy a few ms); 0 never", NULL },
	{ "via", NULL, BK_PT_CHOICE, 0, 0, "auto",
	  "how throttle transitions are printed: netlink (as the module's group "
	  "announces them), poll (the event file, with each sample) or auto "
	  "(netlink when this runner and the module have it)", bk_events_via_choices },
	BK_PARAMS_END
};

/* "%.1f" of v, or "n/a". */
static const char *celsius(char *buf, size_t len, double v)
{
	if (isnan(v))
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, "%.1f°C", v);
	return buf;
}

static void what_is_read(struct bk_ctx *ctx, const struct bk_recorder *r)
{
	const struct bk_sensors *s = &r->sensors;

	bk_out(&ctx->log, " Sensors:");
	if (!s->ntemps)
		bk_out(&ctx->log, " none");
	for (int i = 0; i < s->ntemps; i++)
		bk_out(&ctx->log, "%s %s (%s)%s", i ? "," : "", s->temps[i].name,
		       s->temps[i].label, i == s->main_temp ? " = temp" : "");
	bk_out(&ctx->log, "\n CPU clock: %s (%s) for %d CPUs",
	       bk_mhz_source_name(s->mhz_method) ? bk_mhz_source_name(s->mhz_method) : "none",
	       bk_mhz_method_name(s->mhz_method), s->ncpus);
	if (bk_recorder_eff_source(r))
		bk_out(&ctx->log, "; effective clock every %.3g s: %s", r->clock_every_s,
		       r->have_kmod ? "cycles (burnkit.ko)" :
		       "measured (dependent adds in user space, 2 ms a CPU)");
	bk_out(&ctx->log, "\n Throttling: %s%s\n", r->have_kmod ?
	       "burnkit.ko throttle sources and transitions" : "not recorded",
	       !r->have_kmod ? "" : r->doorbell ? ", printed as the module announces them" :
	       ", printed with each sample");
	if (bk_recorder_polls_events(r))
		bk_out(&ctx->log, " Netlink: %s\n", r->doorbell_why);
	if (s->missing[0] || !r->have_kmod)
		bk_out(&ctx->log, " Not read here: %s%s%s\n", s->missing,
		       s->missing[0] && !r->have_kmod ? "; " : "",
		       r->have_kmod ? "" : r->kmod_why);
}

static void print_events(struct bk_ctx *ctx, const struct bk_recorder *r,
			 double t_first)
{
	for (int i = 0; i < r->nlast; i++) {
		const struct burnkit_event *e = &r->last[i];
		char name[32], t[16] = "", m[24] = "";

		if (e->temp_mc != BURNKIT_TEMP_UNKNOWN)
			snprintf(t, sizeof(t), ", %.1f°C", e->temp_mc / 1000.0);
		if (e->mhz != BURNKIT_MHZ_UNKNOWN)
			snprintf(m, sizeof(m), ", %u MHz", e->mhz);
		bk_out(&ctx->log, " %6.1f  throttle %s/%u: %u -> %u%s%s%s\n",
		       r->last_at[i] - t_first,
		       bk_throttle_source_name(e->source, name, sizeof(name)),
		       e->instance, e->old_state, e->new_state, t, m,
		       bk_throttle_active(e->source, e->new_state) ? " (slowed down)" : "");
	}
}

/*
 * Sleep until the next sample is due, printing throttle transitions as the
 * module announces them (without its netlink group they wait for the
 * sample). As bk_ticker_wait: ticks skipped, or -1 when asked to stop.
 */
static long wait_for_sample(struct bk_ctx *ctx, struct bk_recorder *r,
			    struct bk_ticker *tick, double t_first)
{
	int ms;

	while (bk_recorder_events_fd(r) >= 0 && (ms = bk_ticker_ms_left(tick)) > 0) {
		struct pollfd p = { .fd = bk_recorder_events_fd(r), .events = POLLIN };

		if (bk_stop_requested())
			return -1;
		if (poll(&p, 1, ms) > 0 && bk_recorder_events(r))
			print_events(ctx, r, t_first);
	}
	return bk_ticker_wait(tick);
}

static void print_row(struct bk_ctx *ctx, const struct bk_recorder *r,
		      double t_first)
{
	const struct bk_sensors *s = &r->sensors;
	char line[2048], c[24];
	size_t off = 0;

#define ADD(...) (off += (size_t)snprintf(line + off, off < sizeof(line) ? \
		  sizeof(line) - off : 0, __VA_ARGS__))
	ADD(" %6.1f  temp=%-8s", r->t - t_first, celsius(c, sizeof(c), bk_recorder_temp(r)));
	if (s->mhz_method != BK_MHZ_NONE || r->have_eff) {
		ADD("  MHz");
		for (int i = 0; i < s->ncpus && off < sizeof(line); i++) {
			double v = r->have_eff && !isnan(r->eff_mhz[i]) ? r->eff_mhz[i] :
				   r->mhz[i];

			if (isnan(v))
				ADD(" n/a");
			else
				ADD(" %.0f", v);
		}
		if (r->have_eff)
			ADD(" (effective, %s)", bk_recorder_eff_source(r));
		else if (bk_mhz_source_name(s->mhz_method))
			ADD(" (%s)", bk_mhz_source_name(s->mhz_method));
	}
	if (r->have_kmod) {
		if (!r->nactive)
			ADD("  not throttled");
		else
			ADD("  THROTTLED:");
		for (int i = 0; i < r->nactive && off < sizeof(line); i++)
			ADD(" %s", r->active[i]);
	}
	for (int i = 0; i < s->ntemps && off < sizeof(line); i++)
		if (i != s->main_temp)
			ADD("  %s=%s", s->temps[i].label, celsius(c, sizeof(c), r->temps[i]));
#undef ADD
	bk_out(&ctx->log, "%s\n", line);
}

static void summary_num(struct bk_json *j, const char *key, double v)
{
	if (isnan(v))
		bk_json_null(j, key);
	else
		bk_json_realp(j, key, v, 6);
}

/*
 * Something to record: a temperature sensor, a clock read or, at the
 * default --clock-every, measured (on a board or VM without cpufreq, a
 * "cpu MHz" line or thermal zones, as arm64 clouds and qemu-user are), or
 * burnkit.ko. A run with --clock-every 0 and nothing else is refused by
 * temp_run, with the same reason.
 */
static int temp_supported(char *why, size_t len)
{
	static struct bk_sensors s;
	struct bk_kevents k;
	char kmod_why[256];
	int have_kmod, ok;

	bk_sensors_open(&s, NULL);
	have_kmod = !bk_kevents_open(&k, kmod_why, sizeof(kmod_why));
	if (have_kmod)
		bk_kevents_close(&k);
	ok = bk_recorder_can_record(&s, have_kmod, strtod(TEMP_CLOCK_EVERY_DEFAULT, NULL));
	if (!ok)
		snprintf(why, len, "nothing to record here: %s; %s", s.missing, kmod_why);
	bk_sensors_close(&s);
	return ok ? 0 : -1;
}

static int temp_run(struct bk_ctx *ctx)
{
	static struct bk_recorder rec;
	long long passes = bk_param_int(&ctx->params, "passes");
	double seconds = bk_param_real(&ctx->params, "seconds");
	struct bk_ticker tick;
	char when[64], c1[24], c2[24];
	double t_first = 0;	/* the seed's Seconds count from the first sample */

	enum bk_events_via via = bk_events_via_parse(bk_param_str(&ctx->params, "via"));

	bk_recorder_open(&rec, &ctx->log, NULL, seconds,
			 bk_param_real(&ctx->params, "clock-every"), via);
	if (via == BK_VIA_NETLINK && !rec.doorbell) {
		pr_fail("--via netlink: %s", rec.have_kmod ? rec.doorbell_why : rec.kmod_why);
		bk_recorder_close(&rec);
		return BK_EXIT_ENV;
	}
	if (!bk_recorder_has_anything(&rec)) {
		pr_fail("nothing to record here: %s; %s%s", rec.sensors.missing, rec.kmod_why,
			rec.clock_every_s > 0 ? "" : "; no clock measured (--clock-every 0)");
		bk_recorder_close(&rec);
		return BK_EXIT_ENV;
	}
	bk_ctime(when, sizeof(when));
	bk_out(&ctx->log, "\n Temperature Measurement - Start at %s\n\n", when);
	bk_out(&ctx->log, "          Using %lld samples at %g second intervals\n\n",
	       passes, seconds);
	what_is_read(ctx, &rec);
	bk_out(&ctx->log, "\n Seconds\n");

	bk_ticker_start(&tick, seconds);
	for (long long k = 0; k <= passes; k++) {
		if (wait_for_sample(ctx, &rec, &tick, t_first) < 0)
			break;
		bk_recorder_sample(&rec);
		if (!k)
			t_first = rec.t;
		print_events(ctx, &rec, t_first);
		print_row(ctx, &rec, t_first);
	}
	bk_recorder_events(&rec);
	print_events(ctx, &rec, t_first);

	bk_ctime(when, sizeof(when));
	if (!isnan(rec.temp_min))
		bk_out(&ctx->log, "\n Temperature Minimum = %s  Maximum = %s\n",
		       celsius(c1, sizeof(c1), rec.temp_min),
		       celsius(c2, sizeof(c2), rec.temp_max));
	if (rec.have_kmod)
		bk_out(&ctx->log, " Throttle transitions: %lu%s\n", rec.transitions,
		       rec.first_active_t >= 0 ? "" : " (never slowed down)");
	bk_out(&ctx->log, "\n Temperature Measurement - End at   %s\n", when);

	struct bk_json *sum = &ctx->log.summary;

	bk_json_uint(sum, "samples", rec.samples);
	summary_num(sum, "temp_min_c", rec.temp_min);
	summary_num(sum, "temp_max_c", rec.temp_max);
	summary_num(sum, "peak_c", rec.peak_any);
	if (rec.have_kmod) {
		bk_json_uint(sum, "throttle_transitions", rec.transitions);
		summary_num(sum, "first_throttle_s",
			    rec.first_active_t >= 0 ? rec.first_active_t : NAN);
	}
	bk_recorder_close(&rec);
	return BK_EXIT_OK;
}

const struct bk_tester bk_tester_temp = {
	.name = "temp",
	.summary = "Temperature recorder (RPiTemperature): sensors, CPU clocks, throttling",
	.help = "Takes Passes+1 samples, Seconds apart, as Longbottom's RPiTemperature\n"
		"(\"burnkit temp Passes 70, Seconds 60\" beside a burn-in): every thermal\n"
		"zone and hwmon temperature, each CPU's clock (cpufreq, or /proc/cpuinfo;\n"
		"the real clock through burnkit.ko when loaded) and, with burnkit.ko,\n"
		"the throttle state and every transition as it happens. vcgencmd is never\n"
		"used; what cannot be read here is listed at the start. The text log\n"
		"(Log N: logTempN.txt) keeps the seed's \"Seconds  temp=50.8°C\" rows;\n"
		"--json writes one \"sample\" record per row.",
	.params = temp_params,
	.log_prefix = "logTemp",
	.quick = "--passes 3 --seconds 0.2",
	.flags = BK_TF_TOOL | BK_TF_NO_TIMER,
	.supported = temp_supported,
	.run = temp_run,
};
