// SPDX-License-Identifier: MIT
/*
 * gpu_scenes: the four scenes of burnkit gpu, as in the seed's OpenGL ES
 * benchmark: a mesh of at least the asked number of triangles covering the
 * frame (each triangle on its own vertices, grown 30% about its centre so
 * neighbours overlap at different depths: the depth test has work), drawn
 * plain (one colour per triangle), shaded (a colour per vertex), textured
 * (a generated 256 x 256 texture, linear filtering) or both. A frame is one
 * of GPU_POSES poses (rotation and zoom), so the same pose must give the
 * same pixels every time on the same driver.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "gpu_gl.h"

#define TEX_SIZE 256
#define GROW 1.3f

static const char *const scene_names[GPU_SCENE_KINDS] = {
	"plain", "shaded", "textured", "textured+shaded"
};

const char *gpu_scene_name(enum gpu_scene_kind kind)
{
	return kind < GPU_SCENE_KINDS ? scene_names[kind] : "?";
}

static const char vertex_src[] =
	"attribute vec3 pos;\n"
	"attribute vec3 color;\n"
	"attribute vec2 uv;\n"
	"uniform vec4 pose;\n"		/* cos, sin, zoom, unused */
	"varying vec3 v_color;\n"
	"varying vec2 v_uv;\n"
	"void main() {\n"
	"  vec2 p = pose.z * vec2(pos.x * pose.x - pos.y * pose.y,\n"
	"                         pos.x * pose.y + pos.y * pose.x);\n"
	"  gl_Position = vec4(p, pos.z, 1.0);\n"
	"  v_color = color;\n"
	"  v_uv = uv;\n"
	"}\n";

static const char fragment_color_src[] =
	"precision mediump float;\n"
	"varying vec3 v_color;\n"
	"varying vec2 v_uv;\n"
	"void main() { gl_FragColor = vec4(v_color, 1.0); }\n";

static const char fragment_tex_src[] =
	"precision mediump float;\n"
	"uniform sampler2D tex;\n"
	"varying vec3 v_color;\n"
	"varying vec2 v_uv;\n"
	"void main() { gl_FragColor = texture2D(tex, v_uv) * vec4(v_color, 1.0); }\n";

const char *gpu_gl_error(void)
{
	static char buf[32];
	GLenum e = glGetError();

	switch (e) {
	case GL_NO_ERROR: return NULL;
	case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
	case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
	case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
	case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
	default:
		snprintf(buf, sizeof(buf), "GL error 0x%x", (unsigned)e);
		return buf;
	}
}

static GLuint compile(GLenum type, const char *src, char *why, size_t len)
{
	GLuint s = glCreateShader(type);
	GLint ok = 0;

	glShaderSource(s, 1, &src, NULL);
	glCompileShader(s);
	glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
	if (!ok) {
		char log[256] = "";

		glGetShaderInfoLog(s, sizeof(log), NULL, log);
		snprintf(why, len, "the %s shader does not compile: %s",
			 type == GL_VERTEX_SHADER ? "vertex" : "fragment", log);
		glDeleteShader(s);
		return 0;
	}
	return s;
}

static GLuint link_program(int textured, char *why, size_t len)
{
	GLuint vs = compile(GL_VERTEX_SHADER, vertex_src, why, len), fs, p;
	GLint ok = 0;

	if (!vs)
		return 0;
	fs = compile(GL_FRAGMENT_SHADER, textured ? fragment_tex_src : fragment_color_src,
		     why, len);
	if (!fs) {
		glDeleteShader(vs);
		return 0;
	}
	p = glCreateProgram();
	glAttachShader(p, vs);
	glAttachShader(p, fs);
	glLinkProgram(p);
	glDeleteShader(vs);
	glDeleteShader(fs);
	glGetProgramiv(p, GL_LINK_STATUS, &ok);
	if (!ok) {
		char log[256] = "";

		glGetProgramInfoLog(p, sizeof(log), NULL, log);
		snprintf(why, len, "the shaders do not link: %s", log);
		glDeleteProgram(p);
		return 0;
	}
	return p;
}

/* Columns and rows of quads (two triangles each) for at least `target`. */
static void mesh_grid(long target, long *cols, long *rows)
{
	long quads = (target + 1) / 2;

	*cols = (long)ceil(sqrt((double)quads * 4.0 / 3.0));
	if (*cols < 1)
		*cols = 1;
	*rows = (quads + *cols - 1) / *cols;
}

long gpu_mesh_triangles(long target)
{
	long cols, rows;

	mesh_grid(target, &cols, &rows);
	return 2 * cols * rows;
}

/* A small integer hash: the mesh's colours and depths, the same everywhere. */
static uint32_t mix(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352dU;
	x ^= x >> 15;
	x *= 0x846ca68bU;
	x ^= x >> 16;
	return x;
}

static float unit(uint32_t h)
{
	return (float)(h & 0xffff) / 65535.0f;
}

struct vertex {
	float pos[3], color[3], uv[2];
};

static void triangle(struct vertex *v, const float xy[3][2], uint32_t id, int shaded)
{
	float cx = (xy[0][0] + xy[1][0] + xy[2][0]) / 3.0f;
	float cy = (xy[0][1] + xy[1][1] + xy[2][1]) / 3.0f;
	float z = unit(mix(id * 4 + 3)) * 1.8f - 0.9f;

	for (int k = 0; k < 3; k++) {
		uint32_t h = mix(id * 4 + (uint32_t)(shaded ? k : 0));

		v[k].pos[0] = cx + (xy[k][0] - cx) * GROW;
		v[k].pos[1] = cy + (xy[k][1] - cy) * GROW;
		v[k].pos[2] = z;
		v[k].color[0] = 0.25f + 0.75f * unit(h);
		v[k].color[1] = 0.25f + 0.75f * unit(h >> 8);
		v[k].color[2] = 0.25f + 0.75f * unit(h >> 16);
		v[k].uv[0] = (v[k].pos[0] + 1.0f) * 2.0f;
		v[k].uv[1] = (v[k].pos[1] + 1.0f) * 2.0f;
	}
}

static struct vertex *build_mesh(long triangles, int shaded, int white)
{
	long cols, rows, t = 0;
	struct vertex *v;

	mesh_grid(triangles, &cols, &rows);
	v = malloc((size_t)(2 * cols * rows) * 3 * sizeof(*v));
	if (!v)
		return NULL;
	for (long r = 0; r < rows; r++)
		for (long c = 0; c < cols; c++) {
			float x0 = -1.0f + 2.0f * (float)c / (float)cols;
			float x1 = -1.0f + 2.0f * (float)(c + 1) / (float)cols;
			float y0 = -1.0f + 2.0f * (float)r / (float)rows;
			float y1 = -1.0f + 2.0f * (float)(r + 1) / (float)rows;
			const float a[3][2] = { { x0, y0 }, { x1, y0 }, { x1, y1 } };
			const float b[3][2] = { { x0, y0 }, { x1, y1 }, { x0, y1 } };

			triangle(&v[3 * t], a, (uint32_t)t, shaded);
			t++;
			triangle(&v[3 * t], b, (uint32_t)t, shaded);
			t++;
		}
	if (white)
		for (long k = 0; k < 3 * t; k++)
			v[k].color[0] = v[k].color[1] = v[k].color[2] = 1.0f;
	return v;
}

static GLuint make_texture(void)
{
	uint8_t *px = malloc(TEX_SIZE * TEX_SIZE * 4);
	GLuint tex;

	if (!px)
		return 0;
	for (int y = 0; y < TEX_SIZE; y++)
		for (int x = 0; x < TEX_SIZE; x++) {
			uint8_t *p = &px[(y * TEX_SIZE + x) * 4];
			int check = ((x >> 5) ^ (y >> 5)) & 1;

			p[0] = (uint8_t)(check ? 230 : x);
			p[1] = (uint8_t)(check ? 60 + (y >> 1) : 255 - y);
			p[2] = (uint8_t)((x * y) >> 8);
			p[3] = 255;
		}
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, TEX_SIZE, TEX_SIZE, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, px);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
	free(px);
	return tex;
}

int gpu_scene_make(struct gpu_scene *s, enum gpu_scene_kind kind, long triangles,
		   char *why, size_t len)
{
	int textured = kind == GPU_TEXTURED || kind == GPU_TEX_SHADED;
	int shaded = kind == GPU_SHADED || kind == GPU_TEX_SHADED;
	struct vertex *v;
	const char *err;

	memset(s, 0, sizeof(*s));
	s->kind = kind;
	s->triangles = gpu_mesh_triangles(triangles);
	s->program = link_program(textured, why, len);
	if (!s->program)
		return -1;
	s->loc_pos = glGetAttribLocation(s->program, "pos");
	s->loc_color = glGetAttribLocation(s->program, "color");
	s->loc_uv = glGetAttribLocation(s->program, "uv");
	s->loc_pose = glGetUniformLocation(s->program, "pose");
	s->loc_tex = glGetUniformLocation(s->program, "tex");
	v = build_mesh(triangles, shaded, kind == GPU_TEXTURED);
	if (!v) {
		snprintf(why, len, "cannot allocate the mesh of %ld triangles", s->triangles);
		gpu_scene_free(s);
		return -1;
	}
	glGenBuffers(1, &s->vbo);
	glBindBuffer(GL_ARRAY_BUFFER, s->vbo);
	glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(s->triangles * 3 * (long)sizeof(*v)), v,
		     GL_STATIC_DRAW);
	free(v);
	if (textured && !(s->texture = make_texture())) {
		snprintf(why, len, "cannot make the texture");
		gpu_scene_free(s);
		return -1;
	}
	err = gpu_gl_error();
	if (err) {
		snprintf(why, len, "setting up the %s scene: %s", gpu_scene_name(kind), err);
		gpu_scene_free(s);
		return -1;
	}
	return 0;
}

static void attrib(int loc, int n, size_t offset)
{
	if (loc < 0)
		return;
	glEnableVertexAttribArray((GLuint)loc);
	glVertexAttribPointer((GLuint)loc, n, GL_FLOAT, GL_FALSE, sizeof(struct vertex),
			      (const void *)offset);
}

void gpu_scene_draw(const struct gpu_scene *s, int pose)
{
	float angle = 0.35f * (float)pose, zoom = 1.15f + 0.1f * (float)pose;

	glUseProgram(s->program);
	glBindBuffer(GL_ARRAY_BUFFER, s->vbo);
	attrib(s->loc_pos, 3, offsetof(struct vertex, pos));
	attrib(s->loc_color, 3, offsetof(struct vertex, color));
	attrib(s->loc_uv, 2, offsetof(struct vertex, uv));
	if (s->texture) {
		glActiveTexture(GL_TEXTURE0);
		glBindTexture(GL_TEXTURE_2D, s->texture);
		glUniform1i(s->loc_tex, 0);
	}
	glUniform4f(s->loc_pose, cosf(angle), sinf(angle), zoom, 0.0f);
	glEnable(GL_DEPTH_TEST);
	glDepthFunc(GL_LESS);
	glClearColor(0.1f, 0.1f, 0.2f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	glDrawArrays(GL_TRIANGLES, 0, (GLsizei)(s->triangles * 3));
}

void gpu_read_frame(uint8_t *rgba, int width, int height)
{
	glPixelStorei(GL_PACK_ALIGNMENT, 1);
	glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
}

void gpu_scene_free(struct gpu_scene *s)
{
	if (s->vbo)
		glDeleteBuffers(1, &s->vbo);
	if (s->texture)
		glDeleteTextures(1, &s->texture);
	if (s->program)
		glDeleteProgram(s->program);
	memset(s, 0, sizeof(*s));
}
