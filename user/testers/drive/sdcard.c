// SPDX-License-Identifier: MIT
/*
 * burnkit sdcard: Raspberry Pi's own SD card acceptance test (agnostics'
 * sd_bench.fio and sdtest.sh): a 64 MB file written sequentially in 512 KB
 * blocks, then 4 KB random writes and 4 KB random reads, at queue depth 4
 * with the kernel's asynchronous I/O and O_DIRECT, each for at most 10 s;
 * PASS when sequential writing reaches 10000 KB/s, random writing 500
 * IOPS and random reading 1500 IOPS. Unlike fio it checks every 4 KB it
 * reads, generation and all: a random write that never reached the card
 * is found by the random reads that follow. The same workloads, one by
 * one with other sizes and depths, serve the benchmark against fio.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "drive_io.h"
#include "drive_patterns.h"
#include "sdcard_profile.h"
#include "storage/lathist.h"

#define MIB (1024.0 * 1024.0)
#define KIB 1024.0		/* fio's KB/s, which sdtest.sh compares */
#define RAND_BLOCK 4096u
#define FILE_NAME "sd.test.file"

enum test { SEQ_WRITE, RAND_WRITE, RAND_READ, SEQ_READ, NTESTS };

static const struct {
	const char *name;	/* --only */
	const char *label;	/* sdtest.sh's words */
	int write, random;
} tests[NTESTS] = {
	[SEQ_WRITE] = { "seq-write", "Sequential write speed", 1, 0 },
	[RAND_WRITE] = { "rand-write", "Random write speed", 1, 1 },
	[RAND_READ] = { "rand-read", "Random read speed", 0, 1 },
	[SEQ_READ] = { "seq-read", "Sequential read speed", 0, 0 },
};

/* A test's threshold in the profile (the sequential read has none). */
static const struct sd_target *target_of(const struct sd_profile *pr, enum test t)
{
	static const struct sd_target none = { 0, SD_KBPS };

	switch (t) {
	case SEQ_WRITE:
		return &pr->seq_write;
	case RAND_WRITE:
		return &pr->rand_write;
	case RAND_READ:
		return &pr->rand_read;
	default:
		return &none;
	}
}

static const struct bk_param sdcard_params[] = {
	{ "filepath", "FilePath", BK_PT_STR, 0, 0, ".",
	  "directory on the card to test; the file goes in FILEPATH/burnkit-sdcard", NULL },
	{ "size", NULL, BK_PT_SIZE, 1 << 20, 1ull << 40, "64M",
	  "size of the test file", NULL },
	{ "seconds", NULL, BK_PT_REAL, 0.05, 3600, "10",
	  "time limit of each test (fio's runtime)", NULL },
	{ "depth", NULL, BK_PT_INT, 1, BK_AIO_MAX_DEPTH, "4",
	  "transfers in flight (queue depth)", NULL },
	{ "block", NULL, BK_PT_SIZE, 4096, 64 << 20, "512K",
	  "transfer size of the sequential tests (the random ones use 4 KB)", NULL },
	{ "only", NULL, BK_PT_LIST, 0, 0, NULL,
	  "run only this test: seq-write, rand-write, rand-read, seq-read (repeatable; "
	  "default the first three, the Raspberry Pi test)", NULL },
	{ "time-based", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "run each test for --seconds, going round the file again, instead of "
	  "ending after one pass over it (fio's time_based)", NULL },
	{ "profile", NULL, BK_PT_CHOICE, 0, 0, "2020",
	  "which Raspberry Pi test judges the run: 2020 (one run, A1 targets) or 2024 "
	  "(up to 3 runs, A2-era targets); see the help text", sd_profile_names },
	{ "no-targets", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "report the figures without PASS/FAIL (benchmarks, short runs)", NULL },
	BK_DRIVE_PARAM_ENGINE,
	BK_DRIVE_PARAM_NO_KMOD,
	BK_PARAMS_END
};

struct sdcard {
	struct bk_ctx *ctx;
	struct bk_drive_env env;
	struct bk_aio aio;
	char engine_note[96];
	uint64_t size, units;
	size_t block;
	double seconds;
	int time_based, targets;
	const struct sd_profile *profile;
	unsigned run;			/* 1, 2, 3: the run under way */
	uint16_t *gen;		/* generation last written to each 4 KB unit */
	uint32_t *perm;		/* the random order of the 4 KB blocks */
	struct bk_layout now, next;	/* what is there, what a write puts there */
	struct view { const struct sdcard *s; unsigned ahead; } view_now, view_next;
};

/*
 * Unit u holds pattern (u % 256) % 164 + 1, at the generation last written
 * (next: one more). Patterns repeating every 256 units (1 MiB) leave a
 * refilled sequential write buffer only its headers to rewrite.
 */
static void sd_pattern(const void *arg, uint64_t unit, uint32_t *number, uint32_t *word,
		       uint32_t *generation)
{
	const struct view *v = arg;

	*number = (uint32_t)(unit % 256 % BK_DRIVE_PATTERNS) + 1;
	*word = bk_drive_pattern(*number);
	*generation = (uint16_t)(v->s->gen[unit] + v->ahead);
}

/* A write is whole: its units now hold the next generation. */
static void sd_written(void *arg, uint64_t off, size_t len)
{
	struct sdcard *s = arg;

	for (uint64_t u = off / RAND_BLOCK; u < (off + len) / RAND_BLOCK; u++)
		s->gen[u]++;
}

/* A random permutation of the 4 KB blocks (Fisher-Yates, seeded by the run id). */
static void shuffle(struct sdcard *s)
{
	uint64_t x = s->env.run_id | 1ull << 40;

	for (uint64_t i = 0; i < s->units; i++)
		s->perm[i] = (uint32_t)i;
	for (uint64_t i = s->units - 1; i > 0; i--) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		uint64_t j = x % (i + 1);
		uint32_t t = s->perm[i];

		s->perm[i] = s->perm[j];
		s->perm[j] = t;
	}
}

struct result {
	double seconds, kb_per_s, iops, mb_per_s;
	uint64_t ops, bytes;
	struct bk_lathist lat;
	struct bk_residency in_ram;	/* reads: the file's pages in RAM at the start */
	struct bk_residency after;	/* the file's pages in RAM at the end: direct I/O leaves none */
	int dev_known;
	struct bk_devload dev;	/* what the device itself saw in the timed span */
	char dev_why[200];	/* why not known */
};

/* The device's load from before to now, in the test's direction. */
static void device_after(const struct sdcard *s, struct result *res,
			 const struct bk_devstat *before, int write)
{
	struct bk_devstat now;

	if (bk_drive_devstat(&s->env, &now, res->dev_why, sizeof(res->dev_why)))
		return;
	if (bk_devload_between(before, &now, write, &res->dev)) {
		snprintf(res->dev_why, sizeof(res->dev_why), "no %s request of %s completed in the test",
			 write ? "write" : "read", s->env.dev.name);
		return;
	}
	res->dev_known = 1;
}

static int run_test(struct sdcard *s, int fd, enum test t, int prepare, struct result *res)
{
	struct bk_drive_env *e = &s->env;
	int write = prepare || tests[t].write, random = !prepare && tests[t].random;
	struct bk_drive_stream st = {
		.l = write ? &s->next : &s->now,
		.order = random ? BK_DRIVE_LIST : BK_DRIVE_SEQ,
		.len = random ? RAND_BLOCK : s->block,
		.span = s->size,
		.list = s->perm,
		.nlist = s->units,
		.written = sd_written,
		.arg = s,
		.what = prepare ? "preparing the file" : tests[t].name,
		.total = s->size,
	};
	uint64_t count = s->size / st.len;
	uint64_t deadline;
	struct bk_devstat dev0;
	struct bk_xfer x;
	uint64_t t0;
	int dev0_ok;

	if (s->time_based && !prepare) {
		count = UINT64_MAX;
		st.total = 0;
	}
	memset(res, 0, sizeof(*res));
	bk_lathist_init(&res->lat);
	if (!write)
		bk_drive_settle(e, FILE_NAME, fd, 0, &res->in_ram);
	e->phase = prepare ? "prepare" : tests[t].name;
	e->file_name = FILE_NAME;
	/* The clock starts after the cache is dropped: --seconds of transfers. */
	dev0_ok = !bk_drive_devstat(e, &dev0, res->dev_why, sizeof(res->dev_why));
	t0 = bk_now_ns();
	deadline = prepare ? 0 : t0 + (uint64_t)(s->seconds * 1e9);
	bk_drive_stream_run(e, &s->aio, fd, write, &st, count, deadline, &res->lat, &x);
	if (x.err)
		return bk_drive_io_failed(e, write ? "writing" : "reading", FILE_NAME, x.err,
					  x.err_off);
	/* fio's end_fsync: the writes count once they are on the card. */
	if (write && !x.stopped && fdatasync(fd))
		return bk_drive_io_failed(e, "syncing", FILE_NAME, errno, s->size);
	res->seconds = (double)(bk_now_ns() - t0) / 1e9;
	if (dev0_ok)
		device_after(s, res, &dev0, write);
	if (!prepare)
		bk_drive_settle(e, FILE_NAME, fd, 1, &res->after);
	res->ops = x.done;
	res->bytes = x.bytes;
	res->kb_per_s = (double)x.bytes / KIB / res->seconds;
	res->iops = (double)x.done / res->seconds;
	res->mb_per_s = (double)x.bytes / 1e6 / res->seconds;
	if (bk_verifier_full(&e->ver))
		return BK_EXIT_FAULT;
	return x.stopped ? BK_EXIT_INTERRUPTED : BK_EXIT_OK;
}

static double ms(uint64_t ns)
{
	return (double)ns / 1e6;
}

/*
 * Print and record one test; returns 1 when it missed its target. valid:
 * the card was measured (direct I/O, not a RAM filesystem, no page of the
 * file in RAM when a read test started).
 */
static int report(struct sdcard *s, enum test t, const struct result *r, int valid)
{
	struct bk_log *log = &s->ctx->log;
	const struct sd_target *tg = target_of(s->profile, t);
	int iops = tests[t].random && (tg->min <= 0 || tg->unit == SD_IOPS);
	double fig = iops ? r->iops : r->kb_per_s;
	char rtext[128];
	int judged = s->targets && tg->min > 0;
	int pass = sd_target_met(tg, r->kb_per_s, r->iops);
	const char *verdict = !judged ? "" : !valid ? " - NOT VALID (served from RAM)" :
			      pass ? " - PASS" : " - FAIL";
	char target[48] = "";
	struct bk_json j;

	if (judged)
		snprintf(target, sizeof(target), " (target %.0f)", tg->min);
	bk_out(log, " %-23s %9.0f %-4s%s%s\n", tests[t].label, fig,
	       iops ? "IOPS" : "KB/s", target, verdict);
	bk_out(log, "   %.2f MB/s, %llu transfers in %.2f s; latency ms p50 %.3f p95 %.3f "
	       "p99 %.3f p99.9 %.3f max %.3f\n", r->mb_per_s, (unsigned long long)r->ops,
	       r->seconds, ms(bk_lathist_percentile(&r->lat, 50)),
	       ms(bk_lathist_percentile(&r->lat, 95)), ms(bk_lathist_percentile(&r->lat, 99)),
	       ms(bk_lathist_percentile(&r->lat, 99.9)), ms(r->lat.max_ns));
	if (!tests[t].write) {
		bk_drive_residency_text(&r->in_ram, rtext, sizeof(rtext));
		bk_out(log, "   in RAM before reading: %s\n", rtext);
	}
	if (r->after.resident) {
		bk_drive_residency_text(&r->after, rtext, sizeof(rtext));
		bk_out(log, "   in RAM after the test: %s: direct I/O was not in effect\n", rtext);
	}
	if (r->dev_known)
		bk_out(log, "   device %s: %.2f requests in flight on average (busy %.1f %% of the "
		       "test), %.3f ms and %.0f KiB a request (its own counters: other I/O to it "
		       "counts too)\n", s->env.dev.name, r->dev.in_flight, r->dev.util_pct,
		       r->dev.await_ms, r->dev.kib_per_request);
	else
		bk_out(log, "   device load: unsupported (%s)\n", r->dev_why);
	bk_drive_printed(&s->env);
	bk_json_init(&j);
	bk_rec_begin(log, &j, "sdcard_test");
	bk_json_str(&j, "test", tests[t].name);
	bk_json_uint(&j, "run", s->run);
	bk_json_uint(&j, "transfer", tests[t].random ? RAND_BLOCK : s->block);
	bk_json_uint(&j, "depth", s->aio.depth);
	bk_json_uint(&j, "ops", r->ops);
	bk_json_uint(&j, "bytes", r->bytes);
	bk_json_realp(&j, "seconds", r->seconds, 6);
	bk_json_realp(&j, "kb_per_s", r->kb_per_s, 6);
	bk_json_realp(&j, "mb_per_s", r->mb_per_s, 6);
	bk_json_realp(&j, "iops", r->iops, 6);
	bk_json_object_begin(&j, "latency_us");
	bk_json_realp(&j, "p50", bk_lathist_percentile(&r->lat, 50) / 1e3, 6);
	bk_json_realp(&j, "p95", bk_lathist_percentile(&r->lat, 95) / 1e3, 6);
	bk_json_realp(&j, "p99", bk_lathist_percentile(&r->lat, 99) / 1e3, 6);
	bk_json_realp(&j, "p99.9", bk_lathist_percentile(&r->lat, 99.9) / 1e3, 6);
	bk_json_realp(&j, "max", r->lat.max_ns / 1e3, 6);
	bk_json_realp(&j, "mean", bk_lathist_mean(&r->lat) / 1e3, 6);
	bk_json_object_end(&j);
	if (judged) {
		bk_json_realp(&j, "target", tg->min, 6);
		bk_json_str(&j, "target_unit", tg->unit == SD_IOPS ? "IOPS" : "KB/s");
		bk_json_str(&j, "verdict", !valid ? "not valid" : pass ? "PASS" : "FAIL");
	}
	if (!tests[t].write) {
		bk_json_uint(&j, "resident_pages", r->in_ram.resident);
		bk_json_uint(&j, "pages", r->in_ram.pages);
	}
	/* Direct I/O leaves no page of the file in RAM: any here were cached. */
	if (r->after.pages)
		bk_json_uint(&j, "resident_pages_after", r->after.resident);
	bk_json_bool(&j, "cached", !valid);
	if (r->dev_known) {
		bk_json_object_begin(&j, "device_load");
		bk_json_str(&j, "device", s->env.dev.name);
		bk_json_uint(&j, "requests", r->dev.requests);
		bk_json_realp(&j, "kib_per_request", r->dev.kib_per_request, 6);
		bk_json_realp(&j, "await_ms", r->dev.await_ms, 4);
		bk_json_realp(&j, "in_flight", r->dev.in_flight, 4);
		bk_json_realp(&j, "util_pct", r->dev.util_pct, 4);
		bk_json_object_end(&j);
	} else {
		bk_json_str(&j, "device_load", "unsupported");
		bk_json_str(&j, "device_load_why", r->dev_why);
	}
	bk_rec_end(log, &j);
	bk_json_free(&j);
	return judged && valid && !pass;
}

/* The prepare pass: judged only by a profile with a prepare target. Returns 1 when missed. */
static int report_prepare(struct sdcard *s, const struct result *r, int valid)
{
	const struct sd_target *tg = &s->profile->prepare;
	int judged = s->targets && tg->min > 0, pass = sd_target_met(tg, r->kb_per_s, 0);
	struct bk_json j;

	bk_out(&s->ctx->log, " Prepared the file: %.2f MiB written in %.2f s", (double)s->size / MIB,
	       r->seconds);
	if (judged)
		bk_out(&s->ctx->log, "\n %-23s %9.0f KB/s (target %.0f)%s", "Prepare speed",
		       r->kb_per_s, tg->min, !valid ? " - NOT VALID" : pass ? " - PASS" : " - FAIL");
	bk_out(&s->ctx->log, "\n\n");
	bk_json_init(&j);
	bk_rec_begin(&s->ctx->log, &j, "sdcard_test");
	bk_json_str(&j, "test", "prepare");
	bk_json_uint(&j, "run", s->run);
	bk_json_uint(&j, "bytes", r->bytes);
	bk_json_realp(&j, "seconds", r->seconds, 6);
	bk_json_realp(&j, "kb_per_s", r->kb_per_s, 6);
	if (judged) {
		bk_json_realp(&j, "target", tg->min, 6);
		bk_json_str(&j, "target_unit", "KB/s");
		bk_json_str(&j, "verdict", !valid ? "not valid" : pass ? "PASS" : "FAIL");
	}
	bk_rec_end(&s->ctx->log, &j);
	bk_json_free(&j);
	return judged && valid && !pass;
}

/* One run of the profile: prepare the file, then the chosen tests. */
static int one_run(struct sdcard *s, int fd, const int want[NTESTS], int *valid, int *failed)
{
	struct result r;
	int rc;

	*failed = 0;
	rc = run_test(s, fd, SEQ_WRITE, 1, &r);
	if (rc)
		return rc;
	*failed |= report_prepare(s, &r, *valid);
	for (int t = 0; t < NTESTS; t++) {
		if (!want[t])
			continue;
		rc = run_test(s, fd, (enum test)t, 0, &r);
		if (rc)
			return rc;
		if (r.in_ram.resident || r.after.resident)
			*valid = 0;
		*failed |= report(s, (enum test)t, &r, *valid);
	}
	return 0;
}

/* Which tests --only asks for (default: the Raspberry Pi three). */
static int chosen(const struct bk_params *p, int want[NTESTS])
{
	const struct bk_value *v = bk_param(p, "only");

	for (int t = 0; t < NTESTS; t++)
		want[t] = !v->nlist && t != SEQ_READ;
	for (size_t i = 0; i < v->nlist; i++) {
		int t;

		for (t = 0; t < NTESTS && strcmp(v->list[i], tests[t].name); t++)
			;
		if (t == NTESTS) {
			pr_fail("bad value \"%s\" for --only; allowed: seq-write, rand-write, "
				"rand-read, seq-read", v->list[i]);
			return -1;
		}
		want[t] = 1;
	}
	return 0;
}

/* The one file of a run: all it may delete. */
static const struct bk_workdir_series sd_file = { .prefix = FILE_NAME };

static int sdcard_run(struct bk_ctx *ctx)
{
	static struct sdcard s;
	const struct bk_params *p = &ctx->params;
	int want[NTESTS], rc, failed = 0, valid, fd = -1;
	char date[64], err[1024], advice[64];

	memset(&s, 0, sizeof(s));
	s.ctx = ctx;
	if (chosen(p, want))
		return BK_EXIT_USAGE;
	if (bk_param(p, "size")->percent || bk_param(p, "block")->percent) {
		pr_fail("--size and --block take bytes (64M, 512K), not a share of RAM");
		return BK_EXIT_USAGE;
	}
	s.size = bk_param_bytes(p, "size", 0);
	s.block = (size_t)bk_param_bytes(p, "block", 0);
	/* Exact, or refused with the nearest valid values: never rounded quietly. */
	if (s.block % BK_DIO_ALIGN) {
		pr_fail("--block %zu is not a multiple of %u bytes (direct I/O); the "
			"nearest valid values are %zu and %zu", s.block, BK_DIO_ALIGN,
			s.block / BK_DIO_ALIGN * BK_DIO_ALIGN,
			(s.block / BK_DIO_ALIGN + 1) * BK_DIO_ALIGN);
		return BK_EXIT_USAGE;
	}
	if (s.size % s.block) {
		uint64_t below = s.size / s.block * s.block;

		pr_fail("--size %llu is not a multiple of --block %zu; the nearest valid "
			"values are %llu and %llu", (unsigned long long)s.size, s.block,
			(unsigned long long)(below >= (1u << 20) ? below : below + s.block),
			(unsigned long long)(below + s.block));
		return BK_EXIT_USAGE;
	}
	s.seconds = bk_param_real(p, "seconds");
	s.time_based = bk_param_flag(p, "time-based");
	s.targets = !bk_param_flag(p, "no-targets");
	s.profile = sd_profile_find(bk_param_str(p, "profile"));
	if (!s.profile)
		s.profile = &sd_profiles[0];
	s.units = s.size / RAND_BLOCK;
	/*
	 * Going round the file again must never have two writes of one block in
	 * flight (or one filled ahead): the file holds 2 x (depth + 2) transfers.
	 */
	if (s.size % s.block || (s.time_based &&
	    s.size / s.block < 2 * ((uint64_t)bk_param_int(p, "depth") + 2))) {
		pr_fail("--size %llu must be a multiple of --block %zu%s",
			(unsigned long long)s.size, s.block, s.time_based ?
			" and, with --time-based, hold at least 2 x (depth + 2) blocks" : "");
		return BK_EXIT_USAGE;
	}
	if (ctx->dry_run)
		return bk_drive_dry_check(bk_param_str(p, "filepath"));
	bk_cache_use_module(!bk_param_flag(p, "no-kmod"));
	rc = bk_drive_env_open(&s.env, ctx, bk_param_str(p, "filepath"), BK_WORKDIR_CREATE, 1e6,
			       &sd_file, 1);
	if (rc)
		return rc;
	snprintf(advice, sizeof(advice), "use a smaller --size");
	rc = bk_drive_check_space(&s.env, s.size + BK_DIO_ALIGN, advice);
	if (rc)
		return bk_drive_env_close(&s.env, rc, 0);
	s.gen = calloc(s.units, sizeof(*s.gen));
	s.perm = malloc(s.units * sizeof(*s.perm));
	if (!s.gen || !s.perm) {
		pr_fail("out of memory for the block tables of a %llu-byte file",
			(unsigned long long)s.size);
		rc = BK_EXIT_ENV;
		goto out;
	}
	s.view_now = (struct view){ &s, 0 };
	s.view_next = (struct view){ &s, 1 };
	s.now = (struct bk_layout){ 1, s.env.run_id, RAND_BLOCK, sd_pattern, &s.view_now };
	s.next = (struct bk_layout){ 1, s.env.run_id, RAND_BLOCK, sd_pattern, &s.view_next };
	shuffle(&s);
	rc = bk_drive_aio_open(&s.env, &s.aio, bk_drive_engine(p), (unsigned)bk_param_int(p, "depth"),
			       s.engine_note, sizeof(s.engine_note));
	if (rc)
		goto out;
	bk_drive_date(date, sizeof(date));
	bk_out(&ctx->log, "\n SD card test after Raspberry Pi's sd_bench.fio, burnkit %s, %s\n",
	       BK_VERSION, date);
	bk_out(&ctx->log, " File %.2f MiB, queue depth %u, sequential %zu KB and random 4 KB "
	       "transfers, %g s %s\n (KB = 1024 bytes, as fio counts)\n", (double)s.size / MIB,
	       s.aio.depth, s.block / 1024, s.seconds,
	       s.time_based ? "per test" : "at most per test");
	bk_out(&ctx->log, " Profile %s%s: %s\n", s.profile->name,
	       s.targets ? "" : " (targets not judged: --no-targets)", s.profile->source);
	rc = bk_drive_probe(&s.env, 0, s.engine_note);
	if (rc)
		goto out;
	valid = s.env.direct && !s.env.ram_fs;
	fd = bk_workdir_create(&s.env.wd, FILE_NAME, O_RDWR | bk_drive_flags(&s.env), err,
			       sizeof(err));
	if (fd < 0) {
		pr_fail("%s", err);
		rc = fd == -EIO ? BK_EXIT_FAULT : BK_EXIT_ENV;
		goto out;
	}
	for (s.run = 1;; s.run++) {
		if (s.targets && s.profile->runs > 1)
			bk_out(&ctx->log, "\n Run %u (of at most %u; the first that passes "
			       "passes)\n", s.run, s.profile->runs);
		rc = one_run(&s, fd, want, &valid, &failed);
		if (rc || !s.targets || !valid || !sd_another_run(s.profile, s.run, !failed))
			break;
	}
	if (!rc && s.targets) {
		bk_out(&ctx->log, "\n Result: %s", !valid ? "NOT VALID: the data was served "
		       "from RAM, not the card" : failed ? "FAIL" : "PASS");
		if (valid && s.profile->runs > 1)
			bk_out(&ctx->log, failed ? " (after %u run(s), profile %s)" :
			       " (in run %u, profile %s)", s.run, s.profile->name);
		bk_out(&ctx->log, "\n");
		bk_json_str(&ctx->log.summary, "verdict", !valid ? "not valid" :
			    failed ? "FAIL" : "PASS");
		if (failed)
			rc = BK_EXIT_FAULT;
		else if (!valid)
			rc = BK_EXIT_ENV;
	}
	bk_json_str(&ctx->log.summary, "profile", s.profile->name);
	bk_json_uint(&ctx->log.summary, "runs", s.run);
out:
	if (fd >= 0)
		close(fd);
	bk_aio_close(&s.aio);
	free(s.gen);
	free(s.perm);
	rc = bk_drive_verdict(&s.env, rc);
	return bk_drive_env_close(&s.env, rc, 0);
}

const struct bk_tester bk_tester_sdcard = {
	.name = "sdcard",
	.summary = "Raspberry Pi SD card test: sequential write, 4 KB random write and read",
	.help = "Raspberry Pi's acceptance test (agnostics sd_bench.fio, sdtest.sh):\n"
		"a 64 MB file, 512 KB sequential writes, 4 KB random writes and reads,\n"
		"queue depth 4 through io_uring (or Linux AIO), O_DIRECT, 10 s at most\n"
		"each, judged as one version of sdtest.sh did (--profile):\n"
		"  2020 (default; agnostics 0.1, Feb 2020): one run; PASS at >= 10000 KB/s\n"
		"       sequential write, >= 500 IOPS random write, >= 1500 IOPS random read.\n"
		"  2024 (agnostics 0.15/0.16, Jul 2024, A2 cards): up to 3 runs, the first\n"
		"       passing run passes; prepare >= 9000 KB/s, sequential write >= 7500\n"
		"       KB/s, random write >= 2500 KB/s, random read >= 9000 KB/s (fio's\n"
		"       mean bandwidth, which that script compares: 625 and 2250 IOPS).\n"
		"Source: github.com/raspberrypi-ui/agnostics, data/sdtest.sh and\n"
		"data/sd_bench.fio. Latency percentiles p50 to p99.9. Every 4 KB\n"
		"read is checked (file, block, run and the generation its last write\n"
		"left, by header compare and OR/AND sums: well under a microsecond per\n"
		"block, done while the next transfers are in flight). Exit 1 also when\n"
		"a target is missed.",
	.params = sdcard_params,
	.log_prefix = "logSDcard",
	.quick = "FilePath . --size 4M --seconds 0.2 --no-targets --only seq-write "
		 "--only rand-write --only rand-read --only seq-read",
	.flags = BK_TF_DRY_CHECKS,
	.run = sdcard_run,
};
