// SPDX-License-Identifier: MIT
/* int_engine: stressInt's twelve tests, timed, checked and logged. */
#include "int_engine.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#include "util.h"

#define SEGMENT_WORDS (INT_SEGMENT_BYTES / 4)
#define CHUNK_SECONDS 0.002	/* passes between two clock reads take this long */

/* Where a run stands: what the passes, the checks and the progress lines need. */
struct int_state {
	const struct int_config *cfg;
	struct int_result *res;
	uint32_t *buf;
	size_t words;
	const struct int_test_plan *test;
	uint32_t p1, p2;		/* the layout the buffer holds */
	uint32_t expected_total;	/* of a read pass */
	uint32_t read_total;		/* the first wrong total */
	uint64_t t0;			/* start of the test's timed passes */
	double bytes_done;		/* data moved by the timed passes so far */
	double last_progress;		/* when the last progress line was written */
	struct int_findings findings;
};

void int_kernels_describe(const struct bk_kernel_table *k,
			  struct int_kernel_use use[INT_KERNELS])
{
	static const char *const ref_symbols[INT_KERNELS] = {
		"int_write_ref", "int_check_ref", "int_read_ref",
	};
	void (*const fn[INT_KERNELS])(void) = {
		(void (*)(void))k->int_write,
		(void (*)(void))k->int_check,
		(void (*)(void))k->int_read,
	};
	size_t n;
	const struct bk_variant *v = bk_variants(&n);

	for (int i = 0; i < INT_KERNELS; i++) {
		memset(&use[i], 0, sizeof(use[i]));
		use[i].symbol = ref_symbols[i];
		for (size_t j = 0; j < n; j++)
			if (v[j].fn == fn[i])
				use[i].symbol = v[j].symbol;
		use[i].count = bk_loop_count_find(use[i].symbol);
	}
}

static void count_call(struct int_result *res, enum int_kernel k, size_t words)
{
	struct int_kernel_use *u = &res->use[k];

	u->calls++;
	if (u->count)
		u->instructions += (double)u->count->total *
				   (double)(words / u->count->words);
}

static double test_seconds(const struct int_state *st)
{
	const struct bk_timer *tm = st->cfg->timer;

	return bk_timer_seconds(tm, st->t0, bk_timer_ticks(tm));
}

/* A progress line on stderr at least every INT_PROGRESS_SECONDS of a test. */
static void progress(struct int_state *st)
{
	double s = test_seconds(st);

	if (s - st->last_progress < INT_PROGRESS_SECONDS)
		return;
	st->last_progress = s;
	pr_inf("%s: %s test %u of %d, pattern %08X: %.0f s, %.0f MB/sec so far",
	       st->cfg->run, int_phase_title(st->test->phase), st->test->number,
	       INT_TESTS_PER_PHASE, int_pairs[st->test->pair].p1, s,
	       s > 0 ? st->bytes_done / s / 1e6 : 0.0);
}

/*
 * Between the segments of a buffer bigger than one segment: progress, and
 * whether to stop. Small buffers are one segment and pay for neither.
 */
static int segment_break(struct int_state *st)
{
	if (st->words <= SEGMENT_WORDS)
		return 0;
	progress(st);
	return bk_stop_requested();
}

/* Fill the buffer with (p1, p2). 0, or -1 when stopped part way. */
static int write_pass(struct int_state *st)
{
	bk_int_write_fn *write = st->cfg->kernels->int_write;

	for (size_t off = 0; off < st->words; off += SEGMENT_WORDS) {
		size_t n = st->words - off < SEGMENT_WORDS ? st->words - off :
			   SEGMENT_WORDS;

		write(st->buf + off, n, st->p1, st->p2);
		count_call(st->res, INT_K_WRITE, n);
		st->bytes_done += (double)n * 4;
		if (segment_break(st))
			return -1;
	}
	return 0;
}

/*
 * The check of a whole buffer: the kernel's reduction segment by segment,
 * then word by word if it failed. st, when given, gets progress lines and
 * may stop the check part way (-1). Returns 0 when every word is right,
 * 1 when the check failed (f says what was found).
 */
static int check_buffer(const struct int_config *cfg, struct int_result *res,
			const uint32_t *buf, size_t words, uint32_t p1,
			uint32_t p2, struct int_findings *f, struct int_state *st)
{
	bk_int_check_fn *check = cfg->kernels->int_check;
	int failed = 0;

	for (size_t off = 0; off < words; off += SEGMENT_WORDS) {
		size_t n = words - off < SEGMENT_WORDS ? words - off : SEGMENT_WORDS;

		failed |= check(buf + off, n, p1, p2) != 0;
		count_call(res, INT_K_CHECK, n);
		if (st) {
			st->bytes_done += (double)n * 4;
			if (segment_break(st))
				return -1;
		}
	}
	memset(f, 0, sizeof(*f));
	f->p1 = p1;
	f->p2 = p2;
	f->words = words;
	if (!failed)
		return 0;
	f->wrong = int_find_wrong_words(buf, words, p1, p2, f->first,
					INT_MAX_REPORTED);
	f->listed = f->wrong < INT_MAX_REPORTED ? f->wrong : INT_MAX_REPORTED;
	return 1;
}

size_t int_verify(const struct int_config *cfg, struct int_result *res,
		  const uint32_t *buf, size_t words, uint32_t p1, uint32_t p2,
		  struct int_findings *f)
{
	check_buffer(cfg, res, buf, words, p1, p2, f, NULL);
	return f->wrong;
}

/*
 * A failed check is an error even when the second look finds every word
 * right: then the reading, not the memory, went wrong once.
 */
static unsigned long long finding_errors(const struct int_findings *f)
{
	return f->wrong ? f->wrong : 1;
}

void int_report_findings(const struct int_config *cfg,
			 const struct int_test_plan *t,
			 const struct int_findings *f)
{
	struct bk_log *log = cfg->log;
	struct bk_json j;
	char hex[3][16];

	bk_out(log, " %zu 4 byte words checked and %zu errors found\n", f->words,
	       f->wrong);
	if (!f->wrong) {
		bk_out(log, " The check failed, but every word is right when read "
		       "again: a read error\n");
	} else if (f->wrong > INT_MAX_REPORTED) {
		bk_out(log, " First %d errors\n", INT_MAX_REPORTED);
	} else {
		bk_out(log, " %zu errors\n", f->wrong);
	}
	bk_json_init(&j);
	for (size_t i = 0; i < f->listed; i++) {
		const struct int_wrong_word *w = &f->first[i];

		bk_out(log, " Pattern %08X Was %08X Word %zu\n", w->expected,
		       w->actual, w->index);
		snprintf(hex[0], sizeof(hex[0]), "%08X", w->expected);
		snprintf(hex[1], sizeof(hex[1]), "%08X", w->actual);
		snprintf(hex[2], sizeof(hex[2]), "%08X", w->expected ^ w->actual);
		bk_rec_begin(log, &j, "error");
		bk_json_str(&j, "run", cfg->run);
		bk_json_str(&j, "phase", int_phase_key(t->phase));
		bk_json_uint(&j, "test", t->number);
		bk_json_uint(&j, "word", w->index);
		bk_json_uint(&j, "offset", (unsigned long long)w->index * 4);
		bk_json_str(&j, "expected", hex[0]);
		bk_json_str(&j, "actual", hex[1]);
		bk_json_str(&j, "flipped_bits", hex[2]);
		bk_json_uint(&j, "wrong_words", f->wrong);
		bk_rec_end(log, &j);
	}
	bk_json_free(&j);
}

/* One write/read pass: write, then check. 0, 1 when the check failed, -1 stopped. */
static int write_read_pass(struct int_state *st)
{
	int rc;

	if (write_pass(st))
		return -1;
	rc = check_buffer(st->cfg, st->res, st->buf, st->words, st->p1, st->p2,
			  &st->findings, st);
	if (rc)
		return rc;
	if (st->test->swap_per_pass) {
		uint32_t t = st->p1;

		st->p1 = st->p2;
		st->p2 = t;
	}
	return 0;
}

/* One read pass: its total must be the expected one. 0, 1 when not, -1 stopped. */
static int read_pass(struct int_state *st)
{
	bk_int_read_fn *read = st->cfg->kernels->int_read;
	uint32_t total = 0;

	for (size_t off = 0; off < st->words; off += SEGMENT_WORDS) {
		size_t n = st->words - off < SEGMENT_WORDS ? st->words - off :
			   SEGMENT_WORDS;

		total += read(st->buf + off, n);
		count_call(st->res, INT_K_READ, n);
		st->bytes_done += (double)n * 4;
		if (segment_break(st))
			return -1;
	}
	if (total != st->expected_total) {
		st->read_total = total;
		return 1;
	}
	return 0;
}

/*
 * Passes for the test's seconds, one at least. The clock is read after a
 * chunk of passes that grows until it takes CHUNK_SECONDS, so reading it
 * costs nothing measurable at cache sizes. Returns the last pass's status.
 */
static int timed_passes(struct int_state *st, int (*pass)(struct int_state *),
			struct int_test_result *r)
{
	const struct bk_timer *tm = st->cfg->timer;
	unsigned long long chunk = 1;
	int rc = 0;

	st->t0 = bk_timer_ticks(tm);
	st->bytes_done = 0;
	st->last_progress = 0;
	for (;;) {
		uint64_t c0 = bk_timer_ticks(tm), now;

		for (unsigned long long i = 0; i < chunk && !rc; i++) {
			rc = pass(st);
			if (rc >= 0)
				r->passes++;
		}
		now = bk_timer_ticks(tm);
		r->seconds = bk_timer_seconds(tm, st->t0, now);
		if (rc || r->seconds >= st->cfg->seconds || bk_stop_requested())
			break;
		if (bk_timer_seconds(tm, c0, now) < CHUNK_SECONDS && chunk < (1ull << 40))
			chunk *= 2;
		progress(st);
	}
	return rc;
}

/* Instructions of one pass by the documented counts; 0 when one is missing. */
static double pass_instructions(const struct int_result *res,
				const struct int_test_plan *t, size_t words)
{
	const struct bk_loop_count *w = res->use[INT_K_WRITE].count;
	const struct bk_loop_count *c = res->use[INT_K_CHECK].count;
	const struct bk_loop_count *r = res->use[INT_K_READ].count;

	if (t->phase == INT_PHASE_WRITE_READ)
		return w && c ? (double)w->total * (double)(words / w->words) +
				(double)c->total * (double)(words / c->words) : 0;
	return r ? (double)r->total * (double)(words / r->words) : 0;
}

static void test_record(struct int_state *st, const struct int_test_result *r,
			const char *result)
{
	const struct int_test_plan *t = st->test;
	struct bk_json j;
	char hex[3][16];

	snprintf(hex[0], sizeof(hex[0]), "%08X", int_pairs[t->pair].p1);
	snprintf(hex[1], sizeof(hex[1]), "%08X", int_pairs[t->pair].p2);
	bk_json_init(&j);
	bk_rec_begin(st->cfg->log, &j, "test");
	bk_json_str(&j, "run", st->cfg->run);
	bk_json_str(&j, "phase", int_phase_key(t->phase));
	bk_json_uint(&j, "test", t->number);
	bk_json_str(&j, "pattern", hex[0]);
	bk_json_str(&j, "pattern2", hex[1]);
	bk_json_bool(&j, "patterns_swap_per_pass", t->swap_per_pass);
	bk_json_uint(&j, "bytes", (unsigned long long)st->words * 4);
	bk_json_realp(&j, "seconds", r->seconds, 6);
	bk_json_uint(&j, "passes", r->passes);
	bk_json_realp(&j, "mb_per_s", r->mbs, 6);
	if (r->instructions > 0) {
		bk_json_realp(&j, "instructions", r->instructions, 15);
		bk_json_realp(&j, "mips", r->mips, 6);
	} else {
		bk_json_null(&j, "instructions");
		bk_json_null(&j, "mips");
	}
	bk_json_uint(&j, "wrong_words", r->wrong_words);
	if (t->phase == INT_PHASE_READ) {
		snprintf(hex[2], sizeof(hex[2]), "%08X", st->expected_total);
		bk_json_str(&j, "read_total_expected", hex[2]);
		bk_json_bool(&j, "read_total_wrong", r->read_total_wrong);
	}
	bk_json_str(&j, "result", result);
	bk_rec_end(st->cfg->log, &j);
	bk_json_free(&j);
}

/* Speed and MIPS of a finished test, from its passes and time. */
static void test_speed(struct int_state *st, struct int_test_result *r)
{
	double per_pass = st->test->phase == INT_PHASE_WRITE_READ ? 2.0 : 1.0;

	if (r->seconds <= 0)
		return;
	r->mbs = (double)r->passes * per_pass * (double)st->words * 4 /
		 r->seconds / 1e6;
	r->instructions = (double)r->passes *
			  pass_instructions(st->res, st->test, st->words);
	r->mips = r->instructions / r->seconds / 1e6;
}

static void test_line(struct int_state *st, const struct int_test_result *r,
		      const char *what)
{
	bk_out(st->cfg->log, " %2u %7.0f MB/sec  Pattern %08X %s\n",
	       st->test->number, r->mbs, int_pairs[st->test->pair].p1, what);
}

/* Returns 0, or -1 when stopped. */
static int run_write_read(struct int_state *st, struct int_test_result *r)
{
	char what[64];
	int rc;

	st->p1 = int_pairs[st->test->pair].p1;
	st->p2 = int_pairs[st->test->pair].p2;
	rc = timed_passes(st, write_read_pass, r);
	if (rc < 0)
		return -1;
	test_speed(st, r);
	if (rc > 0) {
		r->wrong_words = finding_errors(&st->findings);
		snprintf(what, sizeof(what), "ERROR in pass %llu", r->passes);
		test_line(st, r, what);
		int_report_findings(st->cfg, st->test, &st->findings);
		test_record(st, r, "error");
	} else {
		snprintf(what, sizeof(what), "Result OK %10llu passes", r->passes);
		test_line(st, r, what);
		test_record(st, r, "ok");
	}
	st->res->errors += r->wrong_words;
	return 0;
}

/* Returns 0, or -1 when stopped. */
static int run_read(struct int_state *st, struct int_test_result *r)
{
	char what[96];
	int rc;

	st->p1 = int_pairs[st->test->pair].p1;
	st->p2 = int_pairs[st->test->pair].p2;
	st->expected_total = int_read_expected(st->words, st->p1, st->p2);
	st->t0 = bk_timer_ticks(st->cfg->timer);	/* progress while generating */
	st->last_progress = 0;
	if (write_pass(st))
		return -1;
	if (check_buffer(st->cfg, st->res, st->buf, st->words, st->p1, st->p2,
			 &st->findings, NULL)) {
		bk_out(st->cfg->log, "    ERROR found checking data after "
		       "generation - Test %u\n", st->test->number);
		int_report_findings(st->cfg, st->test, &st->findings);
		r->wrong_words += finding_errors(&st->findings);
	}
	rc = timed_passes(st, read_pass, r);
	if (rc < 0)
		return -1;
	test_speed(st, r);
	if (rc > 0) {
		r->read_total_wrong = 1;
		snprintf(what, sizeof(what), "ERROR Was %08X, expected %08X "
			 "(pass %llu)", st->read_total, st->expected_total, r->passes);
	} else {
		snprintf(what, sizeof(what), "Result OK %10llu passes", r->passes);
	}
	test_line(st, r, what);
	/* Every word, once more, at the end. */
	if (check_buffer(st->cfg, st->res, st->buf, st->words, st->p1, st->p2,
			 &st->findings, NULL)) {
		if (!r->read_total_wrong && !r->wrong_words)
			bk_out(st->cfg->log, " No Errors in Reliability/Speed Test "
			       "FAILED ON END COMPARE\n");
		int_report_findings(st->cfg, st->test, &st->findings);
		r->wrong_words += finding_errors(&st->findings);
	} else if (r->read_total_wrong) {
		bk_out(st->cfg->log, " %zu 4 byte words checked but no errors "
		       "found: the wrong total came from reading\n", st->words);
	}
	test_record(st, r, r->wrong_words || r->read_total_wrong ? "error" : "ok");
	st->res->errors += r->wrong_words + (unsigned long long)r->read_total_wrong;
	return 0;
}

static void phase_head(const struct int_config *cfg, enum int_phase phase)
{
	bk_out(cfg->log, "%s %s\n", phase == INT_PHASE_READ ? "\n" : "",
	       int_phase_title(phase));
}

static void phase_tail(const struct int_config *cfg, struct int_result *res,
		       enum int_phase phase)
{
	const struct int_kernel_use *u = res->use;
	struct bk_json j;

	for (int i = 0; i < INT_TESTS; i++) {
		size_t n;
		const struct int_test_plan *t = &int_plan(&n)[i];

		if (t->phase == phase && res->test[i].mips > res->max_mips[phase])
			res->max_mips[phase] = res->test[i].mips;
	}
	if (phase == INT_PHASE_WRITE_READ && u[INT_K_WRITE].count &&
	    u[INT_K_CHECK].count)
		bk_out(cfg->log, " Maximum speed %5.0f MIPS  (write %.0f + check %.0f "
		       "instructions per 128 bytes)\n", res->max_mips[phase],
		       (double)u[INT_K_WRITE].count->total * INT_BLOCK_WORDS /
		       u[INT_K_WRITE].count->words,
		       (double)u[INT_K_CHECK].count->total * INT_BLOCK_WORDS /
		       u[INT_K_CHECK].count->words);
	else if (phase == INT_PHASE_READ && u[INT_K_READ].count)
		bk_out(cfg->log, " Maximum speed %5.0f MIPS  (read %.0f instructions "
		       "per 128 bytes)\n", res->max_mips[phase],
		       (double)u[INT_K_READ].count->total * INT_BLOCK_WORDS /
		       u[INT_K_READ].count->words);
	else
		bk_out(cfg->log, " Maximum speed     - MIPS  (no documented loop count "
		       "for %s)\n", phase == INT_PHASE_READ ? u[INT_K_READ].symbol :
		       u[INT_K_WRITE].count ? u[INT_K_CHECK].symbol :
		       u[INT_K_WRITE].symbol);
	bk_json_init(&j);
	bk_rec_begin(cfg->log, &j, "phase");
	bk_json_str(&j, "run", cfg->run);
	bk_json_str(&j, "phase", int_phase_key(phase));
	if (res->max_mips[phase] > 0)
		bk_json_realp(&j, "max_mips", res->max_mips[phase], 6);
	else
		bk_json_null(&j, "max_mips");
	bk_rec_end(cfg->log, &j);
	bk_json_free(&j);
}

static void header(const struct int_config *cfg, const struct int_result *res)
{
	char date[64];

	bk_ctime(date, sizeof(date));
	bk_out(cfg->log, "\n  Integer Stress Test burnkit %s %s\n", BK_VERSION, date);
	bk_out(cfg->log, "   %zu KBytes Cache or RAM Space, %g Seconds Per Test, "
	       "%d Tests\n", cfg->bytes / 1024, cfg->seconds, INT_TESTS);
	bk_out(cfg->log, "   Kernels %s, %s, %s (ISA %s)\n\n",
	       res->use[INT_K_WRITE].symbol, res->use[INT_K_CHECK].symbol,
	       res->use[INT_K_READ].symbol, cfg->kernels->int_read_isa);
}

int int_run(const struct int_config *cfg, struct int_result *res)
{
	struct int_state st;
	size_t nplan;
	const struct int_test_plan *plan = int_plan(&nplan);
	char date[64];
	int stopped = 0;

	memset(res, 0, sizeof(*res));
	int_kernels_describe(cfg->kernels, res->use);
	memset(&st, 0, sizeof(st));
	st.cfg = cfg;
	st.res = res;
	st.words = cfg->bytes / 4;
	st.buf = mmap(NULL, cfg->bytes, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (st.buf == MAP_FAILED) {
		pr_fail("cannot map %zu KBytes for the test buffer: %s; give a "
			"smaller size", cfg->bytes / 1024, strerror(errno));
		return BK_EXIT_ENV;
	}
	header(cfg, res);
	for (size_t i = 0; i < nplan && !stopped; i++) {
		const struct int_test_plan *t = &plan[i];

		if (i == 0 || plan[i - 1].phase != t->phase)
			phase_head(cfg, t->phase);
		st.test = t;
		if (t->phase == INT_PHASE_WRITE_READ ?
		    run_write_read(&st, &res->test[i]) :
		    run_read(&st, &res->test[i])) {
			bk_out(cfg->log, " Stopped (interrupted) during %s test %u\n",
			       int_phase_title(t->phase), t->number);
			stopped = 1;
			break;
		}
		res->test[i].ran = 1;
		if (i + 1 == nplan || plan[i + 1].phase != t->phase)
			phase_tail(cfg, res, t->phase);
		if (bk_stop_requested() && i + 1 < nplan) {
			bk_out(cfg->log, " Stopped (interrupted) after %s test %u\n",
			       int_phase_title(t->phase), t->number);
			stopped = 1;
		}
	}
	munmap(st.buf, cfg->bytes);
	res->interrupted = stopped;
	bk_ctime(date, sizeof(date));
	bk_out(cfg->log, "\n                   End at %s\n", date);
	if (stopped)
		return BK_EXIT_INTERRUPTED;
	return res->errors ? BK_EXIT_FAULT : BK_EXIT_OK;
}
