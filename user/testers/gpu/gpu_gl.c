// SPDX-License-Identifier: MIT
/*
 * gpu_gl: libEGL.so.1 and libGLESv2.so.2 opened at run time (the names of
 * the Khronos ABI: glvnd's dispatchers or Mesa's own libraries), every
 * function burnkit gpu calls looked up once. A missing library or symbol is
 * the reason gpu is unsupported, not a runner that fails to start.
 * BURNKIT_GPU_LIBEGL and BURNKIT_GPU_LIBGLES name other libraries (a
 * vendor's; the tests name a missing one).
 */
#define GPU_GL_LOADER
#include "gpu_gl.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

struct gpu_gl_api gpu_gl;

static int loaded;	/* 1 loaded, -1 failed (why_failed says why) */
static char why_failed[256];

static int open_lib(const char *name, void **h)
{
	*h = dlopen(name, RTLD_NOW | RTLD_LOCAL);
	if (!*h) {
		snprintf(why_failed, sizeof(why_failed), "cannot load %s (%s): install "
			 "libegl1 and libgles2 with Mesa (libegl-mesa0, libgl1-mesa-dri)",
			 name, dlerror());
		return -1;
	}
	return 0;
}

static int load(void)
{
	const char *egl_name = getenv("BURNKIT_GPU_LIBEGL");
	const char *gles_name = getenv("BURNKIT_GPU_LIBGLES");
	void *egl, *gles, *p;

	if (!egl_name || !*egl_name)
		egl_name = "libEGL.so.1";
	if (!gles_name || !*gles_name)
		gles_name = "libGLESv2.so.2";
	if (open_lib(egl_name, &egl) || open_lib(gles_name, &gles))
		return -1;
#define GPU_GL_LOOKUP_(lib, name)						\
	p = dlsym(lib, #name);							\
	if (!p) {								\
		snprintf(why_failed, sizeof(why_failed), "%s has no %s",	\
			 lib == egl ? egl_name : gles_name, #name);		\
		return -1;							\
	}									\
	gpu_gl.name = (__typeof__(gpu_gl.name))p;
#define GPU_GL_EGL_(name) GPU_GL_LOOKUP_(egl, name)
#define GPU_GL_GLES_(name) GPU_GL_LOOKUP_(gles, name)
	GPU_EGL_FUNCS(GPU_GL_EGL_)
	GPU_GL_FUNCS(GPU_GL_GLES_)
#undef GPU_GL_EGL_
#undef GPU_GL_GLES_
#undef GPU_GL_LOOKUP_
	return 0;
}

int gpu_gl_load(char *why, size_t len)
{
	if (!loaded)
		loaded = load() ? -1 : 1;
	if (loaded < 0) {
		snprintf(why, len, "%s", why_failed);
		return -1;
	}
	return 0;
}
