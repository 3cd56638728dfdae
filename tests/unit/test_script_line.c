// SPDX-License-Identifier: MIT
/* burnkit script's lines: the seed's fpu.sh and 4fpu.sh, quoting, errors. */
#include <criterion/criterion.h>
#include <string.h>

#include "suites/script/script_line.h"

static int parse(const char *text, struct script_line *l, char *err, size_t len)
{
	return script_line_parse(text, 7, l, err, len);
}

Test(script, the_seeds_lines)
{
	struct script_line l;
	char err[512];

	cr_assert_eq(parse("lxterminal -e ./RPiTemperature Passes 70,  Seconds 60", &l, err,
			   sizeof(err)), 1, "%s", err);
	cr_assert(l.concurrent, "a window of its own runs beside the next lines");
	cr_assert_str_eq(l.tester->name, "temp");
	cr_assert_str_eq(l.alias, "RPiTemperature");
	cr_assert_eq(l.nwords, 4);
	cr_assert_str_eq(l.words[0], "Passes");
	cr_assert_str_eq(l.words[3], "60");

	cr_assert_eq(parse("./burninfpu KWords 1000, Section 1, Minutes 10, log 29", &l, err,
			   sizeof(err)), 1, "%s", err);
	cr_assert(!l.concurrent);
	cr_assert_str_eq(l.tester->name, "fpu");
	cr_assert_eq(parse("/home/pi/stressInt Seconds 80, log 2", &l, err, sizeof(err)), 1,
		     "%s", err);
	cr_assert_str_eq(l.tester->name, "int");
	cr_assert_str_eq(script_alias("./burnindrive"), "drive");
	cr_assert_str_eq(script_alias("./liverloopsPiA6"), "livermore");
	cr_assert_str_eq(script_alias("./OpenGL1Pi.bin"), "gpu");
	cr_assert_eq(parse("./OpenGL1Pi.bin Wide 1920, High 1080, RunMinutes 15 ", &l, err,
			   sizeof(err)), 1, "%s", err);
	cr_assert_str_eq(l.tester->name, "gpu");
	cr_assert_str_eq(l.alias, "OpenGL1Pi.bin");
	cr_assert_eq(l.nwords, 6);
	cr_assert_str_eq(l.words[5], "15");
	cr_assert_null(script_alias("./OpenGL2Pi.bin"), "only the programs burnkit has a twin of");
}

Test(script, the_64_bit_programs_and_lanspeed)
{
	struct script_line l;
	char err[512];

	cr_assert_eq(parse("./drivespeed64 FilePath /media/pi/usb, MB 8", &l, err, sizeof(err)),
		     1, "%s", err);
	cr_assert_str_eq(l.tester->name, "speed");
	cr_assert_str_eq(l.words[0], "FilePath");
	cr_assert_eq(parse("./lanspeed64", &l, err, sizeof(err)), 1, "%s", err);
	cr_assert_str_eq(l.tester->name, "speed");
	cr_assert_eq(l.nwords, 1);
	cr_assert_str_eq(l.words[0], "Cached", "lanspeed is speed's network-mount mode");
	cr_assert_eq(parse("./lanspeed FilePath /mnt/share", &l, err, sizeof(err)), 1, "%s", err);
	cr_assert_str_eq(l.words[0], "Cached");
	cr_assert_str_eq(l.words[1], "FilePath");
	cr_assert_str_eq(script_alias("./burninfpu64"), "fpu");
	cr_assert_null(script_alias("./drivespeed6"));
	cr_assert_null(script_alias("./drivespeed32"));
}

Test(script, burnkit_lines_quotes_and_ampersand)
{
	struct script_line l;
	char err[512];

	cr_assert_eq(parse("  build/burnkit cook --run \"fpu KWords 10, Section 3\" "
			   "--run 'int KBytes 8' --minutes 1 &  ", &l, err, sizeof(err)), 1,
		     "%s", err);
	cr_assert(l.concurrent);
	cr_assert_str_eq(l.tester->name, "cook");
	cr_assert_eq(l.nwords, 6);
	cr_assert_str_eq(l.words[1], "fpu KWords 10, Section 3");
	cr_assert_str_eq(l.words[3], "int KBytes 8");
	cr_assert_eq(parse("fpu --kwords=\"1\"\"0\"", &l, err, sizeof(err)), 1, "%s", err);
	cr_assert_str_eq(l.words[0], "--kwords=10", "quotes join like a shell's");
	cr_assert_eq(parse("sleep 10", &l, err, sizeof(err)), 1, "%s", err);
	cr_assert_float_eq(l.sleep_s, 10, 1e-12);
	cr_assert_null(l.tester);
}

Test(script, comments_and_blanks_run_nothing)
{
	struct script_line l;
	char err[512];

	cr_assert_eq(parse("", &l, err, sizeof(err)), 0);
	cr_assert_eq(parse("   \t", &l, err, sizeof(err)), 0);
	cr_assert_eq(parse("# Longbottom's 4fpu.sh", &l, err, sizeof(err)), 0,
		     "an apostrophe in a comment is no quote");
	cr_assert_eq(parse("  #1", &l, err, sizeof(err)), 0);
}

Test(script, errors_name_the_line)
{
	static const struct {
		const char *line;
		const char *says;
	} bad[] = {
		{ "./OpenGL2Pi.bin Wide 1920, High 1080", "neither a burnkit tester" },
		{ "burninfpu KWords", "needs a value" },
		{ "./burninfpu Section 4", "out of range" },
		{ "burnkit", "needs a tester" },
		{ "lxterminal -e", "nothing to run" },
		{ "&", "with no command" },
		{ "fpu \"KWords 1", "quote is not closed" },
		{ "sleep", "one number" },
		{ "sleep ten", "one number" },
		{ "sleep 1 2", "one number" },
		{ "script other.sh", "does not run scripts" },
		{ "top -b -n 1", "neither a burnkit tester" },
		{ "vmstat 30", "give the interval and the count" },
		{ "sar -u 30 10", "sar -n DEV" },
	};
	struct script_line l;
	char err[512];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		cr_assert_eq(parse(bad[i].line, &l, err, sizeof(err)), -1, "accepted: %s",
			     bad[i].line);
		cr_assert(!strncmp(err, "line 7: ", 8), "%s", err);
		cr_assert(strstr(err, bad[i].says), "%s: %s", bad[i].line, err);
	}
}
