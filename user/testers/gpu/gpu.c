// SPDX-License-Identifier: MIT
/*
 * burnkit gpu: Longbottom's OpenGL1Pi.bin in reliability mode, checked.
 * Up to 16 tests (4 rows of the seed's table) of a 36000+ triangle mesh,
 * the columns plain, shaded, textured and both, each drawn for RunMinutes/16
 * (or --seconds) into a Wide x High frame off-screen (gpu_egl: no window
 * system). Every frame is finished before the next; the first GPU_POSES
 * frames of each scene are read back and kept, and every Nth frame after
 * that is read back and compared with them: a frame must be the same, bit
 * for bit, as the one the same scene and pose gave on the same driver at
 * the start. A wrong pixel is an error with test, frame, position, expected
 * and found, and the run exits 1. FPS per test in the seed's table, a JSON
 * record per test (gpu_test, with fps) and the summary.
 *
 * user/testers/gpu/ is the GPU tester: gpu (this file: parameters, the run,
 * the table, the descriptor), gpu_gl (libEGL and libGLESv2 opened at run
 * time), gpu_egl (the contexts), gpu_scenes (shaders
 * and meshes), gpu_llvmpipe (--against-llvmpipe), gpu_check (checksums,
 * frame comparison, the test hook); gpu.h is what they share. They call
 * user/lib only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpu.h"
#ifdef BK_HAVE_GLES
#include "gpu_gl.h"
#endif
#include "tester.h"

#define GPU_MAX_TESTS 16
#define GPU_COLUMNS 4
/* Wrong frames listed in the text log; all of them are counted. */
#define GPU_TEXT_ERRORS 5
#define GPU_JSON_ERRORS 100

static const struct bk_param gpu_params[] = {
	{ "wide", "Wide", BK_PT_INT, 16, 8192, "1920",
	  "frame width in pixels (drawn off-screen: any size the driver takes)", NULL },
	{ "high", "High", BK_PT_INT, 16, 8192, "1080",
	  "frame height in pixels", NULL },
	{ "run-minutes", "RunMinutes", BK_PT_REAL, 0.01, 100000, "1",
	  "running time of all the tests together (each gets its share)", NULL },
	{ "tests", NULL, BK_PT_INT, 1, GPU_MAX_TESTS, "16",
	  "run tests 1 to N (columns: plain, shaded, textured, textured+shaded)", NULL },
	{ "seconds", NULL, BK_PT_REAL, 0.01, 86400, NULL,
	  "running time of each test (default: RunMinutes x 60 / tests)", NULL },
	{ "triangles", NULL, BK_PT_INT, 2, 2000000, "36000",
	  "triangles in the mesh, at least (the seed's 36000+)", NULL },
	{ "check-every", NULL, BK_PT_INT, 1, 1000000, "10",
	  "read back and check every Nth frame (1: every frame)", NULL },
	{ "against-llvmpipe", NULL, BK_PT_FLAG, 0, 0, NULL,
	  "also draw each scene's first frames on Mesa's llvmpipe and compare "
	  "within a tolerance (GLES frames differ a little between drivers)", NULL },
	BK_PARAMS_END
};

#ifdef BK_HAVE_GLES

static const char *const column_head[GPU_COLUMNS] = {
	"Plain", "Shaded", "Textured", "Tex+Shad"
};

struct gpu_run {
	struct bk_ctx *ctx;
	struct gpu_egl egl;
	struct gpu_egl soft;			/* llvmpipe, with --against-llvmpipe */
	int against;
	int width, height, tests;
	long triangles, check_every;
	double seconds;
	size_t frame_bytes;
	uint8_t *frame;				/* the read-back */
	uint8_t *ref[GPU_SCENE_KINDS][GPU_POSES];	/* each pose's first frame */
	uint64_t ref_sum[GPU_SCENE_KINDS][GPU_POSES];
	struct gpu_corrupt corrupt;
	double fps[GPU_MAX_TESTS];
	unsigned long frames, kept, checked, wrong_frames;
	unsigned long soft_poses, soft_off;	/* compared with llvmpipe, beyond tolerance */
	int soft_delta;				/* the largest channel difference */
	int tests_done;
};

struct gpu_test {
	int test;
	enum gpu_scene_kind kind;
	long triangles;
	unsigned long frames, kept, checked, errors;
	double seconds;
};

static void hex_pixel(char *buf, size_t len, uint32_t p)
{
	snprintf(buf, len, "%08x", (unsigned)p);
}

static void report_wrong(struct gpu_run *r, struct gpu_test *t, unsigned long frame,
			 int pose, uint64_t sum, const struct gpu_diff *d)
{
	struct bk_log *log = &r->ctx->log;
	char want[12], got[12];
	struct bk_json j;

	hex_pixel(want, sizeof(want), d->expected);
	hex_pixel(got, sizeof(got), d->found);
	if (t->errors <= GPU_TEXT_ERRORS)
		bk_out(log, " ERROR test %d (%s) frame %lu pose %d: %ld wrong pixel%s, the first "
		       "at x %d y %d (from the bottom left): expected RGBA %s, found %s\n",
		       t->test, gpu_scene_name(t->kind), frame, pose + 1, d->count,
		       d->count == 1 ? "" : "s", d->x, d->y,
		       want, got);
	if (t->errors == GPU_TEXT_ERRORS + 1)
		bk_out(log, " ... more wrong frames in test %d: counted, not listed\n", t->test);
	if (t->errors > GPU_JSON_ERRORS)
		return;
	bk_json_init(&j);
	bk_rec_begin(log, &j, "error");
	bk_json_int(&j, "test", t->test);
	bk_json_str(&j, "scene", gpu_scene_name(t->kind));
	bk_json_uint(&j, "frame", frame);
	bk_json_int(&j, "pose", pose + 1);
	bk_json_int(&j, "x", d->x);
	bk_json_int(&j, "y", d->y);
	bk_json_str(&j, "expected", want);
	bk_json_str(&j, "found", got);
	bk_json_int(&j, "wrong_pixels", d->count);
	bk_json_int(&j, "max_channel_delta", d->max_delta);
	bk_json_uint(&j, "checksum_expected", r->ref_sum[t->kind][pose]);
	bk_json_uint(&j, "checksum_found", sum);
	bk_rec_end(log, &j);
	bk_json_free(&j);
}

/* Read frame `frame` back; keep it as the pose's reference or check it. */
static void read_and_check(struct gpu_run *r, struct gpu_test *t, unsigned long frame,
			   int pose)
{
	uint8_t **ref = &r->ref[t->kind][pose];
	struct gpu_diff d;
	uint64_t sum;

	gpu_read_frame(r->frame, r->width, r->height);
	gpu_corrupt_apply(&r->corrupt, t->test, (long)frame, r->frame, r->width, r->height);
	sum = gpu_checksum(r->frame, r->frame_bytes);
	if (!*ref) {
		t->kept++;
		*ref = r->frame;
		r->ref_sum[t->kind][pose] = sum;
		r->frame = malloc(r->frame_bytes);
		if (!r->frame) {	/* keep going on the reference's copy */
			r->frame = *ref;
			*ref = NULL;
		}
		return;
	}
	t->checked++;
	if (sum == r->ref_sum[t->kind][pose] && !memcmp(r->frame, *ref, r->frame_bytes))
		return;
	gpu_frame_diff(*ref, r->frame, r->width, r->height, &d);
	t->errors++;
	report_wrong(r, t, frame, pose, sum, &d);
}

static void test_record(struct gpu_run *r, const struct gpu_test *t, double fps)
{
	struct bk_json j;
	char name[32];

	bk_json_init(&j);
	bk_rec_begin(&r->ctx->log, &j, "gpu_test");
	bk_json_int(&j, "test", t->test);
	bk_json_str(&j, "scene", gpu_scene_name(t->kind));
	snprintf(name, sizeof(name), "test %d %s", t->test, gpu_scene_name(t->kind));
	bk_json_str(&j, "name", name);
	bk_json_int(&j, "triangles", t->triangles);
	bk_json_int(&j, "width", r->width);
	bk_json_int(&j, "height", r->height);
	bk_json_uint(&j, "frames", t->frames);
	bk_json_realp(&j, "seconds", t->seconds, 6);
	bk_json_realp(&j, "fps", fps, 6);
	bk_json_uint(&j, "kept", t->kept);
	bk_json_uint(&j, "checked", t->checked);
	bk_json_uint(&j, "errors", t->errors);
	bk_json_bool(&j, "ok", t->errors == 0);
	bk_rec_end(&r->ctx->log, &j);
	bk_json_free(&j);
}

static void llvmpipe_record(struct gpu_run *r, const struct gpu_test *t, int pose,
			    const struct gpu_diff *d, int agree)
{
	struct bk_log *log = &r->ctx->log;
	long pixels = (long)r->width * r->height;
	char want[12], got[12];
	struct bk_json j;

	hex_pixel(want, sizeof(want), d->expected);
	hex_pixel(got, sizeof(got), d->found);
	if (!agree)
		bk_out(log, " ERROR test %d (%s) pose %d differs from llvmpipe's beyond the "
		       "tolerance: %ld of %ld pixels off by more than %d, the first at x %d "
		       "y %d: llvmpipe RGBA %s, this driver %s\n", t->test,
		       gpu_scene_name(t->kind), pose + 1, d->count, pixels, GPU_LLVMPIPE_DELTA,
		       d->x, d->y, want, got);
	bk_json_init(&j);
	bk_rec_begin(log, &j, "llvmpipe");
	bk_json_int(&j, "test", t->test);
	bk_json_str(&j, "scene", gpu_scene_name(t->kind));
	bk_json_int(&j, "pose", pose + 1);
	bk_json_int(&j, "pixels_off", d->count);
	bk_json_int(&j, "max_channel_delta", d->max_delta);
	bk_json_int(&j, "delta", GPU_LLVMPIPE_DELTA);
	bk_json_realp(&j, "fraction", GPU_LLVMPIPE_FRACTION, 6);
	if (d->count) {
		bk_json_int(&j, "x", d->x);
		bk_json_int(&j, "y", d->y);
		bk_json_str(&j, "llvmpipe", want);
		bk_json_str(&j, "found", got);
	}
	bk_json_bool(&j, "ok", agree);
	bk_rec_end(log, &j);
	bk_json_free(&j);
}

/* The poses this test kept, against llvmpipe's; 0, or -1 when it cannot. */
static int against_llvmpipe(struct gpu_run *r, const struct gpu_test *t)
{
	struct gpu_diff diff[GPU_POSES];
	int agree[GPU_POSES];
	char why[256];

	if (gpu_llvmpipe_compare(&r->egl, &r->soft, t->kind, r->triangles, r->ref[t->kind],
				 r->frame, diff, agree, why, sizeof(why))) {
		pr_fail("test %d: %s", t->test, why);
		return -1;
	}
	for (int pose = 0; pose < GPU_POSES; pose++) {
		if (agree[pose] < 0)
			continue;
		r->soft_poses++;
		r->soft_off += !agree[pose];
		if (diff[pose].max_delta > r->soft_delta)
			r->soft_delta = diff[pose].max_delta;
		llvmpipe_record(r, t, pose, &diff[pose], agree[pose]);
	}
	return 0;
}

/* Test `n` (1-based) for r->seconds; 0, 1 when interrupted, -1 on a GL failure. */
static int run_test(struct gpu_run *r, int n)
{
	struct gpu_test t = { .test = n, .kind = (enum gpu_scene_kind)((n - 1) % GPU_COLUMNS) };
	FILE *con = r->ctx->log.console;
	struct gpu_scene s;
	const char *err;
	char why[256];
	uint64_t start;
	double fps;

	if (gpu_scene_make(&s, t.kind, r->triangles, why, sizeof(why))) {
		pr_fail("test %d: %s", n, why);
		return -1;
	}
	t.triangles = s.triangles;
	start = bk_now_ns();
	do {
		unsigned long frame = ++t.frames;
		int pose = (int)((frame - 1) % GPU_POSES);

		gpu_scene_draw(&s, pose);
		glFinish();
		if (!r->ref[t.kind][pose] || frame % (unsigned long)r->check_every == 0)
			read_and_check(r, &t, frame, pose);
		t.seconds = (double)(bk_now_ns() - start) / 1e9;
	} while (t.seconds < r->seconds && !bk_stop_requested());
	/*
	 * A test too short to compare a frame (slow frames, the first poses
	 * only kept) draws one more, of pose 1, after the timing.
	 */
	if (!t.checked && !bk_stop_requested()) {
		gpu_scene_draw(&s, 0);
		glFinish();
		read_and_check(r, &t, t.frames + 1, 0);
	}
	err = gpu_gl_error();
	gpu_scene_free(&s);
	if (err) {
		pr_fail("test %d (%s): the driver reported %s", n, gpu_scene_name(t.kind), err);
		return -1;
	}
	/* The scene's first test kept its poses: hold them to llvmpipe's. */
	if (r->against && t.kept && against_llvmpipe(r, &t))
		return -1;
	if (bk_stop_requested() && t.seconds < r->seconds)
		return 1;
	fps = t.seconds > 0 ? (double)t.frames / t.seconds : 0;
	r->fps[n - 1] = fps;
	r->frames += t.frames;
	r->kept += t.kept;
	r->checked += t.checked;
	r->wrong_frames += t.errors;
	r->tests_done = n;
	test_record(r, &t, fps);
	/* Progress on the console only: the text log keeps the seed's layout. */
	if (con)
		fprintf(con, "   Test %2d %-16s %7ld triangles %6lu frames %8.2f FPS %5lu checked %s\n",
			n, gpu_scene_name(t.kind), t.triangles, t.frames, fps, t.checked,
			t.errors ? "WRONG" : "ok");
	return 0;
}

static void fps_table(struct gpu_run *r)
{
	struct bk_log *log = &r->ctx->log;

	bk_out(log, "           --------- Frames Per Second --------\n");
	bk_out(log, " Triangles");
	for (int c = 0; c < GPU_COLUMNS && c < r->tests_done; c++)
		bk_out(log, "%9s", column_head[c]);
	bk_out(log, "\n\n");
	for (int i = 0; i < r->tests_done; i++) {
		if (i % GPU_COLUMNS == 0)
			bk_out(log, "%7ld+", r->triangles);
		bk_out(log, i % GPU_COLUMNS ? "%9.2f" : "%11.2f", r->fps[i]);
		if (i % GPU_COLUMNS == GPU_COLUMNS - 1 || i == r->tests_done - 1)
			bk_out(log, "\n");
	}
}

static void summary(struct gpu_run *r)
{
	struct bk_json *s = &r->ctx->log.summary;
	double sum = 0;

	for (int i = 0; i < r->tests_done; i++)
		sum += r->fps[i];
	bk_json_str(s, "renderer", r->egl.renderer);
	bk_json_str(s, "gl_version", r->egl.version);
	bk_json_str(s, "platform", r->egl.platform);
	bk_json_bool(s, "llvmpipe", r->egl.is_llvmpipe);
	bk_json_int(s, "width", r->width);
	bk_json_int(s, "height", r->height);
	bk_json_int(s, "tests", r->tests_done);
	bk_json_realp(s, "seconds_per_test", r->seconds, 6);
	bk_json_int(s, "check_every", r->check_every);
	bk_json_uint(s, "frames", r->frames);
	bk_json_uint(s, "kept", r->kept);
	bk_json_uint(s, "checked", r->checked);
	bk_json_uint(s, "wrong_frames", r->wrong_frames);
	if (r->against) {
		bk_json_uint(s, "llvmpipe_poses", r->soft_poses);
		bk_json_uint(s, "llvmpipe_off", r->soft_off);
		bk_json_int(s, "llvmpipe_max_channel_delta", r->soft_delta);
	}
	bk_json_realp(s, "mean_fps", r->tests_done ? sum / r->tests_done : 0, 6);
}

static int gpu_main(struct gpu_run *r)
{
	struct bk_log *log = &r->ctx->log;
	char date[64];
	int rc = 0;

	bk_ctime(date, sizeof(date));
	bk_out(log, "\n burnkit OpenGL ES Benchmark %s, %s\n\n", BK_VERSION, date);
	bk_out(log, " %s, %s, EGL %s%s\n\n", r->egl.renderer, r->egl.version, r->egl.platform,
	       r->egl.is_llvmpipe ? " (software: llvmpipe)" : "");
	bk_out(log, " Reliability Mode %d Tests of %.3g Seconds, every %ld%s frame checked\n\n",
	       r->tests, r->seconds, r->check_every,
	       r->check_every == 1 ? "st" : r->check_every == 2 ? "nd" :
	       r->check_every == 3 ? "rd" : "th");
	for (int n = 1; n <= r->tests && !rc; n++)
		rc = run_test(r, n);
	if (log->console)
		fputc('\n', log->console);
	if (r->tests_done)
		fps_table(r);
	bk_out(log, "\n      Screen Pixels %d Wide %d High\n\n", r->width, r->height);
	if (rc > 0)
		bk_out(log, "      Interrupted in test %d of %d\n\n", r->tests_done + 1, r->tests);
	if (r->wrong_frames)
		bk_out(log, "      ERRORS: %lu wrong frame%s of %lu checked (see above)\n\n",
		       r->wrong_frames, r->wrong_frames == 1 ? "" : "s", r->checked);
	else if (r->tests_done)
		bk_out(log, "      Frames as expected: %lu of %lu drawn checked against the %lu "
		       "kept\n\n", r->checked, r->frames, r->kept);
	if (r->against && r->soft_poses)
		bk_out(log, "      Against llvmpipe: %lu of %lu poses within %d of 255 on %g%% "
		       "of the pixels (largest difference %d)\n\n", r->soft_poses - r->soft_off,
		       r->soft_poses, GPU_LLVMPIPE_DELTA, 100 * (1 - GPU_LLVMPIPE_FRACTION),
		       r->soft_delta);
	bk_ctime(date, sizeof(date));
	bk_out(log, "      End Time %s\n", date);
	summary(r);
	if (rc < 0)
		return BK_EXIT_ENV;
	if (r->soft_off)
		pr_fail("%lu of %lu poses differ from llvmpipe's beyond the tolerance: this "
			"driver draws the scenes wrong (the lines above name test and pose)",
			r->soft_off, r->soft_poses);
	if (r->wrong_frames) {
		pr_fail("%lu wrong frames of %lu checked: the GPU, its memory or its driver drew "
			"differently from the start (the lines above name test, frame and pixel)",
			r->wrong_frames, r->checked);
		return BK_EXIT_FAULT;
	}
	if (r->soft_off)
		return BK_EXIT_FAULT;
	return rc ? BK_EXIT_INTERRUPTED : BK_EXIT_OK;
}

static void free_frames(struct gpu_run *r)
{
	free(r->frame);
	for (int k = 0; k < GPU_SCENE_KINDS; k++)
		for (int p = 0; p < GPU_POSES; p++)
			free(r->ref[k][p]);
}

/* Has the machine a DRM render node (a GPU Mesa could draw on)? */
static int has_render_node(void)
{
	char path[32];

	for (int i = 128; i < 136; i++) {
		snprintf(path, sizeof(path), "/dev/dri/renderD%d", i);
		if (!access(path, F_OK))
			return 1;
	}
	return 0;
}

static int gpu_run(struct bk_ctx *ctx)
{
	struct gpu_run r = { .ctx = ctx };
	int kinds, rc;
	uint64_t need;
	char why[256];

	r.width = (int)bk_param_int(&ctx->params, "wide");
	r.height = (int)bk_param_int(&ctx->params, "high");
	r.tests = (int)bk_param_int(&ctx->params, "tests");
	r.triangles = (long)bk_param_int(&ctx->params, "triangles");
	r.check_every = (long)bk_param_int(&ctx->params, "check-every");
	r.against = bk_param_flag(&ctx->params, "against-llvmpipe");
	r.seconds = bk_param_given(&ctx->params, "seconds") ? bk_param_real(&ctx->params, "seconds")
		: bk_param_real(&ctx->params, "run-minutes") * 60.0 / r.tests;
	if (gpu_corrupt_parse(getenv("BURNKIT_GPU_CORRUPT"), &r.corrupt)) {
		pr_fail("BURNKIT_GPU_CORRUPT must be TEST,FRAME,X,Y (a test hook), not '%s'",
			getenv("BURNKIT_GPU_CORRUPT"));
		return BK_EXIT_USAGE;
	}
	r.frame_bytes = (size_t)r.width * (size_t)r.height * 4;
	/* The read-back and every scene's poses' first frames. */
	kinds = r.tests < GPU_COLUMNS ? r.tests : GPU_COLUMNS;
	need = (uint64_t)r.frame_bytes * (1 + (uint64_t)kinds * GPU_POSES);
	if (bk_mem_available() && need > bk_mem_available() / 2) {
		pr_fail("Wide %d High %d needs %llu MB for the frames kept to check against, "
			"more than half the memory available: make Wide and High smaller",
			r.width, r.height, (unsigned long long)(need >> 20));
		return BK_EXIT_USAGE;
	}
	r.frame = malloc(r.frame_bytes);
	if (!r.frame) {
		pr_fail("cannot allocate a %d x %d frame", r.width, r.height);
		return BK_EXIT_ENV;
	}
	if (gpu_egl_open(&r.egl, r.width, r.height, why, sizeof(why))) {
		pr_fail("%s", why);
		free(r.frame);
		return BK_EXIT_ENV;
	}
	if (r.egl.is_llvmpipe && !getenv("LIBGL_ALWAYS_SOFTWARE") && has_render_node())
		pr_warn("drawing on llvmpipe (the CPU) although this machine has a GPU render "
			"node in /dev/dri: no Mesa driver for it, or no permission (the "
			"render group)?");
	if (r.against && (gpu_egl_open_llvmpipe(&r.soft, r.width, r.height, why, sizeof(why)) ||
			  gpu_egl_current(&r.egl))) {
		pr_fail("--against-llvmpipe: %s", why);
		gpu_egl_close(&r.soft);
		gpu_egl_close(&r.egl);
		free_frames(&r);
		return BK_EXIT_ENV;
	}
	rc = gpu_main(&r);
	gpu_egl_close(&r.soft);
	gpu_egl_close(&r.egl);
	free_frames(&r);
	return rc;
}

static int gpu_supported(char *why, size_t len)
{
	return gpu_egl_probe(why, len);
}

#else /* !BK_HAVE_GLES */

static int gpu_run(struct bk_ctx *ctx)
{
	(void)ctx;
	return BK_EXIT_ENV;	/* not reached: the runner asks .supported first */
}

static int gpu_supported(char *why, size_t len)
{
	snprintf(why, len, "built without EGL and OpenGL ES 2 (no egl and glesv2 for "
		 "pkg-config at build time; static and cross builds have none: install "
		 "libegl-dev libgles-dev and build natively)");
	return -1;
}

#endif /* BK_HAVE_GLES */

const struct bk_tester bk_tester_gpu = {
	.name = "gpu",
	.summary = "OpenGL1Pi: OpenGL ES 2 triangle meshes off-screen, FPS, frames checked",
	.help = "Draws up to 16 tests of a 36000+ triangle mesh (columns: plain,\n"
		"shaded, textured, textured+shaded) with OpenGL ES 2 into a Wide x\n"
		"High frame off-screen through EGL (Mesa's surfaceless platform, else\n"
		"a pbuffer: no window system), each test for RunMinutes/tests minutes\n"
		"or --seconds, as Longbottom's OpenGL1Pi.bin in reliability mode. The\n"
		"first frames of each scene's poses are read back and kept; then every\n"
		"Nth frame (--check-every) is read back and must equal them bit for\n"
		"bit (the same scene on the same driver; across drivers GLES promises\n"
		"no exact pixels). A wrong pixel is an error with test, frame,\n"
		"position, expected and found, and the run exits 1. Then the FPS\n"
		"table in the seed's layout. --against-llvmpipe also holds each\n"
		"scene's first frames to llvmpipe's within a tolerance. With no GPU,\n"
		"Mesa's llvmpipe draws on the CPU (LIBGL_ALWAYS_SOFTWARE=1 asks for it).",
	.params = gpu_params,
	.log_prefix = "OGLlog",
	.quick = "--wide 160 --high 120 --tests 4 --seconds 0.3 --triangles 2000",
	.flags = BK_TF_NO_TIMER,
	/* One record per test, each its own series; --seconds is per test. */
	.throughput = { .record = "gpu_test", .value = "fps", .unit = "FPS",
			.seconds = "seconds", .group = "name" },
	.supported = gpu_supported,
	.run = gpu_run,
};
