// SPDX-License-Identifier: MIT
/*
 * Every parameter string that appears in the seed documents, parsed by the
 * tester it belongs to, must give exactly what its long-option twin gives.
 * Each tester adds its rows to `seeds` below.
 */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "suites/runner.h"

static const struct {
	const char *tester;
	const char *legacy;	/* as written in the seed */
	const char *twin[8];	/* the same with long options */
} seeds[] = {
	/* burnkit info and timer take no Longbottom parameters of their own */
	{ "timer", "log 29, NoConfig", { "--log", "29", "--no-config" } },
	{ "timer", "Log 0", { "--log", "0" } },
	/* burnkit drive: burnindrive's format line, Not Cached/Cached, LAN, USB, larger files */
	{ "drive", "Repeats 16, Minutes 2, Log 0, Seconds 1",
	  { "--repeats", "16", "--minutes", "2", "--log", "0", "--seconds", "1" } },
	{ "drive", "R 16, M 2, L 0, S 1",
	  { "--repeats", "16", "--minutes", "2", "--log", "0", "--seconds", "1" } },
	{ "drive", "Repeats 80", { "--repeats", "80" } },
	{ "drive", "Minutes 10, Seconds 3", { "--minutes", "10", "--seconds", "3" } },
	{ "drive", "Minutes 10, Seconds 3, Cached",
	  { "--minutes", "10", "--seconds", "3", "--cachedata" } },
	{ "drive", "Minutes 10, Seconds 3, Repeats 8, Cached",
	  { "--minutes", "10", "--seconds", "3", "--repeats", "8", "--cachedata" } },
	{ "drive", "Minutes 2, Seconds 1, Cached, FilePath /media/public/test",
	  { "--minutes", "2", "--seconds", "1", "--cachedata", "--filepath", "/media/public/test" } },
	{ "drive", "Minutes 2, Seconds 1, FilePath /media/FAT/test",
	  { "--minutes", "2", "--seconds", "1", "--filepath", "/media/FAT/test" } },
	{ "drive", "Minutes 2, Seconds 1, FilePath /media/6449-7525/test",
	  { "--minutes", "2", "--seconds", "1", "--filepath", "/media/6449-7525/test" } },
	{ "drive", "Minutes 2, Seconds 1, FilePath /media/e918b2c6-3689-418a-a641-112b1a446de3/temp",
	  { "--minutes", "2", "--seconds", "1", "--filepath",
	    "/media/e918b2c6-3689-418a-a641-112b1a446de3/temp" } },
	{ "drive", "Repeats 64, Minutes 10, Seconds 5",
	  { "--repeats", "64", "--minutes", "10", "--seconds", "5" } },
	/* burnkit speed: drivespeed's run time parameters and the LAN example */
	{ "speed", "F test/disk", { "--filepath", "test/disk" } },
	{ "speed", "FilePath /media/new", { "--filepath", "/media/new" } },
	{ "speed", "MB 32", { "--mb", "32" } },
	{ "speed", "FilePath /media/new/drivespeed2", { "--filepath", "/media/new/drivespeed2" } },
	{ "speed", "FilePath /media/6449-7525/drivespeed2",
	  { "--filepath", "/media/6449-7525/drivespeed2" } },
	{ "speed", "FilePath /media/public/Test", { "--filepath", "/media/public/Test" } },
	/* burnkit int and paging: stressInt's defaults, Cooking The Pi, Paging Tests */
	{ "int", "KBytes 8, Seconds 1, Log 0", { "--kbytes", "8", "--seconds", "1", "--log", "0" } },
	{ "int", "Seconds 80, log 2", { "--seconds", "80", "--log", "2" } },
	{ "int", "Seconds 220, log 2", { "--seconds", "220", "--log", "2" } },
	{ "int", "KB 600000", { "--kbytes", "600000" } },
	{ "paging", "KB 600000", { "--kbytes", "600000" } },
	/* burnkit fpu: fpu.sh, 4fpu.sh, fpu1.sh, fpu2.sh, Cooking The Pi */
	{ "fpu", "KWords 1, Section 3, Minutes 10, log 29, NoConfig",
	  { "--kwords=1", "--section=3", "--minutes=10", "--log=29", "--no-config" } },
	{ "fpu", "KWords 10, Section 3, Minutes 10, log 29, NoConfig",
	  { "--kwords=10", "--section=3", "--minutes=10", "--log=29", "--no-config" } },
	{ "fpu", "KWords 1000, Section 3, Minutes 10, log 29, NoConfig",
	  { "--kwords=1000", "--section=3", "--minutes=10", "--log=29", "--no-config" } },
	{ "fpu", "KWords 1, Section 1, Minutes 10, log 29, NoConfig",
	  { "--kwords=1", "--section=1", "--minutes=10", "--log=29", "--no-config" } },
	{ "fpu", "KWords 10, Section 1, Minutes 10, log 29, NoConfig",
	  { "--kwords=10", "--section=1", "--minutes=10", "--log=29", "--no-config" } },
	{ "fpu", "KWords 1000, Section 1, Minutes 10, log 29",
	  { "--kwords=1000", "--section=1", "--minutes=10", "--log=29" } },
	{ "fpu", "KWords 1, Section 3, Minutes 10, log 1",
	  { "--kwords=1", "--section=3", "--minutes=10", "--log=1" } },
	{ "fpu", "KWords 1, Section 3, Minutes 10, log 2",
	  { "--kwords=1", "--section=3", "--minutes=10", "--log=2" } },
	{ "fpu", "KWords 1, Section 3, Minutes 10, log 3",
	  { "--kwords=1", "--section=3", "--minutes=10", "--log=3" } },
	{ "fpu", "KWords 1, Section 3, Minutes 10, log 4",
	  { "--kwords=1", "--section=3", "--minutes=10", "--log=4" } },
	{ "fpu", "KWds 1, log 33, NoConfig", { "--kwords=1", "--log=33", "--no-config" } },
	{ "fpu", "KWds 10, Section 3, log 33, NoConfig",
	  { "--kwords=10", "--section=3", "--log=33", "--no-config" } },
	{ "fpu", "KWds 10, Section 2, log 33, NoConfig",
	  { "--kwords=10", "--section=2", "--log=33", "--no-config" } },
	{ "fpu", "KWds 10, Section 1, log 33", { "--kwords=10", "--section=1", "--log=33" } },
	{ "fpu", "KWds 1,    Minutes 3, Section 1, log 30, NoConfig",
	  { "--kwords=1", "--minutes=3", "--section=1", "--log=30", "--no-config" } },
	{ "fpu", "KWds 1,    Minutes 3, Section 2, log 30, NoConfig",
	  { "--kwords=1", "--minutes=3", "--section=2", "--log=30", "--no-config" } },
	{ "fpu", "KWds 1,    Minutes 3, Section 3, log 30, NoConfig",
	  { "--kwords=1", "--minutes=3", "--section=3", "--log=30", "--no-config" } },
	{ "fpu", "KWds 10,   Minutes 3, Section 1, log 30, NoConfig",
	  { "--kwords=10", "--minutes=3", "--section=1", "--log=30", "--no-config" } },
	{ "fpu", "KWds 10,   Minutes 3, Section 2, log 30, NoConfig",
	  { "--kwords=10", "--minutes=3", "--section=2", "--log=30", "--no-config" } },
	{ "fpu", "KWds 10,   Minutes 3, Section 3, log 30, NoConfig",
	  { "--kwords=10", "--minutes=3", "--section=3", "--log=30", "--no-config" } },
	{ "fpu", "KWds 1000, Minutes 3, Section 1, log 30, NoConfig",
	  { "--kwords=1000", "--minutes=3", "--section=1", "--log=30", "--no-config" } },
	{ "fpu", "KWds 1000, Minutes 3, Section 2, log 30, NoConfig",
	  { "--kwords=1000", "--minutes=3", "--section=2", "--log=30", "--no-config" } },
	{ "fpu", "KWds 1000, Minutes 3, Section 3, log 30",
	  { "--kwords=1000", "--minutes=3", "--section=3", "--log=30" } },
	{ "fpu", "KWds 1000, Section 3, Minutes 15, log 59",
	  { "--kwords=1000", "--section=3", "--minutes=15", "--log=59" } },
	/* burnkit temp (RPiTemperature): every recorder line of the seed; P is Passes */
	{ "temp", "Passes 70,  Seconds 60", { "--passes", "70", "--seconds", "60" } },
	{ "temp", "Pases 25,  Seconds 30", { "--passes", "25", "--seconds", "30" } },
	{ "temp", "passes 5, seconds 2", { "--passes", "5", "--seconds", "2" } },
	{ "temp", "Pases 36,  Seconds 30", { "--passes=36", "--seconds=30" } },
	{ "temp", "Pases 120,  Seconds 15", { "--passes", "120", "--seconds", "15" } },
	{ "temp", "Passes 64,  Seconds 15", { "--passes", "64", "--seconds", "15" } },
	{ "temp", "Pases 100,  Seconds 10", { "--passes", "100", "--seconds", "10" } },
	{ "temp", "Pases 20,  Seconds 60", { "--passes", "20", "--seconds", "60" } },
	{ "temp", "Pases 90,  Seconds 30", { "--passes", "90", "--seconds", "30" } },
	/* burnkit gpu (OpenGL1Pi.bin): every run of the seed */
	{ "gpu", "Wide 1920, High 1080, RunMinutes 15",
	  { "--wide", "1920", "--high", "1080", "--run-minutes", "15" } },
	{ "gpu", "W 1920, H 1080, R 15", { "--wide=1920", "--high=1080", "--run-minutes=15" } },
};

/* The resolved parameters as JSON text: equal text means equal values. */
static char *resolved(const char *tester, int argc, char **argv)
{
	const struct bk_tester *t = bk_tester_find(tester);
	struct bk_params p;
	struct bk_json j;
	char err[512], *out;

	cr_assert_not_null(t, "tester %s is not registered", tester);
	cr_assert_eq(bk_params_parse(&p, t->name, t->params, argc, argv, err, sizeof(err)),
		     0, "%s: \"%s\": %s", tester, argc ? argv[0] : "", err);
	bk_json_init(&j);
	bk_json_object_begin(&j, NULL);
	bk_params_json(&p, &j);
	bk_json_object_end(&j);
	out = strdup(bk_json_text(&j));
	bk_json_free(&j);
	bk_params_free(&p);
	return out;
}

Test(seed_params, legacy_strings_equal_their_long_option_twins)
{
	for (size_t i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
		char *legacy_argv[1] = { (char *)seeds[i].legacy };
		char *twin_argv[8];
		int n = 0;

		while (n < 8 && seeds[i].twin[n]) {
			twin_argv[n] = (char *)seeds[i].twin[n];
			n++;
		}
		char *a = resolved(seeds[i].tester, 1, legacy_argv);
		char *b = resolved(seeds[i].tester, n, twin_argv);

		cr_assert_str_eq(a, b, "%s \"%s\":\n legacy %s long   %s",
				 seeds[i].tester, seeds[i].legacy, a, b);
		free(a);
		free(b);
	}
}

Test(seed_params, no_tester_has_two_parameters_on_one_letter)
{
	size_t n;
	const struct bk_tester *const *t = bk_testers(&n);

	for (size_t i = 0; i < n; i++) {
		const struct bk_param *p = t[i]->params;

		for (size_t a = 0; p && p[a].name; a++)
			for (size_t b = a + 1; p[b].name; b++)
				cr_assert(!p[a].legacy || !p[b].legacy ||
					  toupper((unsigned char)p[a].legacy[0]) !=
					  toupper((unsigned char)p[b].legacy[0]),
					  "%s: %s and %s share the letter %c", t[i]->name,
					  p[a].legacy, p[b].legacy, p[a].legacy[0]);
	}
}
