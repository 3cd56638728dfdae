// SPDX-License-Identifier: MIT
/*
 * log: the text log and JSON streams, each line durable.
 */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json.h"
#include "log.h"
#include "params.h"
#include "../tools/jsoncheck.h"

Test(log, every_line_strict_with_schema_version_and_params)
{
	char dir[] = "/tmp/bk-log-XXXXXX", path[128], err[256], *argv[4];
	struct bk_params p;
	struct bk_log l;
	struct bk_json j;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/out.jsonl", dir);
	argv[0] = "--json";
	argv[1] = path;
	cr_assert_eq(bk_params_parse(&p, "t", NULL, 2, argv, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(bk_log_open(&l, "t", "log", &p, err, sizeof(err)), 0, "%s", err);
	bk_json_init(&j);
	bk_rec_begin(&l, &j, "start");
	bk_json_str(&j, "version", BK_VERSION);
	bk_json_object_begin(&j, "params");
	bk_params_json(&p, &j);
	bk_json_object_end(&j);
	bk_rec_end(&l, &j);
	for (int i = 0; i < 3; i++) {
		bk_rec_begin(&l, &j, "pass");
		bk_json_int(&j, "pass", i);
		bk_rec_end(&l, &j);
	}
	bk_json_int(&l.summary, "passes", 3);
	bk_log_close(&l, 0);
	bk_json_free(&j);

	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int lines = 0;

	cr_assert_not_null(f);
	while ((n = getline(&line, &cap, f)) > 0) {
		cr_assert_eq(jsoncheck(line, (size_t)n, err, sizeof(err)), 0,
			     "line %d: %s: %s", lines + 1, err, line);
		cr_assert(jsoncheck_has_key(line, "schema"), "line %d", lines + 1);
		if (!lines) {
			cr_assert(strstr(line, "\"version\":\"" BK_VERSION "\""));
			cr_assert(strstr(line, "\"params\":{"));
		}
		lines++;
	}
	cr_assert_eq(lines, 5, "start, 3 passes, summary: got %d", lines);
	cr_assert(strstr(line, "\"type\":\"summary\""), "%s", line);
	cr_assert(strstr(line, "\"passes\":3"), "%s", line);
	cr_assert(strstr(line, "\"status\":\"ok\""), "%s", line);
	free(line);
	fclose(f);
	unlink(path);
	rmdir(dir);
	bk_params_free(&p);
}

Test(log, text_log_is_appended_and_json_stdout_moves_console)
{
	char dir[] = "/tmp/bk-log-XXXXXX", cwd[512], err[256];
	char *argv[] = { "Log", "7", "--json", "-" };
	struct bk_params p;
	struct bk_log l;

	cr_assert_not_null(getcwd(cwd, sizeof(cwd)));
	cr_assert_not_null(mkdtemp(dir));
	cr_assert_eq(chdir(dir), 0);
	for (int round = 0; round < 2; round++) {
		cr_assert_eq(bk_params_parse(&p, "t", NULL, 4, argv, err, sizeof(err)), 0);
		cr_assert_eq(bk_log_open(&l, "t", "logX", &p, err, sizeof(err)), 0, "%s", err);
		cr_assert_eq(l.console, stderr);
		bk_out_logonly(&l, "round %d\n", round);
		l.json_fd = -1;	/* keep the test's stdout clean */
		bk_log_close(&l, 0);
		bk_params_free(&p);
	}
	char text[256];
	int fd = open("logX7.txt", O_RDONLY);
	cr_assert_geq(fd, 0);
	ssize_t n = read(fd, text, sizeof(text) - 1);
	cr_assert_gt(n, 0);
	text[n] = '\0';
	/* Each run's lines, then its ending: status and exit code. */
	char *second = strstr(text, "round 1\n");

	cr_assert(!strncmp(text, "round 0\n", 8), "%s", text);
	cr_assert_not_null(second, "%s", text);
	cr_assert(strstr(text, " burnkit t ended ") < second, "%s", text);
	cr_assert(strstr(second, " burnkit t ended "), "%s", text);
	cr_assert(!strcmp(text + strlen(text) - strlen(": ok, exit 0\n"), ": ok, exit 0\n"),
		  "%s", text);
	close(fd);
	unlink("logX7.txt");
	cr_assert_eq(chdir(cwd), 0);
	rmdir(dir);
}

Test(log, a_failed_run_ends_with_its_reason_in_both_files)
{
	char dir[] = "/tmp/bk-log-XXXXXX", cwd[512], err[256], json[64];
	char *argv[] = { "Log", "8", "--json", json };
	struct bk_params p;
	struct bk_log l;
	char text[1024];
	ssize_t n;
	int fd;

	cr_assert_not_null(getcwd(cwd, sizeof(cwd)));
	cr_assert_not_null(mkdtemp(dir));
	cr_assert_eq(chdir(dir), 0);
	snprintf(json, sizeof(json), "r.jsonl");
	cr_assert_eq(bk_params_parse(&p, "t", NULL, 4, argv, err, sizeof(err)), 0);
	cr_assert_eq(bk_log_open(&l, "t", "logX", &p, err, sizeof(err)), 0, "%s", err);
	pr_fail("writing f failed at byte 4096: No space left on device (ENOSPC)");
	pr_fail("a later error is not the reason");
	bk_log_close(&l, 3);
	bk_params_free(&p);
	fd = open("logX8.txt", O_RDONLY);
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	cr_assert_gt(n, 0);
	text[n] = '\0';
	cr_assert(strstr(text, ": cannot run here, exit 3: writing f failed at byte 4096: No "
			 "space left on device (ENOSPC)\n"), "%s", text);
	fd = open("r.jsonl", O_RDONLY);
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	cr_assert_gt(n, 0);
	text[n] = '\0';
	cr_assert(strstr(text, "\"status\":\"cannot run here\",\"exit\":3,\"reason\":"
			 "\"writing f failed at byte 4096"), "%s", text);
	unlink("logX8.txt");
	unlink("r.jsonl");
	cr_assert_eq(chdir(cwd), 0);
	rmdir(dir);
}
