/* SPDX-License-Identifier: MIT */
/*
 * workdir: where the drive testers may write. Each works in its own
 * directory inside the FilePath the user gave, "burnkit-<tester>", whose
 * manifest (.burnkit-manifest) proves burnkit made it and lists the names
 * burnkit may create there ("claims", shell patterns) before any such file
 * is created. A tester creates, opens and deletes only claimed names in a
 * directory with its own manifest, so it never touches a file it did not
 * create; anything else is refused with the path and the way out. The
 * manifest is locked while a run uses the directory, and holds the notes
 * a later --verify-only run needs.
 */
#ifndef BK_WORKDIR_H
#define BK_WORKDIR_H

#include <stddef.h>
#include <stdint.h>

#define BK_WORKDIR_MANIFEST ".burnkit-manifest"
#define BK_WORKDIR_MAX_CLAIMS 16
#define BK_WORKDIR_MAX_NOTES 16

struct bk_workdir {
	char parent[3072];	/* FilePath, absolute */
	char path[3200];	/* parent/burnkit-<owner> */
	char owner[32];
	int dirfd;
	int manifest_fd;	/* open and locked */
	int created;		/* this run made the directory */
	unsigned nclaims;
	char claims[BK_WORKDIR_MAX_CLAIMS][64];
	unsigned nnotes;
	char notes[BK_WORKDIR_MAX_NOTES][2][64];
	unsigned leftovers;	/* claimed files found from an earlier run */
};

enum bk_workdir_mode {
	BK_WORKDIR_CREATE,	/* make it, or take over our own from an earlier run */
	BK_WORKDIR_EXISTING,	/* it must be there (verify what an earlier run left) */
};

/*
 * Open parent/burnkit-<owner>. Returns 0, or -errno with a message in err
 * that names the path, the reason and the fix.
 */
int bk_workdir_open(struct bk_workdir *w, const char *parent, const char *owner,
		    enum bk_workdir_mode mode, char *err, size_t len);

/* Record that names matching pattern (fnmatch) are burnkit's. 0 or -errno. */
int bk_workdir_claim(struct bk_workdir *w, const char *pattern, char *err, size_t len);

/* Is name claimed? */
int bk_workdir_claimed(const struct bk_workdir *w, const char *name);

/*
 * Create a claimed file (O_CREAT | O_EXCL | flags; a claimed file left by
 * an earlier run is deleted first). Returns the fd, or -errno with err set.
 */
int bk_workdir_create(struct bk_workdir *w, const char *name, int flags,
		      char *err, size_t len);

/* Open an existing claimed file. Returns the fd, or -errno with err set. */
int bk_workdir_open_file(struct bk_workdir *w, const char *name, int flags,
			 char *err, size_t len);

/* Delete a claimed file. 0 or -errno. */
int bk_workdir_unlink(struct bk_workdir *w, const char *name);

/* The absolute path of a file in the directory. */
void bk_workdir_file_path(const struct bk_workdir *w, const char *name, char *buf,
			  size_t len);

/* Notes kept in the manifest: set (appended, synced) and get (NULL: none). */
int bk_workdir_note(struct bk_workdir *w, const char *key, const char *value);
const char *bk_workdir_get(const struct bk_workdir *w, const char *key);

/*
 * Delete every claimed file, the manifest and the directory (when nothing
 * else is in it), and close. Returns the number of files deleted, -1 if
 * something could not be removed (said on stderr).
 */
int bk_workdir_remove(struct bk_workdir *w);

/* Close and keep the files. */
void bk_workdir_close(struct bk_workdir *w);

struct bk_space {
	uint64_t total, free, used;	/* bytes; free is what this user may use */
	char fs[16];			/* filesystem type, "ext4", "tmpfs", ... */
};

/* statvfs/statfs of the filesystem holding path. 0 or -errno. */
int bk_space_of(const char *path, struct bk_space *s);

#endif
