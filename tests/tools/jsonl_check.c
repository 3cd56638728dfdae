// SPDX-License-Identifier: MIT
/*
 * jsonl_check FILE [KEY...]: every line of FILE is strict JSON with unique
 * keys, has "schema", and has each KEY. Prints the first problem with its
 * line number; exit 0 when all is well, 1 otherwise. For the shell tests.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsoncheck.h"

int main(int argc, char **argv)
{
	FILE *f;
	char *line = NULL, err[256];
	size_t cap = 0;
	ssize_t n;
	long lineno = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: jsonl_check FILE [KEY...]\n");
		return 2;
	}
	f = strcmp(argv[1], "-") ? fopen(argv[1], "r") : stdin;
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	while ((n = getline(&line, &cap, f)) > 0) {
		lineno++;
		if (jsoncheck(line, (size_t)n, err, sizeof(err))) {
			printf("%s:%ld: %s\n", argv[1], lineno, err);
			return 1;
		}
		if (!jsoncheck_has_key(line, "schema")) {
			printf("%s:%ld: no \"schema\"\n", argv[1], lineno);
			return 1;
		}
		for (int k = 2; k < argc; k++)
			if (!jsoncheck_has_key(line, argv[k])) {
				printf("%s:%ld: no \"%s\"\n", argv[1], lineno, argv[k]);
				return 1;
			}
	}
	if (!lineno) {
		printf("%s: empty\n", argv[1]);
		return 1;
	}
	free(line);
	printf("%s: %ld lines, all strict JSON with unique keys\n", argv[1], lineno);
	return 0;
}
