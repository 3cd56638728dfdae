// SPDX-License-Identifier: MIT
/*
 * The drive testers' directory: only claimed names in a directory with
 * burnkit's manifest are ever created or deleted; anything else is refused
 * with the path in the message.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "storage/workdir.h"

static char parent[256];

static void setup(void)
{
	struct stat st;

	snprintf(parent, sizeof(parent), "%s/bk-workdir.XXXXXX",
		 !stat("build", &st) && S_ISDIR(st.st_mode) ? "build" : ".");
	cr_assert_not_null(mkdtemp(parent));
}

static void teardown(void)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", parent);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(workdir, .init = setup, .fini = teardown);

static int exists(const char *rel)
{
	char p[512];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s", parent, rel);
	return !lstat(p, &st);
}

static void touch(const char *rel)
{
	char p[512];
	int fd;

	snprintf(p, sizeof(p), "%s/%s", parent, rel);
	fd = open(p, O_WRONLY | O_CREAT, 0644);
	cr_assert_geq(fd, 0, "%s: %s", p, strerror(errno));
	close(fd);
}

Test(workdir, creates_claims_and_removes_only_its_own)
{
	struct bk_workdir w;
	char err[1024];
	int fd;

	cr_assert_eq(bk_workdir_open(&w, parent, "drive", BK_WORKDIR_CREATE, err, sizeof(err)),
		     0, "%s", err);
	cr_assert(w.created);
	cr_assert(exists("burnkit-drive/.burnkit-manifest"));
	cr_assert_eq(bk_workdir_create(&w, "data1.dat", O_RDWR, err, sizeof(err)), -EPERM,
		     "unclaimed name");
	cr_assert_eq(bk_workdir_claim(&w, "data[1-4].dat", err, sizeof(err)), 0, "%s", err);
	fd = bk_workdir_create(&w, "data1.dat", O_RDWR, err, sizeof(err));
	cr_assert_geq(fd, 0, "%s", err);
	close(fd);
	cr_assert_eq(bk_workdir_create(&w, "data5.dat", O_RDWR, err, sizeof(err)), -EPERM);
	cr_assert_eq(bk_workdir_unlink(&w, ".burnkit-manifest"), -EPERM);
	touch("burnkit-drive/user.txt");	/* someone else's file */
	cr_assert_eq(bk_workdir_remove(&w), -1, "the directory cannot go");
	cr_assert(!exists("burnkit-drive/data1.dat"), "ours deleted");
	cr_assert(exists("burnkit-drive/user.txt"), "theirs kept");
}

Test(workdir, removes_the_directory_when_only_ours_was_there)
{
	struct bk_workdir w;
	char err[1024];

	cr_assert_eq(bk_workdir_open(&w, parent, "speed", BK_WORKDIR_CREATE, err, sizeof(err)),
		     0, "%s", err);
	cr_assert_eq(bk_workdir_claim(&w, "small*.dat", err, sizeof(err)), 0);
	for (int i = 0; i < 5; i++) {
		char name[32];

		snprintf(name, sizeof(name), "small%03d.dat", i);
		int fd = bk_workdir_create(&w, name, O_WRONLY, err, sizeof(err));

		cr_assert_geq(fd, 0, "%s", err);
		close(fd);
	}
	cr_assert_eq(bk_workdir_remove(&w), 5);
	cr_assert(!exists("burnkit-speed"));
}

Test(workdir, refuses_a_directory_it_did_not_make)
{
	struct bk_workdir w;
	char err[1024], p[512];

	snprintf(p, sizeof(p), "%s/burnkit-drive", parent);
	cr_assert_eq(mkdir(p, 0755), 0);
	touch("burnkit-drive/precious.doc");
	cr_assert_lt(bk_workdir_open(&w, parent, "drive", BK_WORKDIR_CREATE, err, sizeof(err)), 0);
	cr_assert(strstr(err, p), "the message names the path: %s", err);
	cr_assert(strstr(err, "did not make"), "%s", err);
	cr_assert(exists("burnkit-drive/precious.doc"));
}

Test(workdir, refuses_a_file_in_its_place_and_another_testers_manifest)
{
	struct bk_workdir w;
	char err[1024];

	touch("burnkit-sdcard");
	cr_assert_lt(bk_workdir_open(&w, parent, "sdcard", BK_WORKDIR_CREATE, err, sizeof(err)), 0);
	cr_assert(exists("burnkit-sdcard"));

	cr_assert_eq(bk_workdir_open(&w, parent, "drive", BK_WORKDIR_CREATE, err, sizeof(err)), 0);
	bk_workdir_close(&w);
	cr_assert_eq(rename(strcat(strcpy(err, parent), "/burnkit-drive"),
			    strcat(strcpy(err + 512, parent), "/burnkit-speed")), 0);
	cr_assert_lt(bk_workdir_open(&w, parent, "speed", BK_WORKDIR_CREATE, err, sizeof(err)), 0);
	cr_assert(strstr(err, "not burnkit speed's"), "%s", err);
}

Test(workdir, missing_filepath_and_nothing_to_verify)
{
	struct bk_workdir w;
	char err[1024], p[512];

	snprintf(p, sizeof(p), "%s/no/such/dir", parent);
	cr_assert_eq(bk_workdir_open(&w, p, "drive", BK_WORKDIR_CREATE, err, sizeof(err)), -ENOENT);
	cr_assert(strstr(err, "mkdir -p"), "says how to fix it: %s", err);
	cr_assert_eq(bk_workdir_open(&w, parent, "drive", BK_WORKDIR_EXISTING, err, sizeof(err)),
		     -ENOENT);
	cr_assert(strstr(err, "no files of an earlier"), "%s", err);
	cr_assert(!exists("burnkit-drive"), "verify mode creates nothing");
}

Test(workdir, one_run_at_a_time)
{
	struct bk_workdir a, b;
	char err[1024];

	cr_assert_eq(bk_workdir_open(&a, parent, "drive", BK_WORKDIR_CREATE, err, sizeof(err)), 0);
	cr_assert_lt(bk_workdir_open(&b, parent, "drive", BK_WORKDIR_CREATE, err, sizeof(err)), 0);
	cr_assert(strstr(err, "in use by another"), "%s", err);
	cr_assert_geq(bk_workdir_remove(&a), 0);
}

Test(workdir, notes_and_leftovers_survive_for_a_later_run)
{
	struct bk_workdir w;
	char err[1024];
	int fd;

	cr_assert_eq(bk_workdir_open(&w, parent, "drive", BK_WORKDIR_CREATE, err, sizeof(err)), 0);
	cr_assert_eq(bk_workdir_claim(&w, "f?.dat", err, sizeof(err)), 0);
	cr_assert_eq(bk_workdir_note(&w, "repeats", "16"), 0);
	cr_assert_eq(bk_workdir_note(&w, "repeats", "8"), 0);
	cr_assert_eq(bk_workdir_note(&w, "run", "c0ffee11"), 0);
	fd = bk_workdir_create(&w, "f1.dat", O_WRONLY, err, sizeof(err));
	cr_assert_eq(write(fd, "old", 3), 3);
	close(fd);
	bk_workdir_close(&w);

	cr_assert_eq(bk_workdir_open(&w, parent, "drive", BK_WORKDIR_EXISTING, err, sizeof(err)),
		     0, "%s", err);
	cr_assert_str_eq(bk_workdir_get(&w, "repeats"), "8", "the last value wins");
	cr_assert_str_eq(bk_workdir_get(&w, "run"), "c0ffee11");
	cr_assert_null(bk_workdir_get(&w, "patterns"));
	cr_assert_eq(w.leftovers, 1);
	cr_assert(bk_workdir_claimed(&w, "f1.dat"));
	/* A new run replaces a leftover of ours. */
	fd = bk_workdir_create(&w, "f1.dat", O_RDWR, err, sizeof(err));
	cr_assert_geq(fd, 0, "%s", err);
	struct stat st;

	cr_assert_eq(fstat(fd, &st), 0);
	cr_assert_eq(st.st_size, 0, "created anew");
	close(fd);
	cr_assert_eq(bk_workdir_remove(&w), 1);
}

Test(workdir, space_of_a_real_filesystem)
{
	struct bk_space s;

	cr_assert_eq(bk_space_of(parent, &s), 0);
	cr_assert_gt(s.total, 0);
	cr_assert_leq(s.free, s.total);
	cr_assert_gt(strlen(s.fs), 0);
	cr_assert_eq(bk_space_of("/no/such/place", &s), -ENOENT);
}
