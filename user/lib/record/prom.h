/* SPDX-License-Identifier: MIT */
/*
 * prom: a run's headline figures as a node_exporter textfile
 * (DIR/burnkit_<tester>.prom), the way labs collect from fleets: one gauge
 * per number of the summary record, named burnkit_<tester>_<member> in
 * Prometheus' base units (MB/s -> _bytes_per_second, KiB -> _bytes, ms -> _seconds,
 * C -> _celsius, percent -> _ratio), labelled with the tester, the test,
 * the board model and serial and the run's status; with the pass/fail gauge
 * and the time the run ended. Written to a hidden temporary name in DIR and
 * renamed, so the collector never reads half a file.
 */
#ifndef BK_PROM_H
#define BK_PROM_H

#include <stddef.h>
#include <stdio.h>

struct bk_sysinfo;

/* Returns 0, or -1 with the reason in err. */
int bk_prom_write(const char *dir, const char *tester, const char *summary_json,
		  const struct bk_sysinfo *si, char *err, size_t errlen);

/* The metrics alone, to a stream (what the file holds; tests). */
int bk_prom_text(FILE *f, const char *tester, const char *summary_json, const char *board,
		 const char *serial, double end_unix_s);

/* Member "peak_c" of tester "cook" -> "burnkit_cook_peak_celsius", scale 1. */
void bk_prom_name(const char *tester, const char *member, char *name, size_t len,
		  double *scale);

#endif
