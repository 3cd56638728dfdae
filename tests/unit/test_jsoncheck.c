// SPDX-License-Identifier: MIT
/*
 * tests/tools/jsoncheck: the strict checker the tests rely on refuses what
 * is not strict JSON.
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

Test(jsoncheck, rejects_what_it_must)
{
	static const char *const badtext[] = {
		"{\"a\":1,\"a\":2}", "{\"a\":1,}", "{a:1}", "[1 2]", "{\"a\":01}",
		"{\"a\":\"\x01\"}", "{\"a\":1} x", "{\"a\":NaN}", "{\"a\":tru}",
	};
	char err[256];

	for (size_t i = 0; i < sizeof(badtext) / sizeof(badtext[0]); i++)
		cr_assert_eq(jsoncheck(badtext[i], strlen(badtext[i]), err, sizeof(err)),
			     -1, "accepted %s", badtext[i]);
	cr_assert_eq(jsoncheck("{\"a\":{\"a\":1}}", 13, err, sizeof(err)), 0, "%s", err);
}
