// SPDX-License-Identifier: MIT
/* console: the recorder's samples and throttle events as they come, and
 * the rows Longbottom's reports print every 15 s. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cook.h"

void cook_print_events(struct cook *ck)
{
	const struct bk_recorder *r = &ck->rec;

	for (int i = 0; i < r->nlast; i++) {
		char name[32];
		const struct burnkit_event *e = &r->last[i];

		bk_out(&ck->ctx->log, " %7.1f s  throttle %s/%u: %u -> %u%s\n", r->last_at[i],
		       bk_throttle_source_name(e->source, name, sizeof(name)), e->instance,
		       e->old_state, e->new_state,
		       bk_throttle_active(e->source, e->new_state) ? " (slowed down)" : "");
	}
}

void cook_print_status(struct cook *ck)
{
	const struct bk_recorder *r = &ck->rec;
	char line[1024];
	size_t off = 0;
	double c = bk_recorder_temp(r);

#define ADD(...) (off += (size_t)snprintf(line + off, off < sizeof(line) ? \
		  sizeof(line) - off : 0, __VA_ARGS__))
	ADD(" %7.1f s  ", r->t);
	if (isnan(c))
		ADD("temp=n/a");
	else
		ADD("temp=%.1f°C", c);
	if (r->sensors.mhz_method != BK_MHZ_NONE) {
		ADD("  MHz");
		for (int i = 0; i < r->sensors.ncpus && off < sizeof(line); i++) {
			if (isnan(r->mhz[i]))
				ADD(" n/a");
			else
				ADD(" %.0f", r->mhz[i]);
		}
		ADD(" (%s)", bk_mhz_source_name(r->sensors.mhz_method));
	}
	if (r->have_eff) {
		ADD("  effective MHz");
		for (int i = 0; i < r->sensors.ncpus && off < sizeof(line); i++) {
			if (isnan(r->eff_mhz[i]))
				ADD(" n/a");
			else
				ADD(" %.0f", r->eff_mhz[i]);
		}
		ADD(" (%s)", bk_recorder_eff_source(r));
	}
	if (r->have_kmod)
		ADD("%s", r->nactive ? "  THROTTLED" : "  not throttled");
#undef ADD
	bk_out(&ck->ctx->log, "%s\n", line);
}

void cook_record_step(struct cook *ck, struct bk_ticker *samples,
			struct bk_ticker *events)
{
	if (!ck->recording)
		return;
	if (bk_ticker_ms_left(samples) == 0) {
		bk_ticker_advance(samples);
		bk_ticker_advance(events);
		bk_recorder_sample(&ck->rec);
		cook_print_events(ck);
		if (ck->rec.t - ck->last_status_t >= COOK_STATUS_EVERY_S ||
		    ck->rec.samples == 1) {
			cook_print_status(ck);
			ck->last_status_t = ck->rec.t;
		}
	} else if (bk_recorder_polls_events(&ck->rec) &&	/* else woken */
		   bk_ticker_ms_left(events) == 0) {
		bk_ticker_advance(events);
		cook_record_events(ck);
	}
}

void cook_record_events(struct cook *ck)
{
	if (bk_recorder_events(&ck->rec))
		cook_print_events(ck);
}

void cook_title(struct cook *ck, char *buf, size_t len)
{
	size_t off = (size_t)snprintf(buf, len, "burnkit cook:");

	for (int r = 0; r < ck->nruns && off < len; r++) {
		int n = 0;

		for (int i = 0; i < ck->ncopies; i++)
			n += ck->copies[i].run == &ck->runs[r];
		off += (size_t)snprintf(buf + off, len - off, "%s %d x %s", r ? ";" : "",
					n, ck->runs[r].text);
	}
	if (off < len)
		snprintf(buf + off, len - off, ", %g min%s%s",
			 bk_param_real(&ck->ctx->params, "minutes"),
			 ck->ctx->sysinfo.board[0] || ck->ctx->sysinfo.cpu_model[0] ? ", " : "",
			 ck->ctx->sysinfo.board[0] ? ck->ctx->sysinfo.board :
			 ck->ctx->sysinfo.cpu_model);
}
