// SPDX-License-Identifier: MIT
/*
 * burnkit int: Roy Longbottom's stressInt. Twelve tests over KBytes of
 * memory, each for Seconds: six write/read tests (32 stores per 128 bytes,
 * then the read-back check of 32 AND and 32 OR) and six read tests (8 adds
 * and 8 subtracts per 16 words), with stressInt's 24 pattern words. MB/sec
 * per test, the maximum MIPS of each phase from the documented loop counts
 * of the kernels used, and every word checked at the end.
 *
 * user/testers/int/ is the integer family: int (this file), paging
 * (stressInt beyond free memory, with paging_plan), and int_engine and
 * int_plan, the twelve tests both run.
 */
#include <stdio.h>
#include <string.h>

#include "tester.h"
#include "int_engine.h"

static const struct bk_param int_params[] = {
	{ "kbytes", "KBytes", BK_PT_INT, 1, 4294967296.0, "8",
	  "KBytes of memory the tests use (8 fits the L1 cache; for more than "
	  "is free, burnkit paging)", NULL },
	{ "seconds", "Seconds", BK_PT_REAL, 0.01, 86400, "1",
	  "running time of each of the 12 tests (one pass at least)", NULL },
	BK_PARAM_ISA,
	BK_PARAM_CPU,
	BK_PARAMS_END
};

static void summary(struct bk_ctx *ctx, const struct int_result *res)
{
	struct bk_json *s = &ctx->log.summary;

	bk_json_uint(s, "errors", res->errors);
	for (int p = 0; p < INT_PHASES; p++) {
		char key[48];

		snprintf(key, sizeof(key), "%s_max_mips", int_phase_key(p));
		if (res->max_mips[p] > 0)
			bk_json_realp(s, key, res->max_mips[p], 6);
		else
			bk_json_null(s, key);
	}
	/* Per kernel: calls, and instructions by the documented counts, over
	 * every call (timed or not), to compare with an instruction counter. */
	bk_json_object_begin(s, "kernels");
	for (int k = 0; k < INT_KERNELS; k++) {
		const struct int_kernel_use *u = &res->use[k];

		bk_json_object_begin(s, u->symbol);
		bk_json_uint(s, "calls", u->calls);
		if (u->count)
			bk_json_realp(s, "instructions", u->instructions, 15);
		else
			bk_json_null(s, "instructions");
		bk_json_object_end(s);
	}
	bk_json_object_end(s);
}

static int int_tester_run(struct bk_ctx *ctx)
{
	unsigned long long kbytes = (unsigned long long)bk_param_int(&ctx->params, "kbytes");
	unsigned long long avail = bk_mem_available();
	struct int_config cfg = {
		.bytes = (size_t)(kbytes * 1024),
		.seconds = bk_param_real(&ctx->params, "seconds"),
		.kernels = &ctx->kernels,
		.timer = &ctx->timer,
		.log = &ctx->log,
		.run = "int",
	};
	struct int_result res;
	int rc;

	if (avail && kbytes * 1024 > avail) {
		pr_fail("KBytes %llu (%.0f MB) does not fit in memory: MemAvailable "
			"is %.0f MB. Give a smaller KBytes, or run burnkit paging to "
			"test over more memory than is free", kbytes,
			(double)kbytes * 1024 / 1e6, (double)avail / 1e6);
		return BK_EXIT_ENV;
	}
	if (ctx->dry_run)
		return BK_EXIT_OK;
	rc = int_run(&cfg, &res);
	summary(ctx, &res);
	if (res.errors)
		pr_fail("%llu errors found: the test lines and \"Pattern X Was Y "
			"Word N\" lines above say where", res.errors);
	return rc;
}

const struct bk_tester bk_tester_int = {
	.name = "int",
	.summary = "Integer stress test (stressInt): write/read and read, 24 patterns",
	.help = "Twelve tests over KBytes of memory, each running for Seconds: six\n"
		"write/read tests (fill with a pattern pair, check every word by AND\n"
		"and OR; the pair swaps places every pass) and six read tests (write\n"
		"once, then add and subtract every word, pass after pass, checking the\n"
		"total). One line per test: MB/sec (MB = 10^6 bytes; a write/read pass\n"
		"moves the buffer twice), pattern, result, passes; after each phase the\n"
		"maximum MIPS, from the instruction counts documented in the kernels'\n"
		".S files (see burnkit inspect). Every word is checked at the end of\n"
		"every test; wrong words are logged as \"Pattern X Was Y Word N\" (the\n"
		"first 12) and as JSON \"error\" records with byte offset, expected and\n"
		"actual value. Exit 1 when any word or total was wrong.\n"
		"The size must fit in MemAvailable; burnkit paging goes beyond.",
	.params = int_params,
	.log_prefix = "logInt",
	.quick = "--kbytes 8 --seconds 0.2",
	.flags = BK_TF_KERNELS | BK_TF_DRY_CHECKS,
	/* write/read and read tests apart: they run at different speeds */
	.throughput = { .record = "test", .value = "mb_per_s", .unit = "MB/s",
			.seconds = "seconds", .group = "phase" },
	.run = int_tester_run,
};
