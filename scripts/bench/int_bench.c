// SPDX-License-Identifier: MIT
/*
 * int_bench: the stressInt kernels of this architecture against their C
 * references, for scripts/bench/int.sh.
 *
 *   int_bench speed BYTES ROUNDS   MB/s of each phase, reference and tuned
 *                                  kernel alternating, best of ROUNDS samples;
 *                                  and the reference against itself (noise)
 *   int_bench count BYTES PASSES   run each kernel, reference and tuned,
 *                                  PASSES times over BYTES, for an
 *                                  instruction counter
 *
 * The reference is whatever object int.sh linked as int_*_ref (it builds
 * one with the compiler flags the goal names). Output is one `key value ...`
 * line per result, for the script to turn into a table. MB = 10^6 bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <burnkit/kernels.h>

#if defined(__x86_64__)
#define INT_VARIANTS(X) BK_INT_VARIANTS_x86_64(X)
#elif defined(__aarch64__)
#define INT_VARIANTS(X) BK_INT_VARIANTS_aarch64(X)
#elif defined(__arm__)
#define INT_VARIANTS(X) BK_INT_VARIANTS_armv7(X)
#else
#error "no integer kernels for this architecture"
#endif

#define PATTERN1 0xA5A5A5A5u
#define PATTERN2 0x5A5A5A5Au
#define BLOCK_WORDS 32
#define SAMPLE_NS 200000ull	/* a sample runs at least this long */
#define WARMUP_NS 200000000ull	/* let the clock ramp up before measuring */

enum phase { PHASE_WRITE, PHASE_CHECK, PHASE_READ, PHASE_COUNT };

struct kernel_set {
	const char *name;
	bk_int_write_fn *write;
	bk_int_check_fn *check;
	bk_int_read_fn *read;
};

static struct kernel_set tuned_set(void)
{
	struct kernel_set k = { "tuned", NULL, NULL, NULL };

#define PICK_(isa, slot, sym, order)				\
	if (!strcmp(#slot, "int_write"))			\
		k.write = (bk_int_write_fn *)(void (*)(void))sym;	\
	else if (!strcmp(#slot, "int_check"))			\
		k.check = (bk_int_check_fn *)(void (*)(void))sym;	\
	else if (!strcmp(#slot, "int_read"))			\
		k.read = (bk_int_read_fn *)(void (*)(void))sym;
	INT_VARIANTS(PICK_)
#undef PICK_
	return k;
}

static const struct kernel_set ref_set = {
	"ref", int_write_ref, int_check_ref, int_read_ref
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int failures;

/* One call of one phase; a wrong result counts as a failure. */
static void run_once(const struct kernel_set *k, enum phase ph, uint32_t *buf,
		     size_t words)
{
	uint32_t want = (uint32_t)(words / 16 * 8) * (PATTERN1 - PATTERN2);

	switch (ph) {
	case PHASE_WRITE:
		k->write(buf, words, PATTERN1, PATTERN2);
		break;
	case PHASE_CHECK:
		if (k->check(buf, words, PATTERN1, PATTERN2))
			failures++;
		break;
	default:
		if (k->read(buf, words) != want)
			failures++;
		break;
	}
}

static uint64_t time_calls(const struct kernel_set *k, enum phase ph,
			   uint32_t *buf, size_t words, size_t calls)
{
	uint64_t t0 = now_ns();

	for (size_t i = 0; i < calls; i++)
		run_once(k, ph, buf, words);
	return now_ns() - t0;
}

/*
 * Rows of the speed table: each phase, reference against tuned, and the
 * write phase of the reference against itself, which shows how far two equal
 * kernels drift apart in this method (the noise floor of every ratio).
 */
struct speed_row {
	const char *name;
	enum phase phase;
	const struct kernel_set *sets[2];
	size_t calls;		/* per sample */
	double best_mbs[2];
};

static double sample_mbs(const struct kernel_set *k, enum phase ph,
			 uint32_t *buf, size_t words, size_t calls)
{
	uint64_t ns = time_calls(k, ph, buf, words, calls);

	return (double)(words * sizeof(uint32_t)) * (double)calls /
	       ((double)ns / 1e9) / 1e6;
}

static int speed(uint32_t *buf, size_t words, unsigned rounds)
{
	struct kernel_set tuned = tuned_set();
	struct speed_row rows[] = {
		{ "write", PHASE_WRITE, { &ref_set, &tuned }, 1, { 0, 0 } },
		{ "check", PHASE_CHECK, { &ref_set, &tuned }, 1, { 0, 0 } },
		{ "read", PHASE_READ, { &ref_set, &tuned }, 1, { 0, 0 } },
		{ "noise", PHASE_WRITE, { &ref_set, &ref_set }, 1, { 0, 0 } },
	};
	size_t nrows = sizeof(rows) / sizeof(rows[0]);

	/* the buffer holds the pattern from here on: every write rewrites it */
	int_write_ref(buf, words, PATTERN1, PATTERN2);
	for (uint64_t t0 = now_ns(); now_ns() - t0 < WARMUP_NS;)
		time_calls(&ref_set, PHASE_WRITE, buf, words, 16);
	/* calls per sample: enough for SAMPLE_NS with the reference */
	for (size_t i = 0; i < nrows; i++)
		while (time_calls(&ref_set, rows[i].phase, buf, words,
				  rows[i].calls) < SAMPLE_NS)
			rows[i].calls *= 2;
	/*
	 * Rounds outside, rows inside: a disturbance (another process, a clock
	 * change) hits every row alike, and each row's best sample may come
	 * from any quiet moment of the whole run. Within a row the two sides
	 * alternate who goes first.
	 */
	for (unsigned r = 0; r < rounds; r++) {
		for (size_t i = 0; i < nrows; i++) {
			struct speed_row *row = &rows[i];

			for (unsigned j = 0; j < 2; j++) {
				unsigned side = (r + j) & 1;
				double mbs = sample_mbs(row->sets[side], row->phase,
							buf, words, row->calls);

				if (mbs > row->best_mbs[side])
					row->best_mbs[side] = mbs;
			}
		}
	}
	for (size_t i = 0; i < nrows; i++)
		printf("speed %s ref_mbs %.1f %s_mbs %.1f calls %zu\n",
		       rows[i].name, rows[i].best_mbs[0],
		       rows[i].sets[1] == &ref_set ? "ref" : "tuned",
		       rows[i].best_mbs[1], rows[i].calls);
	return 0;
}

/* Both sets, so that the counter can set the reference's count beside ours. */
static int count(uint32_t *buf, size_t words, unsigned passes)
{
	struct kernel_set tuned = tuned_set();
	const struct kernel_set *sets[2] = { &ref_set, &tuned };

	for (int s = 0; s < 2; s++)
		for (int ph = 0; ph < PHASE_COUNT; ph++)
			for (unsigned p = 0; p < passes; p++)
				run_once(sets[s], ph, buf, words);
	printf("count blocks %zu passes %u\n", words / BLOCK_WORDS, passes);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 4 || (strcmp(argv[1], "speed") && strcmp(argv[1], "count"))) {
		fprintf(stderr, "usage: %s speed|count BYTES ROUNDS|PASSES\n", argv[0]);
		return 2;
	}
	size_t bytes = strtoull(argv[2], NULL, 0);
	unsigned n = (unsigned)strtoul(argv[3], NULL, 0);
	size_t words = bytes / sizeof(uint32_t) / BLOCK_WORDS * BLOCK_WORDS;
	struct kernel_set tuned = tuned_set();

	if (!words || !n) {
		fprintf(stderr, "int_bench: need at least one block and one round\n");
		return 2;
	}
	if (!tuned.write || !tuned.check || !tuned.read) {
		fprintf(stderr, "int_bench: kernels.h lists no tuned integer kernels for this architecture\n");
		return 1;
	}
	uint32_t *buf = aligned_alloc(64, words * sizeof(uint32_t));

	if (!buf) {
		fprintf(stderr, "int_bench: out of memory for %zu bytes\n", bytes);
		return 1;
	}
	int rc = !strcmp(argv[1], "speed") ? speed(buf, words, n)
					    : count(buf, words, n);

	free(buf);
	if (failures) {
		fprintf(stderr, "int_bench: %d calls returned a wrong result\n", failures);
		return 1;
	}
	return rc;
}
