/* SPDX-License-Identifier: MIT */
/*
 * sensors: the temperatures and CPU clocks a recorder samples, from sysfs
 * alone (no vcgencmd, no module): every thermal zone, every hwmon
 * temperature that is not a thermal zone again, and the clock of each
 * online CPU (cpufreq's scaling_cur_freq, else /proc/cpuinfo "cpu MHz").
 * The files stay open between samples, so a sample costs one pread each.
 * Every path is read below a root directory ("" for the live system), so
 * the tests can point it at a fixture tree.
 */
#ifndef BK_SENSORS_H
#define BK_SENSORS_H

#include <stddef.h>

#define BK_SENSORS_MAX_TEMPS 32
#define BK_SENSORS_MAX_CPUS 256

struct bk_temp_sensor {
	char name[32];		/* thermal_zone0, hwmon1/temp2 */
	char label[80];		/* zone type, or hwmon name and label */
	int fd;
};

enum bk_mhz_method { BK_MHZ_NONE, BK_MHZ_CPUFREQ, BK_MHZ_CPUINFO };

struct bk_sensors {
	char root[256];
	int ntemps;
	struct bk_temp_sensor temps[BK_SENSORS_MAX_TEMPS];
	int main_temp;		/* index of the CPU's own sensor, -1: none */
	int ncpus;
	int cpu[BK_SENSORS_MAX_CPUS];	/* online CPU numbers */
	int cpufreq_fd[BK_SENSORS_MAX_CPUS];	/* -1: no cpufreq for it */
	enum bk_mhz_method mhz_method;
	int cpuinfo_fd;		/* for BK_MHZ_CPUINFO */
	char missing[512];	/* "; "-separated: what cannot be read here */
};

/* Find and open everything under root (NULL or "": the live system). */
void bk_sensors_open(struct bk_sensors *s, const char *root);
void bk_sensors_close(struct bk_sensors *s);

/* Each sensor's temperature in degrees C (NaN when a read fails). */
void bk_sensors_temps(const struct bk_sensors *s, double *celsius);
/* Each online CPU's clock in MHz, in s->cpu order (NaN when unknown). */
void bk_sensors_mhz(const struct bk_sensors *s, double *mhz);

const char *bk_mhz_method_name(enum bk_mhz_method m);
/*
 * The clock's source label, as charts, logs and JSON name it: "cpufreq"
 * (the kernel's current frequency), "nominal" (/proc/cpuinfo's cpu MHz,
 * on many machines a fixed figure); NULL for none. The effective clock is
 * "cycles" (counted by burnkit.ko) or "measured" (clockmeter).
 */
const char *bk_mhz_source_name(enum bk_mhz_method m);

#endif
