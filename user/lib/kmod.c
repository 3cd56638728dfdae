// SPDX-License-Identifier: MIT
#include "kmod.h"

#include <errno.h>
#include <stddef.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "util.h"

#define BK_KMOD_DEFAULT_DIR "/sys/kernel/debug/" BURNKIT_DEBUGFS_DIR
#define BK_KMOD_TEXT_MAX (1u << 20)

const char *const bk_kmod_controls[] = {
	BURNKIT_FILE_USER_ACCESS, BURNKIT_FILE_CALIBRATE,
	BURNKIT_FILE_THROTTLE_PERIOD, BURNKIT_FILE_PAGECACHE,
	BURNKIT_FILE_THROTTLE_INJECT, NULL
};

static void path_of(const struct bk_kmod *k, const char *file, char *buf,
		    size_t len)
{
	snprintf(buf, len, "%s/%s", k->dir, file);
}

/* A whole text file, malloc'd; NULL with errno set. */
static char *slurp(const struct bk_kmod *k, const char *file)
{
	char path[512];
	size_t cap = 4096, off = 0;
	char *buf = malloc(cap);
	int fd;

	if (!buf)
		return NULL;
	path_of(k, file, path, sizeof(path));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;

		free(buf);
		errno = e;
		return NULL;
	}
	for (;;) {
		ssize_t n;

		if (off + 1 >= cap) {
			char *bigger;

			if (cap >= BK_KMOD_TEXT_MAX)
				break;
			bigger = realloc(buf, cap * 2);
			if (!bigger)
				break;
			buf = bigger;
			cap *= 2;
		}
		n = read(fd, buf + off, cap - 1 - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			close(fd);
			free(buf);
			errno = e;
			return NULL;
		}
		if (n == 0)
			break;
		off += (size_t)n;
	}
	close(fd);
	buf[off] = '\0';
	return buf;
}

/* One write of text; 0 or -errno. */
static int write_text(const struct bk_kmod *k, const char *file,
		      const char *text)
{
	char path[512];
	size_t len = strlen(text);
	int fd, ret = 0;

	path_of(k, file, path, sizeof(path));
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (write(fd, text, len) != (ssize_t)len)
		ret = errno ? -errno : -EIO;
	close(fd);
	return ret;
}

/* A path under BURNKIT_SYSROOT (the tests' copy of a machine), or the real one. */
static void sys_path(char *buf, size_t len, const char *path)
{
	snprintf(buf, len, "%s%s", bk_sysroot(NULL), path);
}

const char *bk_kmod_absence(void)
{
	static char why[320];
	char path[512];
	struct utsname u;
	struct stat st;

	if (why[0])
		return why;
	sys_path(path, sizeof(path), "/proc/modules");
	if (stat(path, &st)) {
		snprintf(why, sizeof(why), "burnkit.ko cannot be loaded: this kernel has no "
			 "loadable module support (CONFIG_MODULES=n); the user-space "
			 "fallbacks are used");
		return why;
	}
	if (uname(&u))
		bk_strlcpy(u.release, "?", sizeof(u.release));
	char rel[sizeof(u.release) + 32];

	snprintf(rel, sizeof(rel), "/lib/modules/%s/build", u.release);
	sys_path(path, sizeof(path), rel);
	if (stat(path, &st) && stat("build/kmod/burnkit.ko", &st)) {
		snprintf(why, sizeof(why), "burnkit.ko is not loaded, and it cannot be built "
			 "here: no headers for kernel %s (install linux-headers-%s, then "
			 "make kmod; or insmod a burnkit.ko built for this kernel)",
			 u.release, u.release);
		return why;
	}
	if (geteuid() != 0) {
		snprintf(why, sizeof(why), "burnkit.ko is not loaded; loading it needs root: "
			 "sudo insmod build/kmod/burnkit.ko (or sudo modprobe burnkit after "
			 "make kmod-install)");
		return why;
	}
	snprintf(why, sizeof(why), "burnkit.ko is not loaded: insmod build/kmod/burnkit.ko "
		 "(or modprobe burnkit after make kmod-install)");
	return why;
}

int bk_kmod_open(struct bk_kmod *k, const char *dir)
{
	const char *env = getenv("BURNKIT_KMOD_DIR");
	struct stat st;
	char *text, *end;
	unsigned long v;

	memset(k, 0, sizeof(*k));
	bk_strlcpy(k->dir, dir && *dir ? dir : env && *env ? env :
		   BK_KMOD_DEFAULT_DIR, sizeof(k->dir));

	if (stat(k->dir, &st) || !S_ISDIR(st.st_mode)) {
		int e = errno;

		k->state = e == EACCES ? BK_KMOD_NO_ACCESS : BK_KMOD_ABSENT;
		if (e == EACCES)
			snprintf(k->why, sizeof(k->why),
				 "%s: permission denied: debugfs is root-only, run as root",
				 k->dir);
		else if (!dir && !(env && *env) &&
			 stat("/sys/kernel/debug/tracing", &st) &&
			 access("/sys/kernel/debug", R_OK) == 0 &&
			 stat("/sys/module/burnkit", &st) == 0)
			snprintf(k->why, sizeof(k->why),
				 "burnkit.ko is loaded but debugfs is not mounted: "
				 "sudo mount -t debugfs none /sys/kernel/debug");
		else
			bk_strlcpy(k->why, bk_kmod_absence(), sizeof(k->why));
		return -1;
	}
	text = slurp(k, BURNKIT_FILE_ABI_VERSION);
	if (!text) {
		k->state = errno == EACCES || errno == EPERM ? BK_KMOD_NO_ACCESS :
			   BK_KMOD_ABSENT;
		snprintf(k->why, sizeof(k->why), "%s/%s: %s%s", k->dir,
			 BURNKIT_FILE_ABI_VERSION, strerror(errno),
			 k->state == BK_KMOD_NO_ACCESS ? ": run as root" : "");
		return -1;
	}
	errno = 0;
	v = strtoul(text, &end, 10);
	if (errno || end == text || (*end && *end != '\n')) {
		free(text);
		k->state = BK_KMOD_ABI_MISMATCH;
		snprintf(k->why, sizeof(k->why), "%s/%s: not a version number",
			 k->dir, BURNKIT_FILE_ABI_VERSION);
		return -1;
	}
	free(text);
	k->abi_version = (unsigned)v;
	if (k->abi_version != BURNKIT_ABI_VERSION) {
		k->state = BK_KMOD_ABI_MISMATCH;
		snprintf(k->why, sizeof(k->why),
			 "burnkit.ko speaks ABI %u, this runner ABI %u: build and "
			 "load the module from the same source (make kmod)",
			 k->abi_version, BURNKIT_ABI_VERSION);
		return -1;
	}
	k->state = BK_KMOD_READY;
	return 0;
}

int bk_kmod_feature(const struct bk_kmod *k, const char *key, char *val,
		    size_t len)
{
	char *text = slurp(k, BURNKIT_FILE_FEATURES);
	size_t klen = strlen(key);
	int ret = -1;

	if (!text)
		return -1;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		if (!strncmp(line, key, klen) && line[klen] == ' ') {
			bk_strlcpy(val, line + klen + 1, len);
			ret = 0;
			break;
		}
	}
	free(text);
	return ret;
}

/* Split s at single spaces into at most max fields; the count. */
static size_t split_fields(char *s, char **out, size_t max)
{
	size_t n = 0;

	while (*s && n < max) {
		out[n++] = s;
		s = strchr(s, ' ');
		if (!s)
			break;
		*s++ = '\0';
	}
	return n;
}

int bk_kmod_table_read(const struct bk_kmod *k, const char *file,
		       struct bk_kmod_table *t)
{
	char *line, *next;
	size_t cap = 0;

	memset(t, 0, sizeof(*t));
	t->text = slurp(k, file);
	if (!t->text)
		return -1;
	for (line = t->text; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (!t->ncols) {
			if (strncmp(line, "# ", 2))
				goto bad;
			t->ncols = split_fields(line + 2, t->cols, BK_KMOD_MAX_COLS);
			continue;
		}
		if (t->nrows == cap) {
			char ***bigger;

			cap = cap ? cap * 2 : 16;
			bigger = realloc(t->rows, cap * sizeof(*t->rows));
			if (!bigger)
				goto bad;
			t->rows = bigger;
		}
		t->rows[t->nrows] = calloc(BK_KMOD_MAX_COLS, sizeof(char *));
		if (!t->rows[t->nrows])
			goto bad;
		split_fields(line, t->rows[t->nrows], t->ncols);
		t->nrows++;
	}
	if (!t->ncols)
		goto bad;
	return 0;
bad:
	bk_kmod_table_free(t);
	errno = EPROTO;
	return -1;
}

const char *bk_kmod_cell(const struct bk_kmod_table *t, size_t r,
			 const char *name)
{
	if (r >= t->nrows)
		return NULL;
	for (size_t c = 0; c < t->ncols; c++)
		if (!strcmp(t->cols[c], name))
			return t->rows[r][c];
	return NULL;
}

void bk_kmod_table_free(struct bk_kmod_table *t)
{
	for (size_t r = 0; r < t->nrows; r++)
		free(t->rows[r]);
	free(t->rows);
	free(t->text);
	memset(t, 0, sizeof(*t));
}

/*
 * The module's tables decoded by description: each column names the field
 * of the entry it fills, its kind, and the entry's flag that says whether
 * it was there ("unsupported", missing or junk leave the field 0 and the
 * flag clear). One decoder serves every table.
 */
enum col_kind {
	COL_UINT,		/* unsigned int */
	COL_INT,		/* int */
	COL_U32,		/* uint32_t */
	COL_U64,		/* uint64_t */
	COL_S32,		/* int32_t from a signed cell */
	COL_MILLI,		/* double: the cell / 1000 */
	COL_STR,		/* char[len]; "unsupported" when absent */
};

enum { OK_NONE, OK_SET, OK_AND };	/* what the cell does to its flag */

struct col {
	const char *name;
	enum col_kind kind;
	size_t off, len;	/* the field; len for COL_STR */
	int ok_mode;
	size_t ok_off;		/* the int flag, for OK_SET and OK_AND */
};

#define COL(type, field, kind) #field, kind, offsetof(type, field), 0
#define COLN(type, name, field, kind) name, kind, offsetof(type, field), 0
#define OK(type, flag, mode) mode, offsetof(type, flag)

static int cell_number(const char *s, int is_signed, uint64_t *u, int64_t *i)
{
	char *end;

	*u = 0;
	*i = 0;
	if (!s || !*s || !strcmp(s, BURNKIT_UNSUPPORTED))
		return 0;
	errno = 0;
	if (is_signed)
		*i = strtoll(s, &end, 10);
	else
		*u = strtoull(s, &end, 10);
	return !errno && *end == '\0';
}

/* Fill one entry from row r; a row whose flag column reads "unsupported"
 * leaves the rest at 0. */
static void decode_row(const struct bk_kmod_table *t, size_t r, const struct col *cols,
		       size_t ncols, void *entry)
{
	char *e = entry;

	for (size_t i = 0; i < ncols; i++) {
		const struct col *c = &cols[i];
		const char *s = bk_kmod_cell(t, r, c->name);
		uint64_t u;
		int64_t v;
		int got = cell_number(s, c->kind == COL_S32, &u, &v);

		switch (c->kind) {
		case COL_UINT:
			*(unsigned *)(e + c->off) = (unsigned)u;
			break;
		case COL_INT:
			*(int *)(e + c->off) = (int)u;
			break;
		case COL_U32:
			*(uint32_t *)(e + c->off) = (uint32_t)u;
			break;
		case COL_U64:
			*(uint64_t *)(e + c->off) = u;
			break;
		case COL_S32:
			*(int32_t *)(e + c->off) = (int32_t)v;
			break;
		case COL_MILLI:
			*(double *)(e + c->off) = (double)u / 1000.0;
			break;
		case COL_STR:
			bk_strlcpy(e + c->off, s ? s : BURNKIT_UNSUPPORTED, c->len);
			got = s && strcmp(s, BURNKIT_UNSUPPORTED);
			break;
		}
		if (c->ok_mode == OK_SET)
			*(int *)(e + c->ok_off) = got;
		else if (c->ok_mode == OK_AND)
			*(int *)(e + c->ok_off) &= got;
		if (c->ok_mode == OK_SET && c->kind == COL_STR && !got)
			return;	/* the whole row is unsupported */
	}
}

/* Up to max entries of `size` bytes from table `file`; their number, or -1. */
static int read_table(const struct bk_kmod *k, const char *file, const struct col *cols,
		      size_t ncols, void *entries, size_t size, size_t max)
{
	struct bk_kmod_table t;
	size_t r;

	if (bk_kmod_table_read(k, file, &t))
		return -1;
	for (r = 0; r < t.nrows && r < max; r++) {
		void *e = (char *)entries + r * size;

		memset(e, 0, size);
		decode_row(&t, r, cols, ncols, e);
	}
	bk_kmod_table_free(&t);
	return (int)r;
}

#define S struct bk_kmod_calib
static const struct col calib_cols[] = {
	{ COL(S, cpu, COL_INT), OK_NONE, 0 },
	{ "source", COL_STR, offsetof(S, source), sizeof(((S *)0)->source), OK(S, ok, OK_SET) },
	{ COL(S, ensembles, COL_UINT), OK(S, ok, OK_AND) },
	{ COL(S, samples, COL_UINT), OK(S, ok, OK_AND) },
	{ COL(S, min, COL_U64), OK(S, ok, OK_AND) },
	{ COL(S, median, COL_U64), OK(S, ok, OK_AND) },
	{ COL(S, max, COL_U64), OK(S, ok, OK_AND) },
	{ COLN(S, "mean_milli", mean, COL_MILLI), OK(S, ok, OK_AND) },
	{ COLN(S, "variance_milli", variance, COL_MILLI), OK(S, ok, OK_AND) },
	{ COLN(S, "ensemble_min_variance_milli", ensemble_min_variance, COL_MILLI),
	  OK(S, ok, OK_AND) },
	{ COL(S, time_ns, COL_U64), OK_NONE, 0 },
};
#undef S

int bk_kmod_calibration(const struct bk_kmod *k, struct bk_kmod_calib *c,
			size_t max)
{
	return read_table(k, BURNKIT_FILE_CALIBRATION, calib_cols, BK_ARRAY_SIZE(calib_cols),
			  c, sizeof(*c), max);
}

int bk_kmod_calibrate(const struct bk_kmod *k, unsigned ensembles,
		      unsigned samples)
{
	char cmd[64];

	snprintf(cmd, sizeof(cmd), "%u %u", ensembles, samples);
	return write_text(k, BURNKIT_FILE_CALIBRATE, cmd);
}

#define S struct bk_kmod_counter
static const struct col counter_cols[] = {
	{ COL(S, cpu, COL_INT), OK_NONE, 0 },
	{ "source", COL_STR, offsetof(S, source), sizeof(((S *)0)->source), OK_NONE, 0 },
	{ COL(S, value, COL_U64), OK(S, value_ok, OK_SET) },
	{ COL(S, rate_hz, COL_U64), OK(S, rate_ok, OK_SET) },
	{ "user_read", COL_STR, offsetof(S, user_read), sizeof(((S *)0)->user_read), OK_NONE, 0 },
};
#undef S

int bk_kmod_counters(const struct bk_kmod *k, struct bk_kmod_counter *c,
		     size_t max)
{
	return read_table(k, BURNKIT_FILE_COUNTERS, counter_cols,
			  BK_ARRAY_SIZE(counter_cols), c, sizeof(*c), max);
}

#define S struct bk_kmod_clock
static const struct col clock_cols[] = {
	{ COL(S, cpu, COL_INT), OK_NONE, 0 },
	{ COL(S, effective_khz, COL_U64), OK(S, effective_ok, OK_SET) },
	{ "method", COL_STR, offsetof(S, method), sizeof(((S *)0)->method), OK_NONE, 0 },
	{ COL(S, window_us, COL_UINT), OK_NONE, 0 },
	{ COL(S, cpufreq_cur_khz, COL_U64), OK(S, cpufreq_ok, OK_SET) },
	{ COL(S, cpufreq_min_khz, COL_U64), OK_NONE, 0 },
	{ COL(S, cpufreq_max_khz, COL_U64), OK_NONE, 0 },
	{ COL(S, firmware_khz, COL_U64), OK(S, firmware_ok, OK_SET) },
	{ "firmware_clock", COL_STR, offsetof(S, firmware_clock),
	  sizeof(((S *)0)->firmware_clock), OK_NONE, 0 },
};
#undef S

int bk_kmod_clock(const struct bk_kmod *k, struct bk_kmod_clock *c, size_t max)
{
	return read_table(k, BURNKIT_FILE_CLOCK, clock_cols, BK_ARRAY_SIZE(clock_cols),
			  c, sizeof(*c), max);
}

#define S struct bk_kmod_throttle
static const struct col throttle_cols[] = {
	{ COL(S, source, COL_UINT), OK_NONE, 0 },
	{ "name", COL_STR, offsetof(S, name), sizeof(((S *)0)->name), OK_NONE, 0 },
	{ COL(S, instance, COL_UINT), OK_NONE, 0 },
	{ COL(S, state, COL_U32), OK(S, ok, OK_SET) },
	{ COL(S, temp_mc, COL_S32), OK(S, temp_ok, OK_SET) },
	{ COL(S, mhz, COL_U32), OK(S, mhz_ok, OK_SET) },
	{ COL(S, transitions, COL_U64), OK_NONE, 0 },
};
#undef S

int bk_kmod_throttle_state(const struct bk_kmod *k, struct bk_kmod_throttle *s,
			   size_t max)
{
	return read_table(k, BURNKIT_FILE_THROTTLE_STATE, throttle_cols,
			  BK_ARRAY_SIZE(throttle_cols), s, sizeof(*s), max);
}

int bk_kmod_events_open(const struct bk_kmod *k)
{
	char path[512];

	path_of(k, BURNKIT_FILE_THROTTLE_EVENTS, path, sizeof(path));
	return open(path, O_RDONLY | O_CLOEXEC);
}

int bk_kmod_events_read(int fd, struct burnkit_event *ev, size_t max)
{
	ssize_t n;

	do
		n = read(fd, ev, max * sizeof(*ev));
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -1;
	if (n % (ssize_t)sizeof(*ev)) {
		errno = EPROTO;
		return -1;
	}
	return (int)(n / (ssize_t)sizeof(*ev));
}

int bk_kmod_pagecache(const struct bk_kmod *k, const char *op,
		      const char *path, struct bk_kmod_pages *out)
{
	char file[512], result[64];
	char *cmd;
	size_t len = strlen(op) + strlen(path) + 2;
	unsigned long long before, after, page;
	ssize_t n;
	int fd, ret = 0;

	if (strcmp(op, "drop") && strcmp(op, "count"))
		return -EINVAL;
	cmd = malloc(len);
	if (!cmd)
		return -ENOMEM;
	snprintf(cmd, len, "%s %s", op, path);
	path_of(k, BURNKIT_FILE_PAGECACHE, file, sizeof(file));
	fd = open(file, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		goto out_free;
	}
	if (write(fd, cmd, strlen(cmd)) != (ssize_t)strlen(cmd)) {
		ret = errno ? -errno : -EIO;
		goto out_close;
	}
	/* Only the three numbers matter; the path is ours. */
	n = read(fd, result, sizeof(result) - 1);
	if (n <= 0) {
		ret = n < 0 ? -errno : -EPROTO;
		goto out_close;
	}
	result[n] = '\0';
	if (sscanf(result, "%llu %llu %llu", &before, &after, &page) != 3) {
		ret = -EPROTO;
		goto out_close;
	}
	out->before = before;
	out->after = after;
	out->page_size = page;
out_close:
	close(fd);
out_free:
	free(cmd);
	return ret;
}

int bk_kmod_set_user_access(const struct bk_kmod *k, int on)
{
	return write_text(k, BURNKIT_FILE_USER_ACCESS, on ? "1" : "0");
}

int bk_kmod_set_period_ms(const struct bk_kmod *k, unsigned ms)
{
	char cmd[16];

	snprintf(cmd, sizeof(cmd), "%u", ms);
	return write_text(k, BURNKIT_FILE_THROTTLE_PERIOD, cmd);
}

int bk_kmod_control_usable(const struct bk_kmod *k, const char *file,
			   char *why, size_t len)
{
	char path[512];
	int fd;

	path_of(k, file, path, sizeof(path));
	if (access(path, F_OK)) {
		bk_strlcpy(why, "absent", len);
		return 0;
	}
	/* Opening for writing changes nothing: the commands come with write(). */
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		close(fd);
		return 1;
	}
	if (errno == EPERM)
		bk_strlcpy(why, "refused by kernel lockdown (debugfs is read-only)",
			   len);
	else if (errno == EACCES)
		bk_strlcpy(why, "permission denied (run as root)", len);
	else
		bk_strlcpy(why, strerror(errno), len);
	return 0;
}
