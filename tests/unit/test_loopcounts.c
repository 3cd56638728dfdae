// SPDX-License-Identifier: MIT
/*
 * The documented loop counts, as scripts/loop_counts.sh generated them from
 * the .S files: every registered kernel has one, and each row adds up.
 */
#include <criterion/criterion.h>
#include <string.h>

#include "dispatch.h"
#include "loopcounts.h"

Test(loopcounts, every_registered_kernel_has_a_documented_loop_body)
{
	size_t nv;
	const struct bk_variant *v = bk_variants(&nv);

	for (size_t i = 0; i < nv; i++) {
		const struct bk_loop_count *c = bk_loop_count_find(v[i].symbol);

		cr_assert_not_null(c, "%s: no \"// Loop body %s: ...\" line in its .S file",
				   v[i].symbol, v[i].symbol);
		cr_assert_str_eq(c->symbol, v[i].symbol);
	}
}

Test(loopcounts, rows_add_up_and_name_their_source)
{
	size_t n;
	const struct bk_loop_count *c = bk_loop_counts(&n);

	for (size_t i = 0; i < n; i++) {
		unsigned sum = 0;

		for (unsigned k = 0; k < BK_IC_COUNT; k++)
			sum += c[i].by_class[k];
		cr_assert_eq(sum, c[i].total, "%s: classes add up to %u, not %u",
			     c[i].symbol, sum, c[i].total);
		cr_assert_gt(c[i].words, 0, "%s", c[i].symbol);
		cr_assert_gt(c[i].line, 0, "%s", c[i].symbol);
		cr_assert(strstr(c[i].source, ".S"), "%s: source %s", c[i].symbol,
			  c[i].source);
		cr_assert_eq(bk_loop_count_find(c[i].symbol), &c[i],
			     "%s documented twice", c[i].symbol);
	}
	cr_assert_null(bk_loop_count_find("no_such_kernel"));
}

Test(loopcounts, class_names_in_the_order_of_the_loop_body_lines)
{
	static const char *const order[] = {
		"load", "store", "add", "sub", "mul", "fma", "and", "orr", "cmp",
		"branch", "other",
	};

	cr_assert_eq(sizeof(order) / sizeof(order[0]), BK_IC_COUNT);
	for (unsigned k = 0; k < BK_IC_COUNT; k++)
		cr_assert_str_eq(bk_iclass_name(k), order[k]);
	cr_assert_str_eq(bk_iclass_name(BK_IC_COUNT), "?");
}
