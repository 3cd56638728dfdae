// SPDX-License-Identifier: MIT
#include "sysinfo.h"
#include "json.h"
#include "util.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

static void rpath(const struct bk_sysinfo *si, char *out, size_t len,
		  const char *path)
{
	snprintf(out, len, "%s%s", si->root, path);
}

static void add_missing(struct bk_sysinfo *si, const char *what)
{
	size_t off = strlen(si->missing);

	snprintf(si->missing + off, sizeof(si->missing) - off, "%s%s",
		 off ? "; " : "", what);
}

/* Value of "Key<spaces>: value" in a /proc/cpuinfo-like text, first match. */
static int field(const char *text, const char *key, char *out, size_t len)
{
	size_t klen = strlen(key);

	for (const char *line = text; line && *line;) {
		const char *eol = strchr(line, '\n');
		size_t n = eol ? (size_t)(eol - line) : strlen(line);

		if (n > klen && !strncmp(line, key, klen) &&
		    (line[klen] == ' ' || line[klen] == '\t' || line[klen] == ':')) {
			const char *colon = memchr(line, ':', n);

			if (colon) {
				const char *v = colon + 1;

				while (*v == ' ' || *v == '\t')
					v++;
				size_t vlen = n - (size_t)(v - line);
				if (vlen >= len)
					vlen = len - 1;
				memcpy(out, v, vlen);
				out[vlen] = '\0';
				bk_rstrip(out);
				return 0;
			}
		}
		line = eol ? eol + 1 : NULL;
	}
	return -1;
}

/* ARM Ltd's CPU part numbers (MIDR bits 15:4, "CPU part" in cpuinfo). */
static const struct {
	unsigned int part;
	const char *name;
} arm_parts[] = {
	{ 0xb76, "ARM1176" },	/* Raspberry Pi 1, Zero */
	{ 0xc05, "Cortex-A5" },  { 0xc07, "Cortex-A7" },  { 0xc08, "Cortex-A8" },
	{ 0xc09, "Cortex-A9" },  { 0xc0d, "Cortex-A12" }, { 0xc0e, "Cortex-A17" },
	{ 0xc0f, "Cortex-A15" }, { 0xd01, "Cortex-A32" }, { 0xd02, "Cortex-A34" },
	{ 0xd03, "Cortex-A53" }, { 0xd04, "Cortex-A35" }, { 0xd05, "Cortex-A55" },
	{ 0xd06, "Cortex-A65" }, { 0xd07, "Cortex-A57" }, { 0xd08, "Cortex-A72" },
	{ 0xd09, "Cortex-A73" }, { 0xd0a, "Cortex-A75" }, { 0xd0b, "Cortex-A76" },
	{ 0xd0c, "Neoverse-N1" }, { 0xd0d, "Cortex-A77" }, { 0xd0e, "Cortex-A76AE" },
	{ 0xd40, "Neoverse-V1" }, { 0xd41, "Cortex-A78" }, { 0xd44, "Cortex-X1" },
	{ 0xd46, "Cortex-A510" }, { 0xd47, "Cortex-A710" }, { 0xd48, "Cortex-X2" },
	{ 0xd49, "Neoverse-N2" }, { 0xd4a, "Neoverse-E1" }, { 0xd4b, "Cortex-A78C" },
	{ 0xd4d, "Cortex-A715" }, { 0xd4e, "Cortex-X3" }, { 0xd4f, "Neoverse-V2" },
	{ 0xd80, "Cortex-A520" }, { 0xd81, "Cortex-A720" }, { 0xd82, "Cortex-X4" },
};

/* The core's name for implementer/part strings as cpuinfo gives them. */
static const char *arm_cpu_name(const char *impl, const char *part)
{
	char *end;
	unsigned long i = strtoul(impl, &end, 0), p;

	if (!*impl || *end || i != 0x41)	/* 0x41: ARM Ltd */
		return NULL;
	p = strtoul(part, &end, 0);
	if (!*part || *end)
		return NULL;
	for (size_t k = 0; k < sizeof(arm_parts) / sizeof(arm_parts[0]); k++)
		if (arm_parts[k].part == p)
			return arm_parts[k].name;
	return NULL;
}

static void read_cpuinfo(struct bk_sysinfo *si)
{
	char path[1024], part[32] = "", impl[32] = "";
	size_t cap = 1 << 20;
	char *text = malloc(cap);
	int procs = 0;

	rpath(si, path, sizeof(path), "/proc/cpuinfo");
	if (!text || bk_read_file(path, text, cap) <= 0) {
		add_missing(si, "/proc/cpuinfo unreadable");
		free(text);
		return;
	}
	/*
	 * ARM kernels name no core ("model name" on 32-bit says only
	 * "ARMv7 Processor rev 4 (v7l)"): the part number does.
	 */
	field(text, "CPU implementer", impl, sizeof(impl));
	field(text, "CPU part", part, sizeof(part));
	const char *arm = arm_cpu_name(impl, part);

	if (arm)
		snprintf(si->cpu_model, sizeof(si->cpu_model), "ARM %s", arm);
	else if (field(text, "model name", si->cpu_model, sizeof(si->cpu_model)) &&
		 field(text, "Processor", si->cpu_model, sizeof(si->cpu_model)) &&
		 *part)
		snprintf(si->cpu_model, sizeof(si->cpu_model),
			 "ARM implementer %s part %s", impl, part);
	if (field(text, "flags", si->cpu_features, sizeof(si->cpu_features)))
		field(text, "Features", si->cpu_features, sizeof(si->cpu_features));
	field(text, "Hardware", si->hardware, sizeof(si->hardware));
	field(text, "Revision", si->revision, sizeof(si->revision));
	if (!*si->board)
		field(text, "Model", si->board, sizeof(si->board));
	for (const char *p = text; (p = strstr(p, "processor")); p++)
		if (p == text || p[-1] == '\n')
			procs++;
	if (!si->cpus_online)
		si->cpus_online = procs;
	if (!*si->cpu_model)
		add_missing(si, "CPU model not in /proc/cpuinfo");
	free(text);
}

static void read_online(struct bk_sysinfo *si)
{
	char path[1024], buf[256];

	rpath(si, path, sizeof(path), "/sys/devices/system/cpu/online");
	int n = bk_read_file(path, buf, sizeof(buf)) > 0 ?
		bk_parse_cpu_list(buf, NULL, 0) : -1;

	if (n > 0)
		si->cpus_online = n;
}

static unsigned long long meminfo_kb(const char *text, const char *key)
{
	char v[64];

	if (field(text, key, v, sizeof(v)))
		return 0;
	return strtoull(v, NULL, 10) * 1024ull;
}

static void read_meminfo(struct bk_sysinfo *si)
{
	char path[1024], text[8192];

	rpath(si, path, sizeof(path), "/proc/meminfo");
	if (bk_read_file(path, text, sizeof(text)) <= 0) {
		add_missing(si, "/proc/meminfo unreadable");
		return;
	}
	si->mem_total = meminfo_kb(text, "MemTotal");
	si->mem_available = meminfo_kb(text, "MemAvailable");
	si->swap_total = meminfo_kb(text, "SwapTotal");
	si->swap_free = meminfo_kb(text, "SwapFree");
	if (!si->mem_available)
		add_missing(si, "MemAvailable not in /proc/meminfo (kernel before 3.14)");
}

static void read_kernel(struct bk_sysinfo *si)
{
	char path[1024];

	rpath(si, path, sizeof(path), "/proc/version");
	if (bk_read_file(path, si->kernel, sizeof(si->kernel)) <= 0) {
		add_missing(si, "/proc/version unreadable");
		si->kernel[0] = '\0';
	}
	bk_rstrip(si->kernel);
}

static void read_board(struct bk_sysinfo *si)
{
	static const char *const paths[] = {
		"/proc/device-tree/model",
		"/sys/firmware/devicetree/base/model",
		"/sys/class/dmi/id/product_name",
	};
	char path[1024];

	for (size_t i = 0; i < BK_ARRAY_SIZE(paths); i++) {
		rpath(si, path, sizeof(path), paths[i]);
		if (bk_read_file(path, si->board, sizeof(si->board)) > 0) {
			bk_rstrip(si->board);
			return;
		}
	}
	si->board[0] = '\0';
}

static long read_khz(const char *dir, const char *name)
{
	char path[1024];
	long long v;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return bk_read_ll(path, &v) ? -1 : (long)v;
}

static void read_cpufreq(struct bk_sysinfo *si)
{
	char base[128];

	for (int cpu = 0; cpu < BK_SI_MAX_CPUFREQ; cpu++) {
		char dir[512], path[1024];
		struct bk_si_cpufreq *f = &si->cpufreq[si->ncpufreq];

		snprintf(base, sizeof(base), "/sys/devices/system/cpu/cpu%d/cpufreq", cpu);
		rpath(si, dir, sizeof(dir), base);
		f->cur_khz = read_khz(dir, "scaling_cur_freq");
		if (f->cur_khz < 0)
			f->cur_khz = read_khz(dir, "cpuinfo_cur_freq");
		f->min_khz = read_khz(dir, "scaling_min_freq");
		f->max_khz = read_khz(dir, "scaling_max_freq");
		if (f->cur_khz < 0 && f->max_khz < 0)
			continue;
		f->cpu = cpu;
		snprintf(path, sizeof(path), "%s/scaling_governor", dir);
		if (bk_read_file(path, f->governor, sizeof(f->governor)) <= 0)
			f->governor[0] = '\0';
		bk_rstrip(f->governor);
		si->ncpufreq++;
	}
	if (!si->ncpufreq)
		add_missing(si, "cpufreq: no /sys/devices/system/cpu/cpu*/cpufreq");
}

static void read_zones(struct bk_sysinfo *si)
{
	char dirpath[384];

	for (int z = 0; z < 64 && si->nzones < BK_SI_MAX_ZONES; z++) {
		char base[128], path[600];
		long long mc;
		struct bk_si_zone *zone = &si->zones[si->nzones];

		snprintf(base, sizeof(base), "/sys/class/thermal/thermal_zone%d", z);
		rpath(si, dirpath, sizeof(dirpath), base);
		snprintf(path, sizeof(path), "%s/temp", dirpath);
		if (bk_read_ll(path, &mc))
			continue;
		snprintf(zone->name, sizeof(zone->name), "thermal_zone%d", z);
		snprintf(path, sizeof(path), "%s/type", dirpath);
		if (bk_read_file(path, zone->type, sizeof(zone->type)) <= 0)
			bk_strlcpy(zone->type, "?", sizeof(zone->type));
		bk_rstrip(zone->type);
		zone->temp_c = (double)mc / 1000.0;
		si->nzones++;
	}
	if (!si->nzones)
		add_missing(si, "thermal zones: none in /sys/class/thermal");
}

static void read_boot_config(struct bk_sysinfo *si)
{
	static const char *const paths[] = {
		"/boot/firmware/config.txt", "/boot/config.txt",
	};
	static const char *const keys[] = {
		"arm_freq", "core_freq", "sdram_freq", "over_voltage",
		"gpu_freq", "arm_boost", "force_turbo", "over_voltage_sdram",
		"temp_limit", "arm_64bit",
	};
	char path[1024], line[256];
	FILE *f = NULL;

	for (size_t i = 0; i < BK_ARRAY_SIZE(paths) && !f; i++) {
		rpath(si, path, sizeof(path), paths[i]);
		f = fopen(path, "re");
		if (f)
			bk_strlcpy(si->boot_config, paths[i], sizeof(si->boot_config));
	}
	if (!f) {
		if (bk_sysinfo_is_rpi(si))
			add_missing(si, "config.txt not found in /boot/firmware or /boot");
		return;
	}
	while (fgets(line, sizeof(line), f) && si->nboot < BK_SI_MAX_BOOT) {
		char *p = line, *eq;

		while (isspace((unsigned char)*p))
			p++;
		if (*p == '#' || !(eq = strchr(p, '=')))
			continue;
		*eq = '\0';
		bk_rstrip(p);
		for (size_t k = 0; k < BK_ARRAY_SIZE(keys); k++) {
			int slot = si->nboot;

			if (strcmp(p, keys[k]))
				continue;
			/* A key set again (another [section]) keeps its last value. */
			for (int b = 0; b < si->nboot; b++)
				if (!strcmp(si->boot[b].key, p))
					slot = b;
			bk_strlcpy(si->boot[slot].key, p, sizeof(si->boot[0].key));
			bk_strlcpy(si->boot[slot].value, bk_rstrip(eq + 1),
				   sizeof(si->boot[0].value));
			if (slot == si->nboot)
				si->nboot++;
		}
	}
	fclose(f);
}

int bk_sysinfo_is_rpi(const struct bk_sysinfo *si)
{
	return strstr(si->board, "Raspberry Pi") || !strncmp(si->hardware, "BCM", 3);
}

void bk_sysinfo_read(struct bk_sysinfo *si, const char *root)
{
	struct utsname u;

	memset(si, 0, sizeof(*si));
	bk_strlcpy(si->root, bk_sysroot(root), sizeof(si->root));
	if (!*si->root && !uname(&u))
		bk_strlcpy(si->machine, u.machine, sizeof(si->machine));
	read_board(si);
	read_online(si);
	read_cpuinfo(si);
	read_meminfo(si);
	read_kernel(si);
	read_cpufreq(si);
	read_zones(si);
	read_boot_config(si);
}

#define APPEND(...)							\
	do {								\
		if (off < len)						\
			off += (size_t)snprintf(buf + off, len - off, __VA_ARGS__); \
	} while (0)

void bk_sysinfo_text(const struct bk_sysinfo *si, char *buf, size_t len)
{
	size_t off = 0;

	buf[0] = '\0';
	APPEND(" SYSTEM INFORMATION\n\n");
	APPEND(" CPU      %s\n", *si->cpu_model ? si->cpu_model : "unknown");
	if (*si->board)
		APPEND(" Board    %s\n", si->board);
	if (*si->hardware)
		APPEND(" Hardware %s%s%s\n", si->hardware,
		       *si->revision ? ", Revision " : "", si->revision);
	APPEND(" CPUs     %d online\n", si->cpus_online);
	APPEND(" RAM      %.0f MB, available %.0f MB, swap %.0f MB (%.0f MB free)\n",
	       si->mem_total / 1048576.0, si->mem_available / 1048576.0,
	       si->swap_total / 1048576.0, si->swap_free / 1048576.0);
	APPEND(" Kernel   %s\n", *si->kernel ? si->kernel : "unknown");
	if (si->ncpufreq) {
		const struct bk_si_cpufreq *f = &si->cpufreq[0];

		APPEND(" cpufreq  cpu%d %ld MHz now, %ld-%ld MHz, governor %s%s\n",
		       f->cpu, f->cur_khz / 1000, f->min_khz / 1000,
		       f->max_khz / 1000, *f->governor ? f->governor : "?",
		       si->ncpufreq > 1 ? " (first CPU shown)" : "");
	}
	for (int z = 0; z < si->nzones; z++)
		APPEND(" Thermal  %s %s %.1f C\n", si->zones[z].name,
		       si->zones[z].type, si->zones[z].temp_c);
	if (si->nboot) {
		APPEND("\n MHz and Voltage Settings (%s)\n\n", si->boot_config);
		for (int b = 0; b < si->nboot; b++)
			APPEND(" %s=%s\n", si->boot[b].key, si->boot[b].value);
	}
	if (*si->missing)
		APPEND(" Missing  %s\n", si->missing);
}

void bk_sysinfo_json(const struct bk_sysinfo *si, struct bk_json *j, const char *key)
{
	bk_json_object_begin(j, key);
	bk_json_str(j, "machine", si->machine);
	bk_json_str(j, "cpu_model", si->cpu_model);
	bk_json_str(j, "board", si->board);
	bk_json_str(j, "hardware", si->hardware);
	bk_json_str(j, "revision", si->revision);
	bk_json_int(j, "cpus_online", si->cpus_online);
	bk_json_uint(j, "mem_total_bytes", si->mem_total);
	bk_json_uint(j, "mem_available_bytes", si->mem_available);
	bk_json_uint(j, "swap_total_bytes", si->swap_total);
	bk_json_uint(j, "swap_free_bytes", si->swap_free);
	bk_json_str(j, "kernel", si->kernel);
	bk_json_str(j, "cpu_features", si->cpu_features);
	bk_json_array_begin(j, "cpufreq");
	for (int i = 0; i < si->ncpufreq; i++) {
		const struct bk_si_cpufreq *f = &si->cpufreq[i];

		bk_json_object_begin(j, NULL);
		bk_json_int(j, "cpu", f->cpu);
		bk_json_int(j, "cur_khz", f->cur_khz);
		bk_json_int(j, "min_khz", f->min_khz);
		bk_json_int(j, "max_khz", f->max_khz);
		bk_json_str(j, "governor", f->governor);
		bk_json_object_end(j);
	}
	bk_json_array_end(j);
	bk_json_array_begin(j, "thermal");
	for (int i = 0; i < si->nzones; i++) {
		bk_json_object_begin(j, NULL);
		bk_json_str(j, "zone", si->zones[i].name);
		bk_json_str(j, "type", si->zones[i].type);
		bk_json_realp(j, "temp_c", si->zones[i].temp_c, 4);
		bk_json_object_end(j);
	}
	bk_json_array_end(j);
	bk_json_object_begin(j, "boot_config");
	for (int b = 0; b < si->nboot; b++)
		bk_json_str(j, si->boot[b].key, si->boot[b].value);
	bk_json_object_end(j);
	bk_json_str(j, "missing", si->missing);
	bk_json_object_end(j);
}
