// SPDX-License-Identifier: MIT
/*
 * int_engine: the read total against the kernels, and the check: a
 * corrupted word is found and reported with its word number, byte offset,
 * expected and actual value.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dispatch.h"
#include "log.h"
#include "testers/int/int_engine.h"
#include "testers/int/int_plan.h"
#include "../tools/jsoncheck.h"

static uint32_t *buffer(size_t words)
{
	uint32_t *b = aligned_alloc(64, words * 4);

	cr_assert_not_null(b);
	return b;
}

/* A log whose console and JSON lines go to anonymous files the test reads. */
struct captured_log {
	struct bk_log log;
	FILE *console, *json;
};

static void capture(struct captured_log *c)
{
	memset(c, 0, sizeof(*c));
	c->console = tmpfile();
	c->json = tmpfile();
	cr_assert(c->console && c->json);
	c->log.tester = "int";
	c->log.console = c->console;
	c->log.text_fd = -1;
	c->log.json_fd = fileno(c->json);
	c->log.t0_ns = bk_now_ns();
}

static char *slurp(FILE *f)
{
	long n;
	char *text;

	fflush(f);
	n = lseek(fileno(f), 0, SEEK_END);
	cr_assert_geq(n, 0);
	text = calloc(1, (size_t)n + 1);
	cr_assert_eq(pread(fileno(f), text, (size_t)n, 0), n);
	return text;
}

Test(int_engine, corrupted_word_found_by_the_kernel_check_and_reported)
{
	const size_t words = 2048;
	const size_t k = 34;	/* a p1 word: 34 mod 8 is 2 */
	uint32_t *b = buffer(words);
	struct bk_kernel_table kt;
	struct captured_log c;
	struct int_result res;
	struct int_findings f;
	char err[256];
	size_t n;
	const struct int_test_plan *plan = int_plan(&n);

	cr_assert_eq(bk_dispatch_init(&kt, NULL, err, sizeof(err)), 0, "%s", err);
	capture(&c);
	struct int_config cfg = { .bytes = words * 4, .seconds = 1, .kernels = &kt,
				  .log = &c.log, .run = "int" };

	memset(&res, 0, sizeof(res));
	int_kernels_describe(&kt, res.use);
	int_write_ref(b, words, 0xA5A5A5A5u, 0x5A5A5A5Au);
	cr_assert_eq(int_verify(&cfg, &res, b, words, 0xA5A5A5A5u, 0x5A5A5A5Au, &f), 0);
	cr_assert_eq(res.use[INT_K_CHECK].calls, 1);

	b[k] = 0xA5A5A5A4u;	/* one bit dropped in a p1 word */
	b[words - 1] = 0x5A5A5A5Bu;	/* one bit added in the last p2 word */
	cr_assert_eq(int_verify(&cfg, &res, b, words, 0xA5A5A5A5u, 0x5A5A5A5Au, &f), 2);
	cr_assert_eq(f.listed, 2);
	cr_assert_eq(f.first[0].index, k);
	cr_assert_eq(f.first[1].index, words - 1);
	int_report_findings(&cfg, &plan[2], &f);

	char *text = slurp(c.console);
	cr_assert(strstr(text, " 2048 4 byte words checked and 2 errors found\n"), "%s", text);
	cr_assert(strstr(text, " Pattern A5A5A5A5 Was A5A5A5A4 Word 34\n"), "%s", text);
	cr_assert(strstr(text, " Pattern 5A5A5A5A Was 5A5A5A5B Word 2047\n"), "%s", text);

	char *json = slurp(c.json), *line = json, *nl;
	int records = 0;

	while ((nl = strchr(line, '\n'))) {
		cr_assert_eq(jsoncheck(line, (size_t)(nl - line + 1), err, sizeof(err)), 0,
			     "%s: %.*s", err, (int)(nl - line), line);
		cr_assert(strstr(line, "\"type\":\"error\""));
		records++;
		line = nl + 1;
	}
	cr_assert_eq(records, 2);
	cr_assert(strstr(json, "\"word\":34,\"offset\":136,\"expected\":\"A5A5A5A5\","
			 "\"actual\":\"A5A5A5A4\",\"flipped_bits\":\"00000001\""), "%s", json);
	cr_assert(strstr(json, "\"word\":2047,\"offset\":8188,\"expected\":\"5A5A5A5A\","
			 "\"actual\":\"5A5A5A5B\""), "%s", json);
	cr_assert(strstr(json, "\"phase\":\"write_read\",\"test\":3"), "%s", json);
	free(text);
	free(json);
	fclose(c.console);
	fclose(c.json);
	free(b);
}

Test(int_engine, more_than_twelve_wrong_words_list_the_first_twelve)
{
	const size_t words = 1024;
	uint32_t *b = buffer(words);
	struct bk_kernel_table kt;
	struct captured_log c;
	struct int_result res;
	struct int_findings f;
	char err[256];
	size_t n;
	const struct int_test_plan *plan = int_plan(&n);

	cr_assert_eq(bk_dispatch_init(&kt, NULL, err, sizeof(err)), 0, "%s", err);
	capture(&c);
	struct int_config cfg = { .bytes = words * 4, .seconds = 1, .kernels = &kt,
				  .log = &c.log, .run = "int" };

	memset(&res, 0, sizeof(res));
	int_kernels_describe(&kt, res.use);
	int_write_ref(b, words, 0, 0);
	for (size_t i = 0; i < 30; i++)
		b[i * 8] = 1;
	cr_assert_eq(int_verify(&cfg, &res, b, words, 0, 0, &f), 30);
	cr_assert_eq(f.listed, INT_MAX_REPORTED);
	int_report_findings(&cfg, &plan[6], &f);

	char *text = slurp(c.console);
	cr_assert(strstr(text, " First 12 errors\n"), "%s", text);
	cr_assert(strstr(text, " Pattern 00000000 Was 00000001 Word 88\n"), "%s", text);
	cr_assert_null(strstr(text, "Word 96\n"), "only the first 12: %s", text);
	free(text);
	fclose(c.console);
	fclose(c.json);
	free(b);
}

Test(int_engine, kernels_named_by_symbol_with_their_documented_counts)
{
	struct bk_kernel_table kt;
	struct int_kernel_use use[INT_KERNELS];
	char err[256];

	cr_assert_eq(bk_dispatch_init(&kt, "ref", err, sizeof(err)), 0, "%s", err);
	int_kernels_describe(&kt, use);
	cr_assert_str_eq(use[INT_K_WRITE].symbol, "int_write_ref");
	cr_assert_str_eq(use[INT_K_READ].symbol, "int_read_ref");
	cr_assert_null(use[INT_K_CHECK].count, "the C reference has no documented count");

	cr_assert_eq(bk_dispatch_init(&kt, NULL, err, sizeof(err)), 0, "%s", err);
	int_kernels_describe(&kt, use);
	for (int i = 0; i < INT_KERNELS; i++) {
		if (!strcmp(kt.int_write_isa, "ref"))
			break;	/* an architecture without integer kernels */
		cr_assert_not_null(use[i].count, "%s has no documented loop count",
				   use[i].symbol);
		cr_assert_str_eq(use[i].count->symbol, use[i].symbol);
		cr_assert_eq(use[i].count->words, INT_BLOCK_WORDS);
	}
}

/*
 * The whole run with a faulty kernel put in the table (a unit-test stand-in
 * for bad memory; the runner has no such switch): the write/read tests
 * stop at the first pass and report the word, the read tests find it after
 * generation, and the run ends in BK_EXIT_FAULT.
 */
#define FAULT_WORD 42	/* a p1 word: 42 mod 8 is 2 */

static void write_with_a_flipped_bit(uint32_t *buf, size_t words, uint32_t p1,
				     uint32_t p2)
{
	int_write_ref(buf, words, p1, p2);
	buf[FAULT_WORD] ^= 0x80u;
}

static uint32_t read_one_off(const uint32_t *buf, size_t words)
{
	return int_read_ref(buf, words) + 1;
}

static int run_faulty(struct bk_kernel_table *kt, char **text, char **json)
{
	static struct bk_timer tm;
	static int timer_ready;
	struct captured_log c;
	static struct int_result res;
	int rc;

	if (!timer_ready) {
		bk_timer_init(&tm, 1);
		timer_ready = 1;
	}
	capture(&c);
	struct int_config cfg = { .bytes = 4096, .seconds = 0.01, .kernels = kt,
				  .timer = &tm, .log = &c.log, .run = "int" };

	rc = int_run(&cfg, &res);
	*text = slurp(c.console);
	*json = slurp(c.json);
	fclose(c.console);
	fclose(c.json);
	cr_assert_gt(res.errors, 0, "the faults were not counted");
	return rc;
}

Test(int_engine, a_bad_word_in_every_write_fails_the_run_and_is_reported)
{
	struct bk_kernel_table kt;
	char err[256], *text, *json;

	cr_assert_eq(bk_dispatch_init(&kt, NULL, err, sizeof(err)), 0, "%s", err);
	kt.int_write = write_with_a_flipped_bit;
	cr_assert_eq(run_faulty(&kt, &text, &json), BK_EXIT_FAULT);
	cr_assert(strstr(text, "  1 ") && strstr(text, "Pattern 00000000 ERROR in pass 1\n"),
		  "%s", text);
	cr_assert(strstr(text, " Pattern 00000000 Was 00000080 Word 42\n"), "%s", text);
	cr_assert(strstr(text, " Pattern FFFFFFFF Was FFFFFF7F Word 42\n"), "%s", text);
	cr_assert(strstr(text, "ERROR found checking data after generation - Test 3"),
		  "%s", text);
	cr_assert(strstr(json, "\"type\":\"error\"") &&
		  strstr(json, "\"word\":42,\"offset\":168"), "%s", json);
	cr_assert(strstr(json, "\"phase\":\"write_read\",\"test\":1,\"pattern\":\"00000000\""),
		  "%s", json);
	cr_assert(strstr(json, "\"result\":\"error\""), "%s", json);
	free(text);
	free(json);
}

Test(int_engine, a_wrong_read_total_fails_the_test_and_says_memory_was_right)
{
	struct bk_kernel_table kt;
	char err[256], *text, *json;

	cr_assert_eq(bk_dispatch_init(&kt, NULL, err, sizeof(err)), 0, "%s", err);
	kt.int_read = read_one_off;
	cr_assert_eq(run_faulty(&kt, &text, &json), BK_EXIT_FAULT);
	cr_assert_eq(strstr(text, "Result OK") ? 1 : 0, 1, "write/read still passes");
	cr_assert(strstr(text, "ERROR Was 00000001, expected 00000000 (pass 1)"), "%s", text);
	cr_assert(strstr(text, "checked but no errors found: the wrong total came from "
			 "reading"), "%s", text);
	cr_assert(strstr(json, "\"read_total_wrong\":true"), "%s", json);
	free(text);
	free(json);
}
