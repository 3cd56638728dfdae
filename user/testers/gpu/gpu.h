/* SPDX-License-Identifier: MIT */
/*
 * gpu.h: what the parts of burnkit gpu share. gpu_gl (EGL and GLES loaded
 * at run time, gpu_gl.h), gpu_egl (the off-screen contexts), gpu_scenes (shaders and triangle meshes) and gpu_llvmpipe (the
 * comparison with llvmpipe's frames) need EGL and OpenGL ES 2
 * (BK_HAVE_GLES); gpu_check (checksums, frame comparison, the test hook) is
 * plain C, built everywhere and unit-tested.
 */
#ifndef BK_GPU_H
#define BK_GPU_H

#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------ gpu_egl */

struct gpu_egl {
	void *display, *context, *surface;	/* EGLDisplay, EGLContext, EGLSurface */
	const char *platform;		/* "surfaceless" or "pbuffer" */
	char renderer[128], version[128], vendor[64];
	int is_llvmpipe;		/* Mesa's software rasteriser */
	unsigned fbo, color_rb, depth_rb;
	int width, height;
};

/*
 * An OpenGL ES 2 context drawing into a width x height RGBA8 framebuffer
 * object, without a window system: EGL_MESA_platform_surfaceless first,
 * the default display with a pbuffer when that is missing. Returns 0, or
 * -1 with the reason in why.
 */
int gpu_egl_open(struct gpu_egl *g, int width, int height, char *why, size_t len);
/* The same on Mesa's software device (llvmpipe), beside the first. */
int gpu_egl_open_llvmpipe(struct gpu_egl *g, int width, int height, char *why, size_t len);
/* Make g's context the current one; 0, or -1. */
int gpu_egl_current(const struct gpu_egl *g);
void gpu_egl_close(struct gpu_egl *g);
/* 0 when a context can be made here (the .supported probe). */
int gpu_egl_probe(char *why, size_t len);

/* ---------------------------------------------------------- gpu_scenes */

enum gpu_scene_kind {
	GPU_PLAIN,		/* one colour per triangle */
	GPU_SHADED,		/* colours interpolated between vertices */
	GPU_TEXTURED,		/* a generated texture */
	GPU_TEX_SHADED,		/* the texture modulated by vertex colours */
	GPU_SCENE_KINDS
};

/* Frames of one scene cycle through this many poses (and repeat). */
#define GPU_POSES 4

struct gpu_scene {
	enum gpu_scene_kind kind;
	unsigned program, vbo, texture;
	int loc_pos, loc_color, loc_uv, loc_pose, loc_tex;
	long triangles;
};

const char *gpu_scene_name(enum gpu_scene_kind kind);
/* Triangles of the mesh for a `triangles` target ("36000+": at least). */
long gpu_mesh_triangles(long target);
int gpu_scene_make(struct gpu_scene *s, enum gpu_scene_kind kind, long triangles,
		   char *why, size_t len);
/* Draw pose `pose` (0 .. GPU_POSES-1) into the bound framebuffer. */
void gpu_scene_draw(const struct gpu_scene *s, int pose);
void gpu_scene_free(struct gpu_scene *s);
/* Read the framebuffer back, RGBA8, rows bottom up. */
void gpu_read_frame(uint8_t *rgba, int width, int height);
/* The first GL error since the last call, as text, or NULL. */
const char *gpu_gl_error(void);

/* ----------------------------------------------------------- gpu_check */

uint64_t gpu_checksum(const uint8_t *rgba, size_t bytes);

/* The first pixel that differs: position from the bottom left, RGBA. */
struct gpu_diff {
	long count;			/* pixels that differ */
	int x, y;			/* the first one */
	uint32_t expected, found;	/* 0xRRGGBBAA */
	int max_delta;			/* largest channel difference */
};
/* Exact comparison; returns diff->count. */
long gpu_frame_diff(const uint8_t *want, const uint8_t *got, int width, int height,
		    struct gpu_diff *diff);
/*
 * Within a tolerance (for another driver's frame, e.g. llvmpipe's): a pixel
 * is off when a channel differs by more than `delta`; the frames agree when
 * at most `fraction` of the pixels are off. Returns 1 when they agree.
 */
int gpu_frame_close(const uint8_t *want, const uint8_t *got, int width, int height,
		    int delta, double fraction, struct gpu_diff *diff);

/*
 * The test hook: BURNKIT_GPU_CORRUPT="TEST,FRAME,X,Y" flips the low bit of
 * red in pixel (X, Y) of frame FRAME's read-back in test TEST (so the tests
 * can see a wrong pixel caught). Returns 1 when it flipped.
 */
struct gpu_corrupt {
	int set;
	long test, frame, x, y;
};
int gpu_corrupt_parse(const char *text, struct gpu_corrupt *c);
int gpu_corrupt_apply(const struct gpu_corrupt *c, long test, long frame,
		      uint8_t *rgba, int width, int height);

/* -------------------------------------------------------- gpu_llvmpipe */

/* How far a GPU's frame may be from llvmpipe's (gpu_llvmpipe.c says why). */
#define GPU_LLVMPIPE_DELTA 8		/* of 255, per channel */
#define GPU_LLVMPIPE_FRACTION 0.05	/* of the pixels may be further off */

/*
 * Draw scene `kind`'s poses on llvmpipe (`soft`, same size as `gpu`) and
 * compare each with the GPU's kept frame (NULL: none, agree -1) within the
 * tolerance: agree[pose] 1 or 0, the pixels off in diff. The GPU's context
 * is current again afterwards. 0, or -1 with the reason.
 */
int gpu_llvmpipe_compare(const struct gpu_egl *gpu, const struct gpu_egl *soft,
			 enum gpu_scene_kind kind, long triangles,
			 uint8_t *const kept[GPU_POSES], uint8_t *scratch,
			 struct gpu_diff diff[GPU_POSES], int agree[GPU_POSES],
			 char *why, size_t len);

#endif
