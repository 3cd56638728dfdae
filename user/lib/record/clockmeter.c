// SPDX-License-Identifier: MIT
/* clockmeter: a CPU's effective clock from a chain of dependent adds. */
#include "record/clockmeter.h"
#include "util.h"

#include <math.h>
#include <sched.h>
#include <time.h>

/*
 * Adds of a register to a register, each waiting for the one before (the
 * empty asm keeps them apart). Not of an immediate: newer x86 cores fold
 * chains of small immediate adds at rename and run several per cycle.
 */
#define ADD1(x, one) do { (x) += (one); __asm__ volatile("" : "+r"(x)); } while (0)
#define ADD8(x, one) do { ADD1(x, one); ADD1(x, one); ADD1(x, one); ADD1(x, one); \
			  ADD1(x, one); ADD1(x, one); ADD1(x, one); ADD1(x, one); } while (0)
#define CHAIN_BLOCK 64u

static uint64_t raw_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* blocks x CHAIN_BLOCK dependent adds; returns the sum so none is dropped. */
static uint64_t chain(uint64_t blocks)
{
	unsigned long x = 0, one = 1;	/* a machine word: one add, also on 32-bit ARM */

	__asm__ volatile("" : "+r"(one));	/* a value the compiler cannot see */
	for (uint64_t b = 0; b < blocks; b++) {
		ADD8(x, one); ADD8(x, one); ADD8(x, one); ADD8(x, one);
		ADD8(x, one); ADD8(x, one); ADD8(x, one); ADD8(x, one);
	}
	return x;
}

double bk_clock_mhz(const struct bk_clock_sample *s, int n)
{
	double best = NAN;

	for (int i = 0; i < n; i++) {
		double mhz;

		if (s[i].ns < BK_CLOCK_MIN_NS || !s[i].adds)
			continue;
		mhz = (double)s[i].adds * 1e3 / (double)s[i].ns;
		if (isnan(best) || mhz > best)
			best = mhz;
	}
	return best;
}

void bk_clock_run(struct bk_clock_sample *s, int n, double ms)
{
	/* A first short run sizes the samples (about 16 us at 4 GHz). */
	uint64_t probe = 1024, t0 = raw_ns(), sum = chain(probe), dt = raw_ns() - t0;
	uint64_t per_ns_x1000 = dt ? probe * CHAIN_BLOCK * 1000 / dt : 4000;
	uint64_t blocks = (uint64_t)(ms * 1e6) * per_ns_x1000 / 1000 / CHAIN_BLOCK;
	volatile uint64_t sink;

	if (blocks < 16)
		blocks = 16;
	for (int i = 0; i < n; i++) {
		t0 = raw_ns();
		sum += chain(blocks);
		s[i].ns = raw_ns() - t0;
		s[i].adds = blocks * CHAIN_BLOCK;
	}
	sink = sum;
	(void)sink;
}

int bk_clock_measure_cpus(const int *cpus, int n, double *mhz)
{
	cpu_set_t saved;
	int have_saved = !sched_getaffinity(0, sizeof(saved), &saved), done = 0;

	for (int i = 0; i < n; i++) {
		struct bk_clock_sample s[BK_CLOCK_SAMPLES];

		mhz[i] = NAN;
		if (bk_pin_cpu(cpus[i]))
			continue;
		bk_clock_run(s, BK_CLOCK_SAMPLES, BK_CLOCK_SAMPLE_MS);
		mhz[i] = bk_clock_mhz(s, BK_CLOCK_SAMPLES);
		done += !isnan(mhz[i]);
	}
	if (have_saved)
		sched_setaffinity(0, sizeof(saved), &saved);
	return done;
}
