// SPDX-License-Identifier: MIT
/* workdir: the drive testers' own directory, its manifest and its claims. */
#include "storage/workdir.h"
#include "storage/dio.h"
#include "log.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
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

#define MANIFEST_MAGIC "burnkit test directory v1 owner "

static void set_err(char *err, size_t len, const char *fmt, ...) BK_PRINTF(3, 4);

static void set_err(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

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

	if (write(w->manifest_fd, line, n) != (ssize_t)n)
		return errno ? -errno : -EIO;
	if (fsync(w->manifest_fd))
		return -errno;
	return 0;
}

/* Read the manifest: the owner line, claims and notes. */
static int load_manifest(struct bk_workdir *w, char *err, size_t len)
{
	char buf[8192], expect[96];
	ssize_t n = pread(w->manifest_fd, buf, sizeof(buf) - 1, 0);
	char *line, *save = NULL;

	if (n < 0) {
		set_err(err, len, "%s/%s: cannot read: %s", w->path, BK_WORKDIR_MANIFEST,
			strerror(errno));
		return -errno;
	}
	buf[n] = '\0';
	snprintf(expect, sizeof(expect), MANIFEST_MAGIC "%s\n", w->owner);
	if (strncmp(buf, expect, strlen(expect))) {
		set_err(err, len, "%s: its manifest is not burnkit %s's; burnkit "
			"works only in a directory it made: move it away or choose "
			"another FilePath", w->path, w->owner);
		return -EEXIST;
	}
	for (line = strtok_r(buf + strlen(expect), "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char a[64], b[64];

		if (sscanf(line, "claim %63s", a) == 1 && w->nclaims < BK_WORKDIR_MAX_CLAIMS) {
			unsigned i;

			for (i = 0; i < w->nclaims && strcmp(w->claims[i], a); i++)
				;
			if (i == w->nclaims)
				bk_strlcpy(w->claims[w->nclaims++], a, sizeof(w->claims[0]));
		} else if (sscanf(line, "note %63s %63s", a, b) == 2) {
			unsigned i;

			for (i = 0; i < w->nnotes && strcmp(w->notes[i][0], a); i++)
				;
			if (i == w->nnotes) {
				if (w->nnotes >= BK_WORKDIR_MAX_NOTES)
					continue;
				w->nnotes++;
			}
			bk_strlcpy(w->notes[i][0], a, sizeof(w->notes[0][0]));
			bk_strlcpy(w->notes[i][1], b, sizeof(w->notes[0][1]));
		}
	}
	return 0;
}

static void close_fds(struct bk_workdir *w)
{
	if (w->manifest_fd >= 0)
		close(w->manifest_fd);	/* releases the lock */
	if (w->dirfd >= 0)
		close(w->dirfd);
	w->manifest_fd = w->dirfd = -1;
}

static int count_leftovers(struct bk_workdir *w)
{
	int fd = openat(w->dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return -errno;
	}
	w->leftovers = 0;
	while ((e = readdir(d)))
		if (bk_workdir_claimed(w, e->d_name))
			w->leftovers++;
	closedir(d);
	return 0;
}

int bk_workdir_open(struct bk_workdir *w, const char *parent, const char *owner,
		    enum bk_workdir_mode mode, char *err, size_t len)
{
	char name[64], real[PATH_MAX];
	struct stat st;
	int pfd, rc;

	memset(w, 0, sizeof(*w));
	w->dirfd = w->manifest_fd = -1;
	bk_strlcpy(w->owner, owner, sizeof(w->owner));
	snprintf(name, sizeof(name), "burnkit-%s", owner);

	if (stat(parent, &st)) {
		rc = -errno;
		if (errno == ENOENT)
			set_err(err, len, "FilePath %s: no such directory; create it "
				"(mkdir -p %s) or choose another", parent, parent);
		else
			set_err(err, len, "FilePath %s: %s", parent, strerror(errno));
		return rc;
	}
	if (!S_ISDIR(st.st_mode)) {
		set_err(err, len, "FilePath %s is not a directory; give the directory "
			"to test in", parent);
		return -ENOTDIR;
	}
	if (!realpath(parent, real) || strlen(real) >= sizeof(w->parent)) {
		set_err(err, len, "FilePath %s: cannot resolve it: %s", parent,
			strerror(errno ? errno : ENAMETOOLONG));
		return -ENAMETOOLONG;
	}
	bk_strlcpy(w->parent, real, sizeof(w->parent));
	snprintf(w->path, sizeof(w->path), "%s%s%s", real,
		 strcmp(real, "/") ? "/" : "", name);

	pfd = open(real, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (pfd < 0) {
		set_err(err, len, "FilePath %s: cannot open: %s", real, strerror(errno));
		return -errno;
	}
	if (mode == BK_WORKDIR_CREATE && !mkdirat(pfd, name, 0755))
		w->created = 1;
	else if (mode == BK_WORKDIR_CREATE && errno != EEXIST) {
		rc = -errno;
		set_err(err, len, "cannot create %s: %s (%s): %s", w->path,
			strerror(-rc), bk_errno_name(-rc), fix_for(-rc));
		close(pfd);
		return rc;
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
		return rc;
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
	if (flock(w->manifest_fd, LOCK_EX | LOCK_NB)) {
		rc = -errno;
		set_err(err, len, "%s is in use by another burnkit %s run: wait for "
			"it to end, or choose another FilePath", w->path, owner);
		goto fail;
	}
	if (w->created) {
		char head[96];

		snprintf(head, sizeof(head), MANIFEST_MAGIC "%s\n", owner);
		rc = append_line(w, head);
		if (rc) {
			set_err(err, len, "%s/%s: cannot write: %s (%s): %s", w->path,
				BK_WORKDIR_MANIFEST, strerror(-rc), bk_errno_name(-rc),
				fix_for(-rc));
			goto fail;
		}
		return 0;
	}
	rc = load_manifest(w, err, len);
	if (rc)
		goto fail;
	count_leftovers(w);
	return 0;
fail:
	if (w->created) {
		if (w->manifest_fd >= 0)
			unlinkat(w->dirfd, BK_WORKDIR_MANIFEST, 0);
		close_fds(w);
		rmdir(w->path);
	}
	close_fds(w);
	return rc;
}

int bk_workdir_claimed(const struct bk_workdir *w, const char *name)
{
	if (!strcmp(name, BK_WORKDIR_MANIFEST) || strchr(name, '/'))
		return 0;
	for (unsigned i = 0; i < w->nclaims; i++)
		if (!fnmatch(w->claims[i], name, FNM_PERIOD))
			return 1;
	return 0;
}

int bk_workdir_claim(struct bk_workdir *w, const char *pattern, char *err, size_t len)
{
	char line[96];
	int rc;

	for (unsigned i = 0; i < w->nclaims; i++)
		if (!strcmp(w->claims[i], pattern))
			return 0;
	if (w->nclaims >= BK_WORKDIR_MAX_CLAIMS || strlen(pattern) >= sizeof(w->claims[0]) ||
	    strchr(pattern, '/') || strchr(pattern, ' ')) {
		set_err(err, len, "claim \"%s\": not allowed (internal)", pattern);
		return -EINVAL;
	}
	snprintf(line, sizeof(line), "claim %s\n", pattern);
	rc = append_line(w, line);
	if (rc) {
		set_err(err, len, "%s/%s: cannot write: %s (%s): %s", w->path,
			BK_WORKDIR_MANIFEST, strerror(-rc), bk_errno_name(-rc), fix_for(-rc));
		return rc;
	}
	bk_strlcpy(w->claims[w->nclaims++], pattern, sizeof(w->claims[0]));
	return 0;
}

int bk_workdir_create(struct bk_workdir *w, const char *name, int flags,
		      char *err, size_t len)
{
	int fd;

	if (!bk_workdir_claimed(w, name)) {
		set_err(err, len, "%s/%s: not a name burnkit claimed (internal)", w->path,
			name);
		return -EPERM;
	}
	for (int tries = 0; tries < 2; tries++) {
		fd = openat(w->dirfd, name, O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | flags,
			    0644);
		if (fd >= 0)
			return fd;
		if (errno != EEXIST || tries)
			break;
		/* Claimed, in our own directory: left by an earlier run of ours. */
		if (unlinkat(w->dirfd, name, 0))
			break;
	}
	int rc = -errno;

	set_err(err, len, "cannot create %s/%s: %s (%s): %s", w->path, name,
		strerror(-rc), bk_errno_name(-rc), fix_for(-rc));
	return rc;
}

int bk_workdir_open_file(struct bk_workdir *w, const char *name, int flags,
			 char *err, size_t len)
{
	int fd;

	if (!bk_workdir_claimed(w, name)) {
		set_err(err, len, "%s/%s: not a name burnkit claimed", w->path, name);
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
	if (!bk_workdir_claimed(w, name))
		return -EPERM;
	if (unlinkat(w->dirfd, name, 0) && errno != ENOENT)
		return -errno;
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
	unsigned i;

	if (strlen(key) >= 64 || strlen(value) >= 64 || strchr(key, ' ') ||
	    strchr(value, ' ') || strchr(value, '\n'))
		return -EINVAL;
	snprintf(line, sizeof(line), "note %s %s\n", key, value);
	int rc = append_line(w, line);

	if (rc)
		return rc;
	for (i = 0; i < w->nnotes && strcmp(w->notes[i][0], key); i++)
		;
	if (i == w->nnotes) {
		if (w->nnotes >= BK_WORKDIR_MAX_NOTES)
			return -ENOSPC;
		w->nnotes++;
	}
	bk_strlcpy(w->notes[i][0], key, sizeof(w->notes[0][0]));
	bk_strlcpy(w->notes[i][1], value, sizeof(w->notes[0][1]));
	return 0;
}

const char *bk_workdir_get(const struct bk_workdir *w, const char *key)
{
	for (unsigned i = 0; i < w->nnotes; i++)
		if (!strcmp(w->notes[i][0], key))
			return w->notes[i][1];
	return NULL;
}

int bk_workdir_remove(struct bk_workdir *w)
{
	int fd, removed = 0, failed = 0;
	DIR *d;
	struct dirent *e;

	if (w->dirfd < 0)
		return 0;
	/* A new open of the directory: a dup would share its read position. */
	fd = openat(w->dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	d = fd >= 0 ? fdopendir(fd) : NULL;
	if (!d) {
		if (fd >= 0)
			close(fd);
		pr_warn("cannot list %s to delete the test files: %s", w->path,
			strerror(errno));
		close_fds(w);
		return -1;
	}
	while ((e = readdir(d))) {
		if (!bk_workdir_claimed(w, e->d_name))
			continue;
		if (unlinkat(w->dirfd, e->d_name, 0)) {
			pr_warn("cannot delete %s/%s: %s", w->path, e->d_name,
				strerror(errno));
			failed = 1;
		} else {
			removed++;
		}
	}
	closedir(d);
	if (!failed) {
		if (unlinkat(w->dirfd, BK_WORKDIR_MANIFEST, 0) && errno != ENOENT)
			failed = 1;
		close_fds(w);
		if (!failed && rmdir(w->path)) {
			if (errno == ENOTEMPTY || errno == EEXIST)
				pr_warn("left %s in place: it holds files burnkit did not "
					"create", w->path);
			else
				pr_warn("cannot remove %s: %s", w->path, strerror(errno));
			failed = 1;
		}
	}
	close_fds(w);
	return failed ? -1 : removed;
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
