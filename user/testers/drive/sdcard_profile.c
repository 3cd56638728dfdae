// SPDX-License-Identifier: MIT
/*
 * sdcard_profile: Raspberry Pi's SD card test as it was in 2020 and as it
 * became in 2024 (agnostics, github.com/raspberrypi-ui/agnostics,
 * data/sdtest.sh and data/sd_bench.fio). The fio job is the same in both:
 * a 64 MB file written in 512 KB blocks (prepare-file, then seq-write),
 * 4 KB random writes and reads for 10 s, queue depth 4, libaio, direct,
 * end_fsync. What changed is the judging.
 */
#include <string.h>

#include "sdcard_profile.h"

const struct sd_profile sd_profiles[] = {
	{
		/*
		 * agnostics 0.1 (February 2020): sdtest.sh runs fio once; PASS at
		 * sequential write >= 10000 KB/s, random write >= 500 IOPS,
		 * random read >= 1500 IOPS: the A1 application class's figures.
		 */
		.name = "2020",
		.source = "agnostics 0.1 (Feb 2020) sdtest.sh: one run; seq write >= 10000 KB/s, "
			  "random write >= 500 IOPS, random read >= 1500 IOPS",
		.runs = 1,
		.seq_write = { 10000, SD_KBPS },
		.rand_write = { 500, SD_IOPS },
		.rand_read = { 1500, SD_IOPS },
	},
	{
		/*
		 * agnostics 0.15/0.16 (July 2024, "testing for A2 cards", "fix for
		 * random test failures"): up to three runs, the first passing
		 * run passes; the A2-era thresholds judge the prepare pass too.
		 * That sdtest.sh reads fio's mean bandwidth for all four (terse
		 * fields 45 and 86, bw_mean in KB/s), so its random thresholds
		 * are KB/s: 2500 KB/s = 625 IOPS and 9000 KB/s = 2250 IOPS of
		 * 4 KB.
		 */
		.name = "2024",
		.source = "agnostics 0.15/0.16 (Jul 2024) sdtest.sh: up to 3 runs, the first "
			  "passing run passes; prepare >= 9000 KB/s, seq write >= 7500 KB/s, "
			  "random write >= 2500 KB/s, random read >= 9000 KB/s (fio's bw_mean)",
		.runs = 3,
		.prepare = { 9000, SD_KBPS },
		.seq_write = { 7500, SD_KBPS },
		.rand_write = { 2500, SD_KBPS },
		.rand_read = { 9000, SD_KBPS },
	},
};

const size_t sd_nprofiles = sizeof(sd_profiles) / sizeof(sd_profiles[0]);
const char *const sd_profile_names[] = { "2020", "2024", NULL };

const struct sd_profile *sd_profile_find(const char *name)
{
	for (size_t i = 0; i < sd_nprofiles; i++)
		if (name && !strcmp(sd_profiles[i].name, name))
			return &sd_profiles[i];
	return NULL;
}

double sd_figure(const struct sd_target *t, double kbps, double iops)
{
	return t->unit == SD_IOPS ? iops : kbps;
}

int sd_target_met(const struct sd_target *t, double kbps, double iops)
{
	return t->min <= 0 || sd_figure(t, kbps, iops) >= t->min;
}

int sd_run_passed(const struct sd_profile *p, const struct sd_figures *f)
{
	return sd_target_met(&p->prepare, f->prepare_kbps, 0) &&
	       sd_target_met(&p->seq_write, f->seq_kbps, f->seq_iops) &&
	       sd_target_met(&p->rand_write, f->rw_kbps, f->rw_iops) &&
	       sd_target_met(&p->rand_read, f->rr_kbps, f->rr_iops);
}

int sd_another_run(const struct sd_profile *p, unsigned done, int passed)
{
	return !passed && done < p->runs;
}
