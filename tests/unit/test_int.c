// SPDX-License-Identifier: MIT
/*
 * burnkit int: the pattern table and test plan against stressInt's, the
 * read total against the kernels, and the check: a corrupted word is found,
 * and reported with its word number, byte offset, expected and actual value.
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

/* stressInt's documentation: the pattern each test of a phase prints. */
static const uint32_t seed_shown[INT_TESTS_PER_PHASE] = {
	0x00000000, 0xFFFFFFFF, 0xA5A5A5A5, 0x55555555, 0x33333333, 0xF0F0F0F0,
};

Test(int_plan, twelve_tests_six_per_phase_in_the_seed_order)
{
	size_t n;
	const struct int_test_plan *t = int_plan(&n);

	cr_assert_eq(n, INT_TESTS);
	for (size_t i = 0; i < n; i++) {
		enum int_phase want = i < INT_TESTS_PER_PHASE ? INT_PHASE_WRITE_READ :
				      INT_PHASE_READ;

		cr_assert_eq(t[i].phase, want, "test %zu", i);
		cr_assert_eq(t[i].number, i % INT_TESTS_PER_PHASE + 1, "test %zu", i);
		cr_assert_lt(t[i].pair, INT_PAIRS, "test %zu", i);
		cr_assert_eq(int_pairs[t[i].pair].p1, seed_shown[i % INT_TESTS_PER_PHASE],
			     "test %zu shows %08X", i, int_pairs[t[i].pair].p1);
		cr_assert_eq(t[i].swap_per_pass, want == INT_PHASE_WRITE_READ,
			     "test %zu", i);
	}
}

Test(int_plan, write_read_pairs_are_complements_and_every_pair_is_used_once)
{
	size_t n;
	const struct int_test_plan *t = int_plan(&n);
	int used[INT_PAIRS] = { 0 };

	for (size_t i = 0; i < n; i++) {
		const struct int_pair *p = &int_pairs[t[i].pair];

		used[t[i].pair]++;
		if (t[i].phase == INT_PHASE_WRITE_READ)
			cr_assert_eq(p->p2, ~p->p1, "test %zu: %08X/%08X", i, p->p1, p->p2);
	}
	for (size_t k = 0; k < INT_PAIRS; k++)
		cr_assert_eq(used[k], 1, "pair %zu used %d times", k, used[k]);
	/* 24 pattern words: the read pairs carry stressInt's documented pairs */
	cr_assert_eq(int_pairs[2].p2, 0x5A5A5A5Au);
	cr_assert_eq(int_pairs[3].p2, 0xAAAAAAAAu);
	cr_assert_eq(int_pairs[4].p2, 0xCCCCCCCCu);
	cr_assert_eq(int_pairs[5].p2, 0x0F0F0F0Fu);
}

Test(int_plan, phase_names)
{
	cr_assert_str_eq(int_phase_title(INT_PHASE_WRITE_READ), "Write/Read");
	cr_assert_str_eq(int_phase_title(INT_PHASE_READ), "Read");
	cr_assert_str_eq(int_phase_key(INT_PHASE_WRITE_READ), "write_read");
	cr_assert_str_eq(int_phase_key(INT_PHASE_READ), "read");
}

static uint32_t *buffer(size_t words)
{
	uint32_t *b = aligned_alloc(64, words * 4);

	cr_assert_not_null(b);
	return b;
}

Test(int_plan, expected_read_total_is_what_the_kernels_return)
{
	static const size_t sizes[] = { 32, 64, 96, 2048, 32 * 1001 };
	struct bk_kernel_table k;
	char err[256];

	cr_assert_eq(bk_dispatch_init(&k, NULL, err, sizeof(err)), 0, "%s", err);
	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		uint32_t *b = buffer(sizes[s]);

		for (size_t p = 0; p < INT_PAIRS; p++) {
			uint32_t p1 = int_pairs[p].p1, p2 = int_pairs[p].p2;
			uint32_t want = int_read_expected(sizes[s], p1, p2);

			int_write_ref(b, sizes[s], p1, p2);
			cr_assert_eq(int_read_ref(b, sizes[s]), want,
				     "ref, %zu words, pair %zu", sizes[s], p);
			cr_assert_eq(k.int_read(b, sizes[s]), want,
				     "%s, %zu words, pair %zu", k.int_read_isa, sizes[s], p);
			for (size_t i = 0; i < sizes[s]; i++)
				cr_assert_eq(b[i], int_expected_word(i, p1, p2),
					     "word %zu of pair %zu", i, p);
		}
		free(b);
	}
}

Test(int_plan, clean_buffer_has_no_wrong_words)
{
	uint32_t *b = buffer(4096);
	struct int_wrong_word w[INT_MAX_REPORTED];

	int_write_ref(b, 4096, 0xA5A5A5A5u, 0x5A5A5A5Au);
	cr_assert_eq(int_find_wrong_words(b, 4096, 0xA5A5A5A5u, 0x5A5A5A5Au, w,
					  INT_MAX_REPORTED), 0);
	/* the same words under the swapped pair are all wrong */
	cr_assert_eq(int_find_wrong_words(b, 4096, 0x5A5A5A5Au, 0xA5A5A5A5u, w,
					  INT_MAX_REPORTED), 4096);
	free(b);
}

Test(int_plan, one_corrupted_word_is_found_where_it_is)
{
	static const size_t spots[] = { 0, 3, 4, 7, 37, 1000, 4095 };
	uint32_t *b = buffer(4096);

	for (size_t s = 0; s < sizeof(spots) / sizeof(spots[0]); s++) {
		struct int_wrong_word w[INT_MAX_REPORTED];
		size_t k = spots[s];
		uint32_t want = (k & 4) ? 0xCCCCCCCCu : 0x33333333u;

		int_write_ref(b, 4096, 0x33333333u, 0xCCCCCCCCu);
		b[k] ^= 0x00010000u;
		cr_assert_eq(int_find_wrong_words(b, 4096, 0x33333333u, 0xCCCCCCCCu,
						  w, INT_MAX_REPORTED), 1, "word %zu", k);
		cr_assert_eq(w[0].index, k);
		cr_assert_eq(w[0].expected, want, "word %zu: %08X", k, w[0].expected);
		cr_assert_eq(w[0].actual, want ^ 0x00010000u);
	}
	free(b);
}

Test(int_plan, many_wrong_words_counted_first_twelve_listed_in_order)
{
	uint32_t *b = buffer(1024);
	struct int_wrong_word w[INT_MAX_REPORTED];

	int_write_ref(b, 1024, 0, 0xFFFFFFFFu);
	for (size_t i = 0; i < 20; i++)
		b[1000 - 37 * i] = 0x12345678u;
	cr_assert_eq(int_find_wrong_words(b, 1024, 0, 0xFFFFFFFFu, w,
					  INT_MAX_REPORTED), 20);
	for (size_t i = 0; i < INT_MAX_REPORTED; i++) {
		cr_assert_eq(w[i].index, 1000 - 37 * (19 - i), "listed %zu", i);
		cr_assert_eq(w[i].actual, 0x12345678u);
	}
	free(b);
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
