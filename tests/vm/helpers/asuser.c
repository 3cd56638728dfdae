// SPDX-License-Identifier: MIT
/*
 * asuser UID CMD [ARGS...]: run CMD as user and group UID with no
 * supplementary groups and no capabilities (what an unprivileged process
 * is), for the tests that check what such a process may do.
 */
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 3) {
		fputs("usage: asuser UID CMD [ARGS...]\n", stderr);
		return 2;
	}
	uid_t id = (uid_t)strtoul(argv[1], NULL, 10);

	if (setgroups(0, NULL) || setgid(id) || setuid(id)) {
		perror("asuser: dropping privileges");
		return 2;
	}
	execvp(argv[2], argv + 2);
	perror("asuser: exec");
	return 127;
}
