// SPDX-License-Identifier: MIT
/*
 * gpu_egl: an OpenGL ES 2 context without a window system. Mesa's
 * surfaceless platform (EGL_MESA_platform_surfaceless) picks the GPU's
 * render node itself (V3D on a Pi 4/5, llvmpipe with no GPU or
 * LIBGL_ALWAYS_SOFTWARE=1), so no GBM device and no display are needed;
 * where it is missing, the default display with a small pbuffer. Either
 * way the frames go into a framebuffer object of the asked size (RGBA8
 * texture, 16-bit depth), so the size is not bounded by any screen. A
 * second context on Mesa's software device (llvmpipe) can sit beside it,
 * for frames to compare the GPU's with.
 */
#include <stdio.h>
#include <string.h>

#include "gpu.h"
#include "gpu_gl.h"
#include "util.h"

static const char *egl_error(void)
{
	static char buf[32];
	EGLint e = eglGetError();

	switch (e) {
	case EGL_SUCCESS: return "no EGL error";
	case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
	case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
	case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
	case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
	case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
	case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
	case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
	case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE";
	default:
		snprintf(buf, sizeof(buf), "EGL error 0x%x", (unsigned)e);
		return buf;
	}
}

static int has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; p && (p = strstr(p, word)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

/* The surfaceless display when the client library offers it, else the default. */
static EGLDisplay get_display(const char **platform)
{
	const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);

	if (has_word(client, "EGL_MESA_platform_surfaceless") &&
	    has_word(client, "EGL_EXT_platform_base")) {
		PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
			(PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");

		if (get_platform_display) {
			EGLDisplay d = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA,
							    EGL_DEFAULT_DISPLAY, NULL);
			if (d != EGL_NO_DISPLAY) {
				*platform = "surfaceless";
				return d;
			}
		}
	}
	*platform = "pbuffer";
	return eglGetDisplay(EGL_DEFAULT_DISPLAY);
}

static int fail(char *why, size_t len, const char *what)
{
	snprintf(why, len, "%s", what);
	return -1;
}

static int make_context(struct gpu_egl *g, char *why, size_t len)
{
	const EGLint config_attrs[] = {
		EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
		EGL_SURFACE_TYPE, !strcmp(g->platform, "pbuffer") ? EGL_PBUFFER_BIT : 0,
		EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
		EGL_NONE
	};
	const EGLint ctx_attrs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
	const EGLint pbuf_attrs[] = { EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE };
	EGLint major, minor, n = 0;
	EGLConfig config;
	char msg[160];

	if (!eglInitialize(g->display, &major, &minor)) {
		snprintf(msg, sizeof(msg), "eglInitialize on the %s display failed (%s): "
			 "no EGL driver (install Mesa: libegl-mesa0, libgl1-mesa-dri)",
			 g->platform, egl_error());
		return fail(why, len, msg);
	}
	if (!eglBindAPI(EGL_OPENGL_ES_API))
		return fail(why, len, "eglBindAPI(EGL_OPENGL_ES_API) failed: no OpenGL ES");
	if (!eglChooseConfig(g->display, config_attrs, &config, 1, &n) || n < 1)
		return fail(why, len, "no EGL config with OpenGL ES 2 and 8-bit RGB");
	g->context = eglCreateContext(g->display, config, EGL_NO_CONTEXT, ctx_attrs);
	if (g->context == EGL_NO_CONTEXT) {
		snprintf(msg, sizeof(msg), "cannot create an OpenGL ES 2 context (%s)",
			 egl_error());
		return fail(why, len, msg);
	}
	g->surface = EGL_NO_SURFACE;
	if (!strcmp(g->platform, "pbuffer") ||
	    !has_word(eglQueryString(g->display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context")) {
		g->surface = eglCreatePbufferSurface(g->display, config, pbuf_attrs);
		if (g->surface == EGL_NO_SURFACE) {
			snprintf(msg, sizeof(msg), "cannot create a pbuffer (%s)", egl_error());
			return fail(why, len, msg);
		}
	}
	if (!eglMakeCurrent(g->display, g->surface, g->surface, g->context)) {
		snprintf(msg, sizeof(msg), "eglMakeCurrent failed (%s)", egl_error());
		return fail(why, len, msg);
	}
	return 0;
}

/* The frames' target: an RGBA8 texture and a 16-bit depth buffer. */
static int make_framebuffer(struct gpu_egl *g, char *why, size_t len)
{
	GLint max_rb = 0, max_tex = 0;
	GLuint fbo, tex, depth;
	char msg[128];

	glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_rb);
	glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_tex);
	if (g->width > max_rb || g->height > max_rb || g->width > max_tex ||
	    g->height > max_tex) {
		snprintf(msg, sizeof(msg), "%d x %d is larger than this driver's frames "
			 "(at most %d x %d): make Wide and High smaller", g->width, g->height,
			 max_rb < max_tex ? max_rb : max_tex, max_rb < max_tex ? max_rb : max_tex);
		return fail(why, len, msg);
	}
	glGenFramebuffers(1, &fbo);
	glGenTextures(1, &tex);
	glGenRenderbuffers(1, &depth);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, g->width, g->height, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, NULL);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	glBindRenderbuffer(GL_RENDERBUFFER, depth);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, g->width, g->height);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
	g->fbo = fbo;
	g->color_rb = tex;
	g->depth_rb = depth;
	if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
		snprintf(msg, sizeof(msg), "the %d x %d RGBA8 framebuffer is incomplete "
			 "(status 0x%x)", g->width, g->height,
			 (unsigned)glCheckFramebufferStatus(GL_FRAMEBUFFER));
		return fail(why, len, msg);
	}
	glViewport(0, 0, g->width, g->height);
	return 0;
}

/* Mesa's software device (EGL_MESA_device_software): llvmpipe beside the GPU. */
static EGLDisplay get_llvmpipe_display(const char **platform)
{
	const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
	PFNEGLQUERYDEVICESEXTPROC query_devices;
	PFNEGLQUERYDEVICESTRINGEXTPROC query_string;
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display;
	EGLDeviceEXT dev[16];
	EGLint n = 0;

	*platform = "device";
	if (!has_word(client, "EGL_EXT_device_enumeration") ||
	    !has_word(client, "EGL_EXT_platform_device"))
		return EGL_NO_DISPLAY;
	query_devices = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
	query_string = (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
	get_platform_display =
		(PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
	if (!query_devices || !query_string || !get_platform_display ||
	    !query_devices(16, dev, &n))
		return EGL_NO_DISPLAY;
	for (EGLint i = 0; i < n; i++)
		if (has_word(query_string(dev[i], EGL_EXTENSIONS), "EGL_MESA_device_software"))
			return get_platform_display(EGL_PLATFORM_DEVICE_EXT, dev[i], NULL);
	return EGL_NO_DISPLAY;
}

static int egl_open(struct gpu_egl *g, int width, int height, int llvmpipe, char *why,
		    size_t len)
{
	const char *s;

	memset(g, 0, sizeof(*g));
	if (gpu_gl_load(why, len))
		return -1;
	g->width = width;
	g->height = height;
	g->display = llvmpipe ? get_llvmpipe_display(&g->platform) : get_display(&g->platform);
	if (g->display == EGL_NO_DISPLAY) {
		memset(g, 0, sizeof(*g));
		return fail(why, len, llvmpipe ? "no llvmpipe: this EGL has no Mesa software "
			    "device (EGL_MESA_device_software; install libegl-mesa0 and "
			    "libgl1-mesa-dri)" : "no EGL display (neither surfaceless nor default)");
	}
	if (make_context(g, why, len) || make_framebuffer(g, why, len)) {
		gpu_egl_close(g);
		return -1;
	}
	s = (const char *)glGetString(GL_RENDERER);
	bk_strlcpy(g->renderer, s ? s : "?", sizeof(g->renderer));
	s = (const char *)glGetString(GL_VERSION);
	bk_strlcpy(g->version, s ? s : "?", sizeof(g->version));
	s = (const char *)glGetString(GL_VENDOR);
	bk_strlcpy(g->vendor, s ? s : "?", sizeof(g->vendor));
	g->is_llvmpipe = strstr(g->renderer, "llvmpipe") != NULL;
	if (llvmpipe && !g->is_llvmpipe) {
		snprintf(why, len, "the software device is %s, not llvmpipe", g->renderer);
		gpu_egl_close(g);
		return -1;
	}
	return 0;
}

int gpu_egl_open(struct gpu_egl *g, int width, int height, char *why, size_t len)
{
	return egl_open(g, width, height, 0, why, len);
}

int gpu_egl_open_llvmpipe(struct gpu_egl *g, int width, int height, char *why, size_t len)
{
	return egl_open(g, width, height, 1, why, len);
}

int gpu_egl_current(const struct gpu_egl *g)
{
	return eglMakeCurrent(g->display, g->surface, g->surface, g->context) ? 0 : -1;
}

void gpu_egl_close(struct gpu_egl *g)
{
	if (!g->display)
		return;
	/* Unbind only our own context: another one may be current (llvmpipe's). */
	if (g->context && eglGetCurrentContext() == g->context) {
		if (g->fbo) {
			GLuint fbo = g->fbo, tex = g->color_rb, depth = g->depth_rb;

			glBindFramebuffer(GL_FRAMEBUFFER, 0);
			glDeleteFramebuffers(1, &fbo);
			glDeleteTextures(1, &tex);
			glDeleteRenderbuffers(1, &depth);
		}
		eglMakeCurrent(g->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
		eglReleaseThread();
	}
	if (g->surface && g->surface != EGL_NO_SURFACE)
		eglDestroySurface(g->display, g->surface);
	if (g->context && g->context != EGL_NO_CONTEXT)
		eglDestroyContext(g->display, g->context);
	eglTerminate(g->display);
	memset(g, 0, sizeof(*g));
}

int gpu_egl_probe(char *why, size_t len)
{
	struct gpu_egl g;

	if (gpu_egl_open(&g, 16, 16, why, len))
		return -1;
	gpu_egl_close(&g);
	return 0;
}
