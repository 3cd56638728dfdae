/* SPDX-License-Identifier: MIT */
/*
 * gpu_gl.h: EGL and OpenGL ES 2 through pointers loaded at run time
 * (gpu_gl.c: dlopen of libEGL.so.1 and libGLESv2.so.2), so the runner needs
 * neither library to start: where they are missing, burnkit gpu is
 * unsupported with the reason and every other tester runs. The headers are
 * needed at build time only. Include this instead of <EGL/egl.h> and
 * <GLES2/gl2.h>: the names below are the loaded pointers.
 */
#ifndef BK_GPU_GL_H
#define BK_GPU_GL_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <stddef.h>

/* Every EGL and GL function burnkit gpu calls. */
#define GPU_EGL_FUNCS(X) \
	X(eglBindAPI) \
	X(eglChooseConfig) \
	X(eglCreateContext) \
	X(eglCreatePbufferSurface) \
	X(eglDestroyContext) \
	X(eglDestroySurface) \
	X(eglGetCurrentContext) \
	X(eglGetDisplay) \
	X(eglGetError) \
	X(eglGetProcAddress) \
	X(eglInitialize) \
	X(eglMakeCurrent) \
	X(eglQueryString) \
	X(eglReleaseThread) \
	X(eglTerminate)

#define GPU_GL_FUNCS(X) \
	X(glActiveTexture) \
	X(glAttachShader) \
	X(glBindBuffer) \
	X(glBindFramebuffer) \
	X(glBindRenderbuffer) \
	X(glBindTexture) \
	X(glBufferData) \
	X(glCheckFramebufferStatus) \
	X(glClear) \
	X(glClearColor) \
	X(glCompileShader) \
	X(glCreateProgram) \
	X(glCreateShader) \
	X(glDeleteBuffers) \
	X(glDeleteFramebuffers) \
	X(glDeleteProgram) \
	X(glDeleteRenderbuffers) \
	X(glDeleteShader) \
	X(glDeleteTextures) \
	X(glDepthFunc) \
	X(glDrawArrays) \
	X(glEnable) \
	X(glEnableVertexAttribArray) \
	X(glFinish) \
	X(glFramebufferRenderbuffer) \
	X(glFramebufferTexture2D) \
	X(glGenBuffers) \
	X(glGenFramebuffers) \
	X(glGenRenderbuffers) \
	X(glGenTextures) \
	X(glGetAttribLocation) \
	X(glGetError) \
	X(glGetIntegerv) \
	X(glGetProgramInfoLog) \
	X(glGetProgramiv) \
	X(glGetShaderInfoLog) \
	X(glGetShaderiv) \
	X(glGetString) \
	X(glGetUniformLocation) \
	X(glLinkProgram) \
	X(glPixelStorei) \
	X(glReadPixels) \
	X(glRenderbufferStorage) \
	X(glShaderSource) \
	X(glTexImage2D) \
	X(glTexParameteri) \
	X(glUniform1i) \
	X(glUniform4f) \
	X(glUseProgram) \
	X(glVertexAttribPointer) \
	X(glViewport)

#define GPU_GL_MEMBER_(name) __typeof__(&name) name;
struct gpu_gl_api {
	GPU_EGL_FUNCS(GPU_GL_MEMBER_)
	GPU_GL_FUNCS(GPU_GL_MEMBER_)
};
#undef GPU_GL_MEMBER_
extern struct gpu_gl_api gpu_gl;

/* Load the libraries once; 0, or -1 with the reason. */
int gpu_gl_load(char *why, size_t len);

#ifndef GPU_GL_LOADER
#define eglBindAPI gpu_gl.eglBindAPI
#define eglChooseConfig gpu_gl.eglChooseConfig
#define eglCreateContext gpu_gl.eglCreateContext
#define eglCreatePbufferSurface gpu_gl.eglCreatePbufferSurface
#define eglDestroyContext gpu_gl.eglDestroyContext
#define eglDestroySurface gpu_gl.eglDestroySurface
#define eglGetCurrentContext gpu_gl.eglGetCurrentContext
#define eglGetDisplay gpu_gl.eglGetDisplay
#define eglGetError gpu_gl.eglGetError
#define eglGetProcAddress gpu_gl.eglGetProcAddress
#define eglInitialize gpu_gl.eglInitialize
#define eglMakeCurrent gpu_gl.eglMakeCurrent
#define eglQueryString gpu_gl.eglQueryString
#define eglReleaseThread gpu_gl.eglReleaseThread
#define eglTerminate gpu_gl.eglTerminate
#define glActiveTexture gpu_gl.glActiveTexture
#define glAttachShader gpu_gl.glAttachShader
#define glBindBuffer gpu_gl.glBindBuffer
#define glBindFramebuffer gpu_gl.glBindFramebuffer
#define glBindRenderbuffer gpu_gl.glBindRenderbuffer
#define glBindTexture gpu_gl.glBindTexture
#define glBufferData gpu_gl.glBufferData
#define glCheckFramebufferStatus gpu_gl.glCheckFramebufferStatus
#define glClear gpu_gl.glClear
#define glClearColor gpu_gl.glClearColor
#define glCompileShader gpu_gl.glCompileShader
#define glCreateProgram gpu_gl.glCreateProgram
#define glCreateShader gpu_gl.glCreateShader
#define glDeleteBuffers gpu_gl.glDeleteBuffers
#define glDeleteFramebuffers gpu_gl.glDeleteFramebuffers
#define glDeleteProgram gpu_gl.glDeleteProgram
#define glDeleteRenderbuffers gpu_gl.glDeleteRenderbuffers
#define glDeleteShader gpu_gl.glDeleteShader
#define glDeleteTextures gpu_gl.glDeleteTextures
#define glDepthFunc gpu_gl.glDepthFunc
#define glDrawArrays gpu_gl.glDrawArrays
#define glEnable gpu_gl.glEnable
#define glEnableVertexAttribArray gpu_gl.glEnableVertexAttribArray
#define glFinish gpu_gl.glFinish
#define glFramebufferRenderbuffer gpu_gl.glFramebufferRenderbuffer
#define glFramebufferTexture2D gpu_gl.glFramebufferTexture2D
#define glGenBuffers gpu_gl.glGenBuffers
#define glGenFramebuffers gpu_gl.glGenFramebuffers
#define glGenRenderbuffers gpu_gl.glGenRenderbuffers
#define glGenTextures gpu_gl.glGenTextures
#define glGetAttribLocation gpu_gl.glGetAttribLocation
#define glGetError gpu_gl.glGetError
#define glGetIntegerv gpu_gl.glGetIntegerv
#define glGetProgramInfoLog gpu_gl.glGetProgramInfoLog
#define glGetProgramiv gpu_gl.glGetProgramiv
#define glGetShaderInfoLog gpu_gl.glGetShaderInfoLog
#define glGetShaderiv gpu_gl.glGetShaderiv
#define glGetString gpu_gl.glGetString
#define glGetUniformLocation gpu_gl.glGetUniformLocation
#define glLinkProgram gpu_gl.glLinkProgram
#define glPixelStorei gpu_gl.glPixelStorei
#define glReadPixels gpu_gl.glReadPixels
#define glRenderbufferStorage gpu_gl.glRenderbufferStorage
#define glShaderSource gpu_gl.glShaderSource
#define glTexImage2D gpu_gl.glTexImage2D
#define glTexParameteri gpu_gl.glTexParameteri
#define glUniform1i gpu_gl.glUniform1i
#define glUniform4f gpu_gl.glUniform4f
#define glUseProgram gpu_gl.glUseProgram
#define glVertexAttribPointer gpu_gl.glVertexAttribPointer
#define glViewport gpu_gl.glViewport
#endif

#endif
