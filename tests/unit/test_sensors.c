// SPDX-License-Identifier: MIT
/* sensors: thermal zones, hwmon and CPU clocks from fixture trees. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/sensors.h"
#include "util.h"

static void open_fixture(struct bk_sensors *s, const char *name)
{
	const char *base = getenv("BURNKIT_FIXTURES");
	char root[512];

	snprintf(root, sizeof(root), "%s/%s", base ? base : "tests/unit/fixtures", name);
	bk_sensors_open(s, root);
}

static int find(const struct bk_sensors *s, const char *name)
{
	for (int i = 0; i < s->ntemps; i++)
		if (!strcmp(s->temps[i].name, name))
			return i;
	return -1;
}

Test(sensors, x86_zones_and_hwmon_without_duplicates)
{
	struct bk_sensors s;
	double c[BK_SENSORS_MAX_TEMPS], mhz[BK_SENSORS_MAX_CPUS];

	open_fixture(&s, "x86");
	/* thermal_zone0 acpitz, thermal_zone1 x86_pkg_temp, coretemp's two;
	 * hwmon0 is acpitz again and is left out. */
	cr_assert_eq(s.ntemps, 4, "%d sensors", s.ntemps);
	cr_assert_eq(find(&s, "hwmon0/temp1"), -1, "the acpitz hwmon twin is skipped");
	int pkg = find(&s, "hwmon1/temp1");

	cr_assert_geq(pkg, 0);
	cr_assert_str_eq(s.temps[pkg].label, "coretemp Package id 0");
	cr_assert_str_eq(s.temps[s.main_temp].name, "thermal_zone1", "x86_pkg_temp is the CPU's");
	bk_sensors_temps(&s, c);
	cr_assert_float_eq(c[find(&s, "thermal_zone0")], 27.8, 1e-9);
	cr_assert_float_eq(c[find(&s, "thermal_zone1")], 45.0, 1e-9);
	cr_assert_float_eq(c[pkg], 52.0, 1e-9);
	cr_assert_float_eq(c[find(&s, "hwmon1/temp2")], 50.0, 1e-9);

	cr_assert_eq(s.ncpus, 4);
	cr_assert_eq(s.mhz_method, BK_MHZ_CPUFREQ);
	bk_sensors_mhz(&s, mhz);
	for (int i = 0; i < 4; i++)
		cr_assert_float_eq(mhz[i], 800.02, 1e-9, "cpu%d %f", i, mhz[i]);
	cr_assert_null(strstr(s.missing, "thermal"), "%s", s.missing);
	bk_sensors_close(&s);
}

Test(sensors, pi4_cpu_thermal_once)
{
	struct bk_sensors s;
	double c[BK_SENSORS_MAX_TEMPS];

	open_fixture(&s, "pi4");
	cr_assert_eq(s.ntemps, 1, "cpu_thermal hwmon is the zone again; rpi_volt has no temps");
	cr_assert_str_eq(s.temps[0].label, "cpu-thermal");
	cr_assert_eq(s.main_temp, 0);
	bk_sensors_temps(&s, c);
	cr_assert_float_eq(c[0], 61.334, 1e-9);
	bk_sensors_close(&s);
}

Test(sensors, empty_root_says_what_is_missing)
{
	struct bk_sensors s;
	double mhz[BK_SENSORS_MAX_CPUS];

	bk_sensors_open(&s, "/nonexistent-burnkit-root");
	cr_assert_eq(s.ntemps, 0);
	cr_assert_eq(s.main_temp, -1);
	cr_assert_eq(s.mhz_method, BK_MHZ_NONE);
	cr_assert(strstr(s.missing, "no thermal zones"), "%s", s.missing);
	cr_assert(strstr(s.missing, "no hwmon"), "%s", s.missing);
	cr_assert(strstr(s.missing, "no CPU clock"), "%s", s.missing);
	bk_sensors_mhz(&s, mhz);
	bk_sensors_close(&s);
}

Test(sensors, cpu_lists)
{
	int cpus[16];

	cr_assert_eq(bk_parse_cpu_list("0-3\n", cpus, 16), 4);
	cr_assert_eq(cpus[3], 3);
	cr_assert_eq(bk_parse_cpu_list("0,2-3,7", cpus, 16), 4);
	cr_assert_eq(cpus[0], 0);
	cr_assert_eq(cpus[1], 2);
	cr_assert_eq(cpus[3], 7);
	cr_assert_eq(bk_parse_cpu_list("0-", cpus, 16), -1);
	cr_assert_eq(bk_parse_cpu_list("3-1", cpus, 16), -1);
	cr_assert_eq(bk_parse_cpu_list("a", cpus, 16), -1);
	cr_assert_eq(bk_parse_cpu_list("0-100", cpus, 16), 16, "bounded by max");
}
