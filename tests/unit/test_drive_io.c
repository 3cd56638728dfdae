// SPDX-License-Identifier: MIT
/*
 * testers/drive/drive_io: what the drive family shares: the engine a
 * parameter names, the run id, residency in words, and the verdict: a
 * run whose data was wrong ends "errors found" whatever else it says.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "params.h"
#include "testers/drive/drive_io.h"

static const struct bk_param engine_table[] = {
	BK_DRIVE_PARAM_ENGINE,
	BK_PARAMS_END
};

static const struct {
	const char *word;
	enum bk_aio_kind kind;
} engines[] = {
	{ NULL, BK_AIO_AUTO },
	{ "auto", BK_AIO_AUTO },
	{ "io_uring", BK_AIO_URING },
	{ "linux-aio", BK_AIO_LINUX },
	{ "sync", BK_AIO_SYNC },
};

Test(drive_io, the_engine_a_parameter_names)
{
	for (size_t i = 0; i < sizeof(engines) / sizeof(engines[0]); i++) {
		struct bk_params p;
		char err[256];
		char *argv[] = { "--engine", (char *)engines[i].word };
		int argc = engines[i].word ? 2 : 0;

		cr_assert_eq(bk_params_parse(&p, "drive", engine_table, argc, argv, err,
					     sizeof(err)), 0, "%s", err);
		cr_assert_eq(bk_drive_engine(&p), engines[i].kind, "%s",
			     engines[i].word ? engines[i].word : "(default)");
		bk_params_free(&p);
	}
}

Test(drive_io, run_ids_are_never_zero_and_differ)
{
	uint32_t a = bk_drive_run_id(), b = bk_drive_run_id();

	cr_assert_neq(a, 0);
	cr_assert_neq(b, 0);
	cr_assert_neq(a, b, "two runs in a row get two ids (%08x)", a);
}

Test(drive_io, residency_in_words_and_summed)
{
	struct bk_residency sum = { 0 };
	struct bk_residency a = { 256, 0, 4096, "burnkit.ko" };
	struct bk_residency b = { 768, 256, 4096, "burnkit.ko" };
	char text[128];

	bk_drive_residency_text(&sum, text, sizeof(text));
	cr_assert_str_eq(text, "unknown", "no pages counted is not 0 %%");
	bk_drive_residency_add(&sum, &a);
	bk_drive_residency_add(&sum, &b);
	cr_assert_eq(sum.pages, 1024);
	cr_assert_eq(sum.resident, 256);
	cr_assert_eq(sum.page_size, 4096);
	bk_drive_residency_text(&sum, text, sizeof(text));
	cr_assert_str_eq(text, "256 of 1024 pages (25%, burnkit.ko)");
}

static void verdict_of(uint64_t bad_words, int rc_in, int rc_want)
{
	static struct bk_ctx ctx;
	struct bk_drive_env e;
	FILE *console = fopen("/dev/null", "w");

	memset(&ctx, 0, sizeof(ctx));
	ctx.log.console = console;
	ctx.log.text_fd = ctx.log.json_fd = -1;
	bk_json_init(&ctx.log.summary);
	memset(&e, 0, sizeof(e));
	e.ctx = &ctx;
	bk_verifier_init(&e.ver, 0, NULL, NULL);
	e.ver.bad_words = bad_words;
	e.ver.bad_units = bad_words ? 1 : 0;
	cr_assert_eq(bk_drive_verdict(&e, rc_in), rc_want, "%llu bad words, rc %d",
		     (unsigned long long)bad_words, rc_in);
	bk_json_free(&ctx.log.summary);
	fclose(console);
}

Test(drive_io, the_verdict)
{
	verdict_of(0, BK_EXIT_OK, BK_EXIT_OK);
	verdict_of(0, BK_EXIT_ENV, BK_EXIT_ENV);
	verdict_of(3, BK_EXIT_OK, BK_EXIT_FAULT);
	verdict_of(3, BK_EXIT_INTERRUPTED, BK_EXIT_FAULT);
	verdict_of(3, BK_EXIT_ENV, BK_EXIT_ENV);	/* the run itself failed first */
}
