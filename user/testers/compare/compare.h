/* SPDX-License-Identifier: MIT */
/*
 * compare: many runs side by side. What lives here, by concern:
 *   runs.c       reading a JSON-lines file into a run (identity, parts, figures)
 *   figures.c    which headline figures each tester's records carry
 *   group.c      columns (--by run, board or param) and the rows of each table
 *   comparable.c why a column is not comparable with the reference column
 *   table.c      the text tables and the CSV
 *   chart.c      the SVG: cook timelines on one time axis, bar charts
 *   html.c       the page to share: runs, tables, reasons, the chart inline
 *   compare.c    the tool: burnkit compare FILE.jsonl...
 * It reads timelines with user/lib/record and writes charts with its svg
 * writer; it calls no tester and no suite.
 */
#ifndef BK_COMPARE_H
#define BK_COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "record/timeline.h"

/* The schema this burnkit writes and reads ("burnkit/1"). */
#define CMP_SCHEMA 1

/* Refusals: not a burnkit timeline, empty, or a schema this build cannot read. */
#define CMP_REFUSED (-2)

struct bk_jv;

/* One headline figure of one tester: the mean over the records that give it. */
struct cmp_figure {
	char tester[24];
	char name[96];		/* "single 1000 words 32 ops" */
	char unit[16];		/* MFLOPS, MB/s, ms, C, s, % */
	double sum;
	size_t n;
	int cached;		/* served from RAM: 1; read from the device: 0; -1 not said */
};

struct cmp_param {
	char key[40];
	char value[120];
};

#define CMP_MAX_PARAMS 48

/* One tester's run inside a file (a burn-in's file holds one for each). */
struct cmp_part {
	char tester[24];
	char version[24];
	char isa[24];		/* "" when the tester runs no kernels */
	char fs[24];		/* the file system it wrote to, "" none */
	int throttled;		/* -1: not watched */
	double throttled_s;
	int complete;		/* its summary record was read */
	char status[16];
	char unit[16];		/* cook: its copies' throughput unit */
	struct cmp_param params[CMP_MAX_PARAMS];
	size_t nparams;
};

struct cmp_run {
	char path[256];
	char name[64];		/* the file's base name */
	int schema;
	/* identity, from the first start record's system object */
	char board[96];		/* board model, else the CPU model */
	char machine[24];
	double mhz;		/* the fastest CPU clock cpufreq allows; NaN unknown */
	char governor[24];
	char kernel[64];	/* the release */
	char date[24];		/* "2026-12-01 11:06" UTC, from wall_ns */
	size_t lines, bad_lines;
	int torn_last;
	struct cmp_part *parts;
	size_t nparts;
	struct cmp_figure *figs;
	size_t nfigs, capfigs;
	struct bk_timeline tl;	/* the first cook or temp part, for the chart */
	int has_tl;
	int tl_part;		/* the part feeding tl, -1 none */
};

/* runs.c */
void cmp_run_init(struct cmp_run *r);
void cmp_run_free(struct cmp_run *r);
/*
 * Read one file. Returns 0 (a torn last line noted in torn_last), -1 when it
 * cannot be read, CMP_REFUSED when it is not a burnkit timeline, is empty or
 * has a schema this build does not read; the reason in err.
 */
int cmp_run_load(struct cmp_run *r, const char *path, char *err, size_t errlen);
/* Take one parsed record (the reading loop's step; tests feed it directly). */
int cmp_run_record(struct cmp_run *r, const struct bk_jv *rec);
/* The part of that tester, or NULL. */
const struct cmp_part *cmp_run_part(const struct cmp_run *r, const char *tester);

/* figures.c: add the headline figures of one record of part p. */
int cmp_figures_from(struct cmp_run *r, struct cmp_part *p, const struct bk_jv *rec);
/* Add to (or start) the figure tester/name. */
int cmp_figure_add(struct cmp_run *r, const char *tester, const char *name,
		   const char *unit, double value, int cached);
const struct cmp_figure *cmp_figure_find(const struct cmp_run *r, const char *tester,
					 const char *name);
double cmp_figure_value(const struct cmp_figure *f);

/* group.c */
enum cmp_by { CMP_BY_RUN, CMP_BY_BOARD, CMP_BY_PARAM };

#define CMP_MAX_COLS 32
#define CMP_MAX_REASONS 12

struct cmp_column {
	char label[4][64];	/* board, clock, kernel, date (or the parameters) */
	size_t runs[CMP_MAX_COLS];	/* indices into the runs */
	size_t nruns;
	char reasons[CMP_MAX_REASONS][120];	/* "not comparable: ..." */
	size_t nreasons;
};

struct cmp_row {
	char tester[24];
	char name[96];
	char unit[16];
};

struct cmp_table {
	char tester[24];
	struct cmp_row *rows;
	size_t nrows;
	int has[CMP_MAX_COLS];	/* the column holds a run of this tester */
	size_t ref;		/* the column the others are compared with */
	int held;		/* some column holds it (ref is set) */
};

struct cmp_set {
	const struct cmp_run *runs;
	size_t nruns;
	enum cmp_by by;
	int baseline;		/* the first column is the --baseline run */
	struct cmp_column cols[CMP_MAX_COLS];
	size_t ncols;
	struct cmp_table *tables;
	size_t ntables;
};

/* Build the columns and the tables. Returns 0, or -1 with the reason. */
int cmp_group(struct cmp_set *s, const struct cmp_run *runs, size_t nruns,
	      enum cmp_by by, int baseline, char *err, size_t errlen);
void cmp_set_free(struct cmp_set *s);
/* A column's mean of one figure over its runs; NaN when none has it. */
double cmp_cell(const struct cmp_set *s, size_t col, const struct cmp_row *row);
/* A parameter that does not tell one run from another of the same board. */
int cmp_param_ignored(const char *key);

/* comparable.c: fill every column's reasons, against column 0. */
void cmp_comparable(struct cmp_set *s);
/* The reasons of run b against reference run a for one tester (tests). */
size_t cmp_reasons(const struct cmp_run *a, const struct cmp_run *b, const char *tester,
		   int params_too, char (*out)[120], size_t max);

/* table.c */
void cmp_tables_text(const struct cmp_set *s, void (*out)(void *arg, const char *line),
		     void *arg);
int cmp_tables_csv(const struct cmp_set *s, const char *path, char *err, size_t errlen);
/* A figure as text, with the digits its size deserves. */
void cmp_format(double v, char *buf, size_t len);

/* chart.c: the SVG. Returns 0, or -1 with the reason. */
int cmp_chart_svg(const struct cmp_set *s, const char *path, char *err, size_t errlen);

/* html.c: the page, with the chart at svg inline (NULL: drawn for it). */
int cmp_html(const struct cmp_set *s, const char *path, const char *svg, char *err,
	     size_t errlen);

#endif
