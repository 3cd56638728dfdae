// SPDX-License-Identifier: MIT
/* spawn: a tester in a forked child, for the suites (through lib/child). */
#include "runner.h"

struct spawn_args {
	const struct bk_tester *tester;
	int argc;
	char **argv;
};

static int run_tester(void *arg)
{
	const struct spawn_args *a = arg;

	return bk_tester_main(a->tester, a->argc, a->argv);
}

int bk_suite_spawn(struct bk_child *c, const struct bk_tester *t, int argc,
		   char **argv, unsigned capture, int cpu)
{
	/* The child runs on its copy of this frame, before it returns. */
	struct spawn_args a = { t, argc, argv };
	struct bk_child_spec s = {
		.fn = run_tester, .arg = &a, .capture = capture, .cpu = cpu,
	};

	return bk_child_start(c, &s);
}
