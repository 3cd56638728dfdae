// SPDX-License-Identifier: MIT
/* workdir: the drive testers' own directory, its manifest, and what is theirs. */
#include "storage/workdir.h"
#include "storage/workdir_manifest.h"
#include "storage/dio.h"
#include "log.h"
#include "util.h"
#include "storage/verify.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>


static void set_err(char *err, size_t len, const char *fmt, ...) BK_PRINTF(3, 4);

static void set_err(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (!err || !len)
		return;
	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
}

/* How to get past a failure to write in dir. */
static const char *fix_for(int e)
{
	switch (e) {
	case EROFS:
		return "remount it read-write or choose another FilePath";
	case EACCES:
	case EPERM:
		return "run as a user who may write there, or choose another FilePath";
	case ENOSPC:
	case EDQUOT:
		return "free some space or choose another FilePath";
	default:
		return "choose another FilePath";
	}
}

static int append_line(struct bk_workdir *w, const char *line)
{
	size_t n = strlen(line);

	errno = 0;
	if (write(w->manifest_fd, line, n) != (ssize_t)n)
		return errno ? -errno : -EIO;
	if (fsync(w->manifest_fd))
		return -errno;
	return 0;
}

static void close_fds(struct bk_workdir *w)
{
	if (w->manifest_fd >= 0)
		close(w->manifest_fd);	/* releases the lock */
	if (w->dirfd >= 0)
		close(w->dirfd);
	w->manifest_fd = w->dirfd = -1;
	free(w->made);
	w->made = NULL;
}

/* The index of name in the run's list of names, or -1. */
static long name_slot(const struct bk_workdir *w, const char *name)
{
	for (unsigned i = 0; i < w->nseries; i++) {
		const char *rest = name;
		char digits[16];
		size_t plen = strlen(w->series[i].prefix), nd = 0;
		unsigned long num;

		if (strncmp(name, w->series[i].prefix, plen))
			continue;
		rest += plen;
		if (!w->series[i].digits) {
			if (!strcmp(rest, w->series[i].suffix))
				return (long)w->series[i].slot;
			continue;
		}
		while (isdigit((unsigned char)rest[nd]) && nd < 10)
			nd++;
		if (!nd || strcmp(rest + nd, w->series[i].suffix))
			continue;
		num = strtoul(rest, NULL, 10);
		snprintf(digits, sizeof(digits), "%0*lu", (int)w->series[i].digits, num);
		if (strlen(digits) != nd || strncmp(digits, rest, nd) ||
		    num < w->series[i].first || num - w->series[i].first >= w->series[i].count)
			continue;
		return (long)(w->series[i].slot + (num - w->series[i].first));
	}
	return -1;
}

int bk_workdir_listed(const struct bk_workdir *w, const char *name)
{
	return name_slot(w, name) >= 0;
}

int bk_workdir_ours(const struct bk_workdir *w, const char *name, char *why, size_t len)
{
	long slot = name_slot(w, name);
	uint32_t head[BK_UNIT_HEADER_WORDS];
	struct stat st, fst;
	int fd;
	ssize_t n;

	if (slot < 0) {
		set_err(why, len, "not a name burnkit %s uses", w->owner);
		return 0;
	}
	if (fstatat(w->dirfd, name, &st, AT_SYMLINK_NOFOLLOW))
		return -errno;
	if (!S_ISREG(st.st_mode)) {
		set_err(why, len, "not a regular file");
		return 0;
	}
	if (w->made && w->made[slot] == st.st_ino)
		return 1;
	/* Not made by this run: its first unit's header names the run. */
	fd = openat(w->dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = pread(fd, head, sizeof(head), 0);
	if (fstat(fd, &fst) || fst.st_ino != st.st_ino)
		n = -1;
	close(fd);
	if (n == (ssize_t)sizeof(head) && head[1] == 0)
		for (unsigned i = 0; i < w->nruns; i++)
			if (head[3] == w->runs[i])
				return 1;
	set_err(why, len, "no burnkit header with a run id this directory records");
	return 0;
}

/* Append name to a "a, b, c" list of at most len bytes. */
static void list_add(char *list, size_t len, const char *name)
{
	size_t used = strlen(list);

	if (used + strlen(name) + 8 >= len) {
		if (!strstr(list, ", ..."))
			bk_strlcpy(list + used, ", ...", len - used);
		return;
	}
	snprintf(list + used, len - used, "%s%s", used ? ", " : "", name);
}

/* Sort the entries of the directory into ours (counted) and the others. */
static int scan(struct bk_workdir *w, unsigned *others, char *names, size_t len)
{
	int fd = openat(w->dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return -errno;
	}
	w->leftovers = *others = 0;
	names[0] = '\0';
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    !strcmp(e->d_name, BK_WORKDIR_MANIFEST))
			continue;
		if (bk_workdir_ours(w, e->d_name, NULL, 0) == 1) {
			w->leftovers++;
		} else {
			(*others)++;
			list_add(names, len, e->d_name);
		}
	}
	closedir(d);
	return 0;
}

static int set_series(struct bk_workdir *w, const struct bk_workdir_series *series,
		      unsigned nseries, char *err, size_t len)
{
	if (nseries > BK_WORKDIR_MAX_SERIES) {
		set_err(err, len, "too many kinds of test file (internal)");
		return -EINVAL;
	}
	for (unsigned i = 0; i < nseries; i++) {
		const struct bk_workdir_series *s = &series[i];

		if (strlen(s->prefix) >= sizeof(w->series[0].prefix) ||
		    strlen(s->suffix ? s->suffix : "") >= sizeof(w->series[0].suffix) ||
		    !bk_manifest_token_ok(s->prefix, strlen(s->prefix)) || s->digits > 9) {
			set_err(err, len, "test file name \"%s\": not allowed (internal)",
				s->prefix);
			return -EINVAL;
		}
		bk_strlcpy(w->series[i].prefix, s->prefix, sizeof(w->series[0].prefix));
		bk_strlcpy(w->series[i].suffix, s->suffix ? s->suffix : "",
			   sizeof(w->series[0].suffix));
		w->series[i].digits = s->digits;
		w->series[i].first = s->first;
		w->series[i].count = s->digits ? s->count : 1;
		w->series[i].slot = w->nnames;
		w->nnames += w->series[i].count;
	}
	w->nseries = nseries;
	w->made = calloc(w->nnames ? w->nnames : 1, sizeof(*w->made));
	return w->made ? 0 : -ENOMEM;
}

int bk_workdir_open(struct bk_workdir *w, const char *parent, const char *owner,
		    enum bk_workdir_mode mode, uint32_t run_id,
		    const struct bk_workdir_series *series, unsigned nseries,
		    char *err, size_t len)
{
	char name[64], real[PATH_MAX], others[512], line[32];
	unsigned nothers = 0;
	struct stat st;
	int pfd, rc;

	memset(w, 0, sizeof(*w));
	w->dirfd = w->manifest_fd = -1;
	bk_strlcpy(w->owner, owner, sizeof(w->owner));
	snprintf(name, sizeof(name), "burnkit-%s", owner);
	rc = set_series(w, series, nseries, err, len);
	if (rc)
		goto fail;

	if (stat(parent, &st)) {
		rc = -errno;
		if (errno == ENOENT)
			set_err(err, len, "FilePath %s: no such directory; create it "
				"(mkdir -p %s) or choose another", parent, parent);
		else
			set_err(err, len, "FilePath %s: %s", parent, strerror(errno));
		goto fail;
	}
	if (!S_ISDIR(st.st_mode)) {
		set_err(err, len, "FilePath %s is not a directory; give the directory "
			"to test in", parent);
		rc = -ENOTDIR;
		goto fail;
	}
	if (!realpath(parent, real) || strlen(real) >= sizeof(w->parent)) {
		set_err(err, len, "FilePath %s: cannot resolve it: %s", parent,
			strerror(errno ? errno : ENAMETOOLONG));
		rc = -ENAMETOOLONG;
		goto fail;
	}
	bk_strlcpy(w->parent, real, sizeof(w->parent));
	snprintf(w->path, sizeof(w->path), "%s%s%s", real,
		 strcmp(real, "/") ? "/" : "", name);

	pfd = open(real, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (pfd < 0) {
		rc = -errno;
		set_err(err, len, "FilePath %s: cannot open: %s", real, strerror(errno));
		goto fail;
	}
	if (mode == BK_WORKDIR_CREATE && !mkdirat(pfd, name, 0755))
		w->created = 1;
	else if (mode == BK_WORKDIR_CREATE && errno != EEXIST) {
		rc = -errno;
		set_err(err, len, "cannot create %s: %s (%s): %s", w->path,
			strerror(-rc), bk_errno_name(-rc), fix_for(-rc));
		close(pfd);
		goto fail;
	}
	w->dirfd = openat(pfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	rc = -errno;
	close(pfd);
	if (w->dirfd < 0) {
		if (mode == BK_WORKDIR_EXISTING && rc == -ENOENT)
			set_err(err, len, "%s: no files of an earlier burnkit %s run "
				"there (write them first, e.g. with DontRunReadTests)",
				w->path, owner);
		else
			set_err(err, len, "%s exists and is not a directory burnkit "
				"made (%s): move it away or choose another FilePath",
				w->path, strerror(-rc));
		goto fail;
	}
	w->manifest_fd = openat(w->dirfd, BK_WORKDIR_MANIFEST,
				O_RDWR | O_APPEND | O_NOFOLLOW | O_CLOEXEC |
				(w->created ? O_CREAT | O_EXCL : 0), 0644);
	if (w->manifest_fd < 0) {
		rc = -errno;
		if (rc == -ENOENT)
			set_err(err, len, "%s exists but burnkit did not make it (no %s "
				"in it): burnkit touches only its own files; move it "
				"away or choose another FilePath", w->path,
				BK_WORKDIR_MANIFEST);
		else
			set_err(err, len, "%s/%s: %s (%s): %s", w->path,
				BK_WORKDIR_MANIFEST, strerror(-rc), bk_errno_name(-rc),
				fix_for(-rc));
		goto fail;
	}
	if (fstat(w->manifest_fd, &st) || !S_ISREG(st.st_mode)) {
		rc = -EEXIST;
		set_err(err, len, "%s/%s is not a regular file: burnkit does not use this "
			"directory; move it away or choose another FilePath", w->path,
			BK_WORKDIR_MANIFEST);
		goto fail;
	}
	if (flock(w->manifest_fd, LOCK_EX | LOCK_NB)) {
		rc = -errno;
		set_err(err, len, "%s is in use by another burnkit %s run: wait for "
			"it to end, or choose another FilePath", w->path, owner);
		goto fail;
	}
	if (w->created) {
		char head[96];

		snprintf(head, sizeof(head), BK_MANIFEST_MAGIC "%s\n", owner);
		rc = append_line(w, head);
	} else {
		rc = bk_manifest_load(w, err, len);
		if (rc)
			goto fail;
		rc = scan(w, &nothers, others, sizeof(others));
		if (rc) {
			set_err(err, len, "cannot list %s: %s", w->path, strerror(-rc));
			goto fail;
		}
		if (nothers) {
			set_err(err, len, "%s holds %u file(s) burnkit did not make: %s; "
				"burnkit deletes only its own test files, so it does not "
				"use this directory: move them out of it, or choose another "
				"FilePath", w->path, nothers, others);
			rc = -EEXIST;
			goto fail;
		}
	}
	if (mode == BK_WORKDIR_CREATE && !rc && w->nruns < BK_WORKDIR_MAX_RUNS) {
		snprintf(line, sizeof(line), "run %08x\n", run_id);
		rc = append_line(w, line);
		w->runs[w->nruns++] = run_id;
	}
	if (rc) {
		set_err(err, len, "%s/%s: cannot write: %s (%s): %s", w->path,
			BK_WORKDIR_MANIFEST, strerror(-rc), bk_errno_name(-rc), fix_for(-rc));
		goto fail;
	}
	return 0;
fail:
	if (w->created && w->dirfd >= 0) {
		if (w->manifest_fd >= 0)
			unlinkat(w->dirfd, BK_WORKDIR_MANIFEST, 0);
		close_fds(w);
		rmdir(w->path);
	}
	close_fds(w);
	return rc;
}

int bk_workdir_create(struct bk_workdir *w, const char *name, int flags,
		      char *err, size_t len)
{
	long slot = name_slot(w, name);
	char why[128];
	struct stat st;
	int fd, rc;

	if (slot < 0) {
		set_err(err, len, "%s/%s: not a name of burnkit %s's list (internal)",
			w->path, name, w->owner);
		return -EPERM;
	}
	for (int tries = 0; tries < 2; tries++) {
		fd = openat(w->dirfd, name, O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | flags,
			    0644);
		if (fd >= 0) {
			if (!fstat(fd, &st))
				w->made[slot] = st.st_ino;
			return fd;
		}
		if (errno != EEXIST || tries)
			break;
		rc = bk_workdir_ours(w, name, why, sizeof(why));
		if (rc == 0) {
			set_err(err, len, "%s/%s is there and burnkit did not make it (%s): "
				"it is left alone; move it away or choose another FilePath",
				w->path, name, why);
			return -EEXIST;
		}
		/* Ours, left by an earlier run: replaced. */
		if (rc < 0 || unlinkat(w->dirfd, name, 0))
			break;
	}
	rc = -errno;
	set_err(err, len, "cannot create %s/%s: %s (%s): %s", w->path, name,
		strerror(-rc), bk_errno_name(-rc), fix_for(-rc));
	return rc;
}

int bk_workdir_open_file(struct bk_workdir *w, const char *name, int flags,
			 char *err, size_t len)
{
	int fd;

	if (!bk_workdir_listed(w, name)) {
		set_err(err, len, "%s/%s: not a name of burnkit %s's list", w->path, name,
			w->owner);
		return -EPERM;
	}
	fd = openat(w->dirfd, name, O_NOFOLLOW | O_CLOEXEC | flags);
	if (fd < 0) {
		int rc = -errno;

		set_err(err, len, "cannot open %s/%s: %s (%s)", w->path, name,
			strerror(-rc), bk_errno_name(-rc));
		return rc;
	}
	return fd;
}

int bk_workdir_unlink(struct bk_workdir *w, const char *name)
{
	long slot = name_slot(w, name);
	int rc;

	if (slot < 0)
		return -EPERM;
	rc = bk_workdir_ours(w, name, NULL, 0);
	if (rc == -ENOENT)
		return 0;
	if (rc <= 0)
		return rc ? rc : -EPERM;
	if (unlinkat(w->dirfd, name, 0) && errno != ENOENT)
		return -errno;
	w->made[slot] = 0;
	return 0;
}

void bk_workdir_file_path(const struct bk_workdir *w, const char *name, char *buf,
			  size_t len)
{
	snprintf(buf, len, "%s/%s", w->path, name);
}

int bk_workdir_note(struct bk_workdir *w, const char *key, const char *value)
{
	char line[160];
	int rc;

	if (!bk_manifest_token_ok(key, strlen(key)) || !bk_manifest_token_ok(value, strlen(value)))
		return -EINVAL;
	snprintf(line, sizeof(line), "note %s %s\n", key, value);
	rc = append_line(w, line);
	if (rc)
		return rc;
	bk_manifest_set_note(w, key, value);
	return 0;
}

const char *bk_workdir_get(const struct bk_workdir *w, const char *key)
{
	for (unsigned i = 0; i < w->nnotes; i++)
		if (!strcmp(w->notes[i][0], key))
			return w->notes[i][1];
	return NULL;
}

int bk_workdir_remove(struct bk_workdir *w, struct bk_workdir_removal *r)
{
	struct bk_workdir_removal mine;
	int fd;
	DIR *d;
	struct dirent *e;

	if (!r)
		r = &mine;
	memset(r, 0, sizeof(*r));
	if (w->dirfd < 0)
		return -1;
	/* A new open of the directory: a dup would share its read position. */
	fd = openat(w->dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	d = fd >= 0 ? fdopendir(fd) : NULL;
	if (!d) {
		if (fd >= 0)
			close(fd);
		pr_warn("cannot list %s to delete the test files: %s", w->path,
			strerror(errno));
		r->failed = 1;
		close_fds(w);
		return -1;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    !strcmp(e->d_name, BK_WORKDIR_MANIFEST))
			continue;
		if (bk_workdir_ours(w, e->d_name, NULL, 0) != 1) {
			r->others++;
			list_add(r->other_names, sizeof(r->other_names), e->d_name);
		} else if (unlinkat(w->dirfd, e->d_name, 0)) {
			pr_warn("cannot delete %s/%s: %s", w->path, e->d_name,
				strerror(errno));
			r->failed++;
		} else {
			r->deleted++;
		}
	}
	closedir(d);
	if (!r->failed && !r->others) {
		int failed = unlinkat(w->dirfd, BK_WORKDIR_MANIFEST, 0) && errno != ENOENT;

		close_fds(w);
		if (failed || rmdir(w->path))
			pr_warn("cannot remove %s: %s", w->path, strerror(errno));
		else
			r->dir_removed = 1;
	}
	close_fds(w);
	return r->dir_removed ? 0 : -1;
}

void bk_workdir_close(struct bk_workdir *w)
{
	close_fds(w);
}

int bk_space_of(const char *path, struct bk_space *s)
{
	static const struct { uint32_t magic; const char *name; } types[] = {
		{ 0xEF53, "ext4" }, { 0x01021994, "tmpfs" }, { 0x58465342, "xfs" },
		{ 0x9123683E, "btrfs" }, { 0x4d44, "vfat" }, { 0x2011BAB0, "exfat" },
		{ 0x6969, "nfs" }, { 0xFF534D42, "cifs" }, { 0xFE534D42, "smb2" },
		{ 0x65735546, "fuse" }, { 0x5346544e, "ntfs" }, { 0x858458f6, "ramfs" },
		{ 0x794c7630, "overlayfs" }, { 0xF2F52010, "f2fs" }, { 0x73717368, "squashfs" },
	};
	struct statvfs v;
	struct statfs f;

	memset(s, 0, sizeof(*s));
	if (statvfs(path, &v))
		return -errno;
	s->total = (uint64_t)v.f_blocks * v.f_frsize;
	s->free = (uint64_t)v.f_bavail * v.f_frsize;
	s->used = s->total - (uint64_t)v.f_bfree * v.f_frsize;
	snprintf(s->fs, sizeof(s->fs), "unknown");
	if (!statfs(path, &f))
		for (size_t i = 0; i < BK_ARRAY_SIZE(types); i++)
			if ((uint32_t)f.f_type == types[i].magic) {
				bk_strlcpy(s->fs, types[i].name, sizeof(s->fs));
				break;
			}
	return 0;
}
