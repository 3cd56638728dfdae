// SPDX-License-Identifier: MIT
/*
 * gpu_check: what a read-back frame is checked by. A checksum (FNV-1a,
 * 64 bits) finds a wrong frame fast; the exact comparison with the pose's
 * first frame names the first wrong pixel (position, expected, found) and
 * counts them; the tolerant comparison is for frames from another driver,
 * which OpenGL ES does not promise to match pixel for pixel. Plain C: no
 * GL here, so it is built and unit-tested everywhere.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"

uint64_t gpu_checksum(const uint8_t *rgba, size_t bytes)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < bytes; i++) {
		h ^= rgba[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

static uint32_t pixel(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int channel_delta(const uint8_t *a, const uint8_t *b)
{
	int worst = 0;

	for (int c = 0; c < 4; c++) {
		int d = abs((int)a[c] - (int)b[c]);

		if (d > worst)
			worst = d;
	}
	return worst;
}

/* Pixels with a channel off by more than `delta`; the first one in diff. */
static long count_off(const uint8_t *want, const uint8_t *got, int width, int height,
		      int delta, struct gpu_diff *diff)
{
	memset(diff, 0, sizeof(*diff));
	for (long i = 0; i < (long)width * height; i++) {
		const uint8_t *w = want + 4 * i, *g = got + 4 * i;
		int d;

		if (!memcmp(w, g, 4))
			continue;
		d = channel_delta(w, g);
		if (d > diff->max_delta)
			diff->max_delta = d;
		if (d <= delta)
			continue;
		if (!diff->count++) {
			diff->x = (int)(i % width);
			diff->y = (int)(i / width);
			diff->expected = pixel(w);
			diff->found = pixel(g);
		}
	}
	return diff->count;
}

long gpu_frame_diff(const uint8_t *want, const uint8_t *got, int width, int height,
		    struct gpu_diff *diff)
{
	return count_off(want, got, width, height, 0, diff);
}

int gpu_frame_close(const uint8_t *want, const uint8_t *got, int width, int height,
		    int delta, double fraction, struct gpu_diff *diff)
{
	long off = count_off(want, got, width, height, delta, diff);

	return (double)off <= fraction * (double)width * (double)height;
}

int gpu_corrupt_parse(const char *text, struct gpu_corrupt *c)
{
	char tail;

	memset(c, 0, sizeof(*c));
	if (!text || !*text)
		return 0;
	if (sscanf(text, "%ld,%ld,%ld,%ld%c", &c->test, &c->frame, &c->x, &c->y, &tail) != 4 ||
	    c->test < 1 || c->frame < 1 || c->x < 0 || c->y < 0)
		return -1;
	c->set = 1;
	return 0;
}

int gpu_corrupt_apply(const struct gpu_corrupt *c, long test, long frame,
		      uint8_t *rgba, int width, int height)
{
	if (!c->set || c->test != test || c->frame != frame || c->x >= width || c->y >= height)
		return 0;
	rgba[4 * (c->y * (long)width + c->x)] ^= 1;
	return 1;
}
