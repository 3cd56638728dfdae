// SPDX-License-Identifier: MIT
/*
 * json: the writer gives strict JSON with unique keys.
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

Test(json, escapes_and_special_numbers)
{
	struct bk_json j;
	char err[256];

	bk_json_init(&j);
	bk_json_object_begin(&j, NULL);
	bk_json_str(&j, "s", "quote\" back\\ nl\n tab\t bell\a");
	bk_json_real(&j, "nan", NAN);
	bk_json_real(&j, "inf", INFINITY);
	bk_json_real(&j, "big", 1e300);
	bk_json_int(&j, "neg", -5);
	bk_json_array_begin(&j, "a");
	bk_json_object_begin(&j, NULL);
	bk_json_bool(&j, "t", 1);
	bk_json_object_end(&j);
	bk_json_null(&j, NULL);
	bk_json_array_end(&j);
	bk_json_object_end(&j);
	const char *t = bk_json_text(&j);
	cr_assert_eq(jsoncheck(t, strlen(t), err, sizeof(err)), 0, "%s: %s", err, t);
	cr_assert(strstr(t, "\"nan\":null"));
	cr_assert(strstr(t, "\"inf\":null"));
	cr_assert(strstr(t, "\\u0007"));
	cr_assert_eq(t[strlen(t) - 1], '\n');
	bk_json_free(&j);
}
