// SPDX-License-Identifier: MIT
/* drive_io: the steps the drive testers share. */
#include "drive_io.h"
#include "storage/devid.h"
#include "storage/lathist.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PROBE_NAME "probe.tmp"

const char *const bk_drive_engines[] = { "auto", "io_uring", "linux-aio", "sync", NULL };

enum bk_aio_kind bk_drive_engine(const struct bk_params *p)
{
	const char *eng = bk_param_str(p, "engine");

	if (!strcmp(eng, "io_uring"))
		return BK_AIO_URING;
	if (!strcmp(eng, "linux-aio"))
		return BK_AIO_LINUX;
	if (!strcmp(eng, "sync"))
		return BK_AIO_SYNC;
	return BK_AIO_AUTO;
}

uint32_t bk_drive_run_id(void)
{
	uint32_t id = 0;

	if (getrandom(&id, sizeof(id), GRND_NONBLOCK) != sizeof(id))
		id = (uint32_t)(bk_wall_ns() ^ ((uint64_t)getpid() << 16));
	return id ? id : 0x5eed5eedu;
}

void bk_drive_date(char *buf, size_t len)
{
	bk_ctime(buf, len);
}

static void report_error(void *arg, const struct bk_verify_error *err)
{
	struct bk_drive_env *e = arg;
	struct bk_log *log = &e->ctx->log;
	char when[16], path[3300];
	time_t t = (time_t)(err->wall_ns / 1000000000ull);
	struct tm tm;
	struct bk_json j;

	localtime_r(&t, &tm);
	strftime(when, sizeof(when), "%H:%M:%S", &tm);
	bk_out(log, " ERROR %s, file %u block %llu, byte %llu: expected %08X, read %08X"
	       " at %s; %u wrong word(s) in this 4 KB unit%s\n", e->phase ? e->phase : "read",
	       err->file, (unsigned long long)err->block, (unsigned long long)err->offset,
	       err->expected, err->actual, when, err->words,
	       err->zeroed ? ", which reads as zeros" :
	       err->wrong_file ? "  Wrong File Read" : "");
	bk_drive_printed(e);
	bk_workdir_file_path(&e->wd, e->file_name ? e->file_name : "?", path, sizeof(path));
	bk_json_init(&j);
	bk_rec_begin(log, &j, "error");
	bk_json_str(&j, "phase", e->phase);
	bk_json_uint(&j, "file", err->file);
	bk_json_str(&j, "path", path);
	bk_json_uint(&j, "block", err->block);
	bk_json_uint(&j, "offset", err->offset);
	bk_json_uint(&j, "expected", err->expected);
	bk_json_uint(&j, "actual", err->actual);
	bk_json_uint(&j, "wall_ns", err->wall_ns);
	bk_json_uint(&j, "words", err->words);
	bk_json_bool(&j, "wrong_file", err->wrong_file);
	bk_json_bool(&j, "zeroed", err->zeroed);
	bk_rec_end(log, &j);
	bk_json_free(&j);
}

static void mb_text(const struct bk_drive_env *e, char *buf, size_t len, uint64_t bytes)
{
	snprintf(buf, len, "%.2f MB", (double)bytes / e->mb);
}

void bk_drive_take_counts(struct bk_drive_env *e, struct bk_aio *a)
{
	e->counts.short_reads += a->counts.short_reads;
	e->counts.short_writes += a->counts.short_writes;
	e->counts.interrupted += a->counts.interrupted;
	memset(&a->counts, 0, sizeof(a->counts));
}

int bk_drive_env_open(struct bk_drive_env *e, struct bk_ctx *ctx, const char *filepath,
		      enum bk_workdir_mode mode, double mb,
		      const struct bk_workdir_series *files, unsigned nfiles)
{
	struct bk_workdir_series series[BK_WORKDIR_MAX_SERIES];
	char err[1024];
	int rc;

	memset(e, 0, sizeof(*e));
	e->ctx = ctx;
	e->mb = mb;
	e->run_id = bk_drive_run_id();
	e->last_line_ns = bk_now_ns();
	bk_verifier_init(&e->ver, BK_VERIFY_MAX_ERRORS, report_error, e);
	/* A write beyond `ulimit -f` must fail with EFBIG, not kill us. */
	signal(SIGXFSZ, SIG_IGN);
	/* The tester's own files, and the scratch file of the O_DIRECT probe. */
	if (nfiles >= BK_WORKDIR_MAX_SERIES)
		nfiles = BK_WORKDIR_MAX_SERIES - 1;
	memcpy(series, files, nfiles * sizeof(*files));
	series[nfiles++] = (struct bk_workdir_series){ .prefix = PROBE_NAME };
	rc = bk_workdir_open(&e->wd, filepath, ctx->tester->name, mode, e->run_id, series,
			     nfiles, err, sizeof(err));
	if (rc) {
		pr_fail("%s", err);
		return BK_EXIT_ENV;
	}
	if (e->wd.leftovers && mode == BK_WORKDIR_CREATE)
		pr_inf("%s holds %u test file(s) an earlier burnkit run made; they are replaced",
		       e->wd.path, e->wd.leftovers);
	bk_space_of(e->wd.path, &e->space);
	e->ram_fs = !strcmp(e->space.fs, "tmpfs") || !strcmp(e->space.fs, "ramfs");
	bk_out(&ctx->log, "\n Selected File Path:\n %s/\n", e->wd.path);
	bk_out(&ctx->log, " Total MB %7.0f, Free MB %7.0f, Used MB %7.0f  (%s; MB = %s bytes)\n",
	       (double)e->space.total / mb, (double)e->space.free / mb,
	       (double)e->space.used / mb, e->space.fs, mb == 1e6 ? "10^6" : "2^20");
	bk_drive_identify(ctx, e->wd.path, &e->dev);
	return 0;
}

int bk_drive_dry_check(const char *filepath)
{
	struct stat st;

	if (stat(filepath, &st)) {
		if (errno == ENOENT)
			pr_fail("FilePath %s: no such directory; create it (mkdir -p %s) or "
				"choose another", filepath, filepath);
		else
			pr_fail("FilePath %s: %s", filepath, strerror(errno));
		return BK_EXIT_ENV;
	}
	if (!S_ISDIR(st.st_mode)) {
		pr_fail("FilePath %s is not a directory; give the directory to test in",
			filepath);
		return BK_EXIT_ENV;
	}
	return BK_EXIT_OK;
}

void bk_drive_identify(struct bk_ctx *ctx, const char *path, struct bk_devid *id)
{
	struct bk_devid own;
	char text[2048];

	if (!id)
		id = &own;
	bk_devid_from_path(id, path, NULL);
	bk_devid_text(id, text, sizeof(text));
	bk_out(&ctx->log, "%s", text);
}

int bk_drive_devstat(const struct bk_drive_env *e, struct bk_devstat *s, char *why, size_t len)
{
	if (!e->dev.found) {
		snprintf(why, len, "%s", e->dev.why);
		return -1;
	}
	return bk_devstat_read(e->dev.major, e->dev.minor, NULL, s, why, len);
}

uint64_t bk_drive_usable(const struct bk_drive_env *e)
{
	uint64_t reserve = e->space.total / 100;

	if (reserve < (256u << 10))
		reserve = 256u << 10;
	if (reserve > (256u << 20))
		reserve = 256u << 20;
	return e->space.free > reserve ? e->space.free - reserve : 0;
}

int bk_drive_check_space(struct bk_drive_env *e, uint64_t need, const char *advice)
{
	char need_t[32], free_t[32], res_t[32];
	uint64_t usable = bk_drive_usable(e);

	e->need_bytes = need;
	if (need <= usable)
		return 0;
	mb_text(e, need_t, sizeof(need_t), need);
	mb_text(e, free_t, sizeof(free_t), e->space.free);
	mb_text(e, res_t, sizeof(res_t), e->space.free - usable);
	pr_fail("not enough space in %s: the test writes %s, %s are free (%s) and "
		"%s stay free for the system; %s, or free space, or choose another "
		"FilePath", e->wd.parent, need_t, free_t, e->space.fs, res_t, advice);
	return BK_EXIT_ENV;
}

int bk_drive_probe(struct bk_drive_env *e, int cached, const char *engine_note)
{
	char err[1024];
	int fd, rc;

	if (cached) {
		e->direct = 0;
		snprintf(e->direct_why, sizeof(e->direct_why),
			 "CacheData: the page cache may hold the data");
	} else {
		fd = bk_workdir_create(&e->wd, PROBE_NAME, O_RDWR, err, sizeof(err));
		if (fd < 0) {
			pr_fail("%s", err);
			return fd == -EIO ? BK_EXIT_FAULT : BK_EXIT_ENV;
		}
		rc = bk_dio_probe(fd, e->direct_why, sizeof(e->direct_why));
		close(fd);
		bk_workdir_unlink(&e->wd, PROBE_NAME);
		e->direct = !rc;
		if (rc)
			pr_warn("direct I/O does not work in %s (%s): %s; falling back to "
				"buffered I/O with the page cache dropped before each read "
				"(results served from RAM are labelled cached)",
				e->wd.path, e->space.fs, e->direct_why);
	}
	bk_out(&e->ctx->log, " I/O: %s%s%s%s; every byte read is verified\n",
	       e->direct ? "direct (O_DIRECT, probed with a real transfer)" :
	       "buffered (", e->direct ? "" : e->direct_why, e->direct ? "" : ")",
	       engine_note ? engine_note : "");
	bk_out(&e->ctx->log, " Page cache: %s\n", bk_cache_method());
	if (e->ram_fs)
		bk_out(&e->ctx->log, " %s keeps its files in RAM: every read result here is "
		       "RAM speed and is labelled cached\n", e->space.fs);
	return 0;
}

int bk_drive_flags(const struct bk_drive_env *e)
{
	return e->direct ? O_DIRECT : 0;
}

void bk_drive_settle(struct bk_drive_env *e, const char *name, int fd, int keep_cache,
		     struct bk_residency *r)
{
	char path[3300], why[512];
	int rc;

	memset(r, 0, sizeof(*r));
	bk_workdir_file_path(&e->wd, name, path, sizeof(path));
	rc = keep_cache ? bk_cache_count(path, fd, r, why, sizeof(why))
			: bk_cache_drop(path, fd, r, why, sizeof(why));
	if (rc) {
		pr_warn("%s: %s", path, why);
		r->pages = 0;
	}
}

void bk_drive_residency_text(const struct bk_residency *r, char *buf, size_t len)
{
	if (!r->pages)
		snprintf(buf, len, "unknown");
	else
		snprintf(buf, len, "%llu of %llu pages (%.0f%%, %s)",
			 (unsigned long long)r->resident, (unsigned long long)r->pages,
			 100.0 * (double)r->resident / (double)r->pages, r->how);
}

void bk_drive_residency_add(struct bk_residency *sum, const struct bk_residency *r)
{
	sum->pages += r->pages;
	sum->resident += r->resident;
	if (r->page_size)
		sum->page_size = r->page_size;
	if (r->how)
		sum->how = r->how;
}

int bk_drive_io_failed(struct bk_drive_env *e, const char *what, const char *name,
		       int err, uint64_t off)
{
	char path[3300], need_t[32], free_t[32];
	const char *fix;
	int rc = BK_EXIT_ENV;
	struct bk_json j;

	bk_workdir_file_path(&e->wd, name, path, sizeof(path));
	mb_text(e, need_t, sizeof(need_t), e->need_bytes);
	mb_text(e, free_t, sizeof(free_t), e->space.free);
	switch (err) {
	case ENOSPC:
	case EDQUOT:
		fix = "the filesystem filled up during the test (something else is "
		      "writing there, or the quota is lower than the free space): free "
		      "space, or run a smaller test";
		break;
	case EROFS:
		fix = "the filesystem went read-only during the test, which the kernel "
		      "does after a drive or filesystem error: see dmesg, check the "
		      "drive (fsck), then remount it read-write";
		break;
	case EFBIG:
		fix = "the file is larger than the filesystem allows (FAT: 4 GB) or "
		      "than ulimit -f: run a smaller test";
		break;
	case ENODATA:
		fix = "the file is shorter than it was written: the drive or "
		      "filesystem lost data (see dmesg)";
		rc = BK_EXIT_FAULT;
		break;
	case EIO:
		fix = "the drive reported an error: see dmesg; check the cable, the "
		      "power supply and the drive";
		rc = BK_EXIT_FAULT;
		break;
	case EINVAL:
		fix = "the filesystem refused the transfer (direct I/O alignment?): "
		      "try CacheData";
		break;
	default:
		fix = "see dmesg";
		rc = BK_EXIT_FAULT;
		break;
	}
	if (err == ENOSPC || err == EDQUOT || err == EFBIG)
		pr_fail("%s %s failed at byte %llu: %s (%s); %s was free at the start and "
			"the test needs %s; %s", what, path, (unsigned long long)off,
			strerror(err), bk_errno_name(err), free_t, need_t, fix);
	else
		pr_fail("%s %s failed at byte %llu: %s (%s); %s", what, path,
			(unsigned long long)off, strerror(err), bk_errno_name(err), fix);
	bk_json_init(&j);
	bk_rec_begin(&e->ctx->log, &j, "io_error");
	bk_json_str(&j, "op", what);
	bk_json_str(&j, "path", path);
	bk_json_uint(&j, "offset", off);
	bk_json_str(&j, "errno", bk_errno_name(err));
	bk_json_str(&j, "error", strerror(err));
	bk_rec_end(&e->ctx->log, &j);
	bk_json_free(&j);
	return rc;
}

int bk_drive_env_close(struct bk_drive_env *e, int rc, int keep)
{
	if (bk_stop_requested() && (rc == BK_EXIT_OK || rc == BK_EXIT_INTERRUPTED))
		rc = BK_EXIT_INTERRUPTED;
	if (e->wd.dirfd < 0)
		return rc;
	if (keep) {
		bk_out(&e->ctx->log, " Test files kept in %s\n", e->wd.path);
		bk_workdir_close(&e->wd);
		return rc;
	}
	struct bk_workdir_removal r;
	char path[sizeof(e->wd.path)];

	bk_strlcpy(path, e->wd.path, sizeof(path));
	bk_workdir_remove(&e->wd, &r);
	if (r.others)
		pr_warn("left %s in place: it holds %u file(s) burnkit did not make (%s), "
			"which it did not touch%s; %u test file(s) of burnkit's deleted. Move "
			"those files out of it, then delete the directory", path, r.others,
			r.other_names, r.failed ? " and test files the filesystem refused "
			"to delete (above)" : "", r.deleted);
	else if (r.failed)
		pr_warn("test files are left in %s: the filesystem refused to delete them "
			"(above); the directory holds only burnkit's files: delete it with "
			"rm -r %s once the filesystem works again", path, path);
	else if (rc == BK_EXIT_INTERRUPTED)
		pr_inf("interrupted: %u test file(s) deleted", r.deleted);
	else if (rc != BK_EXIT_OK && r.deleted > 0)
		pr_inf("%u test file(s) deleted", r.deleted);
	return rc;
}

void bk_drive_printed(struct bk_drive_env *e)
{
	e->last_line_ns = bk_now_ns();
}

void bk_drive_progress(struct bk_drive_env *e, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	if (bk_now_ns() - e->last_line_ns < 15ull * 1000000000ull)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	pr_inf("%s", line);
	bk_drive_printed(e);
}

int bk_drive_verdict(struct bk_drive_env *e, int rc)
{
	struct bk_json *s = &e->ctx->log.summary;

	bk_json_uint(s, "bytes_verified", e->ver.bytes);
	bk_json_uint(s, "bad_words", e->ver.bad_words);
	bk_json_uint(s, "bad_units", e->ver.bad_units);
	bk_json_uint(s, "short_reads", e->counts.short_reads);
	bk_json_uint(s, "short_writes", e->counts.short_writes);
	bk_json_bool(s, "direct_io", e->direct);
	bk_json_str(s, "page_cache", bk_cache_method());
	bk_json_str(s, "file_system", e->space.fs[0] ? e->space.fs : NULL);
	bk_json_uint(s, "run_id", e->run_id);
	if (e->counts.short_reads || e->counts.short_writes)
		bk_out(&e->ctx->log, " Short transfers, completed by retrying: %llu reads, "
		       "%llu writes\n", (unsigned long long)e->counts.short_reads,
		       (unsigned long long)e->counts.short_writes);
	if (e->ver.bad_words) {
		bk_out(&e->ctx->log, " %llu wrong word(s) in %llu unit(s) of 4096 bytes (a file "
		       "stops being read after %u bad units; every file is checked)\n",
		       (unsigned long long)e->ver.bad_words,
		       (unsigned long long)e->ver.bad_units, e->ver.max_errors);
		if (rc == BK_EXIT_OK || rc == BK_EXIT_INTERRUPTED)
			rc = BK_EXIT_FAULT;
		if (e->ver.nrecorded) {
			const struct bk_verify_error *f = &e->ver.recorded[0];

			bk_log_reason(&e->ctx->log, "data error: %llu wrong word(s) in %llu "
				      "unit(s), the first in file %u at byte %llu (expected "
				      "%08X, read %08X)", (unsigned long long)e->ver.bad_words,
				      (unsigned long long)e->ver.bad_units, f->file,
				      (unsigned long long)f->offset, f->expected, f->actual);
		}
	}
	return rc;
}

int bk_drive_aio_open(struct bk_drive_env *e, struct bk_aio *a, enum bk_aio_kind kind,
		      unsigned depth, char *note, size_t len)
{
	char why[512] = "";
	int rc = bk_aio_open(a, kind, depth, why, sizeof(why));

	(void)e;
	if (rc) {
		pr_fail("cannot use %s: %s; choose another --engine", bk_aio_kind_name(kind), why);
		return BK_EXIT_ENV;
	}
	if (a->kind == BK_AIO_SYNC && kind == BK_AIO_AUTO) {
		pr_dbg("%s", why);
		snprintf(note, len, ", %s (%s)", bk_aio_kind_name(a->kind),
			 "no asynchronous I/O here");
	} else {
		snprintf(note, len, ", %s", bk_aio_kind_name(a->kind));
	}
	return 0;
}

/* xorshift64*: cheap, and good enough to scatter offsets. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t x = *state ? *state : 0x9E3779B97F4A7C15ull;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545F4914F6CDD1Dull;
}

static uint64_t stream_offset(void *arg, uint64_t i)
{
	struct bk_drive_stream *s = arg;

	switch (s->order) {
	case BK_DRIVE_FIXED:
		return s->start;
	case BK_DRIVE_RANDOM: {
		/* xfer asks for the offset of transfer i twice: keep the last few. */
		uint64_t *slot = &s->cache[(i % (BK_AIO_MAX_DEPTH + 2)) * 2];

		if (slot[0] != i + 1) {
			slot[0] = i + 1;
			slot[1] = next_random(&s->rng) % (s->span / s->len) * s->len;
		}
		return slot[1];
	}
	case BK_DRIVE_LIST:
		return (uint64_t)s->list[i % s->nlist] * s->len;
	default:
		return (s->start + i * s->len) % (s->span ? s->span : UINT64_MAX);
	}
}

static void stream_fill(void *arg, uint64_t i, uint64_t off, void *buf, size_t len,
			uint64_t prev_off)
{
	struct bk_drive_stream *s = arg;

	(void)i;
	bk_layout_refill(s->l, buf, off, len, prev_off);
}

static void stream_progress(struct bk_drive_stream *s, uint64_t i)
{
	if ((i & 63) || !s->what || !s->total)
		return;
	bk_drive_progress(s->env, "%s: %.0f%%", s->what,
			  100.0 * (double)((i + 1) * s->len) / (double)s->total);
}

static int stream_check(void *arg, uint64_t i, uint64_t off, void *buf, size_t len)
{
	struct bk_drive_stream *s = arg;
	struct bk_verifier *v = &s->env->ver;

	if (bk_verify(v, s->l, buf, off, len) && bk_verifier_full(v))
		return 1;
	stream_progress(s, i);
	return 0;
}

static int stream_written(void *arg, uint64_t i, uint64_t off, void *buf, size_t len)
{
	struct bk_drive_stream *s = arg;

	(void)buf;
	if (s->written)
		s->written(s->arg, off, len);
	stream_progress(s, i);
	return 0;
}

void bk_drive_stream_run(struct bk_drive_env *e, struct bk_aio *a, int fd, int write,
			 struct bk_drive_stream *s, uint64_t count, uint64_t deadline_ns,
			 struct bk_lathist *lat, struct bk_xfer *x)
{
	uint64_t cache[(BK_AIO_MAX_DEPTH + 2) * 2];

	memset(cache, 0, sizeof(cache));
	s->env = e;
	s->cache = cache;
	memset(x, 0, sizeof(*x));
	x->aio = a;
	x->fd = fd;
	x->write = write;
	x->len = s->len;
	x->count = count;
	x->deadline_ns = deadline_ns;
	x->offset = stream_offset;
	x->prepare = write ? stream_fill : NULL;
	x->complete = write ? stream_written : stream_check;
	x->arg = s;
	x->lat = lat;
	bk_xfer_run(x);
	s->cache = NULL;
	bk_drive_take_counts(e, a);
}
