// SPDX-License-Identifier: MIT
/* burnindrive's pattern table and file orders, against the seed and its rule. */
#include <criterion/criterion.h>
#include <stdint.h>

#include "testers/drive/drive_patterns.h"

/*
 * The rule the seed's table follows: 0; 2^0 .. 2^30; for group widths
 * g = 2, 4, ... 32, g/2 ones under g/2 zeros repeated 1 .. 32/g times;
 * then the complement of each of those 82, in order.
 */
static unsigned rule_table(uint32_t *out)
{
	unsigned n = 0;

	out[n++] = 0;
	for (unsigned i = 0; i <= 30; i++)
		out[n++] = 1u << i;
	for (unsigned g = 2; g <= 32; g += 2)
		for (unsigned r = 1; r * g <= 32; r++) {
			uint64_t v = 0;

			for (unsigned i = 0; i < r; i++)
				v |= ((1ull << (g / 2)) - 1) << (g * i);
			out[n++] = (uint32_t)v;
		}
	for (unsigned i = 0, half = n; i < half; i++)
		out[n++] = ~out[i];
	return n;
}

Test(drive_patterns, table_follows_the_rule)
{
	uint32_t want[200];

	cr_assert_eq(rule_table(want), BK_DRIVE_PATTERNS);
	for (unsigned k = 1; k <= BK_DRIVE_PATTERNS; k++)
		cr_assert_eq(bk_drive_pattern(k), want[k - 1],
			     "pattern %u: %08X, the rule gives %08X", k,
			     bk_drive_pattern(k), want[k - 1]);
}

Test(drive_patterns, rows_as_the_seed_prints_them)
{
	/* Number, decimal and hex columns of a few rows of "1. Patterns Generated". */
	static const struct { unsigned k; long long dec; uint32_t hex; } rows[] = {
		{ 1, 0, 0x0 }, { 2, 1, 0x1 }, { 32, 1073741824, 0x40000000 },
		{ 36, 85, 0x55 }, { 48, 1431655765, 0x55555555 }, { 58, 455, 0x1C7 },
		{ 68, 32537631, 0x1F07C1F }, { 72, 2080895, 0x1FC07F },
		{ 82, 65535, 0xFFFF }, { 83, -1, 0xFFFFFFFF }, { 114, -1073741825, 0xBFFFFFFF },
		{ 130, -1431655766, 0xAAAAAAAA }, { 143, -119304648, 0xF8E38E38 },
		{ 150, -32537632, 0xFE0F83E0 }, { 164, -65536, 0xFFFF0000 },
	};

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		uint32_t p = bk_drive_pattern(rows[i].k);

		cr_assert_eq(p, rows[i].hex, "row %u", rows[i].k);
		cr_assert_eq((long long)(int32_t)p, rows[i].dec, "row %u as a signed number",
			     rows[i].k);
	}
}

Test(drive_patterns, second_half_complements_the_first)
{
	for (unsigned k = 1; k <= 82; k++)
		cr_assert_eq(bk_drive_pattern(k + 82), ~bk_drive_pattern(k), "rows %u and %u",
			     k, k + 82);
}

Test(drive_patterns, out_of_range_is_zero)
{
	cr_assert_eq(bk_drive_pattern(0), 0);
	cr_assert_eq(bk_drive_pattern(165), 0);
}

/* "2. Sequences - First 16", as the seed lists them. */
static const unsigned seed_orders[16][4] = {
	{ 0, 1, 2, 3 }, { 1, 2, 3, 0 }, { 2, 3, 0, 1 }, { 3, 0, 2, 1 },
	{ 0, 2, 1, 3 }, { 1, 3, 2, 0 }, { 2, 0, 1, 3 }, { 3, 1, 2, 0 },
	{ 0, 3, 1, 2 }, { 1, 0, 3, 2 }, { 2, 1, 0, 3 }, { 3, 2, 1, 0 },
	{ 0, 1, 2, 3 }, { 1, 2, 3, 0 }, { 2, 3, 0, 1 }, { 3, 0, 2, 1 },
};

Test(drive_patterns, first_sixteen_orders_are_the_seeds)
{
	for (unsigned n = 1; n <= 16; n++) {
		unsigned o[BK_DRIVE_FILES];

		bk_drive_order(n, o);
		for (unsigned i = 0; i < BK_DRIVE_FILES; i++)
			cr_assert_eq(o[i], seed_orders[n - 1][i], "sequence %u position %u", n, i);
	}
}

Test(drive_patterns, every_order_reads_each_file_once)
{
	for (unsigned long n = 1; n <= 200; n++) {
		unsigned o[BK_DRIVE_FILES], seen = 0;

		bk_drive_order(n, o);
		for (unsigned i = 0; i < BK_DRIVE_FILES; i++) {
			cr_assert_lt(o[i], BK_DRIVE_FILES);
			seen |= 1u << o[i];
		}
		cr_assert_eq(seen, 0xfu, "sequence %lu is not a permutation", n);
		cr_assert_eq(o[0], (n - 1) % 4, "sequence %lu starts with file %u", n, o[0]);
	}
}

Test(drive_patterns, orders_repeat_after_twelve_and_not_before)
{
	unsigned a[BK_DRIVE_FILES], b[BK_DRIVE_FILES];

	for (unsigned long n = 1; n <= 100; n++) {
		bk_drive_order(n, a);
		bk_drive_order(n + 12, b);
		cr_assert_arr_eq(a, b, sizeof(a), "sequence %lu and %lu", n, n + 12);
	}
	for (unsigned long x = 1; x <= 12; x++)
		for (unsigned long y = x + 1; y <= 12; y++) {
			bk_drive_order(x, a);
			bk_drive_order(y, b);
			cr_assert_arr_neq(a, b, sizeof(a), "sequences %lu and %lu are equal", x, y);
		}
}
