/* SPDX-License-Identifier: MIT */
/*
 * int_engine: stressInt's twelve tests over one buffer, in its log layout:
 * six write/read tests and six read tests, passes for the given seconds,
 * MB/sec per test, the maximum MIPS of each phase from the documented loop
 * counts of the kernels used, and every word checked at the end, wrong words
 * reported with their offset, expected and actual values. `burnkit int` runs
 * it once; `burnkit paging` runs it at two sizes.
 */
#ifndef BK_INT_ENGINE_H
#define BK_INT_ENGINE_H

#include <stddef.h>
#include <stdint.h>

#include "dispatch.h"
#include "int_plan.h"
#include "log.h"
#include "loopcounts.h"
#include "timing.h"

/* Kernel calls split big buffers into segments of this many bytes, so a
 * stop request or a progress line does not wait for a whole pass. */
#define INT_SEGMENT_BYTES (16u << 20)
#define INT_PROGRESS_SECONDS 10.0

struct int_config {
	size_t bytes;		/* a positive multiple of INT_BLOCK_BYTES */
	double seconds;		/* per test */
	const struct bk_kernel_table *kernels;
	const struct bk_timer *timer;
	struct bk_log *log;
	const char *run;	/* names the run in JSON and progress: "int", "baseline", ... */
};

enum int_kernel { INT_K_WRITE, INT_K_CHECK, INT_K_READ, INT_KERNELS };

struct int_kernel_use {
	const char *symbol;			/* e.g. "int_write_x86_64" */
	const struct bk_loop_count *count;	/* NULL: no documented loop count */
	unsigned long long calls;
	double instructions;	/* documented count x blocks, over every call */
};

struct int_test_result {
	double mbs, seconds;
	unsigned long long passes;
	double instructions;	/* in the timed passes; 0 without documented counts */
	double mips;		/* 0 without documented counts */
	unsigned long long wrong_words;
	int read_total_wrong;	/* a read pass returned the wrong total */
	int ran;		/* finished, not interrupted */
};

struct int_result {
	struct int_test_result test[INT_TESTS];
	double max_mips[INT_PHASES];	/* 0 without documented counts */
	struct int_kernel_use use[INT_KERNELS];
	unsigned long long errors;	/* wrong words plus wrong read totals */
	int interrupted;
};

/* The symbols and documented counts of the integer kernels in `k`. */
void int_kernels_describe(const struct bk_kernel_table *k,
			  struct int_kernel_use use[INT_KERNELS]);

/*
 * Run the twelve tests. Returns BK_EXIT_OK, BK_EXIT_FAULT (wrong words or
 * totals), BK_EXIT_ENV (no memory for the buffer) or BK_EXIT_INTERRUPTED.
 */
int int_run(const struct int_config *cfg, struct int_result *res);

/* What a full check of a buffer found. */
struct int_findings {
	uint32_t p1, p2;	/* the layout the buffer should hold */
	size_t words;		/* words checked */
	size_t wrong;		/* words that differ */
	size_t listed;		/* min(wrong, INT_MAX_REPORTED) */
	struct int_wrong_word first[INT_MAX_REPORTED];
};

/*
 * Check every word of buf: the kernel's AND/OR reduction first, then, only
 * when it fails, word by word. Counts the kernel call in res. Returns the
 * number of wrong words.
 */
size_t int_verify(const struct int_config *cfg, struct int_result *res,
		  const uint32_t *buf, size_t words, uint32_t p1, uint32_t p2,
		  struct int_findings *f);

/*
 * Write the findings to the text log ("Pattern X Was Y Word N", the first
 * INT_MAX_REPORTED) and one JSON "error" record per listed word (byte
 * offset, expected, actual).
 */
void int_report_findings(const struct int_config *cfg,
			 const struct int_test_plan *t,
			 const struct int_findings *f);

#endif
