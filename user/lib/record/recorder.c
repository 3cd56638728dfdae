// SPDX-License-Identifier: MIT
#include "record/recorder.h"
#include "record/clockmeter.h"
#include "json.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static double log_seconds(const struct bk_log *l, uint64_t ns)
{
	return ((double)ns - (double)l->t0_ns) / 1e9;
}

static void num_or_null(struct bk_json *j, const char *key, double v, int digits)
{
	if (isnan(v))
		bk_json_null(j, key);
	else
		bk_json_realp(j, key, v, digits);
}

static void set_active(struct bk_recorder *r, const char *name, unsigned instance,
		       int active)
{
	char id[32];
	int i;

	snprintf(id, sizeof(id), "%s/%u", name, instance);
	for (i = 0; i < r->nactive; i++)
		if (!strcmp(r->active[i], id))
			break;
	if (active) {
		if (i == r->nactive && r->nactive < BK_RECORDER_MAX_ACTIVE)
			bk_strlcpy(r->active[r->nactive++], id, sizeof(r->active[0]));
		return;
	}
	if (i == r->nactive)
		return;
	memmove(r->active[i], r->active[i + 1],
		(size_t)(r->nactive - i - 1) * sizeof(r->active[0]));
	r->nactive--;
}

static void sensors_record(struct bk_recorder *r)
{
	const struct bk_sensors *s = &r->sensors;
	struct bk_json j;

	bk_json_init(&j);
	bk_rec_begin(r->log, &j, "sensors");
	bk_json_array_begin(&j, "temps");
	for (int i = 0; i < s->ntemps; i++) {
		bk_json_object_begin(&j, NULL);
		bk_json_str(&j, "sensor", s->temps[i].name);
		bk_json_str(&j, "label", s->temps[i].label);
		bk_json_object_end(&j);
	}
	bk_json_array_end(&j);
	bk_json_str(&j, "main", s->main_temp >= 0 ? s->temps[s->main_temp].name : NULL);
	bk_json_array_begin(&j, "cpus");
	for (int i = 0; i < s->ncpus; i++)
		bk_json_int(&j, NULL, s->cpu[i]);
	bk_json_array_end(&j);
	bk_json_realp(&j, "sample_s", r->sample_s, 9);
	bk_json_str(&j, "mhz_method", bk_mhz_method_name(s->mhz_method));
	bk_json_str(&j, "mhz_source", bk_mhz_source_name(s->mhz_method));
	bk_json_str(&j, "eff_mhz_source", bk_recorder_eff_source(r));
	bk_json_bool(&j, "kmod", r->have_kmod);
	bk_json_str(&j, "events_via", bk_recorder_events_via(r));
	bk_json_str(&j, "netlink_why", bk_recorder_polls_events(r) ? r->doorbell_why : NULL);
	bk_json_str(&j, "kmod_why", r->have_kmod ? NULL : r->kmod_why);
	if (r->have_kmod && r->kev.period_ms)
		bk_json_uint(&j, "throttle_period_ms", r->kev.period_ms);
	else
		bk_json_null(&j, "throttle_period_ms");
	bk_json_realp(&j, "clock_every_s", bk_recorder_eff_source(r) ? r->clock_every_s : 0, 6);
	bk_json_str(&j, "missing", s->missing[0] ? s->missing : NULL);
	bk_rec_end(r->log, &j);
	bk_json_free(&j);
}

static void state_record(struct bk_recorder *r)
{
	static struct bk_kmod_throttle st[BK_THROTTLE_MAX_READINGS];
	int n = bk_kmod_throttle_state(&r->kev.kmod, st, BK_ARRAY_SIZE(st));
	struct bk_json j;

	bk_json_init(&j);
	bk_rec_begin(r->log, &j, "throttle_state");
	bk_json_array_begin(&j, "states");
	for (int i = 0; i < n; i++) {
		int active = bk_throttle_active(st[i].source, st[i].state);

		if (!st[i].ok)
			continue;
		bk_json_object_begin(&j, NULL);
		bk_json_str(&j, "source", st[i].name);
		bk_json_uint(&j, "instance", st[i].instance);
		bk_json_uint(&j, "state", st[i].state);
		bk_json_bool(&j, "active", active);
		bk_json_bool(&j, "counter", bk_throttle_is_counter(st[i].source));
		num_or_null(&j, "temp_c", st[i].temp_ok ? st[i].temp_mc / 1000.0 : NAN, 6);
		num_or_null(&j, "mhz", st[i].mhz_ok ? (double)st[i].mhz : NAN, 8);
		bk_json_object_end(&j);
		if (active) {
			set_active(r, st[i].name, st[i].instance, 1);
			if (r->first_active_t < 0)
				r->first_active_t = 0;
		}
	}
	bk_json_array_end(&j);
	bk_json_bool(&j, "readable", n >= 0);
	bk_rec_end(r->log, &j);
	bk_json_free(&j);
}

/*
 * The module's netlink group, when its features say it has one (a fake
 * module directory in the tests says off, and is polled).
 */
static void open_doorbell(struct bk_recorder *r)
{
	char on[8] = "absent";

	bk_kmod_feature(&r->kev.kmod, "netlink", on, sizeof(on));
	if (strcmp(on, "on"))
		snprintf(r->doorbell_why, sizeof(r->doorbell_why),
			 "the module has no netlink family (features: netlink %s)", on);
	else
		bk_knl_open(&r->doorbell, r->doorbell_why, sizeof(r->doorbell_why));
}

int bk_recorder_events_fd(const struct bk_recorder *r)
{
	return r->have_kmod && r->doorbell ? bk_knl_fd(r->doorbell) : -1;
}

const char *bk_recorder_events_via(const struct bk_recorder *r)
{
	return !r->have_kmod ? NULL : r->doorbell ? "netlink" : "poll";
}

int bk_recorder_polls_events(const struct bk_recorder *r)
{
	return r->have_kmod && !r->doorbell;
}

/*
 * Empty the doorbell's socket: what it carried is in the ring, which is read
 * next. An overflowed socket only means rings went unheard; the ring has them.
 */
static void drain_doorbell(struct bk_recorder *r)
{
	struct burnkit_event rung[64];
	int overrun, n;

	if (!r->doorbell)
		return;
	while ((n = bk_knl_read(r->doorbell, rung, BK_ARRAY_SIZE(rung), &overrun)) ==
	       (int)BK_ARRAY_SIZE(rung))
		;
	if (n < 0) {
		pr_warn("the module's netlink socket failed: throttle transitions are "
			"read from its event file on the caller's schedule from now on");
		bk_knl_close(r->doorbell);
		r->doorbell = NULL;
		snprintf(r->doorbell_why, sizeof(r->doorbell_why), "the socket failed");
	}
}

/*
 * Whether the clock is measured in user space without the module: asked
 * for, and on this machine's own CPUs (a fixture tree's are not).
 */
static int clock_measurable(const struct bk_sensors *s, double clock_every_s)
{
	return clock_every_s > 0 && !s->root[0];
}

void bk_recorder_open(struct bk_recorder *r, struct bk_log *log,
		      const char *root, double sample_s, double clock_every_s,
		      enum bk_events_via via)
{
	memset(r, 0, sizeof(*r));
	r->log = log;
	r->sample_s = sample_s;
	r->clock_every_s = clock_every_s;
	r->first_active_t = -1;
	r->temp_min = r->temp_max = r->peak_any = NAN;
	bk_sensors_open(&r->sensors, root);
	r->have_kmod = !bk_kevents_open(&r->kev, r->kmod_why, sizeof(r->kmod_why));
	if (r->have_kmod && via != BK_VIA_POLL)
		open_doorbell(r);
	else if (r->have_kmod)
		snprintf(r->doorbell_why, sizeof(r->doorbell_why), "not joined (--via poll)");
	r->measure_clock = !r->have_kmod && clock_measurable(&r->sensors, clock_every_s);
	sensors_record(r);
	if (r->have_kmod)
		state_record(r);
}

const char *bk_recorder_eff_source(const struct bk_recorder *r)
{
	if (r->clock_every_s <= 0)
		return NULL;
	return r->have_kmod ? "cycles" : r->measure_clock ? "measured" : NULL;
}

void bk_recorder_close(struct bk_recorder *r)
{
	bk_sensors_close(&r->sensors);
	bk_kevents_close(&r->kev);
	bk_knl_close(r->doorbell);
	r->doorbell = NULL;
}

int bk_recorder_can_record(const struct bk_sensors *s, int have_kmod,
			   double clock_every_s)
{
	return s->ntemps || s->mhz_method != BK_MHZ_NONE || have_kmod ||
	       clock_measurable(s, clock_every_s);
}

int bk_recorder_has_anything(const struct bk_recorder *r)
{
	return bk_recorder_can_record(&r->sensors, r->have_kmod, r->clock_every_s);
}

double bk_recorder_temp(const struct bk_recorder *r)
{
	return r->sensors.main_temp >= 0 ? r->temps[r->sensors.main_temp] : NAN;
}

double bk_throttle_record(struct bk_log *log, const struct burnkit_event *e,
			  uint64_t seen_ns)
{
	char buf[32];
	const char *name = bk_throttle_source_name(e->source, buf, sizeof(buf));
	uint64_t at_ns = bk_mono_to_now_ns(e->time_ns);
	double at = log_seconds(log, at_ns);
	struct bk_json j;

	bk_json_init(&j);
	bk_rec_begin(log, &j, "throttle");
	bk_json_realp(&j, "at", at, 9);
	bk_json_realp(&j, "lag_s", ((double)seen_ns - (double)at_ns) / 1e9, 6);
	bk_json_uint(&j, "seq", e->seq);
	bk_json_uint(&j, "kernel_ns", e->time_ns);
	bk_json_uint(&j, "cpu", e->cpu);
	bk_json_str(&j, "source", name);
	bk_json_uint(&j, "instance", e->instance);
	bk_json_uint(&j, "old", e->old_state);
	bk_json_uint(&j, "new", e->new_state);
	bk_json_bool(&j, "active", bk_throttle_active(e->source, e->new_state));
	bk_json_bool(&j, "was_active", bk_throttle_active(e->source, e->old_state));
	bk_json_bool(&j, "counter", bk_throttle_is_counter(e->source));
	if (e->temp_mc == BURNKIT_TEMP_UNKNOWN)
		bk_json_null(&j, "temp_c");
	else
		bk_json_realp(&j, "temp_c", e->temp_mc / 1000.0, 6);
	if (e->mhz == BURNKIT_MHZ_UNKNOWN)
		bk_json_null(&j, "mhz");
	else
		bk_json_uint(&j, "mhz", e->mhz);
	bk_rec_end(log, &j);
	bk_json_free(&j);
	return at;
}

static double event_record(struct bk_recorder *r, const struct burnkit_event *e,
			   uint64_t seen_ns)
{
	char buf[32];
	const char *name = bk_throttle_source_name(e->source, buf, sizeof(buf));
	int active = bk_throttle_active(e->source, e->new_state);
	double at = bk_throttle_record(r->log, e, seen_ns);

	set_active(r, name, e->instance, active);
	if (active && r->first_active_t < 0)
		r->first_active_t = at;
	r->transitions++;
	return at;
}

int bk_recorder_events(struct bk_recorder *r)
{
	struct burnkit_event ev[64];
	uint64_t lost0 = r->kev.lost;
	int total = 0, n;

	r->nlast = 0;
	if (!r->have_kmod)
		return 0;
	drain_doorbell(r);
	while ((n = bk_kevents_read(&r->kev, ev, BK_ARRAY_SIZE(ev))) > 0) {
		uint64_t seen = bk_now_ns();

		for (int i = 0; i < n; i++) {
			double at = event_record(r, &ev[i], seen);

			if (r->nlast < (int)BK_ARRAY_SIZE(r->last)) {
				r->last[r->nlast] = ev[i];
				r->last_at[r->nlast++] = at;
			}
		}
		total += n;
		if ((size_t)n < BK_ARRAY_SIZE(ev))
			break;
	}
	if (n < 0) {
		pr_warn("the module's event ring cannot be read any more "
			"(module unloaded?): throttle transitions are no longer recorded");
		bk_kevents_close(&r->kev);
		bk_knl_close(r->doorbell);
		r->doorbell = NULL;
		r->have_kmod = 0;
	}
	if (r->kev.lost > lost0) {
		struct bk_json j;

		bk_json_init(&j);
		bk_rec_begin(r->log, &j, "throttle_lost");
		bk_json_uint(&j, "lost", r->kev.lost - lost0);
		bk_rec_end(r->log, &j);
		bk_json_free(&j);
	}
	return total;
}

static void cpu_map(struct bk_json *j, const char *key, const struct bk_sensors *s,
		    const double *mhz)
{
	bk_json_object_begin(j, key);
	for (int i = 0; i < s->ncpus; i++) {
		char name[16];

		snprintf(name, sizeof(name), "cpu%d", s->cpu[i]);
		num_or_null(j, name, mhz[i], 8);
	}
	bk_json_object_end(j);
}

void bk_recorder_sample(struct bk_recorder *r)
{
	const struct bk_sensors *s = &r->sensors;
	uint64_t now;
	struct bk_json j;

	bk_recorder_events(r);
	now = bk_now_ns();
	r->t = log_seconds(r->log, now);
	bk_sensors_temps(s, r->temps);
	bk_sensors_mhz(s, r->mhz);
	r->have_eff = 0;
	if (bk_recorder_eff_source(r) &&
	    (!r->samples || (double)(now - r->last_clock_ns) / 1e9 >= r->clock_every_s)) {
		if (r->have_kmod)
			r->have_eff = bk_kevents_clock(&r->kev, s->cpu, s->ncpus, r->eff_mhz) > 0;
		else
			r->have_eff = bk_clock_measure_cpus(s->cpu, s->ncpus, r->eff_mhz) > 0;
		r->last_clock_ns = now;
	}

	for (int i = 0; i < s->ntemps; i++)
		if (!isnan(r->temps[i]) && (isnan(r->peak_any) || r->temps[i] > r->peak_any))
			r->peak_any = r->temps[i];
	double main = bk_recorder_temp(r);

	if (!isnan(main)) {
		if (isnan(r->temp_min) || main < r->temp_min)
			r->temp_min = main;
		if (isnan(r->temp_max) || main > r->temp_max)
			r->temp_max = main;
	}

	bk_json_init(&j);
	bk_rec_begin(r->log, &j, "sample");
	bk_json_uint(&j, "n", r->samples);
	bk_json_object_begin(&j, "temps");
	for (int i = 0; i < s->ntemps; i++)
		num_or_null(&j, s->temps[i].name, r->temps[i], 6);
	bk_json_object_end(&j);
	num_or_null(&j, "temp_c", main, 6);
	cpu_map(&j, "mhz", s, r->mhz);
	bk_json_str(&j, "mhz_source", bk_mhz_source_name(s->mhz_method));
	if (r->have_eff) {
		cpu_map(&j, "eff_mhz", s, r->eff_mhz);
		bk_json_str(&j, "eff_mhz_source", bk_recorder_eff_source(r));
	}
	if (r->have_kmod) {
		bk_json_int(&j, "throttled", r->nactive);
		bk_json_array_begin(&j, "throttle");
		for (int i = 0; i < r->nactive; i++)
			bk_json_str(&j, NULL, r->active[i]);
		bk_json_array_end(&j);
	} else {
		bk_json_null(&j, "throttled");
	}
	bk_rec_end(r->log, &j);
	bk_json_free(&j);
	/* The machine's activity over the sample period, from the second on. */
	if (r->have_act)
		bk_activity_record(r->log, &r->act_prev);
	else
		r->have_act = !bk_activity_read(&r->act_prev, NULL);
	r->samples++;
}
