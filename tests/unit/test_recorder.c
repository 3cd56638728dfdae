// SPDX-License-Identifier: MIT
/*
 * The recorder against a fake module directory (BURNKIT_KMOD_DIR): the
 * meaning of each throttle source, the event ring read on from where it
 * stopped (gaps counted as lost), kernel times mapped onto the timeline,
 * and the records read back by the timeline reader.
 */
#include <criterion/criterion.h>
#include "kmod.h"
#include <sys/utsname.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "record/kmod_events.h"
#include "log.h"
#include "params.h"
#include "record/recorder.h"
#include "record/timeline.h"
#include "util.h"

static char dir[256];

static void put(const char *file, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	fputs(text, f);
	fclose(f);
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void add_events(const struct burnkit_event *ev, size_t n)
{
	char path[512];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, BURNKIT_FILE_THROTTLE_EVENTS);
	fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, ev, n * sizeof(*ev)), (ssize_t)(n * sizeof(*ev)));
	close(fd);
}

static struct burnkit_event event(uint64_t seq, uint64_t t, unsigned src,
				  unsigned old, unsigned now)
{
	struct burnkit_event e;

	memset(&e, 0, sizeof(e));
	e.seq = seq;
	e.time_ns = t;
	e.source = src;
	e.old_state = old;
	e.new_state = now;
	e.temp_mc = src == BURNKIT_SRC_INJECT ? 81500 : BURNKIT_TEMP_UNKNOWN;
	e.mhz = src == BURNKIT_SRC_INJECT ? 600 : BURNKIT_MHZ_UNKNOWN;
	return e;
}

static void fake_module(void)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(dir, sizeof(dir), "%s/bk-recorder-XXXXXX", tmp && *tmp ? tmp : P_tmpdir);
	cr_assert_not_null(mkdtemp(dir));
	setenv("BURNKIT_KMOD_DIR", dir, 1);
	char abi[16];

	snprintf(abi, sizeof(abi), "%u\n", BURNKIT_ABI_VERSION);
	put(BURNKIT_FILE_ABI_VERSION, abi);
	put(BURNKIT_FILE_FEATURES, "arch x86_64\ninject on\nthrottle_period_ms 20\n");
	put(BURNKIT_FILE_THROTTLE_EVENTS, "");
	put(BURNKIT_FILE_THROTTLE_STATE,
	    "# source name instance state temp_mc mhz transitions\n"
	    "1 x86_core_therm 0 unsupported unsupported unsupported 0\n"
	    "6 cpufreq_cap 0 1 unsupported 1200 3\n"
	    "7 inject 0 0 unsupported unsupported 0\n");
}

static void cleanup(void)
{
	char cmd[600];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
	unsetenv("BURNKIT_KMOD_DIR");
}

Test(recorder, what_each_source_state_means)
{
	cr_assert(bk_throttle_active(BURNKIT_SRC_X86_CORE_THERM, 1));
	cr_assert(!bk_throttle_active(BURNKIT_SRC_X86_CORE_THERM, 0));
	cr_assert(!bk_throttle_active(BURNKIT_SRC_X86_THROTTLE_COUNT, 12),
		  "a count is not a level");
	cr_assert(bk_throttle_is_counter(BURNKIT_SRC_X86_THROTTLE_COUNT));
	cr_assert(!bk_throttle_active(BURNKIT_SRC_RPI_THROTTLED,
				      BURNKIT_RPI_THROTTLED << BURNKIT_RPI_OCCURRED_SHIFT),
		  "\"has occurred\" bits are history, not now");
	cr_assert(bk_throttle_active(BURNKIT_SRC_RPI_THROTTLED, BURNKIT_RPI_SOFT_TEMP_LIMIT));
	cr_assert(bk_throttle_active(BURNKIT_SRC_RPI_THROTTLED, BURNKIT_RPI_UNDER_VOLTAGE));
	cr_assert(bk_throttle_active(BURNKIT_SRC_THERMAL_ZONE, 2), "two trip points crossed");
	cr_assert(!bk_throttle_active(BURNKIT_SRC_THERMAL_ZONE, 0));
	cr_assert(bk_throttle_active(BURNKIT_SRC_CPUFREQ_CAP, 1));
	cr_assert(bk_throttle_active(BURNKIT_SRC_INJECT, 3));
	cr_assert(!bk_throttle_active(99, 1), "unknown sources never count");

	char buf[32];

	cr_assert_str_eq(bk_throttle_source_name(BURNKIT_SRC_INJECT, buf, sizeof(buf)), "inject");
	cr_assert_str_eq(bk_throttle_source_name(99, buf, sizeof(buf)), "source 99");
}

Test(recorder, kernel_times_map_onto_the_runner_clock)
{
	uint64_t m = mono_ns(), n = bk_now_ns();
	double diff = ((double)bk_mono_to_now_ns(m) - (double)n) / 1e9;

	cr_assert(fabs(diff) < 0.001, "mapped %g s away", diff);
}

Test(recorder, ring_read_on_from_where_it_stopped)
{
	struct bk_kevents k;
	struct burnkit_event ev[8], got[8];
	char why[512];

	fake_module();
	ev[0] = event(0, 100, BURNKIT_SRC_INJECT, 0, 1);
	ev[1] = event(1, 200, BURNKIT_SRC_INJECT, 1, 0);
	add_events(ev, 2);
	cr_assert_eq(bk_kevents_open(&k, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(k.period_ms, 20);
	cr_assert_eq(bk_kevents_read(&k, got, 8), 0, "what was there before is skipped");
	ev[0] = event(2, 300, BURNKIT_SRC_INJECT, 0, 1);
	ev[1] = event(5, 400, BURNKIT_SRC_INJECT, 1, 2);	/* 3 and 4 lost */
	add_events(ev, 2);
	cr_assert_eq(bk_kevents_read(&k, got, 8), 2);
	cr_assert_eq(got[0].seq, 2);
	cr_assert_eq(got[1].new_state, 2);
	cr_assert_eq(k.lost, 2);
	cr_assert_eq(bk_kevents_read(&k, got, 8), 0);
	bk_kevents_close(&k);
	cleanup();
}

Test(recorder, no_module_quotes_the_one_reason)
{
	struct bk_kevents k;
	char why[512];

	setenv("BURNKIT_KMOD_DIR", "/nonexistent-burnkit-kmod", 1);
	cr_assert_neq(bk_kevents_open(&k, why, sizeof(why)), 0);
	cr_assert_str_eq(why, bk_kmod_absence(), "the reason every tester quotes");
	unsetenv("BURNKIT_KMOD_DIR");
}

/*
 * What temp's .supported hook and an open recorder both ask: with no
 * temperature, no clock to read and no module (an arm64 VM without
 * cpufreq, or qemu-user 10's /proc/cpuinfo), the clock measured in user
 * space is still something to record, unless it is not measured or the
 * sensors are a fixture tree's, whose CPUs are not this machine's.
 */
Test(recorder, the_measured_clock_is_something_to_record)
{
	struct bk_sensors bare = { .mhz_method = BK_MHZ_NONE };
	struct bk_sensors fixture = { .mhz_method = BK_MHZ_NONE };
	struct bk_sensors warm = { .mhz_method = BK_MHZ_NONE, .ntemps = 1 };
	struct bk_sensors clocked = { .mhz_method = BK_MHZ_CPUINFO };

	snprintf(fixture.root, sizeof(fixture.root), "/some/fixture");
	cr_assert(bk_recorder_can_record(&bare, 0, 5), "the measured clock, every 5 s");
	cr_assert_not(bk_recorder_can_record(&bare, 0, 0), "--clock-every 0: nothing");
	cr_assert_not(bk_recorder_can_record(&fixture, 0, 5), "a fixture's CPUs are not measured");
	cr_assert(bk_recorder_can_record(&bare, 1, 0), "the module");
	cr_assert(bk_recorder_can_record(&warm, 0, 0), "a temperature");
	cr_assert(bk_recorder_can_record(&clocked, 0, 0), "a clock read");
}

static char absence_root[] = "/tmp/bk-absence-XXXXXX";

/* The sysroot goes with its test: nothing of a run is left in /tmp. */
static void absence_cleanup(void)
{
	char cmd[64];

	if (strcmp(absence_root + strlen(absence_root) - 6, "XXXXXX") == 0)
		return;
	cr_assert_eq(chdir("/"), 0);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", absence_root);
	cr_assert_eq(system(cmd), 0, "%s", cmd);
}

/* A machine of a sysroot: with /proc/modules or not, with headers or not. */
static const char *absence_on(int modules, int headers)
{
	char *root = absence_root;
	char path[512];
	struct utsname u;

	cr_assert_not_null(mkdtemp(root));
	cr_assert_eq(uname(&u), 0);
	if (modules) {
		snprintf(path, sizeof(path), "mkdir -p %s/proc && : > %s/proc/modules", root, root);
		cr_assert_eq(system(path), 0);
	}
	if (headers) {
		snprintf(path, sizeof(path), "mkdir -p %s/lib/modules/%s/build", root, u.release);
		cr_assert_eq(system(path), 0);
	}
	setenv("BURNKIT_SYSROOT", root, 1);
	cr_assert_eq(chdir(root), 0, "no build/kmod/burnkit.ko here");
	return bk_kmod_absence();
}

Test(recorder, absence_no_module_support, .fini = absence_cleanup)
{
	cr_assert(strstr(absence_on(0, 0), "no loadable module support"), "%s", bk_kmod_absence());
	cr_assert_null(strstr(bk_kmod_absence(), "insmod"));
}

Test(recorder, absence_no_headers, .fini = absence_cleanup)
{
	cr_assert(strstr(absence_on(1, 0), "no headers for kernel"), "%s", bk_kmod_absence());
}

Test(recorder, absence_not_loaded_or_not_root, .fini = absence_cleanup)
{
	const char *why = absence_on(1, 1);

	cr_assert(strstr(why, geteuid() ? "loading it needs root: sudo insmod" :
			 "is not loaded: insmod"), "%s", why);
}

Test(recorder, records_read_back_as_a_timeline)
{
	static struct bk_recorder r;
	struct bk_timeline tl;
	struct bk_params p;
	struct bk_log log;
	char path[300], err[256], json[320];
	char *argv[] = { "--json", json };
	const char *base = getenv("BURNKIT_FIXTURES");
	char root[512];

	fake_module();
	snprintf(path, sizeof(path), "%s/t.jsonl", dir);
	snprintf(json, sizeof(json), "%s", path);
	cr_assert_eq(bk_params_parse(&p, "test", NULL, 2, argv, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(bk_log_open(&log, "test", "log", &p, err, sizeof(err)), 0, "%s", err);
	snprintf(root, sizeof(root), "%s/x86", base ? base : "tests/unit/fixtures");
	bk_recorder_open(&r, &log, root, 0.1, 0, BK_VIA_AUTO);
	cr_assert(r.have_kmod, "%s", r.kmod_why);
	cr_assert_eq(r.nactive, 1, "cpufreq_cap/0 is active from the start");
	cr_assert_str_eq(bk_recorder_events_via(&r), "poll",
			 "a module without netlink in its features is polled");
	cr_assert_eq(bk_recorder_events_fd(&r), -1);
	cr_assert_str_eq(r.doorbell_why, "the module has no netlink family (features: netlink absent)");
	bk_recorder_sample(&r);

	struct burnkit_event ev[2];
	uint64_t now = mono_ns();

	ev[0] = event(7, now - 50000000ull, BURNKIT_SRC_INJECT, 0, 1);	/* 50 ms ago */
	ev[1] = event(8, now - 10000000ull, BURNKIT_SRC_CPUFREQ_CAP, 1, 0);
	add_events(ev, 2);
	bk_recorder_sample(&r);
	cr_assert_eq(r.nlast, 2);
	cr_assert_eq(r.transitions, 2);
	cr_assert_eq(r.nactive, 1);
	cr_assert_str_eq(r.active[0], "inject/0");
	cr_assert_float_eq(r.last_at[1] - r.last_at[0], 0.040, 0.002);
	bk_recorder_close(&r);
	bk_log_close(&log, 0);
	bk_params_free(&p);

	bk_timeline_init(&tl);
	cr_assert_eq(bk_timeline_load(&tl, path, err, sizeof(err)), 0, "%s", err);
	cr_assert(tl.kmod);
	cr_assert_float_eq(tl.sample_s, 0.1, 1e-12);
	cr_assert_float_eq(tl.throttle_period_s, 0.020, 1e-12);
	cr_assert_str_eq(tl.main_sensor, "thermal_zone1");
	cr_assert_eq(tl.ninitial, 2, "the supported sources");
	cr_assert_not_null(bk_timeline_find(&tl, BK_TL_TEMP, "hwmon1/temp1"));
	const struct bk_tl_series *m = bk_timeline_find(&tl, BK_TL_MHZ, "cpu2");

	cr_assert_not_null(m);
	cr_assert_eq(m->n, 2);
	cr_assert_eq(tl.nevents, 2);
	cr_assert_str_eq(tl.events[0].source, "inject/0");
	cr_assert(tl.events[0].active);
	cr_assert(tl.events[0].lag_s >= 0.045 && tl.events[0].lag_s < 1,
		  "lag %g s", tl.events[0].lag_s);
	cr_assert(tl.has_summary);
	bk_timeline_free(&tl);

	cr_assert(bk_read_file_has(path, "\"events_via\":\"poll\",\"netlink_why\":\"the module "
				   "has no netlink family"), "the sensors record says how events came");
	cleanup();
}

/*
 * A module whose features say netlink is on, where no such family answers
 * (the fake directory has no kernel behind it): polled, and says why.
 */
Test(recorder, netlink_that_does_not_answer_is_polled)
{
	static struct bk_recorder r;
	struct bk_log log;
	struct bk_params p;
	char err[256], json[320];
	char *argv[] = { "--json", json };

	fake_module();
	snprintf(json, sizeof(json), "%s/t.jsonl", dir);
	put(BURNKIT_FILE_FEATURES, "arch x86_64\nnetlink on\nthrottle_period_ms 20\n");
	cr_assert_eq(bk_params_parse(&p, "test", NULL, 2, argv, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(bk_log_open(&log, "test", "log", &p, err, sizeof(err)), 0, "%s", err);
	bk_recorder_open(&r, &log, "/nonexistent-root", 0.1, 0, BK_VIA_AUTO);
	cr_assert(r.have_kmod, "%s", r.kmod_why);
	cr_assert_str_eq(bk_recorder_events_via(&r), "poll");
	cr_assert_eq(bk_recorder_events_fd(&r), -1);
	cr_assert(strstr(r.doorbell_why, "no netlink family") ||
		  strstr(r.doorbell_why, "built without libnl"), "%s", r.doorbell_why);
	bk_recorder_close(&r);
	bk_recorder_open(&r, &log, "/nonexistent-root", 0.1, 0, BK_VIA_POLL);
	cr_assert_str_eq(bk_recorder_events_via(&r), "poll");
	cr_assert_str_eq(r.doorbell_why, "not joined (--via poll)", "asked not to");
	bk_recorder_close(&r);
	bk_log_close(&log, 0);
	bk_params_free(&p);
	cleanup();
}
