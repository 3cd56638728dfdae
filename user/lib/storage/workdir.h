/* SPDX-License-Identifier: MIT */
/*
 * workdir: where the drive testers may write. Each works in its own
 * directory inside the FilePath the user gave, "burnkit-<tester>", whose
 * manifest (.burnkit-manifest) proves burnkit made it. What a tester may
 * delete is decided by its code, never by a file: the names of its own
 * generated list (burndrive1.dat ... burndrive4.dat, small00000.dat ...
 * with the count the run uses), and of those only a regular file it made:
 * one this run created (same inode), or one whose first unit carries the
 * run id of a run the manifest records (the header every test file
 * starts with, see verify.h). Anything else in the directory is left
 * alone, named in one line, and makes the next run refuse the directory
 * with that list. The manifest is parsed exactly (a line it does not know
 * and it is refused, not trusted), locked while a run uses the directory,
 * and holds the notes a later --verify-only run needs.
 */
#ifndef BK_WORKDIR_H
#define BK_WORKDIR_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define BK_WORKDIR_MANIFEST ".burnkit-manifest"
#define BK_WORKDIR_MAX_SERIES 8
#define BK_WORKDIR_MAX_NOTES 16
#define BK_WORKDIR_MAX_RUNS 64

/*
 * A series of generated names: prefix, then (digits > 0) the number i for
 * first <= i < first + count printed with at least `digits` digits, then
 * suffix. digits 0: the one name prefix + suffix.
 */
struct bk_workdir_series {
	const char *prefix;
	unsigned digits;
	unsigned first, count;
	const char *suffix;
};

struct bk_workdir {
	char parent[3072];	/* FilePath, absolute */
	char path[3200];	/* parent/burnkit-<owner> */
	char owner[32];
	int dirfd;
	int manifest_fd;	/* open and locked */
	int created;		/* this run made the directory */
	unsigned nseries;
	struct {
		char prefix[32], suffix[16];
		unsigned digits, first, count;
		size_t slot;	/* of its first name in made[] */
	} series[BK_WORKDIR_MAX_SERIES];
	ino_t *made;		/* per name: the inode this run created, or 0 */
	size_t nnames;
	unsigned nruns;
	uint32_t runs[BK_WORKDIR_MAX_RUNS];	/* run ids the manifest records */
	unsigned nnotes;
	char notes[BK_WORKDIR_MAX_NOTES][2][64];
	unsigned leftovers;	/* files of ours an earlier run left */
};

enum bk_workdir_mode {
	BK_WORKDIR_CREATE,	/* make it, or take over our own from an earlier run */
	BK_WORKDIR_EXISTING,	/* it must be there (verify what an earlier run left) */
};

/*
 * Open parent/burnkit-<owner> for a run with id run_id whose files are the
 * names of series[0..nseries). The directory is refused when its manifest
 * does not parse exactly, or when it holds anything but the manifest and
 * files of ours. CREATE records run_id in the manifest. Returns 0, or
 * -errno with a message in err that names the path, the reason and the fix.
 */
int bk_workdir_open(struct bk_workdir *w, const char *parent, const char *owner,
		    enum bk_workdir_mode mode, uint32_t run_id,
		    const struct bk_workdir_series *series, unsigned nseries,
		    char *err, size_t len);

/* Is name one of the run's generated names? */
int bk_workdir_listed(const struct bk_workdir *w, const char *name);

/*
 * Is the entry name in the directory a file burnkit made: listed, a regular
 * file, and created by this run or carrying a recorded run id? 1, 0 (why
 * not in why, when given), or -errno when it cannot be looked at.
 */
int bk_workdir_ours(const struct bk_workdir *w, const char *name, char *why, size_t len);

/*
 * Create a listed file (O_CREAT | O_EXCL | flags; a file of ours left by an
 * earlier run is deleted first, anything else is refused). Returns the fd,
 * or -errno with err set.
 */
int bk_workdir_create(struct bk_workdir *w, const char *name, int flags,
		      char *err, size_t len);

/* Open an existing listed file. Returns the fd, or -errno with err set. */
int bk_workdir_open_file(struct bk_workdir *w, const char *name, int flags,
			 char *err, size_t len);

/* Delete a file of ours (not there: 0). 0, -EPERM when it is not ours, or -errno. */
int bk_workdir_unlink(struct bk_workdir *w, const char *name);

/* The absolute path of a file in the directory. */
void bk_workdir_file_path(const struct bk_workdir *w, const char *name, char *buf,
			  size_t len);

/* Notes kept in the manifest: set (appended, synced) and get (NULL: none). */
int bk_workdir_note(struct bk_workdir *w, const char *key, const char *value);
const char *bk_workdir_get(const struct bk_workdir *w, const char *key);

/* What bk_workdir_remove did. */
struct bk_workdir_removal {
	unsigned deleted;	/* files of ours deleted */
	unsigned failed;	/* files of ours the filesystem refused to delete */
	unsigned others;	/* entries left because burnkit did not make them */
	char other_names[512];	/* "a, b, c" (cut with "..." when long) */
	int dir_removed;	/* the directory and its manifest are gone */
};

/*
 * Delete the files of ours, then the manifest and the directory when nothing
 * else is left, and close. Entries not ours are left untouched and listed in
 * r; the manifest then stays, so the next run refuses the directory with
 * that list. Returns 0 when the directory is gone, -1 otherwise.
 */
int bk_workdir_remove(struct bk_workdir *w, struct bk_workdir_removal *r);

/* Close and keep the files. */
void bk_workdir_close(struct bk_workdir *w);

struct bk_space {
	uint64_t total, free, used;	/* bytes; free is what this user may use */
	char fs[16];			/* filesystem type, "ext4", "tmpfs", ... */
};

/* statvfs/statfs of the filesystem holding path. 0 or -errno. */
int bk_space_of(const char *path, struct bk_space *s);

#endif
