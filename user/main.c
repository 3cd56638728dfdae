// SPDX-License-Identifier: MIT
/*
 * burnkit: the runner. `burnkit TESTER [parameters]` runs one tester from
 * the table in user/testers/list.h; `burnkit list` shows them.
 */
#include <stdio.h>
#include <string.h>

#include "suites/runner.h"

static void usage(FILE *out)
{
	size_t n;
	const struct bk_tester *const *t = bk_testers(&n);

	fprintf(out,
		"usage: burnkit TESTER [options] [Longbottom-style parameters]\n"
		"       burnkit TESTER --help | burnkit list | burnkit --version\n\n"
		"burnkit %s: burn-in and precision tests for Linux boards, from a\n"
		"Raspberry Pi to an x86 server (after Roy Longbottom's stress tests).\n\n"
		"Testers and tools:\n", BK_VERSION);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "  %-10s %s\n", t[i]->name, t[i]->summary);
	fprintf(out,
		"\nParameters: GNU long options (--kwords 10) or Longbottom's words,\n"
		"where the first letter picks the parameter (\"KWds 10, Section 2\").\n"
		"Every tester takes --json FILE (JSON lines, - for stdout), --log N\n"
		"(text log), --dry-run and --help.\n\n"
		"Exit status: 0 all good, 1 the test found errors in the hardware,\n"
		"2 usage error, 3 this environment cannot run the test (the reason is\n"
		"printed), 130 interrupted (Ctrl-C; test files cleaned up).\n");
}

static int list(void)
{
	size_t n;
	const struct bk_tester *const *t = bk_testers(&n);

	for (size_t i = 0; i < n; i++) {
		char why[256] = "";
		int ok = !t[i]->supported || !t[i]->supported(why, sizeof(why));

		printf("%-10s %-5s %s%s%s%s\n", t[i]->name,
		       t[i]->flags & BK_TF_TOOL ? "tool" : "test", t[i]->summary,
		       ok ? "" : " [unsupported here: ", ok ? "" : why,
		       ok ? "" : "]");
	}
	return BK_EXIT_OK;
}

int main(int argc, char **argv)
{
	const struct bk_tester *t;

	if (argc < 2) {
		usage(stderr);
		return BK_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		if (argc > 2 && (t = bk_tester_find(argv[2]))) {
			bk_tester_help(t, stdout);
			return BK_EXIT_OK;
		}
		usage(stdout);
		return BK_EXIT_OK;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("burnkit %s\n", BK_VERSION);
		return BK_EXIT_OK;
	}
	if (!strcmp(argv[1], "list"))
		return list();
	t = bk_tester_find(argv[1]);
	if (!t) {
		fprintf(stderr, "burnkit: unknown tester \"%s\"; see burnkit list\n",
			argv[1]);
		return BK_EXIT_USAGE;
	}
	return bk_tester_main(t, argc - 2, argv + 2);
}
