// SPDX-License-Identifier: MIT
#include "record/kerrors.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

/* Kernel messages that report a hardware or kernel error, by class. */
static const struct {
	const char *class;
	const char *pattern;	/* POSIX extended regular expression */
} kinds[] = {
	{ "edac", "EDAC [A-Za-z0-9_]+: .*(CE|UE|error)" },
	{ "mce", "(Machine check events logged|\\[Hardware Error\\]|mce: .*(CPU|Bank))" },
	{ "pcie_aer", "AER: .*(error|Error)" },
	{ "mmc", "mmc[0-9]+: .*(error|timeout|reset|-110)" },
	{ "usb", "usb [0-9.-]+: (reset|device descriptor read.*error|device not accepting)" },
	{ "io_error", "(I/O error|critical medium error|critical target error)" },
	{ "fs_error", "(EXT4-fs error|XFS .*metadata I/O error|BTRFS error|FAT-fs .*error)" },
	{ "soft_lockup", "(soft lockup|hard LOCKUP|rcu_sched self-detected stall)" },
	{ "hung_task", "blocked for more than [0-9]+ seconds" },
	{ "under_voltage", "(Under-voltage detected|Undervoltage detected)" },
};

static regex_t compiled[BK_ARRAY_SIZE(kinds)];
static int compiled_ok;

static void compile_once(void)
{
	if (compiled_ok)
		return;
	for (size_t i = 0; i < BK_ARRAY_SIZE(kinds); i++)
		if (regcomp(&compiled[i], kinds[i].pattern, REG_EXTENDED | REG_NOSUB))
			abort();	/* a pattern of the table is wrong: a bug */
	compiled_ok = 1;
}

const char *bk_kerr_classify(const char *message)
{
	compile_once();
	for (size_t i = 0; i < BK_ARRAY_SIZE(kinds); i++)
		if (!regexec(&compiled[i], message, 0, NULL, 0))
			return kinds[i].class;
	return NULL;
}

int bk_kerr_parse_record(const char *rec, size_t len, struct bk_kerr_event *e)
{
	char text[1024];
	unsigned long long usec;
	unsigned pri;
	const char *semi;
	size_t n;

	semi = memchr(rec, ';', len);
	if (!semi || sscanf(rec, "%u,%*u,%llu", &pri, &usec) != 2)
		return 0;
	n = len - (size_t)(semi + 1 - rec);
	n = strcspn(semi + 1, "\n") < n ? strcspn(semi + 1, "\n") : n;	/* not the key=value lines */
	if (n >= sizeof(text))
		n = sizeof(text) - 1;
	memcpy(text, semi + 1, n);
	text[n] = '\0';
	e->class = bk_kerr_classify(text);
	if (!e->class)
		return 0;
	e->kernel_s = (double)usec / 1e6;
	bk_strlcpy(e->message, text, sizeof(e->message));
	return 1;
}

static uint64_t read_u64(const char *path)
{
	FILE *f = fopen(path, "re");
	unsigned long long v = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%llu", &v) != 1)
		v = 0;
	fclose(f);
	return v;
}

/* EDAC's counts over every memory controller. */
static void edac_counts(const char *root, uint64_t *ce, uint64_t *ue)
{
	char dir[512], path[1024];
	struct dirent *d;
	DIR *dp;

	*ce = *ue = 0;
	snprintf(dir, sizeof(dir), "%s/sys/devices/system/edac/mc", root);
	dp = opendir(dir);
	if (!dp)
		return;
	while ((d = readdir(dp))) {
		if (strncmp(d->d_name, "mc", 2))
			continue;
		snprintf(path, sizeof(path), "%s/%s/ce_count", dir, d->d_name);
		*ce += read_u64(path);
		snprintf(path, sizeof(path), "%s/%s/ue_count", dir, d->d_name);
		*ue += read_u64(path);
	}
	closedir(dp);
}

/* The Pi's under-voltage alarm (hwmon rpi_volt in0_lcrit_alarm). */
static int under_voltage_now(const char *root)
{
	char dir[512], path[1024];
	struct dirent *d;
	DIR *dp;
	int alarm = 0;

	snprintf(dir, sizeof(dir), "%s/sys/class/hwmon", root);
	dp = opendir(dir);
	if (!dp)
		return 0;
	while ((d = readdir(dp)))
		if (d->d_name[0] != '.') {
			snprintf(path, sizeof(path), "%s/%s/in0_lcrit_alarm", dir, d->d_name);
			alarm |= read_u64(path) != 0;
		}
	closedir(dp);
	return alarm;
}

void bk_kerrors_open(struct bk_kerrors *k, const char *root)
{
	memset(k, 0, sizeof(*k));
	k->root = bk_sysroot(root);
	edac_counts(k->root, &k->edac_ce0, &k->edac_ue0);
	k->under_voltage0 = under_voltage_now(k->root);
	if (*k->root) {
		k->kmsg_fd = -1;	/* a fixture tree: no live messages */
		snprintf(k->why, sizeof(k->why), "a fixture tree has no kernel messages");
		return;
	}
	k->kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (k->kmsg_fd < 0) {
		snprintf(k->why, sizeof(k->why), "kernel messages not readable (/dev/kmsg: %s%s)",
			 strerror(errno), errno == EPERM || errno == EACCES ?
			 "; kernel.dmesg_restrict, run as root" : "");
		return;
	}
	lseek(k->kmsg_fd, 0, SEEK_END);	/* only what comes from now on */
}

void bk_kerrors_poll(struct bk_kerrors *k)
{
	char rec[8192];

	if (k->kmsg_fd < 0)
		return;
	for (;;) {
		ssize_t n = read(k->kmsg_fd, rec, sizeof(rec) - 1);
		struct bk_kerr_event e;

		if (n < 0 && errno == EPIPE)
			continue;	/* records overwritten before we read them */
		if (n <= 0)
			break;
		rec[n] = '\0';
		if (!bk_kerr_parse_record(rec, (size_t)n, &e))
			continue;
		if (k->nevents < BK_KERR_MAX)
			k->events[k->nevents++] = e;
		else
			k->dropped++;
	}
}

/* The kernel's clock (CLOCK_MONOTONIC, as /dev/kmsg stamps) now, in s. */
static double kernel_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

unsigned long bk_kerrors_close(struct bk_kerrors *k, struct bk_log *log)
{
	double offset = bk_log_elapsed(log) - kernel_now_s();	/* kernel s -> run s */
	unsigned long errors;
	uint64_t ce, ue;
	struct bk_json j;

	bk_kerrors_poll(k);
	edac_counts(k->root, &ce, &ue);
	k->edac_ce = ce > k->edac_ce0 ? ce - k->edac_ce0 : 0;
	k->edac_ue = ue > k->edac_ue0 ? ue - k->edac_ue0 : 0;
	k->under_voltage = under_voltage_now(k->root) && !k->under_voltage0;
	errors = (unsigned long)(k->nevents + k->dropped + k->edac_ce + k->edac_ue) +
		 (unsigned long)k->under_voltage;
	bk_json_init(&j);
	for (size_t i = 0; i < k->nevents; i++) {
		const struct bk_kerr_event *e = &k->events[i];

		bk_out(log, " Kernel at %.1f s: %s: %s\n", e->kernel_s + offset, e->class,
		       e->message);
		bk_rec_begin(log, &j, "kernel_error");
		bk_json_str(&j, "class", e->class);
		bk_json_realp(&j, "at", e->kernel_s + offset, 9);
		bk_json_realp(&j, "kernel_s", e->kernel_s, 9);
		bk_json_str(&j, "message", e->message);
		bk_rec_end(log, &j);
	}
	if (k->edac_ce || k->edac_ue || k->under_voltage) {
		bk_out(log, " Kernel counters during the run: EDAC %llu corrected, %llu "
		       "uncorrected%s\n", (unsigned long long)k->edac_ce,
		       (unsigned long long)k->edac_ue,
		       k->under_voltage ? "; under-voltage raised" : "");
		bk_rec_begin(log, &j, "kernel_error");
		bk_json_str(&j, "class", "counters");
		bk_json_uint(&j, "edac_ce", k->edac_ce);
		bk_json_uint(&j, "edac_ue", k->edac_ue);
		bk_json_bool(&j, "under_voltage", k->under_voltage);
		bk_rec_end(log, &j);
	}
	if (errors)
		bk_out(log, " The kernel reported %lu hardware or kernel error(s) during "
		       "the run%s%s%s%s: see above\n", errors, k->dropped ? " (some not listed)" : "",
		       k->device ? " (device under test: " : "", k->device ? k->device : "",
		       k->device ? ")" : "");
	bk_json_free(&j);
	bk_json_uint(&log->summary, "kernel_errors", errors);
	bk_json_str(&log->summary, "kernel_messages", k->kmsg_fd >= 0 ? "read" : k->why);
	if (k->kmsg_fd >= 0)
		close(k->kmsg_fd);
	k->kmsg_fd = -1;
	return errors;
}
