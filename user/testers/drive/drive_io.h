/* SPDX-License-Identifier: MIT */
/*
 * drive_io: the steps drive, speed and sdcard share. Their directory in
 * FilePath and the space check, the O_DIRECT probe, dropping and counting
 * cached pages, the verifier and its error lines, and what to say and
 * which exit status to give when a transfer fails mid-run.
 */
#ifndef BK_DRIVE_IO_H
#define BK_DRIVE_IO_H

#include <stddef.h>
#include <stdint.h>

#include "storage/aio.h"
#include "storage/devid.h"
#include "storage/devstat.h"
#include "storage/pagecache.h"
#include "tester.h"
#include "storage/verify.h"
#include "storage/workdir.h"
#include "storage/xfer.h"

struct bk_drive_env {
	struct bk_ctx *ctx;
	struct bk_workdir wd;
	struct bk_space space;	/* at the start */
	int direct;		/* O_DIRECT works here and is used */
	char direct_why[320];	/* why it is not */
	uint32_t run_id;
	struct bk_verifier ver;
	const char *phase;	/* for error lines: "read pass 2", ... */
	const char *file_name;	/* the file being read */
	struct bk_io_counts counts;	/* short transfers, over the run */
	uint64_t last_line_ns;	/* for progress every 15 s */
	uint64_t need_bytes;	/* what the test was sized to */
	double mb;		/* bytes in the tester's MB: 10^6, or 2^20 (burnindrive) */
	int ram_fs;		/* tmpfs, ramfs: every read is served from RAM */
	struct bk_devid dev;	/* the block device under the work directory */
};

/* A fresh run id: random, never 0. */
uint32_t bk_drive_run_id(void);

/*
 * Open FilePath/burnkit-<tester> (mode as for bk_workdir_open) for a run
 * whose test files are the names of files[0..nfiles), read the
 * space, print Longbottom's path and size lines in MB of mb bytes. On
 * failure prints the message and returns the exit status to give; 0 on
 * success.
 */
int bk_drive_env_open(struct bk_drive_env *e, struct bk_ctx *ctx, const char *filepath,
		      enum bk_workdir_mode mode, double mb,
		      const struct bk_workdir_series *files, unsigned nfiles);

/* --dry-run: the FilePath checks of a real run, creating nothing. An exit status. */
int bk_drive_dry_check(const char *filepath);

/*
 * The identity block of the device holding path (storage/devid) in the
 * text log; id (may be NULL) receives it.
 */
void bk_drive_identify(struct bk_ctx *ctx, const char *path, struct bk_devid *id);

/*
 * The counters of the block device under the work directory
 * (storage/devstat). 0, or -1 with why filled (no block device, no
 * counters).
 */
int bk_drive_devstat(const struct bk_drive_env *e, struct bk_devstat *s, char *why, size_t len);

/* Add an engine's short-transfer counts to the run's. */
void bk_drive_take_counts(struct bk_drive_env *e, struct bk_aio *a);

/*
 * The space check. need: bytes the test writes at most. Returns 0 when it
 * fits; else prints what is needed, what is free and `advice`, and
 * returns BK_EXIT_ENV.
 */
int bk_drive_check_space(struct bk_drive_env *e, uint64_t need, const char *advice);
/* Bytes a test may use here: free space less a reserve for the system. */
uint64_t bk_drive_usable(const struct bk_drive_env *e);

/*
 * Probe O_DIRECT with a real transfer on a scratch file of ours, unless
 * cached is set. Sets e->direct and e->direct_why; prints the I/O line.
 * Returns 0, or an exit status when even the scratch file cannot be made.
 */
int bk_drive_probe(struct bk_drive_env *e, int cached, const char *engine_note);

/* open() flags for the test files: O_DIRECT when it works. */
int bk_drive_flags(const struct bk_drive_env *e);

/*
 * Drop the file's cached pages (unless keep_cache) and count what stays
 * resident. Fills r; on failure r->pages is 0 and a warning is printed.
 */
void bk_drive_settle(struct bk_drive_env *e, const char *name, int fd, int keep_cache,
		     struct bk_residency *r);

/* "0 of 512 pages (0%, burnkit.ko)", or "unknown". */
void bk_drive_residency_text(const struct bk_residency *r, char *buf, size_t len);
/* Add r to the sum: pages, resident pages, and how they were counted. */
void bk_drive_residency_add(struct bk_residency *sum, const struct bk_residency *r);

/*
 * A transfer failed: print what, where, why and the fix, write an "io_error"
 * record, and return the exit status (1 for EIO and other device errors,
 * 3 for a full or read-only filesystem and the like).
 */
int bk_drive_io_failed(struct bk_drive_env *e, const char *what, const char *name,
		       int err, uint64_t off);

/*
 * End the run: delete the test files unless keep, close. Returns rc, or
 * BK_EXIT_INTERRUPTED when stopped by Ctrl-C.
 */
int bk_drive_env_close(struct bk_drive_env *e, int rc, int keep);

/* A progress line on stderr when nothing was printed for 15 seconds. */
void bk_drive_progress(struct bk_drive_env *e, const char *fmt, ...) BK_PRINTF(2, 3);
/* Note that a result line was just printed. */
void bk_drive_printed(struct bk_drive_env *e);

/* The verifier's summary members in the summary record; the exit status. */
int bk_drive_verdict(struct bk_drive_env *e, int rc);

/* "Thu Oct 17 15:37:37 2013" now. */
void bk_drive_date(char *buf, size_t len);

/* Where the transfers of a stream go. */
enum bk_drive_order {
	BK_DRIVE_SEQ,		/* i * len from `start`, wrapping at `span` */
	BK_DRIVE_FIXED,		/* `start`, again and again */
	BK_DRIVE_RANDOM,	/* random multiples of len below `span` */
	BK_DRIVE_LIST,		/* slot list[i % nlist] * len */
};

/* A stream of transfers on one file, checked (reads) or filled (writes). */
struct bk_drive_stream {
	const struct bk_layout *l;	/* the file's layout */
	enum bk_drive_order order;
	size_t len;			/* bytes per transfer */
	uint64_t start, span;
	const uint32_t *list;		/* BK_DRIVE_LIST */
	uint64_t nlist;
	uint64_t rng;			/* BK_DRIVE_RANDOM state (any seed) */
	/* Writes: called when a write is whole, with its range (may be NULL). */
	void (*written)(void *arg, uint64_t off, size_t len);
	void *arg;
	const char *what;		/* progress: "writing file 2" */
	uint64_t total;			/* progress: bytes of the whole job */
	struct bk_drive_env *env;	/* set by bk_drive_stream_run */
	uint64_t *cache;		/* random offsets, internal */
};

/*
 * Run s on fd through a: count transfers (UINT64_MAX: until deadline_ns),
 * at a's depth. Reads are verified with e->ver; the stream stops when the
 * verifier is full. The outcome is in x (done, bytes, seconds, err,
 * stopped); the engine's short-transfer counts go to e.
 */
void bk_drive_stream_run(struct bk_drive_env *e, struct bk_aio *a, int fd, int write,
			 struct bk_drive_stream *s, uint64_t count, uint64_t deadline_ns,
			 struct bk_lathist *lat, struct bk_xfer *x);

/* --engine and --no-kmod, the same in all three testers. */
extern const char *const bk_drive_engines[];
#define BK_DRIVE_PARAM_ENGINE						\
	{ "engine", NULL, BK_PT_CHOICE, 0, 0, "auto",			\
	  "I/O interface: io_uring, linux-aio or sync (auto: the first that works)", \
	  bk_drive_engines }
#define BK_DRIVE_PARAM_NO_KMOD						\
	{ "no-kmod", NULL, BK_PT_FLAG, 0, 0, NULL,			\
	  "drop and count cached pages without burnkit.ko even when it is loaded", \
	  NULL }

/* The engine --engine asks for. */
enum bk_aio_kind bk_drive_engine(const struct bk_params *p);

/* Open an engine of the asked kind; on failure print and return an exit status. */
int bk_drive_aio_open(struct bk_drive_env *e, struct bk_aio *a, enum bk_aio_kind kind,
		      unsigned depth, char *note, size_t len);

#endif
