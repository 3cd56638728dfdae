// SPDX-License-Identifier: MIT
/*
 * The drive testers' directory: only names of the tester's own generated
 * list, and of those only files it made, are ever created or deleted; the
 * manifest is parsed exactly; anything else is refused with the path.
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

static const struct bk_workdir_series data4 = {
	.prefix = "data", .digits = 1, .first = 1, .count = 4, .suffix = ".dat",
};

static int open_w(struct bk_workdir *w, const char *owner, enum bk_workdir_mode mode,
		  uint32_t run, char *err)
{
	return bk_workdir_open(w, parent, owner, mode, run, &data4, 1, err, 1024);
}

static void put(const char *rel, const char *text)
{
	char p[512];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", parent, rel);
	f = fopen(p, "w");
	cr_assert_not_null(f, "%s", p);
	fputs(text, f);
	fclose(f);
}

Test(workdir, generated_names_only)
{
	static const struct bk_workdir_series small = {
		.prefix = "small", .digits = 5, .first = 0, .count = 20, .suffix = ".dat",
	};
	struct bk_workdir w;
	char err[1024];

	cr_assert_eq(bk_workdir_open(&w, parent, "speed", BK_WORKDIR_CREATE, 7, &small, 1,
				     err, sizeof(err)), 0, "%s", err);
	cr_assert(bk_workdir_listed(&w, "small00000.dat"));
	cr_assert(bk_workdir_listed(&w, "small00019.dat"));
	cr_assert(!bk_workdir_listed(&w, "small00020.dat"), "beyond the run's count");
	cr_assert(!bk_workdir_listed(&w, "small0001.dat"), "too few digits");
	cr_assert(!bk_workdir_listed(&w, "small000001.dat"), "too many digits");
	cr_assert(!bk_workdir_listed(&w, "small*.dat"));
	cr_assert(!bk_workdir_listed(&w, ".burnkit-manifest"));
	cr_assert_eq(bk_workdir_remove(&w, NULL), 0);
}

Test(workdir, creates_its_names_and_removes_only_its_own)
{
	struct bk_workdir w;
	struct bk_workdir_removal r;
	char err[1024];
	int fd;

	cr_assert_eq(open_w(&w, "drive", BK_WORKDIR_CREATE, 1, err), 0, "%s", err);
	cr_assert(w.created);
	cr_assert(exists("burnkit-drive/.burnkit-manifest"));
	fd = bk_workdir_create(&w, "data1.dat", O_RDWR, err, sizeof(err));
	cr_assert_geq(fd, 0, "%s", err);
	close(fd);
	cr_assert_eq(bk_workdir_create(&w, "data5.dat", O_RDWR, err, sizeof(err)), -EPERM);
	cr_assert_eq(bk_workdir_unlink(&w, ".burnkit-manifest"), -EPERM);
	put("burnkit-drive/user.txt", "theirs");	/* someone else's file */
	put("burnkit-drive/data2.dat", "theirs");	/* under our name, not ours */
	cr_assert_eq(bk_workdir_unlink(&w, "data2.dat"), -EPERM);
	cr_assert_eq(bk_workdir_remove(&w, &r), -1, "the directory cannot go");
	cr_assert_eq(r.deleted, 1);
	cr_assert_eq(r.others, 2);
	cr_assert(strstr(r.other_names, "user.txt") && strstr(r.other_names, "data2.dat"),
		  "%s", r.other_names);
	cr_assert(!exists("burnkit-drive/data1.dat"), "ours deleted");
	cr_assert(exists("burnkit-drive/user.txt"), "theirs kept");
	cr_assert(exists("burnkit-drive/data2.dat"), "theirs kept");
	cr_assert(exists("burnkit-drive/.burnkit-manifest"), "kept: the next run refuses");
	cr_assert_lt(open_w(&w, "drive", BK_WORKDIR_CREATE, 2, err), 0);
	cr_assert(strstr(err, "holds 2 file(s) burnkit did not make"), "%s", err);
}

Test(workdir, removes_the_directory_when_only_ours_was_there)
{
	struct bk_workdir w;
	struct bk_workdir_removal r;
	char err[1024];

	cr_assert_eq(open_w(&w, "speed", BK_WORKDIR_CREATE, 1, err), 0, "%s", err);
	for (int i = 1; i <= 4; i++) {
		char name[32];

		snprintf(name, sizeof(name), "data%d.dat", i);
		int fd = bk_workdir_create(&w, name, O_WRONLY, err, sizeof(err));

		cr_assert_geq(fd, 0, "%s", err);
		close(fd);
	}
	cr_assert_eq(bk_workdir_remove(&w, &r), 0);
	cr_assert_eq(r.deleted, 4);
	cr_assert(!exists("burnkit-speed"));
}

Test(workdir, refuses_a_directory_it_did_not_make)
{
	struct bk_workdir w;
	char err[1024], p[512];

	snprintf(p, sizeof(p), "%s/burnkit-drive", parent);
	cr_assert_eq(mkdir(p, 0755), 0);
	touch("burnkit-drive/precious.doc");
	cr_assert_lt(open_w(&w, "drive", BK_WORKDIR_CREATE, 1, err), 0);
	cr_assert(strstr(err, p), "the message names the path: %s", err);
	cr_assert(strstr(err, "did not make"), "%s", err);
	cr_assert(exists("burnkit-drive/precious.doc"));
}

Test(workdir, a_manifest_that_does_not_parse_exactly_is_refused)
{
	static const char *const bad[] = {
		"claim *\n", "claim precious.txt\n", "run 0000BEEF\n", "run 123\n",
		"note a b c\n", "note a\n", "note  a b\n", "run 0000beef", "\n",
	};
	struct bk_workdir w;
	char err[1024], p[512];

	snprintf(p, sizeof(p), "%s/burnkit-drive", parent);
	cr_assert_eq(mkdir(p, 0755), 0);
	touch("burnkit-drive/precious.txt");
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char text[256];

		snprintf(text, sizeof(text), "burnkit test directory v2 owner drive\n%s", bad[i]);
		put("burnkit-drive/.burnkit-manifest", text);
		cr_assert_lt(open_w(&w, "drive", BK_WORKDIR_CREATE, 1, err), 0, "%s", bad[i]);
		cr_assert(exists("burnkit-drive/precious.txt"));
	}
	put("burnkit-drive/.burnkit-manifest", "burnkit test directory v1 owner drive\nclaim *\n");
	cr_assert_lt(open_w(&w, "drive", BK_WORKDIR_CREATE, 1, err), 0);
	cr_assert(strstr(err, "line 1"), "%s", err);
	cr_assert(exists("burnkit-drive/precious.txt"));
}

Test(workdir, refuses_a_file_in_its_place_and_another_testers_manifest)
{
	struct bk_workdir w;
	char err[1024];

	touch("burnkit-sdcard");
	cr_assert_lt(open_w(&w, "sdcard", BK_WORKDIR_CREATE, 1, err), 0);
	cr_assert(exists("burnkit-sdcard"));

	cr_assert_eq(open_w(&w, "drive", BK_WORKDIR_CREATE, 1, err), 0);
	bk_workdir_close(&w);
	cr_assert_eq(rename(strcat(strcpy(err, parent), "/burnkit-drive"),
			    strcat(strcpy(err + 512, parent), "/burnkit-speed")), 0);
	cr_assert_lt(open_w(&w, "speed", BK_WORKDIR_CREATE, 1, err), 0);
	cr_assert(strstr(err, "not burnkit speed's"), "%s", err);
}

Test(workdir, missing_filepath_and_nothing_to_verify)
{
	struct bk_workdir w;
	char err[1024], p[512];

	snprintf(p, sizeof(p), "%s/no/such/dir", parent);
	cr_assert_eq(bk_workdir_open(&w, p, "drive", BK_WORKDIR_CREATE, 1, &data4, 1, err,
				     sizeof(err)), -ENOENT);
	cr_assert(strstr(err, "mkdir -p"), "says how to fix it: %s", err);
	cr_assert_eq(open_w(&w, "drive", BK_WORKDIR_EXISTING, 1, err), -ENOENT);
	cr_assert(strstr(err, "no files of an earlier"), "%s", err);
	cr_assert(!exists("burnkit-drive"), "verify mode creates nothing");
}

Test(workdir, one_run_at_a_time)
{
	struct bk_workdir a, b;
	char err[1024];

	cr_assert_eq(open_w(&a, "drive", BK_WORKDIR_CREATE, 1, err), 0);
	cr_assert_lt(open_w(&b, "drive", BK_WORKDIR_CREATE, 2, err), 0);
	cr_assert(strstr(err, "in use by another"), "%s", err);
	cr_assert_geq(bk_workdir_remove(&a, NULL), 0);
}

Test(workdir, notes_and_files_of_a_recorded_run_survive_for_a_later_run)
{
	const uint32_t head[4] = { 1, 0, 1, 0xc0ffee11 }, alien[4] = { 1, 0, 1, 0xdeadbeef };
	struct bk_workdir w;
	char err[1024];
	int fd;

	cr_assert_eq(open_w(&w, "drive", BK_WORKDIR_CREATE, 0xc0ffee11, err), 0);
	cr_assert_eq(bk_workdir_note(&w, "repeats", "16"), 0);
	cr_assert_eq(bk_workdir_note(&w, "repeats", "8"), 0);
	cr_assert_eq(bk_workdir_note(&w, "bad", "two words"), -EINVAL);
	fd = bk_workdir_create(&w, "data1.dat", O_WRONLY, err, sizeof(err));
	cr_assert_eq(write(fd, head, sizeof(head)), (ssize_t)sizeof(head));
	close(fd);
	fd = bk_workdir_create(&w, "data2.dat", O_WRONLY, err, sizeof(err));
	cr_assert_eq(write(fd, alien, sizeof(alien)), (ssize_t)sizeof(alien));
	close(fd);
	bk_workdir_close(&w);

	/* data2.dat's header names no recorded run: the directory is refused. */
	cr_assert_lt(open_w(&w, "drive", BK_WORKDIR_EXISTING, 0, err), 0);
	cr_assert(strstr(err, "did not make: data2.dat"), "%s", err);
	cr_assert(exists("burnkit-drive/data2.dat"));
	cr_assert_eq(unlink(strcat(strcpy(err, parent), "/burnkit-drive/data2.dat")), 0);

	cr_assert_eq(open_w(&w, "drive", BK_WORKDIR_EXISTING, 0, err), 0, "%s", err);
	cr_assert_str_eq(bk_workdir_get(&w, "repeats"), "8", "the last value wins");
	cr_assert_null(bk_workdir_get(&w, "patterns"));
	cr_assert_eq(w.leftovers, 1);
	cr_assert_eq(bk_workdir_ours(&w, "data1.dat", NULL, 0), 1, "by its header's run id");
	/* A new run replaces a leftover of ours. */
	fd = bk_workdir_create(&w, "data1.dat", O_RDWR, err, sizeof(err));
	cr_assert_geq(fd, 0, "%s", err);
	struct stat st;

	cr_assert_eq(fstat(fd, &st), 0);
	cr_assert_eq(st.st_size, 0, "created anew");
	close(fd);
	cr_assert_eq(bk_workdir_remove(&w, NULL), 0);
	cr_assert(!exists("burnkit-drive"));
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
