// SPDX-License-Identifier: MIT
/*
 * burnkit drive: burnindrive. Four files of Patterns x Repeats blocks of
 * 64 KB, block k holding pattern k of the seed's table and every 4 KB unit
 * saying which file, unit and run it belongs to. The files are written,
 * then read for Minutes in the seed's rotated file orders, every byte
 * checked; then each block of the first file is re-read for Seconds (the
 * drive's buffer, or the bus). DontRunReadTests writes and keeps the
 * files; --verify-only checks them later (after a reboot, a cable swap).
 *
 * user/testers/drive/ is the drive family: drive (this file), speed
 * (drivespeed/lanspeed, with speed_small), sdcard, and what they share:
 * drive_io (the run's environment, failures, cleanup) and drive_patterns
 * (the seed's 164 patterns and the unit layout). They call the storage
 * wing for I/O and verification.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "drive_io.h"
#include "drive_patterns.h"

#define DRIVE_BLOCK (64u * 1024u)
#define DRIVE_MB 1048576.0	/* burnindrive's MB: 164 blocks of 64 KB x 16 = 164.00 MB */

static const struct bk_param drive_params[] = {
	{ "repeats", "Repeats", BK_PT_INT, 1, 100000, "16",
	  "file size in Patterns x 64 KB (10.25 MB at 164 patterns); 16: 164 MB a file", NULL },
	{ "patterns", "Patterns", BK_PT_INT, 1, BK_DRIVE_PATTERNS, "164",
	  "data patterns used (fewer for smaller files)", NULL },
	{ "minutes", "Minutes", BK_PT_REAL, 0, 100000, "2",
	  "reading time of the large files, in whole passes (at least one)", NULL },
	{ "seconds", "Seconds", BK_PT_REAL, 0, 3600, "1",
	  "re-reading time of each block in the last section (0 skips it)", NULL },
	{ "filepath", "FilePath", BK_PT_STR, 0, 0, ".",
	  "directory to test in; the files go in FILEPATH/burnkit-drive", NULL },
	{ "cachedata", "CacheData", BK_PT_FLAG, 0, 0, NULL,
	  "no O_DIRECT: let the page cache hold the data (network mounts); "
	  "such results are labelled cached", NULL },
	{ "outputpatterns", "OutputPatterns", BK_PT_FLAG, 0, 0, NULL,
	  "log the data patterns and file sequences used", NULL },
	{ "dontrunreadtests", "DontRunReadTests", BK_PT_FLAG, 0, 0, NULL,
	  "only write the files, and keep them for --verify-only", NULL },
	{ "verify-only", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "read and check the files a DontRunReadTests run left, then delete them "
	  "(kept when errors are found, or with --keep)", NULL },
	{ "keep", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "keep the test files at the end (also after an error)", NULL },
	BK_DRIVE_PARAM_ENGINE,
	BK_DRIVE_PARAM_NO_KMOD,
	BK_PARAMS_END
};

struct drive {
	struct bk_ctx *ctx;
	struct bk_drive_env env;
	struct bk_aio aio;
	char engine_note[96];
	unsigned patterns;
	uint64_t repeats, blocks, file_bytes;
	int cached;
	struct bk_layout layout[BK_DRIVE_FILES];
	char name[BK_DRIVE_FILES][32];
};

/* Block k of a file holds pattern k + 1 (the pattern table repeats). */
static void drive_pattern(const void *arg, uint64_t unit, uint32_t *number,
			  uint32_t *word, uint32_t *generation)
{
	const struct drive *d = arg;
	uint64_t block = unit / (DRIVE_BLOCK / BK_UNIT_BYTES);

	*number = (uint32_t)(block % d->patterns) + 1;
	*word = bk_drive_pattern(*number);
	*generation = 0;
}

/* Sequential 64 KB blocks over file f (fixed: block `fixed` again and again). */
static void run_stream(struct drive *d, unsigned f, int fd, int write, int fixed,
		       uint64_t block, uint64_t count, uint64_t deadline, struct bk_xfer *x)
{
	char what[48];
	struct bk_drive_stream s = {
		.l = &d->layout[f],
		.order = fixed ? BK_DRIVE_FIXED : BK_DRIVE_SEQ,
		.len = DRIVE_BLOCK,
		.start = block * DRIVE_BLOCK,
		.span = d->file_bytes,
		.what = fixed ? NULL : what,
		.total = d->file_bytes,
	};

	snprintf(what, sizeof(what), "%s file %u", write ? "writing" : "reading", f + 1);
	bk_drive_stream_run(&d->env, &d->aio, fd, write, &s, count, deadline, NULL, x);
}

static double mb(uint64_t bytes)
{
	return (double)bytes / DRIVE_MB;
}

static void output_patterns(struct drive *d)
{
	struct bk_log *log = &d->ctx->log;

	bk_out(log, "\n 1. Patterns Generated\n\n Number         Pattern     Or Hex"
	       " Number        Pattern    Or Hex\n\n");
	for (unsigned k = 1; k <= d->patterns; k += 2) {
		bk_out(log, " %6u %15" PRId32 " %9" PRIX32, k, (int32_t)bk_drive_pattern(k),
		       bk_drive_pattern(k));
		if (k + 1 <= d->patterns)
			bk_out(log, " %6u %15" PRId32 " %9" PRIX32, k + 1,
			       (int32_t)bk_drive_pattern(k + 1), bk_drive_pattern(k + 1));
		bk_out(log, "\n");
	}
	bk_out(log, "\n 2. Sequences - First 16\n\n No.   File         No.   File  "
	       "        No.   File          No.   File\n\n");
	for (unsigned row = 0; row < 4; row++) {
		for (unsigned col = 0; col < 4; col++) {
			unsigned n = col * 4 + row + 1, o[BK_DRIVE_FILES];

			bk_drive_order(n, o);
			bk_out(log, "%s%4u %4u %2u %2u %2u", col ? "   " : "", n, o[0], o[1],
			       o[2], o[3]);
		}
		bk_out(log, "\n");
	}
}

static int write_files(struct drive *d)
{
	struct bk_drive_env *e = &d->env;
	struct bk_log *log = &d->ctx->log;
	uint64_t t0 = bk_now_ns();
	double busy = 0;
	char err[1024];

	for (unsigned f = 0; f < BK_DRIVE_FILES; f++) {
		struct bk_xfer x;
		uint64_t t1 = bk_now_ns();
		int fd = bk_workdir_create(&e->wd, d->name[f], O_RDWR | bk_drive_flags(e),
					   err, sizeof(err));
		int rc;

		if (fd < 0) {
			pr_fail("%s", err);
			return fd == -EIO ? BK_EXIT_FAULT : BK_EXIT_ENV;
		}
		e->phase = "write";
		run_stream(d, f, fd, 1, 0, 0, d->blocks, 0, &x);
		if (x.err) {
			close(fd);
			return bk_drive_io_failed(e, "writing", d->name[f], x.err, x.err_off);
		}
		if (x.stopped) {
			close(fd);
			return BK_EXIT_INTERRUPTED;
		}
		if (fdatasync(fd)) {
			rc = errno;
			close(fd);
			return bk_drive_io_failed(e, "syncing", d->name[f], rc, d->file_bytes);
		}
		close(fd);
		double secs = (double)(bk_now_ns() - t1) / 1e9;

		busy += secs;
		bk_out(log, " File %u %7.2f MB written in %7.2f seconds\n", f + 1,
		       mb(d->file_bytes), secs);
		bk_drive_printed(e);

		struct bk_json j;

		bk_json_init(&j);
		bk_rec_begin(log, &j, "write");
		bk_json_uint(&j, "file", f + 1);
		bk_json_uint(&j, "bytes", d->file_bytes);
		bk_json_realp(&j, "seconds", secs, 6);
		bk_json_realp(&j, "mb_per_s", mb(d->file_bytes) / secs, 6);
		bk_json_bool(&j, "direct", e->direct);
		bk_rec_end(log, &j);
		bk_json_free(&j);
	}
	double total = (double)(bk_now_ns() - t0) / 1e9;

	bk_out(log, "\n         Total %7.2f seconds, Elapsed %7.2f seconds = %6.1f MB/second\n",
	       busy, total, mb(d->file_bytes * BK_DRIVE_FILES) / total);
	bk_json_realp(&log->summary, "write_mb_per_s",
		      mb(d->file_bytes * BK_DRIVE_FILES) / total, 6);
	return BK_EXIT_OK;
}

/* Open file f for reading, dropped or counted first. */
static int open_for_read(struct drive *d, unsigned f, struct bk_residency *r)
{
	char err[1024];
	int fd = bk_workdir_open_file(&d->env.wd, d->name[f], O_RDONLY | bk_drive_flags(&d->env),
				      err, sizeof(err));

	if (fd < 0) {
		pr_fail("%s", err);
		return fd;
	}
	bk_drive_settle(&d->env, d->name[f], fd, d->cached, r);
	return fd;
}

/* One pass over the four files in the order of pass `pass`. */
static int read_pass(struct drive *d, unsigned long pass, struct bk_residency *res)
{
	struct bk_drive_env *e = &d->env;
	unsigned order[BK_DRIVE_FILES];

	memset(res, 0, sizeof(*res));
	bk_drive_order(pass, order);
	for (unsigned i = 0; i < BK_DRIVE_FILES; i++) {
		unsigned f = order[i];
		struct bk_residency r;
		struct bk_xfer x;
		int fd = open_for_read(d, f, &r);

		if (fd < 0)
			return fd == -ENOENT ? BK_EXIT_FAULT : BK_EXIT_ENV;
		bk_drive_residency_add(res, &r);
		e->file_name = d->name[f];
		run_stream(d, f, fd, 0, 0, 0, d->blocks, 0, &x);
		close(fd);
		if (x.err)
			return bk_drive_io_failed(e, "reading", d->name[f], x.err, x.err_off);
		bk_verifier_next_file(&e->ver);	/* the stop is per file: check them all */
		if (x.stopped && bk_stop_requested())
			return BK_EXIT_INTERRUPTED;
	}
	return e->ver.bad_units ? BK_EXIT_FAULT : BK_EXIT_OK;
}

/*
 * Served from RAM: pages stayed in the cache although they were dropped
 * (or CacheData kept them), or the filesystem lives in RAM. Counted
 * conservatively: O_DIRECT would read a real drive even then.
 */
static int served_from_ram(const struct drive *d, const struct bk_residency *r)
{
	return r->resident > 0 || d->env.ram_fs;
}

static int read_files(struct drive *d, double minutes)
{
	struct bk_drive_env *e = &d->env;
	struct bk_log *log = &d->ctx->log;
	uint64_t t0 = bk_now_ns();
	unsigned long pass;
	int cached_any = 0, rc = BK_EXIT_OK;
	char date[64];

	bk_drive_date(date, sizeof(date));
	bk_out(log, "\n          Start %sReading %s\n\n", d->env.direct ? "" : "Cached ", date);
	for (pass = 1;; pass++) {
		struct bk_residency r;
		char rtext[128];

		uint64_t pass_t0 = bk_now_ns();

		e->phase = "read pass";
		rc = read_pass(d, pass, &r);
		if (rc)
			break;
		double mins = (double)(bk_now_ns() - t0) / 60e9;
		double pass_s = (double)(bk_now_ns() - pass_t0) / 1e9;
		int from_ram = served_from_ram(d, &r);

		cached_any |= from_ram;
		bk_drive_residency_text(&r, rtext, sizeof(rtext));
		bk_out(log, " Read passes %5lu x 4 Files x %7.2f MB in %8.2f minutes%s\n",
		       pass, mb(d->file_bytes), mins, from_ram ? "  (cached)" : "");
		if (pass == 1 || r.resident)
			bk_out(log, "   in RAM before reading: %s\n", rtext);
		bk_drive_printed(e);

		struct bk_json j;

		bk_json_init(&j);
		bk_rec_begin(log, &j, "read_pass");
		bk_json_uint(&j, "pass", pass);
		bk_json_realp(&j, "minutes", mins, 6);
		bk_json_uint(&j, "bytes", d->file_bytes * BK_DRIVE_FILES);
		bk_json_realp(&j, "seconds", pass_s, 6);
		bk_json_realp(&j, "mb_per_s", pass_s > 0 ?
			      mb(d->file_bytes * BK_DRIVE_FILES) / pass_s : 0, 6);
		bk_json_uint(&j, "resident_pages", r.resident);
		bk_json_uint(&j, "pages", r.pages);
		bk_json_str(&j, "resident_by", r.how);
		bk_json_bool(&j, "cached", from_ram);
		bk_rec_end(log, &j);
		bk_json_free(&j);
		if (mins >= minutes || bk_stop_requested())
			break;
	}
	double secs = (double)(bk_now_ns() - t0) / 1e9;
	unsigned long passes = rc ? pass - 1 : pass;

	if (passes) {
		double rate = mb(d->file_bytes * BK_DRIVE_FILES * passes) / secs;

		bk_out(log, "\n Read passes %5lu x 4 Files x %7.2f MB in %8.2f minutes = %6.1f "
		       "MB/second%s\n", passes, mb(d->file_bytes), secs / 60, rate,
		       cached_any ? " (cached: served from RAM, not the drive's speed)" : "");
		bk_json_realp(&log->summary, "read_mb_per_s", rate, 6);
		bk_json_uint(&log->summary, "read_passes", passes);
		bk_json_bool(&log->summary, "read_cached", cached_any);
	}
	return rc;
}

/* One block's re-reads, as a pass of its own (cook draws them as they come). */
static void repeat_block_record(struct drive *d, unsigned block, uint64_t reads, double secs)
{
	struct bk_json j;

	bk_json_init(&j);
	bk_rec_begin(&d->ctx->log, &j, "repeat_block");
	bk_json_uint(&j, "block", block + 1);
	bk_json_uint(&j, "reads", reads);
	bk_json_realp(&j, "seconds", secs, 6);
	bk_json_realp(&j, "mb_per_s", secs > 0 ? mb(reads * DRIVE_BLOCK) / secs : 0, 6);
	bk_json_bool(&j, "cached", !d->env.direct || d->env.ram_fs);
	bk_rec_end(&d->ctx->log, &j);
	bk_json_free(&j);
}

/* Each block of file 1, re-read for `seconds`: the drive's buffer, or RAM. */
static int repeat_read(struct drive *d, double seconds)
{
	struct bk_drive_env *e = &d->env;
	struct bk_log *log = &d->ctx->log;
	struct bk_residency r;
	uint64_t t0 = bk_now_ns(), total = 0;
	char date[64];
	int fd = open_for_read(d, 0, &r), rc = BK_EXIT_OK;
	struct bk_json j;

	if (fd < 0)
		return BK_EXIT_ENV;
	bk_drive_date(date, sizeof(date));
	bk_out(log, "\n        Start %sRepeat Read %s\n\n", d->env.direct ? "" : "Cached ", date);
	bk_out(log, " Passes in %g second(s) for each of %u blocks of 64KB:\n\n", seconds,
	       d->patterns);
	e->phase = "repeat read";
	e->file_name = d->name[0];
	bk_json_init(&j);
	bk_rec_begin(log, &j, "repeat_read");
	bk_json_array_begin(&j, "passes");
	for (unsigned k = 0; k < d->patterns; k++) {
		struct bk_xfer x;
		uint64_t block_t0 = bk_now_ns();

		run_stream(d, 0, fd, 0, 1, k, UINT64_MAX,
			   bk_now_ns() + (uint64_t)(seconds * 1e9), &x);
		if (x.err) {
			rc = bk_drive_io_failed(e, "re-reading", d->name[0], x.err, x.err_off);
			break;
		}
		total += x.done;
		repeat_block_record(d, k, x.done, (double)(bk_now_ns() - block_t0) / 1e9);
		bk_out(log, "%7llu%s", (unsigned long long)x.done,
		       k % 11 == 10 || k + 1 == d->patterns ? "\n" : "");
		bk_json_uint(&j, NULL, x.done);
		bk_drive_printed(e);
		if (bk_verifier_full(&e->ver)) {
			rc = BK_EXIT_FAULT;
			break;
		}
		if (x.stopped) {
			rc = BK_EXIT_INTERRUPTED;
			break;
		}
	}
	close(fd);
	double secs = (double)(bk_now_ns() - t0) / 1e9;
	double rate = mb(total * DRIVE_BLOCK) / secs;

	bk_json_array_end(&j);
	bk_json_uint(&j, "reads", total);
	bk_json_realp(&j, "seconds", secs, 6);
	bk_json_realp(&j, "mb_per_s", rate, 6);
	bk_json_bool(&j, "cached", !e->direct || e->ram_fs);
	bk_rec_end(log, &j);
	bk_json_free(&j);
	bk_out(log, "\n %llu read passes of 64KB blocks in %5.2f minutes = %6.1f MB/second%s\n",
	       (unsigned long long)total, secs / 60, rate,
	       e->direct && !e->ram_fs ? "" : " (cached: re-read from RAM)");
	bk_json_realp(&log->summary, "repeat_read_mb_per_s", rate, 6);
	return rc;
}

/* --verify-only: one pass over what an earlier DontRunReadTests run left. */
static int verify_only(struct drive *d)
{
	struct bk_drive_env *e = &d->env;
	struct bk_log *log = &d->ctx->log;
	uint64_t t0 = bk_now_ns();
	char date[64];

	bk_drive_date(date, sizeof(date));
	bk_out(log, "\n Checking the files of run %08X, written earlier: %s\n\n", d->env.run_id,
	       date);
	e->phase = "verify";
	for (unsigned f = 0; f < BK_DRIVE_FILES; f++) {
		struct bk_residency r;
		struct bk_xfer x;
		char rtext[128];
		uint64_t t1 = bk_now_ns();
		int fd = open_for_read(d, f, &r);

		if (fd < 0)
			return BK_EXIT_FAULT;	/* a file of ours went missing */
		e->file_name = d->name[f];
		run_stream(d, f, fd, 0, 0, 0, d->blocks, 0, &x);
		close(fd);
		if (x.err)
			return bk_drive_io_failed(e, "reading", d->name[f], x.err, x.err_off);
		bk_drive_residency_text(&r, rtext, sizeof(rtext));
		bk_out(log, " File %u %7.2f MB read and checked in %7.2f seconds%s; in RAM "
		       "before: %s\n", f + 1, mb(d->file_bytes),
		       (double)(bk_now_ns() - t1) / 1e9,
		       served_from_ram(d, &r) ? " (cached)" : "", rtext);
		bk_drive_printed(e);
		bk_verifier_next_file(&e->ver);	/* the stop is per file: check them all */
		if (x.stopped && bk_stop_requested())
			return BK_EXIT_INTERRUPTED;
	}
	bk_out(log, "\n Checked %.2f MB in %.2f seconds: %s\n",
	       mb(d->file_bytes * BK_DRIVE_FILES), (double)(bk_now_ns() - t0) / 1e9,
	       e->ver.bad_words ? "ERRORS FOUND" : "no errors");
	return BK_EXIT_OK;
}

/* The layout an earlier run recorded, for --verify-only. */
static int load_notes(struct drive *d)
{
	const struct bk_workdir *w = &d->env.wd;
	const char *rep = bk_workdir_get(w, "repeats"), *pat = bk_workdir_get(w, "patterns");
	const char *run = bk_workdir_get(w, "run"), *written = bk_workdir_get(w, "written");

	if (!rep || !pat || !run || !written || strcmp(written, "4")) {
		pr_fail("%s: the earlier run did not finish writing its files (%s); "
			"nothing to verify: run burnkit drive DontRunReadTests again",
			w->path, !written ? "no \"written\" note" : "incomplete");
		return BK_EXIT_ENV;
	}
	d->repeats = strtoull(rep, NULL, 10);
	d->patterns = (unsigned)strtoul(pat, NULL, 10);
	d->env.run_id = (uint32_t)strtoul(run, NULL, 16);
	if (!d->repeats || !d->patterns || d->patterns > BK_DRIVE_PATTERNS) {
		pr_fail("%s: its manifest does not describe a burnkit drive run", w->path);
		return BK_EXIT_ENV;
	}
	return 0;
}

static int note(struct drive *d, const char *key, unsigned long long v, int hex)
{
	char val[32];
	int rc;

	if (hex)
		snprintf(val, sizeof(val), "%08llx", v);
	else
		snprintf(val, sizeof(val), "%llu", v);
	rc = bk_workdir_note(&d->env.wd, key, val);
	if (rc)
		return bk_drive_io_failed(&d->env, "recording the run in", BK_WORKDIR_MANIFEST,
					  -rc, 0);
	return 0;
}

/* What fits in the space there is: fewer Repeats, or fewer Patterns. */
static void space_advice(const struct drive *d, char *buf, size_t len)
{
	uint64_t usable = bk_drive_usable(&d->env);
	uint64_t per_repeat = (uint64_t)d->patterns * DRIVE_BLOCK * BK_DRIVE_FILES;
	uint64_t per_pattern = (uint64_t)DRIVE_BLOCK * BK_DRIVE_FILES;

	usable = usable > BK_DIO_ALIGN ? usable - BK_DIO_ALIGN : 0;
	if (usable >= per_repeat)
		snprintf(buf, len, "use Repeats %llu or fewer",
			 (unsigned long long)(usable / per_repeat));
	else if (usable >= per_pattern)
		snprintf(buf, len, "use Repeats 1 with Patterns %llu or fewer",
			 (unsigned long long)(usable / per_pattern));
	else
		snprintf(buf, len, "not even Repeats 1, Patterns 1 (4 x 64 KB) fits");
}

/* The files of a run, burndrive1.dat to burndrive4.dat: all it may delete. */
static const struct bk_workdir_series drive_files = {
	.prefix = "burndrive", .digits = 1, .first = 1, .count = BK_DRIVE_FILES, .suffix = ".dat",
};

static int drive_run(struct bk_ctx *ctx)
{
	static struct drive d;
	const struct bk_params *p = &ctx->params;
	int verify = bk_param_flag(p, "verify-only");
	int keep = bk_param_flag(p, "keep");
	int write_only = bk_param_flag(p, "dontrunreadtests");
	double minutes = bk_param_real(p, "minutes"), seconds = bk_param_real(p, "seconds");
	char date[64];
	int rc;

	memset(&d, 0, sizeof(d));
	d.ctx = ctx;
	d.cached = bk_param_flag(p, "cachedata");
	d.repeats = (uint64_t)bk_param_int(p, "repeats");
	d.patterns = (unsigned)bk_param_int(p, "patterns");
	if (verify && (write_only || bk_param_given(p, "repeats") ||
		       bk_param_given(p, "patterns"))) {
		pr_fail("--verify-only checks the files an earlier run wrote, with that "
			"run's Repeats and Patterns: give only FilePath (and CacheData, --keep)");
		return BK_EXIT_USAGE;
	}
	if (ctx->dry_run)
		return bk_drive_dry_check(bk_param_str(p, "filepath"));
	bk_cache_use_module(!bk_param_flag(p, "no-kmod"));
	rc = bk_drive_env_open(&d.env, ctx, bk_param_str(p, "filepath"),
			       verify ? BK_WORKDIR_EXISTING : BK_WORKDIR_CREATE, DRIVE_MB,
			       &drive_files, 1);
	if (rc)
		return rc;
	if (verify) {
		rc = load_notes(&d);
		if (rc)
			return bk_drive_env_close(&d.env, rc, 1);
	}
	d.blocks = d.repeats * d.patterns;
	d.file_bytes = d.blocks * DRIVE_BLOCK;
	for (unsigned f = 0; f < BK_DRIVE_FILES; f++) {
		snprintf(d.name[f], sizeof(d.name[f]), "burndrive%u.dat", f + 1);
		d.layout[f] = (struct bk_layout){ f + 1, d.env.run_id, DRIVE_BLOCK,
						  drive_pattern, &d };
	}
	if (!verify) {
		uint64_t need = d.file_bytes * BK_DRIVE_FILES + BK_DIO_ALIGN;
		uint64_t per_repeat = (uint64_t)d.patterns * DRIVE_BLOCK * BK_DRIVE_FILES;
		char advice[128];

		if (need > bk_drive_usable(&d.env) && !bk_param_given(p, "repeats") &&
		    bk_drive_usable(&d.env) >= per_repeat + BK_DIO_ALIGN) {
			d.repeats = (bk_drive_usable(&d.env) - BK_DIO_ALIGN) / per_repeat;
			pr_inf("Repeats %lld do not fit in %s: using Repeats %llu",
			       bk_param_int(p, "repeats"), d.env.wd.parent,
			       (unsigned long long)d.repeats);
			d.blocks = d.repeats * d.patterns;
			d.file_bytes = d.blocks * DRIVE_BLOCK;
			need = d.file_bytes * BK_DRIVE_FILES + BK_DIO_ALIGN;
		}
		space_advice(&d, advice, sizeof(advice));
		rc = bk_drive_check_space(&d.env, need, advice);
		if (rc)
			return bk_drive_env_close(&d.env, rc, 0);
	}
	rc = bk_drive_aio_open(&d.env, &d.aio, bk_drive_engine(p), 1, d.engine_note,
			       sizeof(d.engine_note));
	if (rc)
		return bk_drive_env_close(&d.env, rc, verify || keep);

	bk_drive_date(date, sizeof(date));
	bk_out(&ctx->log, "\n Linux Storage Stress Test, burnkit %s, %s\n\n", BK_VERSION, date);
	if (verify)
		bk_out(&ctx->log, " File size %7.2f MB x 4 files\n", mb(d.file_bytes));
	else
		bk_out(&ctx->log, " File size %7.2f MB x 4 files, minimum reading time %4.1f "
		       "minutes\n", mb(d.file_bytes), minutes);
	bk_out(&ctx->log, " (MB = 2^20 bytes, as burnindrive counts; 64 KB blocks, %u patterns, "
	       "run id %08X)\n", d.patterns, d.env.run_id);
	rc = bk_drive_probe(&d.env, d.cached, d.engine_note);
	if (rc)
		goto out;
	if (bk_param_flag(p, "outputpatterns"))
		output_patterns(&d);
	bk_json_uint(&ctx->log.summary, "file_bytes", d.file_bytes);
	bk_json_uint(&ctx->log.summary, "files", BK_DRIVE_FILES);

	if (verify) {
		rc = verify_only(&d);
		goto out;
	}
	if ((rc = note(&d, "repeats", d.repeats, 0)) ||
	    (rc = note(&d, "patterns", d.patterns, 0)) ||
	    (rc = note(&d, "run", d.env.run_id, 1)) ||
	    (rc = note(&d, "written", 0, 0)))
		goto out;
	bk_out(&ctx->log, "\n");
	rc = write_files(&d);
	if (rc)
		goto out;
	if ((rc = note(&d, "written", BK_DRIVE_FILES, 0)))
		goto out;
	if (write_only) {
		bk_out(&ctx->log, "\n Read tests not run (DontRunReadTests): check the files later "
		       "with\n   burnkit drive --verify-only FilePath %s\n", d.env.wd.parent);
		keep = 1;
		goto out;
	}
	rc = read_files(&d, minutes);
	if (rc)
		goto out;
	if (seconds > 0)
		rc = repeat_read(&d, seconds);
out:
	bk_aio_close(&d.aio);
	rc = bk_drive_verdict(&d.env, rc);
	bk_drive_date(date, sizeof(date));
	if (rc == BK_EXIT_OK || rc == BK_EXIT_FAULT)
		bk_out(&ctx->log, "\n              End of test %s\n", date);
	/* Errors found in files an earlier run left: keep them for another look. */
	if (verify && rc == BK_EXIT_FAULT && !keep) {
		const char *w = d.env.wd.path;

		bk_out(&ctx->log, " The files are kept for another look; delete them with\n"
		       "   rm %s/burndrive[1-4].dat %s/%s && rmdir %s\n", w, w,
		       BK_WORKDIR_MANIFEST, w);
		keep = 1;
	}
	return bk_drive_env_close(&d.env, rc, keep);
}

const struct bk_tester bk_tester_drive = {
	.name = "drive",
	.summary = "Drive and bus stress test with data checking (burnindrive)",
	.help = "Writes four files of Patterns x Repeats blocks of 64 KB, block k\n"
		"holding pattern k of burnindrive's 164 patterns, then reads them for\n"
		"Minutes in rotated file orders, checking every byte (file, block and\n"
		"run in every 4 KB; OR/AND sums, word by word on a mismatch; stops\n"
		"after 10 errors), then re-reads each block of the first file for\n"
		"Seconds. Direct I/O (O_DIRECT) unless CacheData; the page cache is\n"
		"dropped per file before reading (burnkit.ko, else fsync +\n"
		"posix_fadvise) and what stayed in RAM is counted and reported; a\n"
		"result served from RAM is labelled cached. The files live in\n"
		"FilePath/burnkit-drive and are deleted at the end and on Ctrl-C.\n"
		"MB here is 2^20 bytes, as burnindrive counts.",
	.params = drive_params,
	.log_prefix = "IOlog",
	.quick = "Repeats 1, Patterns 16, Minutes 0, Seconds 0.01, FilePath .",
	.flags = BK_TF_DRY_CHECKS,
	/* cook's drive copies, in MB/s: the writes of each file, the read passes,
	 * each block's re-reads, each kind its own series */
	.throughput = { .record = "write read_pass repeat_block", .value = "mb_per_s",
			.unit = "MB/s", .seconds = "seconds" },
	.run = drive_run,
};
