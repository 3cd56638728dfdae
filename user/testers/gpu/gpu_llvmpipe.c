// SPDX-License-Identifier: MIT
/*
 * gpu_llvmpipe: a scene's kept frames against Mesa's software rasteriser.
 * OpenGL ES fixes what is drawn, not every bit of it: sub-pixel precision
 * at triangle edges, depth precision where triangles nearly touch,
 * interpolation and texture filtering weights may differ between drivers
 * (V3D and llvmpipe among them). So a GPU's frame is held to llvmpipe's only
 * within GPU_LLVMPIPE_DELTA per channel on all but GPU_LLVMPIPE_FRACTION of
 * the pixels: enough to see a frame drawn wrong (missing texture, wrong
 * colours, torn or black frames), not a rounding difference. The exact
 * check stays the GPU's own first frames.
 */
#include <stdio.h>

#include "gpu.h"
#include "gpu_gl.h"

int gpu_llvmpipe_compare(const struct gpu_egl *gpu, const struct gpu_egl *soft,
			 enum gpu_scene_kind kind, long triangles,
			 uint8_t *const kept[GPU_POSES], uint8_t *scratch,
			 struct gpu_diff diff[GPU_POSES], int agree[GPU_POSES],
			 char *why, size_t len)
{
	struct gpu_scene s;
	int rc = 0;

	if (gpu_egl_current(soft)) {
		snprintf(why, len, "cannot make the llvmpipe context current");
		return -1;
	}
	if (gpu_scene_make(&s, kind, triangles, why, len)) {
		gpu_egl_current(gpu);
		return -1;
	}
	for (int pose = 0; pose < GPU_POSES; pose++) {
		agree[pose] = -1;	/* no kept frame to compare */
		if (!kept[pose])
			continue;
		gpu_scene_draw(&s, pose);
		gpu_read_frame(scratch, soft->width, soft->height);
		agree[pose] = gpu_frame_close(scratch, kept[pose], soft->width, soft->height,
					      GPU_LLVMPIPE_DELTA, GPU_LLVMPIPE_FRACTION,
					      &diff[pose]);
	}
	if (gpu_gl_error()) {
		snprintf(why, len, "llvmpipe reported a GL error drawing the %s scene",
			 gpu_scene_name(kind));
		rc = -1;
	}
	gpu_scene_free(&s);
	if (gpu_egl_current(gpu)) {
		snprintf(why, len, "cannot make the GPU's context current again");
		rc = -1;
	}
	return rc;
}
