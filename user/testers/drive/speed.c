// SPDX-License-Identifier: MIT
/*
 * burnkit speed: drivespeed, and lanspeed with --cached. Five files each of
 * MB, 2 x MB and 4 x MB blocks of 1 MiB written and read; MB-block files
 * written and read through the page cache; the bus speed re-reading one
 * block of 64 KB to 1 MB; 1 KB random reads and writes over the first 2 to
 * 128 MiB of a file (ms per operation); 500 small files of 2 KB to 8 x MB
 * KB written, read and deleted. Unlike the original, every byte read is
 * checked and a short transfer is completed, never passed over.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "drive_patterns.h"
#include "speed.h"

static const struct bk_param speed_params[] = {
	{ "filepath", "FilePath", BK_PT_STR, 0, 0, ".",
	  "directory to test in; the files go in FILEPATH/burnkit-speed", NULL },
	{ "mb", "MB", BK_PT_INT, 1, 4096, "8",
	  "large files of MB, 2 x MB and 4 x MB MiB; small files up to 8 x MB KB", NULL },
	{ "cached", "Cached", BK_PT_FLAG, 0, 0, NULL,
	  "lanspeed: no O_DIRECT (network mounts); results from RAM are labelled cached",
	  NULL },
	{ "seconds", NULL, BK_PT_REAL, 0.01, 600, "1",
	  "time of each bus-speed and random-access measurement", NULL },
	{ "small-files", NULL, BK_PT_INT, 1, 100000, "500",
	  "number of small files of each size", NULL },
	BK_DRIVE_PARAM_ENGINE,
	BK_DRIVE_PARAM_NO_KMOD,
	BK_PARAMS_END
};

/* Unit u of file f: pattern ((u + f) % 256) % 164 + 1, the same every 1 MiB. */
void speed_pattern(const void *arg, uint64_t unit, uint32_t *number,
			  uint32_t *word, uint32_t *generation)
{
	const struct bk_layout *l = arg;

	*number = (uint32_t)((unit + l->file) % 256 % BK_DRIVE_PATTERNS) + 1;
	*word = bk_drive_pattern(*number);
	*generation = 0;
}

/* Name prefix, index with `digits` digits, ".dat". */
void speed_tfile_init(struct speed *s, struct tfile *f, const char *prefix, unsigned i,
		       int digits, uint64_t bytes)
{
	snprintf(f->name, sizeof(f->name), "%s%0*u.dat", prefix, digits, i);
	f->l = (struct bk_layout){ ++s->next_file, s->env.run_id, BLOCK, speed_pattern, &f->l };
	f->bytes = bytes;
}

double speed_rate(uint64_t bytes, double secs)
{
	return secs > 0 ? (double)bytes / MBD / secs : 0;
}

/*
 * Write f sequentially in 1 MiB blocks and sync it; through_cache: buffered
 * and not synced (the cached-file test).
 */
static int write_file(struct speed *s, struct tfile *f, int through_cache, double *secs)
{
	struct bk_drive_env *e = &s->env;
	char err[1024];
	struct bk_drive_stream st = { .l = &f->l, .order = BK_DRIVE_SEQ, .len = BLOCK,
				      .span = f->bytes, .what = f->name, .total = f->bytes };
	struct bk_xfer x;
	uint64_t t0 = bk_now_ns();
	int fd = bk_workdir_create(&e->wd, f->name,
				   O_RDWR | (through_cache ? 0 : bk_drive_flags(e)), err, sizeof(err));

	if (fd < 0) {
		pr_fail("%s", err);
		return fd == -EIO ? BK_EXIT_FAULT : BK_EXIT_ENV;
	}
	e->phase = "write";
	bk_drive_stream_run(e, &s->aio, fd, 1, &st, f->bytes / BLOCK, 0, NULL, &x);
	if (x.err) {
		close(fd);
		return bk_drive_io_failed(e, "writing", f->name, x.err, x.err_off);
	}
	if (!through_cache && !x.stopped && fdatasync(fd)) {
		int err_no = errno;

		close(fd);
		return bk_drive_io_failed(e, "syncing", f->name, err_no, f->bytes);
	}
	close(fd);
	*secs = (double)(bk_now_ns() - t0) / 1e9;
	return x.stopped ? BK_EXIT_INTERRUPTED : BK_EXIT_OK;
}

/* Read f back, checked; dropped from the cache first unless through_cache. */
static int read_file(struct speed *s, struct tfile *f, int through_cache, double *secs,
		     int *from_ram, struct bk_residency *in_ram)
{
	struct bk_drive_env *e = &s->env;
	char err[1024];
	struct bk_drive_stream st = { .l = &f->l, .order = BK_DRIVE_SEQ, .len = BLOCK,
				      .span = f->bytes, .what = f->name, .total = f->bytes };
	struct bk_residency r;
	struct bk_xfer x;
	int fd = bk_workdir_open_file(&e->wd, f->name,
				      O_RDONLY | (through_cache ? 0 : bk_drive_flags(e)), err,
				      sizeof(err));
	uint64_t t0;

	if (fd < 0) {
		pr_fail("%s", err);
		return BK_EXIT_FAULT;
	}
	bk_drive_settle(e, f->name, fd, through_cache, &r);
	bk_drive_residency_add(in_ram, &r);
	*from_ram = r.resident > 0 || e->ram_fs;
	e->phase = "read";
	e->file_name = f->name;
	t0 = bk_now_ns();
	bk_drive_stream_run(e, &s->aio, fd, 0, &st, f->bytes / BLOCK, 0, NULL, &x);
	*secs = (double)(bk_now_ns() - t0) / 1e9;
	close(fd);
	if (x.err)
		return bk_drive_io_failed(e, "reading", f->name, x.err, x.err_off);
	if (bk_verifier_full(&e->ver))
		return BK_EXIT_FAULT;
	return x.stopped ? BK_EXIT_INTERRUPTED : BK_EXIT_OK;
}

/* One line of figures, `decimals` after the point, * after those served from RAM. */
static void row(struct speed *s, const char *label, const double *v, const int *ram, unsigned n,
		int width, int decimals)
{
	struct bk_log *log = &s->ctx->log;

	bk_out(log, " %-15s", label);
	for (unsigned i = 0; i < n; i++) {
		if (v[i] < 0)
			bk_out(log, " %*s ", width, "-");
		else {
			bk_out(log, " %*.*f", width, decimals, v[i]);
			bk_out(log, "%s", ram && ram[i] ? "*" : " ");
		}
		if (ram && ram[i])
			s->footnote = 1;
	}
	bk_out(log, "\n");
}

/*
 * Five files of `mib` MiB, written then read (through_cache: the cached-file
 * test); the first is kept in *keep when asked.
 */
static int large_files(struct speed *s, unsigned mib, int through_cache, struct tfile *keep)
{
	struct bk_log *log = &s->ctx->log;
	struct tfile f[FILES];
	double w[FILES], r[FILES];
	int ram[FILES] = { 0 }, wram[FILES] = { 0 }, rc = BK_EXIT_OK;
	char head[48], rtext[128];
	struct bk_residency in_ram = { 0 };

	for (unsigned i = 0; i < FILES; i++) {
		speed_tfile_init(s, &f[i], through_cache ? "cached" : "large", i + 1, 1,
			   (uint64_t)mib * BLOCK);
		w[i] = r[i] = -1;
	}
	for (unsigned i = 0; i < FILES && !rc; i++) {
		double secs;

		rc = write_file(s, &f[i], through_cache, &secs);
		if (!rc)
			w[i] = speed_rate(f[i].bytes, secs);
		wram[i] = through_cache;
	}
	for (unsigned i = 0; i < FILES && !rc; i++) {
		double secs;

		rc = read_file(s, &f[i], through_cache, &secs, &ram[i], &in_ram);
		if (!rc)
			r[i] = speed_rate(f[i].bytes, secs);
	}
	snprintf(head, sizeof(head), "%u MB %sFile", mib, through_cache ? "Cached " : "");
	bk_out(log, "\n %-15s", head);
	for (unsigned i = 0; i < FILES; i++)
		bk_out(log, " %9u ", i + 1);
	bk_out(log, "\n");
	row(s, "Writing MB/sec", w, wram, FILES, 9, 2);
	row(s, "Reading MB/sec", r, ram, FILES, 9, 2);
	bk_drive_residency_text(&in_ram, rtext, sizeof(rtext));
	bk_out(log, " %-15s %s\n", "In RAM before", rtext);
	bk_drive_printed(&s->env);
	for (unsigned i = 0; i < FILES; i++) {
		struct bk_json j;

		if (w[i] < 0)
			continue;
		bk_json_init(&j);
		bk_rec_begin(log, &j, through_cache ? "cached_file" : "large_file");
		bk_json_uint(&j, "mib", mib);
		bk_json_uint(&j, "file", i + 1);
		bk_json_realp(&j, "write_mb_per_s", w[i], 6);
		if (r[i] >= 0)
			bk_json_realp(&j, "read_mb_per_s", r[i], 6);
		else
			bk_json_null(&j, "read_mb_per_s");
		bk_json_bool(&j, "cached", through_cache || ram[i]);
		bk_rec_end(log, &j);
		bk_json_free(&j);
	}
	for (unsigned i = 0; i < FILES; i++) {
		if (keep && i == 0 && !rc) {
			*keep = f[0];
			keep->l.arg = &keep->l;
			continue;
		}
		bk_workdir_unlink(&s->env.wd, f[i].name);
	}
	return rc;
}

/* One block at offset 0 of f re-read for s->seconds at each size. */
static int bus_speed(struct speed *s, struct tfile *f)
{
	struct bk_drive_env *e = &s->env;
	struct bk_log *log = &s->ctx->log;
	double v[BUS_SIZES];
	int ram[BUS_SIZES], rc = BK_EXIT_OK;
	char err[1024];
	int fd = bk_workdir_open_file(&e->wd, f->name, O_RDONLY | bk_drive_flags(e), err,
				      sizeof(err));

	if (fd < 0) {
		pr_fail("%s", err);
		return BK_EXIT_FAULT;
	}
	e->phase = "bus speed";
	e->file_name = f->name;
	for (unsigned i = 0; i < BUS_SIZES; i++) {
		size_t len = (64u << 10) << i;
		struct bk_drive_stream st = { .l = &f->l, .order = BK_DRIVE_FIXED, .len = len };
		struct bk_xfer x;

		v[i] = -1;
		ram[i] = !e->direct || e->ram_fs;
		bk_drive_stream_run(e, &s->aio, fd, 0, &st, UINT64_MAX,
				    bk_now_ns() + (uint64_t)(s->seconds * 1e9), NULL, &x);
		if (x.err) {
			rc = bk_drive_io_failed(e, "re-reading", f->name, x.err, x.err_off);
			break;
		}
		v[i] = speed_rate(x.bytes, x.seconds);
		if (bk_verifier_full(&e->ver) || x.stopped) {
			rc = x.stopped ? BK_EXIT_INTERRUPTED : BK_EXIT_FAULT;
			break;
		}
	}
	close(fd);
	bk_out(log, "\n %-15s", "Bus Speed Block KB");
	for (unsigned i = 0; i < BUS_SIZES; i++)
		bk_out(log, " %9u ", 64u << i);
	bk_out(log, "\n");
	row(s, "Reading MB/sec", v, ram, BUS_SIZES, 9, 2);
	for (unsigned i = 0; i < BUS_SIZES; i++) {
		struct bk_json j;

		if (v[i] < 0)
			continue;
		bk_json_init(&j);
		bk_rec_begin(log, &j, "bus_speed");
		bk_json_uint(&j, "block", (64u << 10) << i);
		bk_json_realp(&j, "mb_per_s", v[i], 6);
		bk_json_bool(&j, "cached", ram[i]);
		bk_rec_end(log, &j);
		bk_json_free(&j);
	}
	return rc;
}

/* The smallest transfer direct I/O takes here, from 1 KB up (1 KB without O_DIRECT). */
static size_t smallest_direct(struct speed *s, int fd)
{
	void *buf = bk_dio_alloc(BK_DIO_ALIGN);
	size_t len = 1024;

	if (!buf)
		return BK_DIO_ALIGN;
	if (s->env.direct)
		for (; len < BK_DIO_ALIGN; len *= 2)
			if (!bk_pread_full(fd, buf, len, len, NULL))
				break;
	free(buf);
	return len;
}

/* 1 KB random reads, then writes, over the first 2 .. 128 MiB of one file. */
static int random_access(struct speed *s, uint64_t usable)
{
	struct bk_drive_env *e = &s->env;
	struct bk_log *log = &s->ctx->log;
	double rd[RANDOM_REGIONS], wr[RANDOM_REGIONS];
	int ram[RANDOM_REGIONS], rc;
	struct bk_residency in_ram = { 0 };
	char rtext[128];
	unsigned fits = 0;
	struct tfile f;
	char err[1024];
	size_t len;
	int fd;

	while (fits < RANDOM_REGIONS && (2ull << fits) * BLOCK <= usable)
		fits++;
	for (unsigned i = 0; i < RANDOM_REGIONS; i++)
		rd[i] = wr[i] = -1, ram[i] = 0;
	if (!fits) {
		pr_warn("no room for the random-access file (2 MiB): skipped");
		return BK_EXIT_OK;
	}
	speed_tfile_init(s, &f, "random", 1, 1, (2ull << (fits - 1)) * BLOCK);
	double secs;

	rc = write_file(s, &f, 0, &secs);
	if (rc)
		return rc;
	fd = bk_workdir_open_file(&e->wd, f.name, O_RDWR | bk_drive_flags(e), err, sizeof(err));
	if (fd < 0) {
		pr_fail("%s", err);
		return BK_EXIT_FAULT;
	}
	len = smallest_direct(s, fd);
	e->file_name = f.name;
	for (unsigned i = 0; i < fits && !rc; i++) {
		uint64_t span = (2ull << i) * BLOCK;
		struct bk_residency r;
		struct bk_xfer x;

		for (int write = 0; write <= 1 && !rc; write++) {
			struct bk_drive_stream st = { .l = &f.l, .order = BK_DRIVE_RANDOM,
						      .len = len, .span = span,
						      .rng = e->run_id + i * 2 + write };

			if (!write) {
				bk_drive_settle(e, f.name, fd, 0, &r);
				bk_drive_residency_add(&in_ram, &r);
				ram[i] = r.resident > 0 || e->ram_fs;
			}
			e->phase = write ? "random write" : "random read";
			bk_drive_stream_run(e, &s->aio, fd, write, &st, UINT64_MAX,
					    bk_now_ns() + (uint64_t)(s->seconds * 1e9), NULL, &x);
			if (x.err)
				rc = bk_drive_io_failed(e, write ? "writing" : "reading", f.name,
							x.err, x.err_off);
			else if (bk_verifier_full(&e->ver))
				rc = BK_EXIT_FAULT;
			else if (x.stopped)
				rc = BK_EXIT_INTERRUPTED;
			else if (x.done)
				(write ? wr : rd)[i] = x.seconds * 1000.0 / (double)x.done;
		}
	}
	if (!rc && fdatasync(fd))
		rc = bk_drive_io_failed(e, "syncing", f.name, errno, f.bytes);
	close(fd);
	bk_workdir_unlink(&e->wd, f.name);

	bk_out(log, "\n %-15s", len == 1024 ? "1 KB Reads File MB >" : "Reads File MB >");
	for (unsigned i = 0; i < RANDOM_REGIONS; i++)
		bk_out(log, " %6u ", 2u << i);
	bk_out(log, "\n");
	row(s, "Random Read msecs", rd, ram, RANDOM_REGIONS, 6, 3);
	row(s, "Random Write msecs", wr, NULL, RANDOM_REGIONS, 6, 3);
	bk_drive_residency_text(&in_ram, rtext, sizeof(rtext));
	bk_out(log, " %-15s %s (before each read test, summed)\n", "In RAM before", rtext);
	if (len != 1024)
		bk_out(log, " (%zu-byte transfers: direct I/O refused 1 KB here)\n", len);
	if (fits < RANDOM_REGIONS)
		bk_out(log, " (- : no room for a %u MiB file in %s)\n", 2u << fits, e->wd.parent);
	for (unsigned i = 0; i < fits; i++) {
		struct bk_json j;

		bk_json_init(&j);
		bk_rec_begin(log, &j, "random");
		bk_json_uint(&j, "region_mib", 2u << i);
		bk_json_uint(&j, "transfer", len);
		if (rd[i] >= 0)
			bk_json_realp(&j, "read_ms", rd[i], 6);
		else
			bk_json_null(&j, "read_ms");
		if (wr[i] >= 0)
			bk_json_realp(&j, "write_ms", wr[i], 6);
		else
			bk_json_null(&j, "write_ms");
		bk_json_bool(&j, "cached", ram[i]);
		bk_rec_end(log, &j);
		bk_json_free(&j);
	}
	return rc;
}

static int speed_run(struct bk_ctx *ctx)
{
	static struct speed s;
	const struct bk_params *p = &ctx->params;
	struct tfile bus;
	char date[64], advice[96];
	uint64_t need, usable;
	int rc;

	memset(&s, 0, sizeof(s));
	s.ctx = ctx;
	s.mb = (unsigned)bk_param_int(p, "mb");
	s.seconds = bk_param_real(p, "seconds");
	s.small_files = (unsigned)bk_param_int(p, "small-files");
	s.cached = bk_param_flag(p, "cached");
	if (ctx->dry_run)
		return bk_drive_dry_check(bk_param_str(p, "filepath"));
	bk_cache_use_module(!bk_param_flag(p, "no-kmod"));
	/* The files of a run, with the count it uses: all it may delete. */
	const struct bk_workdir_series files[] = {
		{ .prefix = "large", .digits = 1, .first = 1, .count = FILES, .suffix = ".dat" },
		{ .prefix = "cached", .digits = 1, .first = 1, .count = FILES, .suffix = ".dat" },
		{ .prefix = "random1.dat" },
		{ .prefix = "small", .digits = 5, .first = 0, .count = s.small_files,
		  .suffix = ".dat" },
	};
	rc = bk_drive_env_open(&s.env, ctx, bk_param_str(p, "filepath"), BK_WORKDIR_CREATE, MBD,
			       files, BK_ARRAY_SIZE(files));
	if (rc)
		return rc;
	usable = bk_drive_usable(&s.env);
	need = (uint64_t)FILES * 4 * s.mb * BLOCK;
	if ((uint64_t)s.small_files * 8 * s.mb * 1024 > need)
		need = (uint64_t)s.small_files * 8 * s.mb * 1024;
	snprintf(advice, sizeof(advice), "use a smaller MB (MB 1 needs %.0f MB)",
		 (double)FILES * 4 * BLOCK / MBD);
	rc = bk_drive_check_space(&s.env, need + BK_DIO_ALIGN, advice);
	if (rc)
		return bk_drive_env_close(&s.env, rc, 0);
	rc = bk_drive_aio_open(&s.env, &s.aio, bk_drive_engine(p), 1, s.engine_note,
			       sizeof(s.engine_note));
	if (rc)
		return bk_drive_env_close(&s.env, rc, 0);

	bk_drive_date(date, sizeof(date));
	bk_out(&ctx->log, "\n Linux %s Speed Test, burnkit %s, %s\n", s.cached ? "LAN/WiFi" :
	       "Storage", BK_VERSION, date);
	bk_out(&ctx->log, " (files of 1 MiB blocks; MB/sec in MB of 10^6 bytes, as drivespeed "
	       "counts)\n");
	rc = bk_drive_probe(&s.env, s.cached, s.engine_note);
	if (rc)
		goto out;
	memset(&bus, 0, sizeof(bus));
	for (unsigned k = 0; k < 3 && !rc; k++)
		rc = large_files(&s, s.mb << k, 0, k == 2 ? &bus : NULL);
	if (!rc) {
		bk_out(&ctx->log, " ---------------------------------------------------------------------\n");
		rc = large_files(&s, s.mb, 1, NULL);
	}
	if (!rc) {
		bk_out(&ctx->log, " ---------------------------------------------------------------------\n");
		rc = bus_speed(&s, &bus);
		bk_workdir_unlink(&s.env.wd, bus.name);
	}
	if (!rc) {
		bk_out(&ctx->log, " ---------------------------------------------------------------------\n");
		rc = random_access(&s, usable);
	}
	if (!rc) {
		bk_out(&ctx->log, " ---------------------------------------------------------------------\n");
		rc = speed_small_files(&s);
	}
out:
	bk_aio_close(&s.aio);
	if (s.footnote)
		bk_out(&ctx->log, "\n * cached: served from RAM (page cache%s), not the drive's speed\n",
		       s.env.ram_fs ? " or a RAM filesystem" : "");
	rc = bk_drive_verdict(&s.env, rc);
	bk_drive_date(date, sizeof(date));
	if (rc == BK_EXIT_OK || rc == BK_EXIT_FAULT)
		bk_out(&ctx->log, "\n              End of test %s\n", date);
	return bk_drive_env_close(&s.env, rc, 0);
}

const struct bk_tester bk_tester_speed = {
	.name = "speed",
	.summary = "Drive speed: large, cached, bus, random and small files (drivespeed, lanspeed)",
	.help = "drivespeed: five files each of MB, 2 x MB and 4 x MB MiB written and\n"
		"read in 1 MiB blocks with O_DIRECT; MB-MiB files through the page\n"
		"cache; one block re-read at 64 KB to 1 MB (bus speed); 1 KB random\n"
		"reads and writes over the first 2 to 128 MiB of a file (ms each);\n"
		"small files of 2 KB to 8 x MB KB written, read and deleted. --cached\n"
		"is lanspeed, for network mounts (no O_DIRECT). Every byte read is\n"
		"checked; results served from RAM are marked * (cached). MB/sec counts\n"
		"MB of 10^6 bytes. The files live in FilePath/burnkit-speed.",
	.params = speed_params,
	.log_prefix = "logSpeed",
	.quick = "MB 1, FilePath . --seconds 0.05 --small-files 20",
	.flags = BK_TF_DRY_CHECKS,
	.run = speed_run,
};
