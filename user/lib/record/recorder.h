/* SPDX-License-Identifier: MIT */
/*
 * user/lib/record/ is the library's recording wing: sensors, the module's
 * throttle events (kmod_events, kmod_netlink), the recorder (this file)
 * and its ticker, the JSON reader, timelines read back, their analysis,
 * charts and CSV. It calls the core wing, never a tester or a suite: a
 * suite's records are read by their members, not by their names.
 *
 * recorder: the temperature, clock and throttle recorder that `temp` runs
 * alone and `cook` runs beside its testers. Each sample reads every
 * temperature sensor and each CPU's clock from sysfs, and now and then the
 * effective clock (the module's cycle count, else measured in user space by
 * clockmeter); the module's throttle transitions are read from its event
 * ring, as soon as its netlink group says one was recorded when this
 * runner and the module have netlink (the ring stays the record: it
 * numbers every transition, so none is read twice or lost unseen), else
 * when the caller asks. Every clock carries its source: "cpufreq",
 * "nominal" (sysfs), "cycles", "measured" (effective). Everything goes to
 * the JSON lines as it happens:
 *
 *   "sensors"         once: what is sampled and what cannot be read here,
 *                     mhz_source, eff_mhz_source, events_via
 *   "throttle_state"  once: each throttle source's state at the start
 *   "sample"          temps {sensor: C}, temp_c (the CPU's own sensor),
 *                     mhz {cpuN: MHz} and mhz_source, eff_mhz {cpuN: MHz}
 *                     and eff_mhz_source when measured,
 *                     throttled (sources slowed down now, null: no module)
 *   "throttle"        one transition: at (its kernel time on the timeline),
 *                     lag_s (how long it took to reach the timeline),
 *                     source, instance, old, new, active, temp_c, mhz
 *   "throttle_lost"   events the ring overwrote before they were read
 */
#ifndef BK_RECORDER_H
#define BK_RECORDER_H

#include <stdint.h>

#include "record/activity.h"
#include "record/kmod_events.h"
#include "record/kmod_netlink.h"
#include "log.h"
#include "record/sensors.h"

#define BK_RECORDER_MAX_ACTIVE 64

struct bk_recorder {
	struct bk_log *log;
	struct bk_sensors sensors;
	struct bk_kevents kev;
	int have_kmod;
	char kmod_why[320];
	struct bk_knl *doorbell;	/* the module's netlink group; NULL: none */
	char doorbell_why[320];		/* why none, when have_kmod */
	double sample_s;
	double clock_every_s;	/* the effective clock; 0: never */
	int measure_clock;	/* no module: clockmeter measures it */
	uint64_t last_clock_ns;

	/* The latest sample. */
	unsigned long samples;
	double t;			/* seconds on the log's clock */
	double temps[BK_SENSORS_MAX_TEMPS];
	double mhz[BK_SENSORS_MAX_CPUS];
	double eff_mhz[BK_SENSORS_MAX_CPUS];	/* NaN unless measured now */
	int have_eff;

	/* Throttle sources slowed down now: "name/instance". */
	int nactive;
	char active[BK_RECORDER_MAX_ACTIVE][32];
	unsigned long transitions;	/* read since the start */
	/* The transitions of the latest bk_recorder_events call. */
	int nlast;
	struct burnkit_event last[64];
	double last_at[64];		/* their times on the log's clock */
	double first_active_t;		/* -1: never */

	/* What the whole machine did since the previous sample. */
	struct bk_act_snap act_prev;
	int have_act;

	/* Over the run. */
	double temp_min, temp_max;	/* of the CPU's own sensor; NaN: none */
	double peak_any;		/* hottest of all sensors */
};

/*
 * Find the sensors (root: NULL for the live system), open the module's
 * files when it is loaded, and write the "sensors" and "throttle_state"
 * records. sample_s: the period the caller samples at (recorded for the
 * readers of the timeline). clock_every_s: how often to measure the effective
 * clock, through the module or, without it on the live system, in user
 * space (either keeps each CPU busy for a few ms); 0 never. via: whether
 * to join the module's netlink group (BK_VIA_NETLINK: the caller checks
 * r->doorbell and says doorbell_why when it is NULL).
 */
void bk_recorder_open(struct bk_recorder *r, struct bk_log *log,
		      const char *root, double sample_s, double clock_every_s,
		      enum bk_events_via via);
void bk_recorder_close(struct bk_recorder *r);

/* Read everything now and write one "sample" record (and events first). */
void bk_recorder_sample(struct bk_recorder *r);
/* Read the transitions that arrived and write them; returns how many. */
int bk_recorder_events(struct bk_recorder *r);

/*
 * A file that becomes readable when the module records a transition (its
 * netlink group), for the caller's poll(): when it is, call
 * bk_recorder_events. -1 when there is none: the caller then calls
 * bk_recorder_events on a schedule of its own.
 */
int bk_recorder_events_fd(const struct bk_recorder *r);
/* How transitions reach the recorder: "netlink", "poll", or NULL (no module). */
const char *bk_recorder_events_via(const struct bk_recorder *r);
/*
 * The module is there and nothing rings: the caller reads the event file
 * (bk_recorder_events) on a ticker of its own.
 */
int bk_recorder_polls_events(const struct bk_recorder *r);

/* The CPU's own temperature in the latest sample; NaN when none. */
double bk_recorder_temp(const struct bk_recorder *r);

/*
 * Write one transition as a "throttle" record (as the recorder does; seen_ns:
 * when it was read, bk_now_ns). Returns its time on the log's clock.
 */
double bk_throttle_record(struct bk_log *log, const struct burnkit_event *e,
			  uint64_t seen_ns);

/* Source of the effective clock: "cycles", "measured" or NULL (none). */
const char *bk_recorder_eff_source(const struct bk_recorder *r);

/* Does the recorder have anything at all to read here? */
int bk_recorder_has_anything(const struct bk_recorder *r);

/*
 * Would a recorder of these sensors, with burnkit.ko or not, measuring the
 * clock every clock_every_s seconds (0: never), have anything to record: a
 * temperature, a clock read, the clock measured in user space (on this
 * machine's own CPUs: not under a fixture root), or the module's cycles and
 * throttle events. What bk_recorder_has_anything asks of an open recorder,
 * for a tester's .supported hook to ask before opening one.
 */
int bk_recorder_can_record(const struct bk_sensors *s, int have_kmod,
			   double clock_every_s);

#endif
