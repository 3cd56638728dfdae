// SPDX-License-Identifier: MIT
/*
 * burnkit watch: throttle transitions, printed as the module records
 * them. With libnl at build time it subscribes to the module's generic
 * netlink group and is woken by each event; otherwise, or with --via poll,
 * it reads the event file once per module sampler period. Both write the
 * same "throttle" records as the recorder.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "record/kmod_events.h"
#include "record/kmod_netlink.h"
#include "record/recorder.h"
#include "tester.h"

static const struct bk_param watch_params[] = {
	{ "seconds", "Seconds", BK_PT_REAL, 0, 31536000, "0",
	  "stop after this many seconds; 0: until Ctrl-C", NULL },
	{ "via", NULL, BK_PT_CHOICE, 0, 0, "auto",
	  "netlink (pushed by the module), poll (the event file, once a "
	  "sampler period) or auto (netlink when this runner and the module "
	  "have it)", bk_events_via_choices },
	BK_PARAMS_END
};

static int watch_supported(char *why, size_t len)
{
	struct bk_kmod k;

	if (bk_kmod_open(&k, NULL)) {
		bk_strlcpy(why, k.why, len);
		return -1;
	}
	return 0;
}

static void show(struct bk_ctx *ctx, const struct burnkit_event *e, double at,
		 const char *via)
{
	char name[32], t[24] = "", m[24] = "";

	if (e->temp_mc != BURNKIT_TEMP_UNKNOWN)
		snprintf(t, sizeof(t), "  %.1f°C", e->temp_mc / 1000.0);
	if (e->mhz != BURNKIT_MHZ_UNKNOWN)
		snprintf(m, sizeof(m), "  %u MHz", e->mhz);
	bk_out(&ctx->log, " %9.3f s  #%-6llu cpu%-3u %s/%u: %u -> %u%s%s%s  [%s]\n", at,
	       (unsigned long long)e->seq, e->cpu,
	       bk_throttle_source_name(e->source, name, sizeof(name)), e->instance,
	       e->old_state, e->new_state,
	       bk_throttle_active(e->source, e->new_state) ? "  SLOWED DOWN" :
	       bk_throttle_is_counter(e->source) ? "  (count)" : "  released", t, m, via);
}

static int deadline_ms(const struct bk_ctx *ctx, double seconds, int cap)
{
	double left;

	if (seconds <= 0)
		return cap;
	left = seconds - bk_log_elapsed(&ctx->log);
	if (left <= 0)
		return 0;
	return left * 1000 < cap ? (int)(left * 1000) + 1 : cap;
}

static int watch_run(struct bk_ctx *ctx)
{
	const char *via = bk_param_str(&ctx->params, "via");
	double seconds = bk_param_real(&ctx->params, "seconds");
	struct burnkit_event ev[64];
	struct bk_kevents kev;
	struct bk_knl *nl = NULL;
	unsigned long seen = 0;
	uint64_t last_seq = 0;
	int have_seq = 0, period_ms;
	char why[512];

	if (bk_kevents_open(&kev, why, sizeof(why))) {
		pr_fail("%s", why);
		return BK_EXIT_ENV;
	}
	period_ms = kev.period_ms ? (int)kev.period_ms : BURNKIT_PERIOD_MS_DEFAULT;
	if (strcmp(via, "poll") && bk_knl_open(&nl, why, sizeof(why))) {
		if (!strcmp(via, "netlink")) {
			pr_fail("--via netlink: %s", why);
			bk_kevents_close(&kev);
			return BK_EXIT_ENV;
		}
		bk_out(&ctx->log, " netlink: %s; reading the event file instead\n", why);
	}
	via = nl ? "netlink" : "poll";
	bk_out(&ctx->log, "\n Throttle transitions from burnkit.ko via %s (sampler every "
	       "%d ms)%s\n\n", via, period_ms,
	       seconds > 0 ? "" : "; Ctrl-C to stop");

	while (!bk_stop_requested()) {
		int ms = deadline_ms(ctx, seconds, nl ? 1000 : period_ms), n, overrun = 0;

		if (seconds > 0 && bk_log_elapsed(&ctx->log) >= seconds)
			break;
		if (nl) {
			struct pollfd p = { .fd = bk_knl_fd(nl), .events = POLLIN };

			if (poll(&p, 1, ms) <= 0)
				continue;
			n = bk_knl_read(nl, ev, BK_ARRAY_SIZE(ev), &overrun);
			if (overrun)
				pr_warn("netlink: the socket overflowed, some transitions "
					"were dropped here (throttle_log has them all)");
		} else {
			struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

			nanosleep(&ts, NULL);
			n = bk_kevents_read(&kev, ev, BK_ARRAY_SIZE(ev));
		}
		if (n < 0) {
			pr_fail("the module's events cannot be read any more (unloaded?)");
			break;
		}
		uint64_t now = bk_now_ns();

		for (int i = 0; i < n; i++) {
			if (have_seq && ev[i].seq > last_seq + 1)
				bk_out(&ctx->log, " %llu transitions missed here (the ring or the "
				       "socket overran)\n",
				       (unsigned long long)(ev[i].seq - last_seq - 1));
			show(ctx, &ev[i], bk_throttle_record(&ctx->log, &ev[i], now), via);
			last_seq = ev[i].seq;
			have_seq = 1;
			seen++;
		}
	}
	bk_out(&ctx->log, "\n %lu transition%s seen via %s\n", seen, seen == 1 ? "" : "s",
	       via);
	bk_json_str(&ctx->log.summary, "via", via);
	bk_json_uint(&ctx->log.summary, "transitions", seen);
	bk_knl_close(nl);
	bk_kevents_close(&kev);
	return BK_EXIT_OK;
}

const struct bk_tester bk_tester_watch = {
	.name = "watch",
	.summary = "Throttle transitions live from burnkit.ko (netlink, or the event file)",
	.help = "Prints each throttle transition the module's sampler records, as it\n"
		"happens: time, CPU, source, old and new state, temperature and clock.\n"
		"With libnl at build time, the module's generic netlink group pushes\n"
		"them (--via netlink); else, or with --via poll, the event file is read\n"
		"once per sampler period. --json writes the recorder's \"throttle\"\n"
		"records. Needs burnkit.ko.",
	.params = watch_params,
	.log_prefix = "logWatch",
	.quick = "--seconds 1",
	.flags = BK_TF_TOOL | BK_TF_NO_TIMER,
	.supported = watch_supported,
	.run = watch_run,
};
