// SPDX-License-Identifier: MIT
/* burnkit gpu's frame check: checksum, exact and tolerant comparison, test hook. */
#include <criterion/criterion.h>
#include <string.h>

#include "gpu/gpu.h"

#define W 7
#define H 5

static void fill(uint8_t *f)
{
	for (int i = 0; i < W * H * 4; i++)
		f[i] = (uint8_t)(i * 37 + 11);
}

Test(gpu_check, checksum_is_fnv1a_and_sees_one_bit)
{
	uint8_t a[W * H * 4], b[W * H * 4];

	cr_assert_eq(gpu_checksum((const uint8_t *)"", 0), 0xcbf29ce484222325ULL);
	cr_assert_eq(gpu_checksum((const uint8_t *)"a", 1), 0xaf63dc4c8601ec8cULL,
		     "FNV-1a 64 of \"a\"");
	fill(a);
	memcpy(b, a, sizeof(a));
	cr_assert_eq(gpu_checksum(a, sizeof(a)), gpu_checksum(b, sizeof(b)));
	b[sizeof(b) - 1] ^= 0x80;
	cr_assert_neq(gpu_checksum(a, sizeof(a)), gpu_checksum(b, sizeof(b)));
}

Test(gpu_check, exact_diff_names_the_first_pixel)
{
	uint8_t a[W * H * 4], b[W * H * 4];
	struct gpu_diff d;

	fill(a);
	memcpy(b, a, sizeof(a));
	cr_assert_eq(gpu_frame_diff(a, b, W, H, &d), 0);
	cr_assert_eq(d.max_delta, 0);
	/* Pixel (3, 2) one step off in blue, (6, 4) far off in red. */
	b[(2 * W + 3) * 4 + 2] += 1;
	b[(4 * W + 6) * 4 + 0] ^= 0xf0;
	cr_assert_eq(gpu_frame_diff(a, b, W, H, &d), 2);
	cr_assert_eq(d.x, 3);
	cr_assert_eq(d.y, 2);
	cr_assert_eq(d.expected >> 8 & 0xff, a[(2 * W + 3) * 4 + 2]);
	cr_assert_eq(d.found >> 8 & 0xff, (uint8_t)(a[(2 * W + 3) * 4 + 2] + 1));
	cr_assert_eq(d.expected >> 24, d.found >> 24, "red of the first pixel unchanged");
	cr_assert_geq(d.max_delta, 0x10);
}

Test(gpu_check, tolerance_counts_only_pixels_beyond_delta)
{
	uint8_t a[W * H * 4], b[W * H * 4];
	struct gpu_diff d;

	fill(a);
	memcpy(b, a, sizeof(a));
	/* Every pixel's green 2 off: within delta 2, beyond delta 1. */
	for (int i = 0; i < W * H; i++)
		b[i * 4 + 1] = (uint8_t)(a[i * 4 + 1] < 128 ? a[i * 4 + 1] + 2 : a[i * 4 + 1] - 2);
	cr_assert(gpu_frame_close(a, b, W, H, 2, 0.0, &d));
	cr_assert_eq(d.count, 0);
	cr_assert_eq(d.max_delta, 2);
	cr_assert(!gpu_frame_close(a, b, W, H, 1, 0.5, &d), "every pixel is off");
	cr_assert_eq(d.count, W * H);
	/* One pixel far off: 1 of 35 is within 3% but not within 2%. */
	memcpy(b, a, sizeof(a));
	b[10 * 4] ^= 0xff;
	cr_assert(gpu_frame_close(a, b, W, H, 8, 0.03, &d));
	cr_assert(!gpu_frame_close(a, b, W, H, 8, 0.02, &d));
	cr_assert_eq(d.x, 10 % W);
	cr_assert_eq(d.y, 10 / W);
}

Test(gpu_check, the_corruption_hook)
{
	uint8_t a[W * H * 4], b[W * H * 4];
	struct gpu_corrupt c;
	struct gpu_diff d;

	cr_assert_eq(gpu_corrupt_parse(NULL, &c), 0);
	cr_assert(!c.set);
	cr_assert_eq(gpu_corrupt_parse("2,10,3,4", &c), 0);
	cr_assert(c.set);
	cr_assert_eq(gpu_corrupt_parse("2,10,3", &c), -1, "four numbers");
	cr_assert_eq(gpu_corrupt_parse("2,10,3,4x", &c), -1, "nothing after them");
	cr_assert_eq(gpu_corrupt_parse("0,10,3,4", &c), -1, "tests count from 1");
	cr_assert_eq(gpu_corrupt_parse("2,10,3,4", &c), 0);
	fill(a);
	memcpy(b, a, sizeof(a));
	cr_assert_eq(gpu_corrupt_apply(&c, 2, 9, b, W, H), 0, "another frame");
	cr_assert_eq(gpu_corrupt_apply(&c, 1, 10, b, W, H), 0, "another test");
	cr_assert_eq(memcmp(a, b, sizeof(a)), 0);
	cr_assert_eq(gpu_corrupt_apply(&c, 2, 10, b, W, H), 1);
	cr_assert_eq(gpu_frame_diff(a, b, W, H, &d), 1);
	cr_assert_eq(d.x, 3);
	cr_assert_eq(d.y, 4);
	cr_assert_eq((d.expected ^ d.found), 1u << 24, "the low bit of red");
	cr_assert_eq(gpu_corrupt_parse("1,1,99,0", &c), 0);
	cr_assert_eq(gpu_corrupt_apply(&c, 1, 1, b, W, H), 0, "outside the frame");
}
