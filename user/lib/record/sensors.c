// SPDX-License-Identifier: MIT
#include "record/sensors.h"
#include "util.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * Zone types that are the CPU's own temperature, best first: the one the
 * text log shows as Longbottom's "temp=". Anything else is listed after it.
 */
static const char *const cpu_zone_types[] = {
	"cpu-thermal", "cpu_thermal", "x86_pkg_temp", "soc_thermal", "soc-thermal",
	"cpu0-thermal", "coretemp", "k10temp", "acpitz", NULL,
};

static void add_missing(struct bk_sensors *s, const char *what)
{
	size_t off = strlen(s->missing);

	snprintf(s->missing + off, sizeof(s->missing) - off, "%s%s",
		 off ? "; " : "", what);
}

static int open_below(const struct bk_sensors *s, const char *path)
{
	char full[1024];

	snprintf(full, sizeof(full), "%s%s", s->root, path);
	return open(full, O_RDONLY | O_CLOEXEC);
}

/* One line of a small file below root, stripped; -1 if unreadable. */
static int read_line_below(const struct bk_sensors *s, const char *path,
			   char *buf, size_t len)
{
	char full[1024];

	snprintf(full, sizeof(full), "%s%s", s->root, path);
	if (bk_read_file(full, buf, len) <= 0)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	bk_rstrip(buf);
	return 0;
}

/* A number from an open sysfs file, read again from its start. */
static int pread_ll(int fd, long long *out)
{
	char buf[64], *end;
	ssize_t n;

	if (fd < 0)
		return -1;
	n = pread(fd, buf, sizeof(buf) - 1, 0);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	errno = 0;
	*out = strtoll(buf, &end, 10);
	if (errno || end == buf || (*end && !isspace((unsigned char)*end)))
		return -1;
	return 0;
}

static int same_device(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char ca = *a == '-' ? '_' : *a, cb = *b == '-' ? '_' : *b;

		if (ca != cb)
			return 0;
	}
	return *a == *b;
}

static void find_zones(struct bk_sensors *s)
{
	int found = 0;

	for (int z = 0; z < 256 && s->ntemps < BK_SENSORS_MAX_TEMPS; z++) {
		struct bk_temp_sensor *t = &s->temps[s->ntemps];
		char path[96];
		long long mc;

		snprintf(path, sizeof(path), "/sys/class/thermal/thermal_zone%d/temp", z);
		t->fd = open_below(s, path);
		if (t->fd < 0)
			continue;
		if (pread_ll(t->fd, &mc)) {
			close(t->fd);
			continue;	/* zones that cannot read now (e.g. -EAGAIN) */
		}
		snprintf(t->name, sizeof(t->name), "thermal_zone%d", z);
		snprintf(path, sizeof(path), "/sys/class/thermal/thermal_zone%d/type", z);
		if (read_line_below(s, path, t->label, sizeof(t->label)))
			bk_strlcpy(t->label, "?", sizeof(t->label));
		s->ntemps++;
		found++;
	}
	if (!found)
		add_missing(s, "no thermal zones (/sys/class/thermal)");
}

static int is_zone_type(const struct bk_sensors *s, int nzones, const char *name)
{
	for (int i = 0; i < nzones; i++)
		if (same_device(s->temps[i].label, name))
			return 1;
	return 0;
}

static void find_hwmon(struct bk_sensors *s)
{
	int nzones = s->ntemps, devices = 0;

	for (int h = 0; h < 64 && s->ntemps < BK_SENSORS_MAX_TEMPS; h++) {
		char path[128], name[32];

		snprintf(path, sizeof(path), "/sys/class/hwmon/hwmon%d/name", h);
		if (read_line_below(s, path, name, sizeof(name)))
			continue;
		devices++;
		if (is_zone_type(s, nzones, name))
			continue;	/* the same sensor as a thermal zone */
		for (int i = 1; i < 64 && s->ntemps < BK_SENSORS_MAX_TEMPS; i++) {
			struct bk_temp_sensor *t = &s->temps[s->ntemps];
			char label[40];
			long long mc;

			snprintf(path, sizeof(path), "/sys/class/hwmon/hwmon%d/temp%d_input",
				 h, i);
			t->fd = open_below(s, path);
			if (t->fd < 0)
				continue;
			if (pread_ll(t->fd, &mc)) {
				close(t->fd);
				continue;
			}
			snprintf(path, sizeof(path), "/sys/class/hwmon/hwmon%d/temp%d_label",
				 h, i);
			if (read_line_below(s, path, label, sizeof(label)))
				snprintf(label, sizeof(label), "temp%d", i);
			snprintf(t->name, sizeof(t->name), "hwmon%d/temp%d", h, i);
			snprintf(t->label, sizeof(t->label), "%s %s", name, label);
			s->ntemps++;
		}
	}
	if (!devices)
		add_missing(s, "no hwmon sensors (/sys/class/hwmon)");
}

static void choose_main(struct bk_sensors *s)
{
	s->main_temp = s->ntemps ? 0 : -1;
	for (int k = 0; cpu_zone_types[k]; k++)
		for (int i = 0; i < s->ntemps; i++)
			if (!strncmp(s->temps[i].label, cpu_zone_types[k],
				     strlen(cpu_zone_types[k]))) {
				s->main_temp = i;
				return;
			}
}

static void find_cpus(struct bk_sensors *s)
{
	char online[1024];
	int n = -1, with_cpufreq = 0;

	if (!read_line_below(s, "/sys/devices/system/cpu/online", online, sizeof(online)))
		n = bk_parse_cpu_list(online, s->cpu, BK_SENSORS_MAX_CPUS);
	if (n <= 0) {
		n = s->root[0] ? 0 : bk_ncpus();
		if (n > BK_SENSORS_MAX_CPUS)
			n = BK_SENSORS_MAX_CPUS;
		for (int i = 0; i < n; i++)
			s->cpu[i] = i;
	}
	s->ncpus = n;
	for (int i = 0; i < n; i++) {
		char path[96];

		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_cur_freq", s->cpu[i]);
		s->cpufreq_fd[i] = open_below(s, path);
		with_cpufreq += s->cpufreq_fd[i] >= 0;
	}
	s->cpuinfo_fd = -1;
	if (with_cpufreq) {
		s->mhz_method = BK_MHZ_CPUFREQ;
		return;
	}
	add_missing(s, "no cpufreq (scaling_cur_freq)");
	s->cpuinfo_fd = open_below(s, "/proc/cpuinfo");
	if (s->cpuinfo_fd >= 0) {
		double mhz[BK_SENSORS_MAX_CPUS];

		s->mhz_method = BK_MHZ_CPUINFO;
		bk_sensors_mhz(s, mhz);
		for (int i = 0; i < n; i++)
			if (!isnan(mhz[i]))
				return;
		close(s->cpuinfo_fd);
		s->cpuinfo_fd = -1;
	}
	s->mhz_method = BK_MHZ_NONE;
	add_missing(s, "no CPU clock (no cpufreq, no \"cpu MHz\" in /proc/cpuinfo)");
}

void bk_sensors_open(struct bk_sensors *s, const char *root)
{
	memset(s, 0, sizeof(*s));
	bk_strlcpy(s->root, bk_sysroot(root), sizeof(s->root));
	find_zones(s);
	find_hwmon(s);
	choose_main(s);
	find_cpus(s);
}

void bk_sensors_close(struct bk_sensors *s)
{
	for (int i = 0; i < s->ntemps; i++)
		if (s->temps[i].fd >= 0)
			close(s->temps[i].fd);
	for (int i = 0; i < s->ncpus; i++)
		if (s->cpufreq_fd[i] >= 0)
			close(s->cpufreq_fd[i]);
	if (s->cpuinfo_fd >= 0)
		close(s->cpuinfo_fd);
	s->ntemps = s->ncpus = 0;
	s->cpuinfo_fd = -1;
}

void bk_sensors_temps(const struct bk_sensors *s, double *celsius)
{
	for (int i = 0; i < s->ntemps; i++) {
		long long mc;

		celsius[i] = pread_ll(s->temps[i].fd, &mc) ? NAN : (double)mc / 1000.0;
	}
}

/* "processor : N" ... "cpu MHz : X" pairs of /proc/cpuinfo. */
static void cpuinfo_mhz(const struct bk_sensors *s, double *mhz)
{
	static char buf[1 << 20];
	size_t len = 0;
	int proc = -1;

	for (;;) {
		ssize_t n = pread(s->cpuinfo_fd, buf + len, sizeof(buf) - 1 - len,
				  (off_t)len);

		if (n <= 0)
			break;
		len += (size_t)n;
	}
	if (!len)
		return;
	buf[len] = '\0';
	for (char *line = buf; line && *line;) {
		char *eol = strchr(line, '\n');
		double v;

		if (eol)
			*eol = '\0';
		if (sscanf(line, "processor : %d", &proc) == 1) {
			/* the lines that follow are about CPU proc */
		} else if (proc >= 0 && !strncmp(line, "cpu MHz", 7) &&
			   sscanf(strchr(line, ':') ? strchr(line, ':') + 1 : "", "%lf",
				  &v) == 1) {
			for (int i = 0; i < s->ncpus; i++)
				if (s->cpu[i] == proc)
					mhz[i] = v;
		}
		line = eol ? eol + 1 : NULL;
	}
}

void bk_sensors_mhz(const struct bk_sensors *s, double *mhz)
{
	for (int i = 0; i < s->ncpus; i++)
		mhz[i] = NAN;
	if (s->mhz_method == BK_MHZ_CPUFREQ) {
		for (int i = 0; i < s->ncpus; i++) {
			long long khz;

			if (!pread_ll(s->cpufreq_fd[i], &khz))
				mhz[i] = (double)khz / 1000.0;
		}
	} else if (s->mhz_method == BK_MHZ_CPUINFO) {
		cpuinfo_mhz(s, mhz);
	}
}

const char *bk_mhz_method_name(enum bk_mhz_method m)
{
	switch (m) {
	case BK_MHZ_CPUFREQ:
		return "cpufreq";
	case BK_MHZ_CPUINFO:
		return "cpuinfo";
	default:
		return "none";
	}
}

const char *bk_mhz_source_name(enum bk_mhz_method m)
{
	switch (m) {
	case BK_MHZ_CPUFREQ:
		return "cpufreq";
	case BK_MHZ_CPUINFO:
		return "nominal";
	default:
		return NULL;
	}
}
