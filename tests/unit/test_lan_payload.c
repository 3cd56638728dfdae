// SPDX-License-Identifier: MIT
/* burnkit lan's stream pattern: made and checked alike, every wrong byte found. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lan/lan_payload.h"

#define BUF 8192

static uint64_t le64(const unsigned char *p)
{
	uint64_t w = 0;

	for (int k = 0; k < 8; k++)
		w |= (uint64_t)p[k] << (8 * k);
	return w;
}

Test(lan_payload, headers_hold_the_offset_the_rest_it_modulo_64k)
{
	uint64_t key = lan_key(0x1234, 0), off;
	const uint64_t at = 5 * 65536 + 4096;
	unsigned char *b = malloc(LAN_UNIT * 2);

	cr_assert_not_null(b);
	lan_fill(key, b, at, LAN_UNIT * 2);
	for (unsigned i = 0; i < 2 * LAN_UNIT / 8; i++) {
		uint64_t o = at + 8 * i;

		cr_assert_eq(le64(b + 8 * i), i % (LAN_UNIT / 8) ? key + o % 65536 : key + o,
			     "word %u", i);
	}
	cr_assert(lan_decode(key, b + LAN_UNIT, 1ull << 40, &off));
	cr_assert_eq(off, at + LAN_UNIT);
	cr_assert_not(lan_decode(lan_key(0x1234, 1), b + LAN_UNIT, 1ull << 40, &off),
		      "another stream's key does not decode it to a plausible offset");
	free(b);
}

Test(lan_payload, refill_rewrites_headers_to_the_same_as_a_fill)
{
	size_t len = 2 * LAN_PERIOD;
	unsigned char *a = malloc(len), *b = malloc(len);
	uint64_t key = lan_key(9, 2), bad;

	cr_assert(a && b);
	lan_fill(key, a, 64, len);
	for (uint64_t k = 1; k < 4; k++) {
		lan_refill(key, a, 64 + k * len, len, 64 + (k - 1) * len);
		lan_fill(key, b, 64 + k * len, len);
		cr_assert_eq(memcmp(a, b, len), 0, "buffer %llu", (unsigned long long)k);
		cr_assert_eq(lan_check(key, a, 64 + k * len, len, &bad), 0);
	}
	lan_refill(key, a, 1000, len, 64 + 3 * len);	/* another phase: all of it */
	lan_fill(key, b, 1000, len);
	cr_assert_eq(memcmp(a, b, len), 0);
	free(a);
	free(b);
}

Test(lan_payload, keys_differ_by_run_and_stream)
{
	cr_assert_neq(lan_key(1, 0), lan_key(1, 1));
	cr_assert_neq(lan_key(1, 0), lan_key(2, 0));
	cr_assert_neq(lan_key(0, 0), 0);
}

Test(lan_payload, fill_and_check_agree_at_every_alignment)
{
	unsigned char *b = malloc(BUF + 64);
	uint64_t key = lan_key(0xfeedface, 3), bad;

	cr_assert_not_null(b);
	for (uint64_t off = 0; off < 24; off++)
		for (size_t start = 0; start < 5; start++)
			for (size_t len = 0; len < BUF; len += 997) {
				lan_fill(key, b + start, off, len);
				cr_assert_eq(lan_check(key, b + start, off, len, &bad), 0,
					     "off %llu start %zu len %zu",
					     (unsigned long long)off, start, len);
				for (size_t i = 0; i < len; i++)
					cr_assert_eq(b[start + i], lan_expected_byte(key, off + i));
			}
	free(b);
}

Test(lan_payload, every_flipped_byte_is_found_where_it_is)
{
	unsigned char *b = malloc(BUF);
	uint64_t key = lan_key(42, 7), bad = 0;
	const uint64_t off = 1000000 - 13;

	cr_assert_not_null(b);
	lan_fill(key, b, off, BUF);
	for (size_t i = 0; i < BUF; i += 1 + i / 8) {
		b[i] ^= 0x01;
		cr_assert_eq(lan_check(key, b, off, BUF, &bad), 1, "byte %zu", i);
		cr_assert_eq(bad, off + i);
		b[i] ^= 0x01;
	}
	cr_assert_eq(lan_check(key, b, off, BUF, &bad), 0);
	free(b);
}

Test(lan_payload, data_of_another_place_or_run_fails)
{
	unsigned char *b = malloc(BUF);
	uint64_t key = lan_key(42, 0), bad;

	cr_assert_not_null(b);
	lan_fill(key, b, 65536, BUF);
	cr_assert_eq(lan_check(key, b, 65536 + BUF, BUF, &bad), 1, "the next buffer's place");
	/* Byte exact: the words differ by 8192, so from byte 1 on. */
	cr_assert_eq(bad, 65536 + BUF + 1);
	cr_assert_eq(lan_check(lan_key(43, 0), b, 65536, BUF, &bad), 1, "another run");
	/* Moved by the period: the rest repeats, the first header does not. */
	cr_assert_eq(lan_check(key, b, 2 * 65536, BUF, &bad), 1, "64 KiB further on");
	cr_assert_lt(bad, 2 * 65536 + 8);
	free(b);
}
