/* SPDX-License-Identifier: MIT */
/*
 * timeline: a recorder's or a cooking run's JSON lines, read back into
 * series against time: temperatures, CPU clocks, each copy's throughput,
 * throttle transitions, errors. The same code takes the lines as they are
 * written (cook) and from a file afterwards (report), so both see the same
 * timeline. A file cut short by a hang or a power loss reads up to its
 * last whole line; a torn last line is counted, not fatal.
 *
 * Records read (see recorder.h and cook): start, sensors, throttle_state,
 * sample, throttle, throttle_lost, copy, perf, error, summary. Others are
 * skipped.
 */
#ifndef BK_TIMELINE_H
#define BK_TIMELINE_H

#include "record/jsonread.h"

#include <stddef.h>

enum bk_tl_kind {
	BK_TL_TEMP,	/* a temperature sensor, C */
	BK_TL_MHZ,	/* a CPU's clock from sysfs */
	BK_TL_EFF_MHZ,	/* a CPU's effective clock, measured by the module */
	BK_TL_PERF,	/* a copy's throughput, one point per pass */
	BK_TL_CPU,	/* the machine's CPU time by kind, % (activity records) */
	BK_TL_IO,	/* the machine's disk and network traffic, MB/s */
};

struct bk_tl_series {
	enum bk_tl_kind kind;
	char name[48];		/* thermal_zone0, cpu1, copy 2 */
	char label[96];		/* what the chart's legend shows */
	char unit[16];		/* C, MHz, MFLOPS, MB/s */
	int cpu;		/* MHZ, EFF_MHZ, PERF: the CPU; else -1 */
	int copy;		/* PERF: the copy; else -1 */
	size_t n, cap;
	double *t;		/* PERF: when the pass ended */
	double *t0;		/* PERF: when it started; else NULL */
	double *y;
};

enum bk_tl_event_kind {
	BK_TL_EV_THROTTLE,	/* a throttle source changed state */
	BK_TL_EV_ERROR,		/* an error a tester found, or a copy that failed */
	BK_TL_EV_LOST,		/* throttle events the module's ring overwrote */
};

struct bk_tl_event {
	enum bk_tl_event_kind kind;
	double t;		/* when it happened (kernel time for throttling) */
	char source[40];	/* THROTTLE: "name/instance" */
	int active, was_active;	/* THROTTLE: slowed down after, before */
	int counter;		/* THROTTLE: a counter source (one-off event) */
	double lag_s;		/* THROTTLE: time to reach the timeline; NaN unknown */
	unsigned long long old_state, new_state;
	int copy;		/* ERROR: the copy, -1 for none */
	char what[160];
};

struct bk_tl_copy {
	int copy;
	char tester[24];
	char args[160];
	int cpu;
	char unit[16];
	double start_t;
	double end_t;		/* NaN: still running when the timeline ends */
	int exit;		/* -1: unknown */
	int restarts;
};

/* A throttle source instance's state when recording began. */
struct bk_tl_initial {
	char source[40];
	int active, counter;
};

/* Where a tester's own records carry one pass's throughput (its start record). */
struct bk_tl_throughput {
	char record[32], value[32], unit[16], seconds[32], group[32];
};

struct bk_timeline {
	char tester[24];	/* who wrote it: cook, temp */
	char title[256];	/* what ran, for the chart */
	double sample_s;	/* the sampling period; 0 unknown */
	double throttle_period_s;	/* the module's sampler period; 0 unknown */
	int kmod;		/* the module was there: throttling was watched */
	/*
	 * Where the clocks came from: "cpufreq" or "nominal" (sysfs), "cycles"
	 * or "measured" (effective); "" unknown. Timelines from before these
	 * were recorded: from mhz_method, and "cycles" (the module was then
	 * the only effective clock).
	 */
	char mhz_source[16];
	char eff_source[16];
	char main_sensor[48];
	struct bk_tl_throughput own;	/* "" record: a suite's timeline (perf records) */
	double t_first, t_last;	/* the span the records cover; NaN when empty */
	size_t lines, bad_lines;	/* bad: not JSON (a torn line) */
	int torn_last;		/* the last line is cut short */
	int has_summary;	/* the run ended normally */
	unsigned long lost_events;

	struct bk_tl_series *series;
	size_t nseries, cap_series;
	struct bk_tl_event *events;
	size_t nevents, cap_events;
	struct bk_tl_copy *copies;
	size_t ncopies, cap_copies;
	struct bk_tl_initial *initial;
	size_t ninitial, cap_initial;
	/* sensor name -> label, from the "sensors" record */
	char (*sensor_names)[48];
	char (*sensor_labels)[96];
	size_t nsensors;
};

void bk_timeline_init(struct bk_timeline *tl);
void bk_timeline_free(struct bk_timeline *tl);

/*
 * Take one line (a JSON record, with or without its newline). Returns 0,
 * or -1 when it is not JSON (counted in bad_lines).
 */
int bk_timeline_add_line(struct bk_timeline *tl, const char *line, size_t len);

/*
 * Read a whole file. Returns 0 (a torn last line is noted in torn_last),
 * or -1 with the reason in err when the file cannot be read or holds no
 * record at all.
 */
int bk_timeline_load(struct bk_timeline *tl, const char *path, char *err,
		     size_t errlen);

/*
 * Is rec one pass of a throughput whose passes are the records `records`
 * names (a record type, or several separated by spaces: a tester with
 * phases of different kinds, drive's writes and reads)? Then 1, with the
 * pass's group in group_out: the value of the member `group` names (a
 * string or a number) when group is given, else the record's type when
 * several are named (each kind its own series, with its own usual speed),
 * else "". 0 when rec is none of them.
 */
int bk_tl_pass_group(const struct bk_jv *rec, const char *records, const char *group,
		     char *group_out, size_t len);

/* The series of that kind and name, or NULL. */
const struct bk_tl_series *bk_timeline_find(const struct bk_timeline *tl,
					    enum bk_tl_kind kind, const char *name);

#endif
