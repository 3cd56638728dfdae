/* SPDX-License-Identifier: MIT */
/*
 * clockmeter: the effective clock of a CPU measured in user space, for
 * where neither burnkit.ko nor a readable PMU gives cycles. A chain of
 * dependent register-to-register integer adds runs one add per cycle on
 * x86-64 and on the Cortex-A53, A72 and A76 (an add's latency is one cycle,
 * each add waits for the one before it, and no renamer folds an add of a
 * register it cannot know), so adds per microsecond against
 * CLOCK_MONOTONIC_RAW is MHz. A measurement is a few short samples on each
 * CPU in turn (the calling thread pinned there, its affinity restored
 * after); the fastest sample counts, since a sample the scheduler
 * interrupted only reads slower. Cost: about 2 ms of one CPU per CPU per
 * measurement (4 samples of 0.5 ms), so 0.04 % of each CPU at the
 * recorder's default of one measurement every 5 s.
 */
#ifndef BK_CLOCKMETER_H
#define BK_CLOCKMETER_H

#include <stdint.h>

#define BK_CLOCK_SAMPLES 4		/* samples per CPU and measurement */
#define BK_CLOCK_SAMPLE_MS 0.5		/* length of each */
#define BK_CLOCK_MIN_NS 50000u		/* a shorter sample is not counted */

struct bk_clock_sample {
	uint64_t adds;		/* dependent adds run */
	uint64_t ns;		/* CLOCK_MONOTONIC_RAW time they took */
};

/*
 * MHz from n samples: the highest adds per microsecond among the samples
 * of at least BK_CLOCK_MIN_NS; NaN when there is none.
 */
double bk_clock_mhz(const struct bk_clock_sample *s, int n);

/* Run n samples of about ms milliseconds each on the calling thread's CPU. */
void bk_clock_run(struct bk_clock_sample *s, int n, double ms);

/*
 * Measure each CPU of cpus[0..n): mhz[i] in MHz, NaN where the thread
 * could not be pinned there. Returns how many were measured.
 */
int bk_clock_measure_cpus(const int *cpus, int n, double *mhz);

#endif
