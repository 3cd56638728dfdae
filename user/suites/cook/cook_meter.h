/* SPDX-License-Identifier: MIT */
/*
 * cook_meter: what cook needs to know about the testers it runs: how to
 * read each one's throughput from its JSON records (the descriptor's
 * .throughput says where it is), and how a --run line ("fpu KWords 1000, Section 3") becomes
 * a checked command line.
 */
#ifndef BK_COOK_METER_H
#define BK_COOK_METER_H

#include <stddef.h>

#include "record/jsonread.h"
#include "suites/runner.h"

/* The tester's throughput, from its descriptor; NULL when it has none. */
const struct bk_throughput *cook_meter_find(const char *tester);

struct cook_pass {
	double value;		/* throughput */
	double seconds;		/* NaN: unknown */
	char group[32];		/* "" when the meter has none */
};

/* Is rec one pass of this meter? Then 1 and *p filled, else 0. */
int cook_meter_read(const struct bk_throughput *m, const struct bk_jv *rec,
		    struct cook_pass *p);

#define COOK_RUN_WORDS 64

struct cook_run {
	char text[256];		/* as given */
	const struct bk_tester *tester;
	const struct bk_throughput *meter;	/* NULL: no throughput */
	int nwords;
	char *words[COOK_RUN_WORDS];	/* the tester's arguments */
	char storage[256];
	int gives_duration;	/* the line sets the meter's duration option */
};

/*
 * Parse "TESTER [parameters]": the tester must exist and be a test (not a
 * tool), its parameters must parse (strictly, as on its own command line),
 * and must not set what cook sets itself (--json, --cpu). 0, or -1 with
 * a one-line reason.
 */
int cook_run_parse(struct cook_run *r, const char *text, char *err, size_t errlen);

#endif
