// SPDX-License-Identifier: MIT
/*
 * libFuzzer target for the parameter parser: the input is split into argv
 * words at NUL bytes and newlines; every outcome must be a clean accept or
 * a one-line refusal, never a crash, a leak or undefined behaviour.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "params.h"

static const char *const choices[] = { "small", "large", NULL };

static const struct bk_param table[] = {
	{ "kwords", "KWords", BK_PT_REAL, 0.001, 1e6, "3.2", "", NULL },
	{ "section", "Section", BK_PT_INT, 1, 3, "3", "", NULL },
	{ "minutes", "Minutes", BK_PT_REAL, 0, 1e4, "1", "", NULL },
	{ "file-path", "FilePath", BK_PT_STR, 0, 0, NULL, "", NULL },
	{ "cached", "CacheData", BK_PT_FLAG, 0, 0, NULL, "", NULL },
	{ "patterns", "Patterns", BK_PT_INT, 1, 164, "164", "", NULL },
	{ "output-patterns", "OutputPatterns", BK_PT_FLAG, 0, 0, NULL, "", NULL },
	{ "size", NULL, BK_PT_CHOICE, 0, 0, "small", "", choices },
	{ "mem", NULL, BK_PT_SIZE, 4096, 1e15, NULL, "", NULL },
	{ "run", NULL, BK_PT_LIST, 0, 0, NULL, "", NULL },
	{ NULL, NULL, 0, 0, 0, NULL, NULL, NULL }
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1), *argv[64], err[512];
	int argc = 0;
	struct bk_params p;

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	for (size_t i = 0, start = 0; i <= size && argc < 64; i++) {
		if (i == size || buf[i] == '\0' || buf[i] == '\n') {
			buf[i] = '\0';
			argv[argc++] = buf + start;
			start = i + 1;
		}
	}
	if (!bk_params_parse(&p, "fuzz", table, argc, argv, err, sizeof(err))) {
		struct bk_json j;

		bk_json_init(&j);
		bk_json_object_begin(&j, NULL);
		bk_params_json(&p, &j);
		bk_json_object_end(&j);
		bk_json_free(&j);
		(void)bk_param_bytes(&p, "mem", 1ull << 30);
		bk_params_free(&p);
	} else if (strchr(err, '\n')) {
		abort();	/* a refusal must be one line */
	}
	free(buf);
	return 0;
}
