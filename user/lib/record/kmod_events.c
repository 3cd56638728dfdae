// SPDX-License-Identifier: MIT
#include "record/kmod_events.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/*
 * What each source's state means (abi.h, "Throttle sources"): the bits
 * that say "slowed down now", or a counter.
 */
static const struct {
	unsigned source;
	const char *name;
	int counter;
	unsigned long long active_mask;
} throttle_sources[] = {
	{ BURNKIT_SRC_X86_CORE_THERM, "x86_core_therm", 0, 1 },
	{ BURNKIT_SRC_X86_PKG_THERM, "x86_package_therm", 0, 1 },
	{ BURNKIT_SRC_X86_THROTTLE_COUNT, "x86_throttle_count", 1, 0 },
	{ BURNKIT_SRC_RPI_THROTTLED, "rpi_throttled", 0,
	  BURNKIT_RPI_UNDER_VOLTAGE | BURNKIT_RPI_FREQ_CAPPED |
	  BURNKIT_RPI_THROTTLED | BURNKIT_RPI_SOFT_TEMP_LIMIT },
	{ BURNKIT_SRC_THERMAL_ZONE, "thermal_zone", 0, ~0ull },
	{ BURNKIT_SRC_CPUFREQ_CAP, "cpufreq_cap", 0, 1 },
	{ BURNKIT_SRC_INJECT, "inject", 0, ~0ull },
};

static int source_index(unsigned source)
{
	for (size_t i = 0; i < BK_ARRAY_SIZE(throttle_sources); i++)
		if (throttle_sources[i].source == source)
			return (int)i;
	return -1;
}

const char *bk_throttle_source_name(unsigned source, char *buf, size_t len)
{
	int i = source_index(source);

	if (i >= 0)
		return throttle_sources[i].name;
	snprintf(buf, len, "source %u", source);
	return buf;
}

int bk_throttle_active(unsigned source, unsigned long long state)
{
	int i = source_index(source);

	return i >= 0 && !throttle_sources[i].counter &&
	       (state & throttle_sources[i].active_mask) != 0;
}

int bk_throttle_is_counter(unsigned source)
{
	int i = source_index(source);

	return i >= 0 && throttle_sources[i].counter;
}

int bk_kevents_open(struct bk_kevents *k, char *why, size_t whylen)
{
	struct burnkit_event drain[64];
	char period[32];
	int n;

	memset(k, 0, sizeof(*k));
	k->events_fd = -1;
	if (bk_kmod_open(&k->kmod, NULL)) {
		bk_strlcpy(why, k->kmod.why, whylen);
		return -1;
	}
	k->events_fd = bk_kmod_events_open(&k->kmod);
	if (k->events_fd < 0) {
		snprintf(why, whylen, "cannot open %s/%s: %s", k->kmod.dir,
			 BURNKIT_FILE_THROTTLE_EVENTS, strerror(errno));
		return -1;
	}
	if (!bk_kmod_feature(&k->kmod, "throttle_period_ms", period, sizeof(period)))
		k->period_ms = (unsigned)strtoul(period, NULL, 10);
	/* Skip what is in the ring already; from now on, every seq counts. */
	do {
		n = bk_kevents_read(k, drain, BK_ARRAY_SIZE(drain));
	} while (n > 0);
	k->lost = 0;
	if (n < 0) {
		snprintf(why, whylen, "cannot read %s/%s: %s", k->kmod.dir,
			 BURNKIT_FILE_THROTTLE_EVENTS, strerror(errno));
		bk_kevents_close(k);
		return -1;
	}
	return 0;
}

void bk_kevents_close(struct bk_kevents *k)
{
	if (k->events_fd >= 0)
		close(k->events_fd);
	k->events_fd = -1;
}

int bk_kevents_read(struct bk_kevents *k, struct burnkit_event *ev, size_t max)
{
	int n;

	if (k->events_fd < 0)
		return -1;
	n = bk_kmod_events_read(k->events_fd, ev, max);
	for (int i = 0; i < n; i++) {
		if (ev[i].seq > k->next_seq && k->next_seq)
			k->lost += ev[i].seq - k->next_seq;
		k->next_seq = ev[i].seq + 1;
	}
	return n;
}

int bk_kevents_clock(const struct bk_kevents *k, const int *cpus, int ncpus,
		     double *mhz)
{
	static struct bk_kmod_clock c[1024];
	int n = bk_kmod_clock(&k->kmod, c, BK_ARRAY_SIZE(c)), measured = 0;

	for (int i = 0; i < ncpus; i++) {
		mhz[i] = NAN;
		for (int r = 0; r < n; r++)
			if (c[r].cpu == cpus[i] && c[r].effective_ok) {
				mhz[i] = (double)c[r].effective_khz / 1000.0;
				measured++;
			}
	}
	return n < 0 ? -1 : measured;
}

/* CLOCK_MONOTONIC minus the bk_now_ns clock, from the closest of a few
 * bracketed readings. */
static int64_t mono_offset_ns(void)
{
	int64_t best = 0;
	uint64_t best_width = UINT64_MAX;

	for (int i = 0; i < 3; i++) {
		struct timespec ts;
		uint64_t a = bk_now_ns(), m, b;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		b = bk_now_ns();
		m = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
		if (b - a < best_width) {
			best_width = b - a;
			best = (int64_t)(m - (a + (b - a) / 2));
		}
	}
	return best;
}

uint64_t bk_mono_to_now_ns(uint64_t mono_ns)
{
	return (uint64_t)((int64_t)mono_ns - mono_offset_ns());
}
