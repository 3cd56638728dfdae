// SPDX-License-Identifier: MIT
/*
 * burnkit info: what this machine is (CPU, features, memory, kernel,
 * cpufreq, thermal zones, Raspberry Pi boot settings) and which kernels the
 * runner would use on it.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
#include <string.h>

#include "burnkit/prefetch.h"
#include "tester.h"
#include "tuning.h"

static const struct bk_param info_params[] = {
	{ "root", NULL, BK_PT_STR, 0, 0, NULL,
	  "read /proc, /sys and /boot below this directory (a fixture tree)", NULL },
	BK_PARAMS_END
};

#if defined(__x86_64__)
/* How the FPU kernels run on this core where cores differ, and for which. */
static void fpu_tuning(struct bk_ctx *ctx, struct bk_json *j)
{
	struct bk_fpu_tuning t = bk_fpu_tuning();
	const char *ops8 = t.avx2_ops8_xmm ? "AVX2 ops8 at 128 bits (xmm)" : "AVX2 ops8";
	char gate[64], l2_gate[64] = "";

	if (t.avx2_ops8_l2_prefetch_min_bytes > BK_FPU_PIPE_MAX_BYTES)
		snprintf(l2_gate, sizeof(l2_gate), " for x above %zu KiB",
			 t.avx2_ops8_l2_prefetch_min_bytes >> 10);
	if (t.prefetch_min_bytes == SIZE_MAX)
		snprintf(gate, sizeof(gate), "never");
	else
		snprintf(gate, sizeof(gate), "for x above %zu KiB",
			 t.prefetch_min_bytes >> 10);
	bk_out(&ctx->log, " FPU kernels tuned for: %s\n",
	       t.core ? t.core : "no core (the default)");
	bk_out(&ctx->log, "   prefetch one page ahead: %s\n", gate);
	if (t.avx2_ops8_xmm)
		bk_out(&ctx->log, "   %s: blocks of four, two a loop iteration, at every "
		       "size\n", ops8);
	else if (t.avx2_ops8_two_stage && t.prefetch_min_bytes == SIZE_MAX)
		bk_out(&ctx->log, "   %s: two-stage pipeline up to %d KiB and above "
		       "%d MiB, blocks of four, two a loop iteration, prefetching "
		       "%d KiB ahead%s between\n", ops8,
		       BK_FPU_PIPE_MAX_BYTES >> 10, BK_FPU_PREFETCH_MIN_BYTES >> 20,
		       BK_FPU_L2_PREFETCH_BYTES >> 10, l2_gate);
	else if (t.avx2_ops8_two_stage)
		bk_out(&ctx->log, "   %s: two-stage pipeline up to %d KiB, then "
		       "blocks of four, two a loop iteration, prefetching %d KiB "
		       "ahead%s, up to %zu KiB, then blocks of four\n", ops8,
		       BK_FPU_PIPE_MAX_BYTES >> 10, BK_FPU_L2_PREFETCH_BYTES >> 10,
		       l2_gate, t.prefetch_min_bytes >> 10);
	else
		bk_out(&ctx->log, "   %s: pipeline over lines up to %d KiB, then blocks "
		       "of four\n", ops8, BK_FPU_PIPE_MAX_BYTES >> 10);
	if (t.avx512_ops2_one_vector) {
		char gated[64] = "";

		if (t.prefetch_min_bytes != SIZE_MAX)
			snprintf(gated, sizeof(gated), " up to %zu KiB, then blocks of four",
				 t.prefetch_min_bytes >> 10);
		bk_out(&ctx->log, "   AVX-512 ops2: blocks of four up to %d KiB, then one "
		       "vector a loop iteration%s\n", BK_FPU_PIPE_MAX_BYTES >> 10, gated);
	} else {
		bk_out(&ctx->log, "   AVX-512 ops2: blocks of four\n");
	}
	bk_out(&ctx->log, "   AVX2 ops32: %s\n", t.avx2_ops32_xmm ?
	       "at 128 bits (xmm), for FP pipes 128 bits wide" : "at 256 bits");
	if (t.avx2_ops2_prefetch && t.prefetch_min_bytes != SIZE_MAX)
		bk_out(&ctx->log, "   AVX2 ops2: prefetching one page ahead for x above "
		       "%zu KiB\n", t.prefetch_min_bytes >> 10);
	else
		bk_out(&ctx->log, "   AVX2 ops2: never prefetching\n");
	bk_fpu_tuning_json(j, "fpu_tuning", &t);
}
#endif

/* What the drive streams do with their checked read buffers here. */
static void read_buffer_release(struct bk_ctx *ctx, struct bk_json *j)
{
	unsigned line;
	enum bk_read_release r = bk_cpu_read_release(&line);

	if (r == BK_READ_FLUSHED)
		bk_out(&ctx->log, " Drive reads: at queue depth 1 each checked buffer "
		       "flushed out of the caches (clflushopt, %u-byte lines)\n", line);
	else if (r == BK_READ_DEMOTED)
		bk_out(&ctx->log, " Drive reads: at queue depth 1 each checked buffer "
		       "demoted to the shared cache (cldemote, %u-byte lines)\n", line);
	else
		bk_out(&ctx->log, " Drive reads: checked buffers left in the caches\n");
	bk_json_str(j, "read_buffer_release", bk_read_release_name(r));
	bk_json_uint(j, "read_buffer_release_line", line);
}

static void kernel_table(struct bk_ctx *ctx, struct bk_json *j)
{
	struct bk_kernel_table kt;
	size_t nisa;
	const struct bk_isa *isa = bk_isas(&nisa);
	uint32_t feat = bk_cpu_features();
	char err[256], feats[512];

	bk_features_string(feat, feats, sizeof(feats));
	bk_out(&ctx->log, " Features used by burnkit: %s\n", *feats ? feats : "none");
	bk_out(&ctx->log, " Kernel ISAs (--isa):\n");
	bk_json_str(j, "features", feats);
	bk_json_array_begin(j, "isas");
	for (size_t i = 0; i < nisa; i++) {
		int ok = bk_isa_supported(&isa[i], feat);

		bk_out(&ctx->log, "   %-8s %-3s %s\n", isa[i].name, ok ? "yes" : "no",
		       isa[i].what);
		bk_json_object_begin(j, NULL);
		bk_json_str(j, "name", isa[i].name);
		bk_json_bool(j, "supported", ok);
		bk_json_object_end(j);
	}
	bk_json_array_end(j);
	if (bk_dispatch_init(&kt, NULL, err, sizeof(err)))
		return;
	bk_out(&ctx->log, " Kernel table (best for this CPU):\n");
	bk_json_object_begin(j, "kernels");
#define BK_SHOW_SLOT_(slot, type, ref)					\
	bk_out(&ctx->log, "   %-12s %s%s\n", #slot, kt.slot##_isa,		\
	       kt.slot##_order == BK_ORDER_FUSED ? " (fused multiply-add)" : ""); \
	bk_json_str(j, #slot, kt.slot##_isa);
	BK_KERNEL_SLOTS(BK_SHOW_SLOT_)
#undef BK_SHOW_SLOT_
	bk_json_object_end(j);
#if defined(__x86_64__)
	fpu_tuning(ctx, j);
#endif
	read_buffer_release(ctx, j);
}

static int info_run(struct bk_ctx *ctx)
{
	const char *root = bk_param_str(&ctx->params, "root");
	struct bk_sysinfo *si = &ctx->sysinfo;
	char text[8192];
	struct bk_json j;

	if (root) {
		struct stat st;
		int bad = stat(root, &st) ? errno : S_ISDIR(st.st_mode) ? 0 : ENOTDIR;

		if (bad) {
			pr_fail("--root %s: %s; give a directory holding a copy of /proc and "
				"/sys", root, strerror(bad));
			return BK_EXIT_USAGE;
		}
		bk_sysinfo_read(si, root);
	}
	bk_sysinfo_text(si, text, sizeof(text));
	bk_out(&ctx->log, "\n%s", text);
	if (bk_sysinfo_is_rpi(si) && !si->nboot)
		bk_out(&ctx->log, " Boot settings: none found (config.txt missing or "
		       "without clock/voltage lines)\n");
	bk_out(&ctx->log, "\n");

	bk_json_init(&j);
	bk_rec_begin(&ctx->log, &j, "info");
	bk_sysinfo_json(si, &j, "system");
	bk_json_bool(&j, "raspberry_pi", bk_sysinfo_is_rpi(si));
	if (!root)
		kernel_table(ctx, &j);
	bk_rec_end(&ctx->log, &j);
	bk_json_free(&j);
	return BK_EXIT_OK;
}

const struct bk_tester bk_tester_info = {
	.name = "info",
	.summary = "System information: CPU, memory, kernel, clocks, sensors, kernels",
	.help = "Reads /proc, /sys and the Raspberry Pi config.txt (/boot/firmware or\n"
		"/boot). Whatever is missing is listed as missing; vcgencmd is never\n"
		"needed. --root DIR reads a copy of those trees (used by the tests).",
	.params = info_params,
	.log_prefix = "logInfo",
	.quick = "",
	.flags = BK_TF_TOOL | BK_TF_NO_TIMER,
	.run = info_run,
};
