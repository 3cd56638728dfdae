// SPDX-License-Identifier: MIT
/*
 * burnkit capacity: is this card or stick what it claims? In the spirit of
 * f3write/f3read: fill the free space of FilePath with files of
 * self-identifying 4 KB units, sync, drop them from the page cache, read
 * every unit back and judge it (capacity_map: ok, overwritten by another
 * unit, lost, changed, unreadable). The usable size is the largest prefix
 * of good units (after a wrap, all good units: what the card kept); the
 * verdict genuine, fake (with its real size) or damaged; write and read
 * speed per region as a table and a chart. With
 * --device, a block device is probed directly (capacity_device.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "capacity.h"
#include "storage/dio.h"

#define CHUNK (1u << 20)		/* bytes per transfer */
#define FILE_BYTES (1ull << 30)		/* f3's 1 GB files */

static const struct bk_param capacity_params[] = {
	{ "filepath", "FilePath", BK_PT_STR, 0, 0, NULL,
	  "directory on the card to fill; the files go in FILEPATH/burnkit-capacity", NULL },
	{ "size", NULL, BK_PT_SIZE, 1 << 20, 1e18, NULL,
	  "fill at most this much (default: all the free space, less a reserve)", NULL },
	{ "max-write-rate", NULL, BK_PT_REAL, 0.1, 1e6, NULL,
	  "write at most this many MB/s (cards that overheat)", NULL },
	{ "write-only", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "only fill, and keep the files for --verify-only (after a reboot or re-plug)", NULL },
	{ "verify-only", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "read back and judge what an earlier --write-only run left", NULL },
	{ "keep", NULL, BK_PT_FLAG, 0, 0, NULL, "keep the files at the end", NULL },
	{ "svg", NULL, BK_PT_STR, 0, 0, NULL,
	  "the chart of speed per region (default capacity.svg beside --json, else none)", NULL },
	{ "device", NULL, BK_PT_STR, 0, 0, NULL,
	  "probe this block device directly (destroys its data: needs --destructive)", NULL },
	{ "destructive", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "allow --device to overwrite the device", NULL },
	{ "yes-destroy-data-on", NULL, BK_PT_STR, 0, 0, NULL,
	  "the device again, instead of typing its model and size back", NULL },
	{ "full", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "--device: after the probe, confirm with a full write and read of the device", NULL },
	BK_DRIVE_PARAM_NO_KMOD,
	BK_PARAMS_END
};

static void file_name(char *buf, size_t len, uint32_t f)
{
	snprintf(buf, len, "cap%04u.dat", f);
}

static double now_s(void)
{
	return (double)bk_now_ns() / 1e9;
}

void cap_progress(struct cap_run *c, const char *what, uint64_t done, uint64_t total,
		  double t0)
{
	double t = now_s();

	if (t - c->last_progress < 2 && done < total)
		return;
	c->last_progress = t;
	fprintf(stderr, "burnkit capacity: %s %5.1f %% (%.1f of %.1f MB), %.1f MB/s\n", what,
		total ? 100.0 * (double)done / (double)total : 100, (double)done / 1e6,
		(double)total / 1e6, t > t0 ? (double)done / 1e6 / (t - t0) : 0);
}

void cap_throttle(double max_mb_s, uint64_t done, double t0)
{
	double due;

	if (!(max_mb_s > 0))
		return;
	due = t0 + (double)done / 1e6 / max_mb_s;
	while (now_s() < due && !bk_stop_requested()) {
		double left = due - now_s();
		struct timespec ts = { (time_t)left, (long)((left - (double)(time_t)left) * 1e9) };

		nanosleep(&ts, NULL);
	}
}

/* Write file f of the map; on ENOSPC the data ends there (*end set). */
static int write_file(struct cap_run *c, uint32_t f, void *buf, double t0, int *end)
{
	struct bk_drive_env *e = &c->env;
	struct cap_map *m = &c->map;
	uint64_t first = (uint64_t)(f - 1) * m->units_per_file;
	uint64_t units = m->total_units - first < m->units_per_file ?
			 m->total_units - first : m->units_per_file;
	uint64_t bytes = units * BK_UNIT_BYTES, off = 0;
	struct bk_layout l;
	struct bk_residency left;
	char name[32], path[3300], err[1024];
	int fd, rc = 0;

	file_name(name, sizeof(name), f);
	e->file_name = name;
	cap_layout(m, f, &l);
	fd = bk_workdir_create(&e->wd, name, O_RDWR | bk_drive_flags(e), err, sizeof(err));
	if (fd < 0) {
		if (fd == -ENOSPC) {
			*end = 1;
			return 0;
		}
		pr_fail("%s", err);
		return fd == -EIO ? BK_EXIT_FAULT : BK_EXIT_ENV;
	}
	while (off < bytes && !bk_stop_requested()) {
		size_t len = bytes - off < CHUNK ? (size_t)(bytes - off) : CHUNK;
		uint64_t g0 = first * BK_UNIT_BYTES + off;
		double t = now_s();
		int w;

		bk_layout_fill(&l, buf, off, len);
		w = bk_pwrite_full(fd, buf, len, off, &e->counts);
		if (w == -ENOSPC || w == -EFBIG) {
			*end = 1;	/* the file system is full: the data ends here */
			break;
		}
		if (w) {
			rc = bk_drive_io_failed(e, "writing", name, -w, off);
			break;
		}
		cap_time(m, g0, len, now_s() - t, 1);
		off += len;
		c->written += len;
		cap_progress(c, "writing", c->written, c->planned, t0);
		cap_throttle(c->max_rate, c->written, t0);
	}
	if (!rc && off < bytes) {
		/* Whole units only: the map ends with the last one written. */
		m->total_units = first + off / BK_UNIT_BYTES;
		if (ftruncate(fd, (off_t)off) && !*end)
			rc = bk_drive_io_failed(e, "truncating", name, errno, off);
	}
	if (!rc && fsync(fd))
		rc = bk_drive_io_failed(e, "syncing", name, errno, off);
	bk_workdir_file_path(&e->wd, name, path, sizeof(path));
	if (!rc)
		bk_cache_drop(path, fd, &left, err, sizeof(err));
	close(fd);
	return rc;
}

/* Read file f back, judging every unit. */
static int read_file(struct cap_run *c, uint32_t f, void *buf, double t0)
{
	struct bk_drive_env *e = &c->env;
	struct cap_map *m = &c->map;
	uint64_t first = (uint64_t)(f - 1) * m->units_per_file;
	uint64_t units = m->total_units - first < m->units_per_file ?
			 m->total_units - first : m->units_per_file;
	uint64_t bytes = units * BK_UNIT_BYTES, off = 0;
	struct bk_residency r;
	char name[32], path[3300], err[1024];
	int fd;

	file_name(name, sizeof(name), f);
	e->file_name = name;
	fd = bk_workdir_open_file(&e->wd, name, O_RDONLY | bk_drive_flags(e), err, sizeof(err));
	if (fd < 0) {
		/* A file that is gone: every unit of it is lost. */
		for (uint64_t u = 0; u < units; u++)
			cap_unreadable(m, first + u);
		bk_out(&e->ctx->log, " %s: %s\n", name, err);
		return 0;
	}
	bk_workdir_file_path(&e->wd, name, path, sizeof(path));
	if (!bk_cache_count(path, fd, &r, err, sizeof(err)))
		bk_drive_residency_add(&c->in_ram, &r);
	while (off < bytes && !bk_stop_requested()) {
		size_t len = bytes - off < CHUNK ? (size_t)(bytes - off) : CHUNK;
		uint64_t g = first + off / BK_UNIT_BYTES;
		double t = now_s();
		int rd = bk_pread_full(fd, buf, len, off, &e->counts);

		if (rd) {
			/* Unit by unit, so one bad unit does not hide its neighbours. */
			for (size_t u = 0; u < len / BK_UNIT_BYTES; u++) {
				char *ub = (char *)buf + u * BK_UNIT_BYTES;

				if (bk_pread_full(fd, ub, BK_UNIT_BYTES, off + u * BK_UNIT_BYTES,
						  &e->counts))
					cap_unreadable(m, g + u);
				else
					cap_judge(m, g + u, (const uint32_t *)ub);
			}
		} else {
			cap_time(m, g * BK_UNIT_BYTES, len, now_s() - t, 0);
			for (size_t u = 0; u < len / BK_UNIT_BYTES; u++)
				cap_judge(m, g + u, (const uint32_t *)((char *)buf + u * BK_UNIT_BYTES));
		}
		off += len;
		c->read += len;
		cap_progress(c, "reading", c->read, m->total_units * BK_UNIT_BYTES, t0);
	}
	close(fd);
	return 0;
}

static int note_run(struct cap_run *c)
{
	char v[64];

	snprintf(v, sizeof(v), "%u", c->map.run);
	if (bk_workdir_note(&c->env.wd, "run_id", v))
		return -1;
	snprintf(v, sizeof(v), "%llu", (unsigned long long)(c->map.total_units * BK_UNIT_BYTES));
	return bk_workdir_note(&c->env.wd, "bytes", v);
}

static int earlier_run(struct cap_run *c)
{
	const char *id = bk_workdir_get(&c->env.wd, "run_id");
	const char *bytes = bk_workdir_get(&c->env.wd, "bytes");
	char *end;
	unsigned long long b;
	unsigned long r;

	if (!id || !bytes)
		return -1;
	r = strtoul(id, &end, 10);
	if (*end || !r)
		return -1;
	b = strtoull(bytes, &end, 10);
	if (*end || !b || b % BK_UNIT_BYTES)
		return -1;
	cap_map_init(&c->map, (uint32_t)r, b, FILE_BYTES);
	c->map.in_order = 1;	/* read back file by file, unit by unit */
	return 0;
}

static int file_mode(struct cap_run *c)
{
	struct bk_ctx *ctx = c->ctx;
	const struct bk_params *p = &ctx->params;
	int verify = bk_param_flag(p, "verify-only"), write_only = bk_param_flag(p, "write-only");
	int rc, end = 0;
	void *buf = NULL;
	double t0;

	if (verify && write_only) {
		pr_fail("--write-only and --verify-only are the two halves of one run: give one");
		return BK_EXIT_USAGE;
	}
	if (!bk_param_str(p, "filepath")) {
		pr_fail("give the card's directory (--filepath DIR, FilePath DIR) or a block "
			"device (--device /dev/X --destructive)");
		return BK_EXIT_USAGE;
	}
	if (bk_param(p, "size")->percent) {
		pr_fail("--size takes bytes (64M, 4G), not a share of RAM");
		return BK_EXIT_USAGE;
	}
	bk_cache_use_module(!bk_param_flag(p, "no-kmod"));
	/*
	 * Its files, cap0001.dat up to the most four digits name: how many a
	 * run fills depends on the free space it finds. Each carries the run id
	 * in its header, which is how the directory knows them.
	 */
	static const struct bk_workdir_series cap_files = {
		.prefix = "cap", .digits = 4, .first = 1, .count = 9999, .suffix = ".dat",
	};
	rc = bk_drive_env_open(&c->env, ctx, bk_param_str(p, "filepath"),
			       verify ? BK_WORKDIR_EXISTING : BK_WORKDIR_CREATE, 1e6, &cap_files, 1);
	if (rc)
		return rc;
	c->claimed = c->env.space.total;
	if (verify) {
		if (earlier_run(c)) {
			pr_fail("%s: no earlier --write-only run recorded here (run id and size "
				"in its manifest)", c->env.wd.path);
			return bk_drive_env_close(&c->env, BK_EXIT_USAGE, 1);
		}
	} else {
		uint64_t want = bk_param_given(p, "size") ? bk_param_bytes(p, "size", 0) :
				bk_drive_usable(&c->env);

		want = want / BK_UNIT_BYTES * BK_UNIT_BYTES;
		if (want > bk_drive_usable(&c->env) && bk_param_given(p, "size")) {
			rc = bk_drive_check_space(&c->env, want, "use a smaller --size");
			if (rc)
				return bk_drive_env_close(&c->env, rc, 0);
		}
		if (want < BK_UNIT_BYTES) {
			pr_fail("%s: no free space to fill", c->env.wd.path);
			return bk_drive_env_close(&c->env, BK_EXIT_ENV, 0);
		}
		cap_map_init(&c->map, c->env.run_id, want, FILE_BYTES);
		c->map.in_order = 1;	/* read back file by file, unit by unit */
		c->planned = want;
	}
	rc = bk_drive_probe(&c->env, 0, ", pread/pwrite of 1 MiB");
	if (rc)
		return bk_drive_env_close(&c->env, rc, 0);
	buf = bk_dio_alloc(CHUNK);
	if (!buf) {
		pr_fail("out of memory for a %u-byte buffer", CHUNK);
		return bk_drive_env_close(&c->env, BK_EXIT_ENV, 0);
	}
	cap_header(c, "FilePath", c->env.wd.path);
	if (!verify) {
		t0 = now_s();
		c->max_rate = bk_param_given(p, "max-write-rate") ?
			      bk_param_real(p, "max-write-rate") : 0;
		for (uint32_t f = 1; f <= c->map.nfiles && !rc && !end && !bk_stop_requested(); f++)
			rc = write_file(c, f, buf, t0, &end);
		c->map.nfiles = (uint32_t)((c->map.total_units + c->map.units_per_file - 1) /
					   c->map.units_per_file);
		if (!rc && note_run(c))
			rc = bk_drive_io_failed(&c->env, "recording the run in",
						BK_WORKDIR_MANIFEST, errno, 0);
		bk_out(&ctx->log, " Written: %.1f MB in %u file(s)%s\n",
		       (double)(c->map.total_units * BK_UNIT_BYTES) / 1e6, c->map.nfiles,
		       end ? " (the file system filled up there)" : "");
	}
	if (!rc && !write_only && !bk_stop_requested()) {
		t0 = now_s();
		for (uint32_t f = 1; f <= c->map.nfiles && !bk_stop_requested(); f++)
			read_file(c, f, buf, t0);
		rc = cap_report(c);
	}
	free(buf);
	if (bk_stop_requested() && !rc)
		rc = BK_EXIT_INTERRUPTED;
	return bk_drive_env_close(&c->env, rc, write_only || bk_param_flag(p, "keep"));
}

static int capacity_run(struct bk_ctx *ctx)
{
	static struct cap_run c;

	memset(&c, 0, sizeof(c));
	c.ctx = ctx;
	if (bk_param_given(&ctx->params, "device")) {
		if (bk_param_given(&ctx->params, "filepath")) {
			pr_fail("--device and --filepath test two different things: give one");
			return BK_EXIT_USAGE;
		}
		return cap_device_mode(&c);
	}
	return file_mode(&c);
}

const struct bk_tester bk_tester_capacity = {
	.name = "capacity",
	.summary = "Is this card what it claims? Fake-capacity detection (as f3), speed per region",
	.help = "Fills the free space of FilePath with files of self-identifying 4 KB\n"
		"units, syncs, drops them from the page cache and reads every unit back:\n"
		"ok, overwritten by another unit (a fake card wrapping round: which unit\n"
		"it holds), lost (zeros or 0xff), changed, unreadable. Prints the usable\n"
		"size (the largest prefix of good units; after a wrap, all good units:\n"
		"what the card kept), the claimed size and the verdict (exit 0\n"
		"genuine, 1 fake or damaged, 3 cannot test here), and\n"
		"write and read speed per region (1 % or 256 MB) as a table and --svg.\n"
		"--write-only then --verify-only spans a reboot or a re-plug;\n"
		"--max-write-rate for cards that overheat; --size caps what it fills.\n"
		"--device /dev/X --destructive probes a block device directly\n"
		"(f3probe-style: a few thousand units at chosen offsets, then --full).\n"
		"  burnkit capacity FilePath /media/pi/CARD",
	.params = capacity_params,
	.log_prefix = "logCapacity",
	.quick = "FilePath . --size 8M",
	.flags = 0,
	.run = capacity_run,
};
