// SPDX-License-Identifier: MIT
/*
 * lib/kmod: the module's tables decoded, from the files two test guests'
 * modules gave (an x86-64 guest under TCG: TSC, no clock, no thermal
 * sources; an AArch64 guest: PMCCNTR and its clock) and from a hand-made
 * Pi-like tree with "unsupported" cells, a junk cell and live throttling.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "kmod.h"

static void open_fixture(struct bk_kmod *k, const char *name)
{
	const char *base = getenv("BURNKIT_FIXTURES");
	char dir[512];

	snprintf(dir, sizeof(dir), "%s/kmod/%s", base ? base : "tests/unit/fixtures", name);
	cr_assert_eq(bk_kmod_open(k, dir), 0, "%s: %s", dir, k->why);
}

static const struct {
	const char *fixture;
	int ncpus;
	const char *source;
	uint64_t value0, rate0;
	const char *user_read;
} counter_cases[] = {
	{ "x86_64-tcg", 2, "tsc", 21233720572ull, 2097525000ull, "yes" },
	{ "aarch64-virt", 2, "pmccntr", 292993373ull, 998078000ull, "ask" },
	{ "pi-throttled", 1, "unsupported", 0, 0, "no" },
};

Test(kmod, counters)
{
	for (size_t i = 0; i < sizeof(counter_cases) / sizeof(counter_cases[0]); i++) {
		const __typeof__(counter_cases[0]) *w = &counter_cases[i];
		struct bk_kmod k;
		struct bk_kmod_counter c[8];

		open_fixture(&k, w->fixture);
		cr_assert_eq(bk_kmod_counters(&k, c, 8), w->ncpus, "%s", w->fixture);
		cr_assert_str_eq(c[0].source, w->source, "%s", w->fixture);
		cr_assert_eq(c[0].value_ok, w->value0 != 0, "%s", w->fixture);
		cr_assert_eq(c[0].value, w->value0, "%s", w->fixture);
		cr_assert_eq(c[0].rate_hz, w->rate0, "%s", w->fixture);
		cr_assert_str_eq(c[0].user_read, w->user_read, "%s", w->fixture);
		if (w->ncpus > 1)
			cr_assert_eq(c[1].cpu, 1);
	}
}

static const struct {
	const char *fixture;
	int cpu, ok;
	const char *source;
	uint64_t min, median, max;
	double mean, variance;
	uint64_t time_ns;
} calib_cases[] = {
	{ "x86_64-tcg", 0, 1, "tsc", 64, 68, 292, 68.804, 9.859, 8313073420ull },
	{ "x86_64-tcg", 1, 1, "tsc", 64, 68, 11374, 70.406, 12828.291, 8336223680ull },
	{ "aarch64-virt", 1, 1, "pmccntr", 78, 122, 33974, 126.799, 133948.137,
	  4703676624ull },
	/* "unsupported" on CPU 0: nothing else is taken from the row. */
	{ "pi-throttled", 0, 0, "unsupported", 0, 0, 0, 0, 0, 0 },
	/* A junk cell ("x7") makes the row unusable, never a wrong number. */
	{ "pi-throttled", 1, 0, "cntvct", 1, 2, 0, 2.0, 0.5, 42 },
};

Test(kmod, calibration)
{
	for (size_t i = 0; i < sizeof(calib_cases) / sizeof(calib_cases[0]); i++) {
		const __typeof__(calib_cases[0]) *w = &calib_cases[i];
		struct bk_kmod k;
		struct bk_kmod_calib c[8];
		int n;

		open_fixture(&k, w->fixture);
		n = bk_kmod_calibration(&k, c, 8);
		cr_assert_gt(n, w->cpu, "%s", w->fixture);
		cr_assert_eq(c[w->cpu].cpu, w->cpu);
		cr_assert_eq(c[w->cpu].ok, w->ok, "%s cpu %d", w->fixture, w->cpu);
		cr_assert_str_eq(c[w->cpu].source, w->source);
		cr_assert_eq(c[w->cpu].min, w->min, "%s cpu %d", w->fixture, w->cpu);
		cr_assert_eq(c[w->cpu].median, w->median);
		cr_assert_eq(c[w->cpu].max, w->max);
		cr_assert_float_eq(c[w->cpu].mean, w->mean, 1e-9);
		cr_assert_float_eq(c[w->cpu].variance, w->variance, 1e-9);
		cr_assert_eq(c[w->cpu].time_ns, w->time_ns);
	}
}

Test(kmod, clock)
{
	struct bk_kmod k;
	struct bk_kmod_clock c[8];

	open_fixture(&k, "x86_64-tcg");
	cr_assert_eq(bk_kmod_clock(&k, c, 8), 2);
	cr_assert_eq(c[0].effective_ok, 0, "unsupported is not 0 kHz");
	cr_assert_str_eq(c[0].method, "unsupported");
	cr_assert_eq(c[0].window_us, 10000);
	cr_assert_eq(c[0].cpufreq_ok, 0);

	open_fixture(&k, "aarch64-virt");
	cr_assert_eq(bk_kmod_clock(&k, c, 8), 2);
	cr_assert(c[1].effective_ok);
	cr_assert_eq(c[1].effective_khz, 999851);
	cr_assert_str_eq(c[1].method, "pmccntr");
	cr_assert_eq(c[1].firmware_ok, 0);

	open_fixture(&k, "pi-throttled");
	cr_assert_eq(bk_kmod_clock(&k, c, 8), 1);
	cr_assert_eq(c[0].effective_ok, 0);
	cr_assert(c[0].cpufreq_ok);
	cr_assert_eq(c[0].cpufreq_cur_khz, 1200000);
	cr_assert_eq(c[0].cpufreq_min_khz, 600000);
	cr_assert_eq(c[0].cpufreq_max_khz, 1500000);
	cr_assert(c[0].firmware_ok);
	cr_assert_eq(c[0].firmware_khz, 1000000);
	cr_assert_str_eq(c[0].firmware_clock, "set", "what the firmware's figure is");

	open_fixture(&k, "aarch64-virt");	/* a table without the column */
	bk_kmod_clock(&k, c, 8);
	cr_assert_str_eq(c[0].firmware_clock, "unsupported");
}

Test(kmod, throttle_state)
{
	struct bk_kmod k;
	struct bk_kmod_throttle t[16];

	open_fixture(&k, "x86_64-tcg");
	cr_assert_eq(bk_kmod_throttle_state(&k, t, 16), 7);
	for (int i = 0; i < 7; i++) {
		cr_assert_eq(t[i].source, (unsigned)i + 1);
		cr_assert_eq(t[i].ok, 0, "%s: unsupported under TCG", t[i].name);
		cr_assert_eq(t[i].temp_ok, 0);
	}
	cr_assert_str_eq(t[0].name, "x86_core_therm");

	open_fixture(&k, "pi-throttled");
	cr_assert_eq(bk_kmod_throttle_state(&k, t, 16), 3);
	cr_assert_str_eq(t[0].name, "rpi_throttled");
	cr_assert(t[0].ok);
	cr_assert_eq(t[0].state, 5);
	cr_assert_eq(t[0].transitions, 3);
	cr_assert(t[1].temp_ok);
	cr_assert_eq(t[1].temp_mc, -12500, "a temperature below zero");
	cr_assert(t[2].mhz_ok);
	cr_assert_eq(t[2].mhz, 600);
}

Test(kmod, features_and_a_missing_tree)
{
	struct bk_kmod k;
	char v[64];

	open_fixture(&k, "aarch64-virt");
	cr_assert_eq(k.abi_version, BURNKIT_ABI_VERSION);
	cr_assert_eq(bk_kmod_feature(&k, "counter", v, sizeof(v)), 0);
	cr_assert_str_eq(v, "pmccntr");
	cr_assert_neq(bk_kmod_feature(&k, "nosuchkey", v, sizeof(v)), 0);

	cr_assert_neq(bk_kmod_open(&k, "tests/unit/fixtures/kmod/no-such-dir"), 0);
	cr_assert_eq(k.state, BK_KMOD_ABSENT);
	cr_assert_str_eq(k.why, bk_kmod_absence(), "the one reason every tester quotes");
}
