// SPDX-License-Identifier: MIT
/*
 * fpu_bench: burnkit's FPU kernels against the same formula built by gcc,
 * and against this machine's own bound, for scripts/bench/fpu.sh.
 *
 * In one run, for each ISA the CPU has (or the one --isa names), on one
 * thread and on every thread (each thread on its own data, pinned to its
 * own CPU: team.c), at L1, L2 and RAM sizes taken from sysfs, for 2, 8
 * and 32 operations per word, a cell of contenders taking turns (the
 * ISAs' cells of one size, op count and thread count one after another):
 *   - burnkit's kernel (lib/dispatch's table capped at the ISA);
 *   - asm/ref/fpu.c built with gcc -O3 -march=native for the ISA and with
 *     gcc -O2 for the baseline ISA (fpu.sh links them with the symbol
 *     prefixes o3<isa>_, or o3native_ on other architectures, and o2base_);
 *   - the compute bound: the kernel's FP instruction mix in registers
 *     (peak_<arch>.S) of the ISA, and the same with the kernel's loads and
 *     stores walking the cell's words (the bound of the loads and stores:
 *     their ports, the caches, and on some cores the FP pipe a store's
 *     data takes);
 *   - the memory bound: an in-place read+write of the same words with the
 *     ISA's vectors, with and without prefetch, the better counting.
 * Before the cells, the core clock and every ISA's mix are surveyed. Each
 * figure is the best of --repeats samples (fewer, two at least, once a
 * contender has run --max-ms in the cell), each at least --min-ms long
 * (passes scaled up from one; fpu.sh says why samples are short). Samples
 * count each thread's CPU time, or with --wall the wall time (see enum
 * timebase). The words must stay equal (the kernels' contract): they
 * are checked after each kernel's first sample and at the end of a cell; a
 * difference is reported and fails the run.
 *
 * Prints a table and the goals per ISA (fpu_report.c); exits 1 only when
 * something fails to run (a wrong result included), 2 on a bad command
 * line.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <burnkit/kernels.h>
#include "dispatch.h"
#include "fpu_bench.h"
#include "peak.h"
#include "team.h"
#include "util.h"

const int ops_list[NOPS] = { 2, 8, 32 };

/* ------------------------------------------------------------ options */

struct bench_opts opt = {
	.isa = "", .repeats = 300, .min_seconds = 0.00005, .max_seconds = 1.0,
	.rounds = 3, .max_rounds = 7, .spread_limit = 10,
};

static size_t esz(void)
{
	return opt.fp64 ? sizeof(double) : sizeof(float);
}

/* ------------------------------------------------------------ buffers */

struct buffers {
	size_t words;
	void *x[MAX_THREADS];	/* NULL where the allocation failed */
};

static void fill_x0(void *x, size_t words)
{
	for (size_t i = 0; i < words; i++)
		if (opt.fp64)
			((double *)x)[i] = BK_FPU_X0;
		else
			((float *)x)[i] = (float)BK_FPU_X0;
}

/* Each thread allocates and first-touches its own buffer. */
static void job_alloc(int tid, void *arg)
{
	struct buffers *b = arg;

	b->x[tid] = bk_alloc_aligned(64, b->words * esz());
	if (b->x[tid])
		fill_x0(b->x[tid], b->words);
}

static void job_free(int tid, void *arg)
{
	struct buffers *b = arg;

	free(b->x[tid]);
	b->x[tid] = NULL;
}

/* Words whose bits differ from word 0's (the build has
 * -fno-strict-aliasing), and a reset to X0 when any do. */
struct check {
	struct buffers *b;
	size_t bad[MAX_THREADS];
};

static void job_check(int tid, void *arg)
{
	struct check *c = arg;
	size_t n = c->b->words, bad = 0;

	if (opt.fp64) {
		const uint64_t *x = c->b->x[tid];

		for (size_t i = 1; i < n; i++)
			bad += x[i] != x[0];
	} else {
		const uint32_t *x = c->b->x[tid];

		for (size_t i = 1; i < n; i++)
			bad += x[i] != x[0];
	}
	c->bad[tid] = bad;
	if (bad)
		fill_x0(c->b->x[tid], n);
}

/* ------------------------------------------------------------ samples */

/*
 * A contender is anything timed in a cell: a kernel, the FP mix loop of an
 * ISA (the compute bound), the stream loop (the memory bound) or the clock
 * chain. Its rate is in millions of its unit per second: MFLOPS, MB/s
 * (bytes read plus bytes written) or MHz.
 */
enum kind { KIND_KERNEL, KIND_MIX, KIND_PORTS, KIND_STREAM, KIND_CLOCK };

struct contender {
	enum kind kind;
	const struct impl *impl;	/* KIND_KERNEL */
	const char *isa;		/* KIND_MIX, KIND_PORTS, KIND_STREAM */
	int prefetch;			/* KIND_STREAM: prefetch a page ahead */
	enum peak_walk form;		/* KIND_PORTS: which walk */
	int op;				/* index into ops_list */
	size_t count;			/* passes or iterations per sample */
	int warm_up;			/* an untimed run before each sample */
	double best;			/* best rate so far */
	unsigned samples;		/* taken so far */
	double spent;			/* seconds of samples so far */
};

/*
 * Time bases. CPU (the default): each thread's own CPU time
 * (CLOCK_THREAD_CPUTIME_ID), the rates of the threads summed: time slices
 * of other processes on a shared machine do not count. Its blind spot: at
 * RAM size, threads that happen not to overlap each get the memory to
 * themselves, so a busy machine can flatter the all-thread RAM figures
 * (kernels and stream alike). WALL (--wall): the work of all threads over
 * the time from the first start to the last end, right on a quiet machine.
 */
enum timebase { TB_CPU, TB_WALL };

struct sample {
	struct contender *c;
	struct buffers *b;
	double work[MAX_THREADS];
	uint64_t wall0[MAX_THREADS], wall1[MAX_THREADS];
	uint64_t cpu0[MAX_THREADS], cpu1[MAX_THREADS];
};

static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The vector width of a mix or ports contender's FP instructions. */
static size_t mix_vector_bytes(const struct contender *c)
{
	return c->kind == KIND_PORTS ? peak_ports_vector_bytes(c->isa, ops_list[c->op])
				     : peak_vector_bytes(c->isa);
}

/* The flops of the kernel's words behind a mix's FP instructions. */
static double mix_flops(const struct contender *c, uint64_t instructions)
{
	double lanes = (double)mix_vector_bytes(c) / (double)esz();

	return (double)instructions * lanes * ops_list[c->op] /
	       peak_mix_per_vector(c->isa, ops_list[c->op]);
}

/* A contender's work on one thread's x (count passes or iterations), in
 * its unit (flops, bytes read and written, cycles). */
static double contender_work(const struct contender *c, void *x, size_t words)
{
	double work = 0;

	switch (c->kind) {
	case KIND_KERNEL:
		if (opt.fp64)
			c->impl->f64[c->op](x, words, c->count);
		else
			c->impl->f32[c->op](x, words, c->count);
		work = (double)words * (double)c->count * ops_list[c->op];
		break;
	case KIND_MIX:
		work = mix_flops(c, peak_mix_run(c->isa, ops_list[c->op], c->count));
		break;
	case KIND_PORTS:
		work = mix_flops(c, peak_ports_run(c->isa, ops_list[c->op], c->form, opt.fp64, x,
						   words * esz(), c->count));
		break;
	case KIND_STREAM:
		peak_stream(c->isa, c->prefetch, x, words * esz(), c->count);
		work = 2.0 * (double)(words * esz()) * (double)c->count;
		break;
	case KIND_CLOCK:
		work = (double)peak_clock_run(c->count);
		break;
	}
	return work;
}

static void job_sample(int tid, void *arg)
{
	struct sample *s = arg;
	const struct contender *c = s->c;
	void *x = s->b ? s->b->x[tid] : NULL;
	size_t words = s->b ? s->b->words : 0;
	double work;

	if (c->warm_up)
		contender_work(c, x, words);
	s->cpu0[tid] = thread_cpu_ns();
	s->wall0[tid] = bk_now_ns();
	work = contender_work(c, x, words);
	s->wall1[tid] = bk_now_ns();
	s->cpu1[tid] = thread_cpu_ns();
	s->work[tid] = work;
}

/*
 * A sample reads its clocks twice; it lasts at least CLOCK_READS_PER_SAMPLE
 * reads of the thread CPU clock (a system call: about 0.3 us on an x86-64
 * VM, more on a small Arm core), so that the reads cost under 1 % of it.
 */
#define CLOCK_READS_PER_SAMPLE 150
#define CLOCK_READS_TIMED 1000

/* Seconds per read of the thread CPU clock, timed by the monotonic clock. */
static double clock_read_seconds(void)
{
	uint64_t t0 = bk_now_ns();

	for (int i = 0; i < CLOCK_READS_TIMED; i++)
		(void)thread_cpu_ns();
	return (double)(bk_now_ns() - t0) / 1e9 / CLOCK_READS_TIMED;
}

/* One sample on `threads` threads: its rate, and its length in seconds. */
static double run_sample(struct contender *c, struct buffers *b, int threads,
			 enum timebase tb, double *seconds)
{
	struct sample s = { .c = c, .b = b };
	uint64_t first = UINT64_MAX, last = 0;
	double rate = 0, work = 0, longest = 0;

	team_run(threads, job_sample, &s);
	for (int i = 0; i < threads; i++) {
		double cpu = (double)(s.cpu1[i] - s.cpu0[i]) / 1e9;

		if (s.wall0[i] < first)
			first = s.wall0[i];
		if (s.wall1[i] > last)
			last = s.wall1[i];
		if (cpu > longest)
			longest = cpu;
		if (cpu > 0)
			rate += s.work[i] / cpu;
		work += s.work[i];
	}
	double wall = (double)(last - first) / 1e9;

	if (tb == TB_WALL) {
		rate = wall > 0 ? work / wall : 0;
		longest = wall;
	}
	*seconds = longest;
	return rate / 1e6;
}

/* One sample, counted into the contender's best. */
static void take_sample(struct contender *c, struct buffers *b, int threads,
			enum timebase tb, double *seconds)
{
	double rate = run_sample(c, b, threads, tb, seconds);

	if (rate > c->best)
		c->best = rate;
	c->samples++;
	c->spent += *seconds;
}

/*
 * Samples shorter than this are each preceded by an untimed run of the same
 * work. The contenders take turns, so a sample starts where another
 * contender's ended; on an Emerald Rapids host (KVM) the start cost the
 * AVX-512 kernels up to 4 % of a 50-100 us sample. Measured with --aa (gcc's
 * build in burnkit's place, the same code on both sides), 3 runs of
 * --isa avx512 --size L2: 8 ops on two threads 0.99, 0.98 and 0.96 x itself
 * (the last "missed"), L1 0.96-1.00 over the cells; with the untimed run
 * 1.00 in every cell of both sizes, rounds 0.97-1.03. SSE2's (L2) were
 * 0.99-1.00 either way. Longer samples (a pass at RAM size) keep no such start
 * in a measurable share, and would double their cells' time.
 */
#define WARM_UP_BELOW_SECONDS 0.01

/* Passes or iterations for a sample of at least min_seconds: from one pass
 * (kernels and stream) or 256 iterations, scaled up from timed runs. The
 * first run long enough decides the warm-up; the next is the first
 * sample. */
static void calibrate(struct contender *c, struct buffers *b, int threads,
		      enum timebase tb)
{
	double sec;

	if (c->kind == KIND_KERNEL || c->kind == KIND_PORTS || c->kind == KIND_STREAM)
		c->count = 1;
	else
		c->count = 256;
	c->warm_up = 0;
	for (;;) {
		if (run_sample(c, b, threads, tb, &sec), sec >= opt.min_seconds)
			break;
		double scale = sec > 0 ? 1.2 * opt.min_seconds / sec : 100;

		scale = scale < 2 ? 2 : scale > 100 ? 100 : scale;
		c->count = (size_t)((double)c->count * scale);
	}
	c->warm_up = sec < WARM_UP_BELOW_SECONDS;
	take_sample(c, b, threads, tb, &sec);
}

/* ------------------------------------------------------------ sizes */

/* Size in bytes of the cache at `level` (type Data or Unified) of cpu0;
 * level 0: the last level. 0 if sysfs does not say. */
static size_t cache_bytes(int level)
{
	size_t best = 0;
	int best_level = 0;

	for (int i = 0; i < 16; i++) {
		char path[128], buf[64];
		long long lv;

		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
		if (bk_read_ll(path, &lv))
			continue;
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
		if (bk_read_file(path, buf, sizeof(buf)) < 0 ||
		    !strncmp(buf, "Instruction", 11))
			continue;
		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
		if (bk_read_file(path, buf, sizeof(buf)) < 0)
			continue;
		char *end;
		size_t sz = strtoull(buf, &end, 10);

		if (*end == 'K')
			sz <<= 10;
		else if (*end == 'M')
			sz <<= 20;
		if ((level && lv == level) || (!level && lv > best_level)) {
			best = sz;
			best_level = (int)lv;
		}
	}
	return best;
}

const char *const size_names[NSIZES] = { "L1", "L2", "RAM" };

/* Words per thread: half of L1d, half of L2, twice the last level cache
 * (at least 64 MiB); multiples of 64 words, so stream's 256-byte steps fit. */
static void pick_sizes(size_t words[NSIZES], size_t cache[NSIZES])
{
	cache[SIZE_L1] = cache_bytes(1);
	cache[SIZE_L2] = cache_bytes(2);
	cache[SIZE_RAM] = cache_bytes(0);
	if (!cache[SIZE_L1])
		cache[SIZE_L1] = 32 << 10;
	if (!cache[SIZE_L2])
		cache[SIZE_L2] = 512 << 10;
	if (cache[SIZE_RAM] < cache[SIZE_L2])
		cache[SIZE_RAM] = cache[SIZE_L2];
	size_t bytes[NSIZES] = {
		cache[SIZE_L1] / 2, cache[SIZE_L2] / 2, 2 * cache[SIZE_RAM],
	};
	if (bytes[SIZE_RAM] < (64u << 20))
		bytes[SIZE_RAM] = 64u << 20;
	for (int s = 0; s < NSIZES; s++)
		words[s] = bytes[s] / esz() / 64 * 64;
}

/* ------------------------------------------------------------ cells */

struct isa_run runs[MAX_RUNS];
int nruns;
static int wrong_results;

int size_on(int size)
{
	return !opt.sizes || (opt.sizes & (1u << size));
}

static enum timebase timebase_of(int size)
{
	(void)size;
	return opt.wall ? TB_WALL : TB_CPU;
}

/* Words left unequal are reported (against `c`, or the cell when NULL),
 * and reset to X0. */
static void check_words(const struct contender *c, struct buffers *b, int threads,
			int size, int op)
{
	struct check chk = { b, { 0 } };

	team_run(threads, job_check, &chk);
	for (int t = 0; t < threads; t++)
		if (chk.bad[t]) {
			fprintf(stderr, "fpu_bench: %s, %s, %d ops, thread %d: %zu words "
				"differ from word 0\n", c ? c->impl->name : "some contender",
				size_names[size], ops_list[op], t, chk.bad[t]);
			wrong_results++;
		}
}

/*
 * One cell: the three implementations, the compute bound (the FP mix of
 * the cell's ISA), the second bound (the better of its walks: the mix with
 * the kernel's loads and stores, and where there is one the flow walk) and
 * the memory bound (the better of the stream loop with and without
 * prefetch), calibrated, then sampled in turns: best of
 * opt.repeats samples each, or of fewer (two at least) once a contender
 * has run opt.max_seconds in this cell. The words are checked after each
 * kernel's first sample (so that a kernel breaking the contract is named)
 * and at the end of the cell.
 */
static void measure_cell(struct isa_run *run, unsigned round, int s, int op, int ti,
			 int threads, struct buffers *b)
{
	struct cell *cell = &run->rounds[round][s][op][ti];
	enum timebase tb = timebase_of(s);
	const char *isa = run->isa;
	struct contender c[NCONTENDERS] = {
		[C_BURNKIT] = { .kind = KIND_KERNEL, .impl = &run->burnkit, .op = op },
		[C_NATIVE] = { .kind = KIND_KERNEL, .impl = run->native, .op = op },
		[C_BASE] = { .kind = KIND_KERNEL, .impl = &base_impl, .op = op },
		[C_MIX] = { .kind = KIND_MIX, .isa = isa, .op = op },
		[C_PORTS] = { .kind = KIND_PORTS, .isa = isa, .op = op },
		[C_PORTS_FLOW] = { .kind = KIND_PORTS, .isa = isa, .op = op,
				   .form = PEAK_WALK_FLOW },
		[C_STREAM] = { .kind = KIND_STREAM, .isa = isa, .op = op },
		[C_STREAM_PF] = { .kind = KIND_STREAM, .isa = isa, .prefetch = 1, .op = op },
	};
	int present[NCONTENDERS] = {
		[C_BURNKIT] = 1, [C_NATIVE] = 1, [C_BASE] = 1,
		[C_MIX] = isa != NULL, [C_PORTS] = isa != NULL,
		[C_PORTS_FLOW] = isa && peak_ports_has(isa, ops_list[op], PEAK_WALK_FLOW),
		[C_STREAM] = isa != NULL, [C_STREAM_PF] = isa != NULL,
	};

	for (int k = 0; k < NCONTENDERS; k++) {
		if (!present[k])
			continue;
		calibrate(&c[k], b, threads, tb);
		if (c[k].kind == KIND_KERNEL)
			check_words(&c[k], b, threads, s, op);
	}
	for (unsigned r = 1; r < opt.repeats; r++)
		for (int j = 0; j < NCONTENDERS; j++) {
			int k = (int)((r + (unsigned)j) % NCONTENDERS);
			double sec;

			if (present[k] && (c[k].samples < 2 || c[k].spent < opt.max_seconds))
				take_sample(&c[k], b, threads, tb, &sec);
		}
	check_words(NULL, b, threads, s, op);
	for (int k = 0; k < NCONTENDERS; k++)
		cell->rate[k] = c[k].best;
	cell->compute = c[C_MIX].best;
	cell->ports = c[C_PORTS].best > c[C_PORTS_FLOW].best ? c[C_PORTS].best
							     : c[C_PORTS_FLOW].best;
	cell->stream = c[C_STREAM].best > c[C_STREAM_PF].best ? c[C_STREAM].best
								: c[C_STREAM_PF].best;
	cell->memory = cell->stream / (2.0 * (double)esz()) * ops_list[op];
	run->nrounds[s][op][ti] = round + 1;
}

/* ------------------------------------------------------------ main */

/*
 * Round `round` of the cells of size s: every cell within the planned
 * rounds, after them only the cells whose ratios are still unstable and
 * have rounds left (each measured into its next round). The words are
 * allocated for the size only when a cell needs them. Returns the cells
 * measured; exits when the words cannot be allocated.
 */
static unsigned measure_size(unsigned round, int s, int nthreads, size_t words)
{
	struct buffers b = { .words = words };
	int todo[2][NOPS][MAX_RUNS];
	unsigned n = 0;

	for (int ti = 0; ti < 2; ti++)
		for (int op = 0; op < NOPS; op++)
			for (int r = 0; r < nruns; r++) {
				todo[ti][op][r] = !(ti && nthreads == 1) &&
					(round < opt.rounds ||
					 (runs[r].nrounds[s][op][ti] < opt.max_rounds &&
					  cell_unstable(&runs[r], s, op, ti)));
				n += (unsigned)todo[ti][op][r];
			}
	if (!n)
		return 0;
	team_run(nthreads, job_alloc, &b);
	for (int t = 0; t < nthreads; t++)
		if (!b.x[t]) {
			fprintf(stderr, "fpu_bench: out of memory for %d x %zu words\n",
				nthreads, words);
			exit(1);
		}
	for (int ti = 0; ti < 2; ti++)
		for (int op = 0; op < NOPS; op++)
			for (int r = 0; r < nruns; r++)
				if (todo[ti][op][r])
					measure_cell(&runs[r], runs[r].nrounds[s][op][ti], s,
						     op, ti, ti ? nthreads : 1, &b);
	team_run(nthreads, job_free, &b);
	return n;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: fpu_bench [--fp64] [--aa] [--isa NAME] [--repeats N] [--min-ms MS]\n"
		"                 [--max-ms MS] [--threads N] [--size L1|L2|RAM]... [--wall]\n"
		"                 [--rounds N] [--max-rounds N] [--spread-limit PCT]\n");
}

static int parse_args(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--fp64")) {
			opt.fp64 = 1;
		} else if (!strcmp(a, "--aa")) {
			opt.aa = 1;
		} else if (!strcmp(a, "--wall")) {
			opt.wall = 1;
		} else if (!strcmp(a, "--isa") && v) {
			opt.isa = v;
			i++;
		} else if (!strcmp(a, "--rounds") && v) {
			opt.rounds = (unsigned)strtoul(v, NULL, 10);
			i++;
		} else if (!strcmp(a, "--max-rounds") && v) {
			opt.max_rounds = (unsigned)strtoul(v, NULL, 10);
			i++;
		} else if (!strcmp(a, "--spread-limit") && v) {
			char *end;

			opt.spread_limit = strtod(v, &end);
			if (end == v || *end || !(opt.spread_limit >= 0))
				return -1;
			i++;
		} else if (!strcmp(a, "--repeats") && v) {
			opt.repeats = (unsigned)strtoul(v, NULL, 10);
			i++;
		} else if (!strcmp(a, "--min-ms") && v) {
			opt.min_seconds = strtod(v, NULL) / 1e3;
			i++;
		} else if (!strcmp(a, "--max-ms") && v) {
			opt.max_seconds = strtod(v, NULL) / 1e3;
			i++;
		} else if (!strcmp(a, "--threads") && v) {
			opt.threads = atoi(v);
			i++;
		} else if (!strcmp(a, "--size") && v) {
			int s;

			for (s = 0; s < NSIZES && strcmp(v, size_names[s]); s++)
				;
			if (s == NSIZES)
				return -1;
			opt.sizes |= 1u << s;
			i++;
		} else {
			return -1;
		}
	}
	if (opt.max_rounds < opt.rounds)
		opt.max_rounds = opt.rounds;
	return opt.repeats && opt.min_seconds > 0 && opt.rounds >= 1 &&
	       opt.max_rounds <= MAX_ROUNDS ? 0 : -1;
}

/* Bytes the survey's mixes with loads and stores walk: L1 on every core. */
#define SURVEY_BYTES (16 << 10)

/*
 * The clock, and the FP mix of every ISA measured, plain and with the
 * kernel's loads and stores over SURVEY_BYTES (one thread, thread CPU
 * time), and where there is one the flow walk. The cells measure them
 * again, beside the kernels, at their size.
 */
static void survey_peaks(void)
{
	struct contender clock = { .kind = KIND_CLOCK };
	struct buffers walk = { .words = SURVEY_BYTES / esz() };
	double sec, mhz;

	calibrate(&clock, NULL, 1, TB_CPU);
	while (clock.samples < opt.repeats)
		take_sample(&clock, NULL, 1, TB_CPU, &sec);
	mhz = clock.best;
	printf("core clock: %.0f MHz (a chain of dependent integer adds, one cycle "
	       "each, per thread CPU second)\n", mhz);
	if (!runs[0].isa) {
		printf("no FP mix loops for this architecture: no compute bound\n");
		return;
	}
	walk.x[0] = bk_alloc_aligned(64, SURVEY_BYTES);
	if (!walk.x[0]) {
		fprintf(stderr, "fpu_bench: cannot allocate %d bytes: %s\n", SURVEY_BYTES,
			strerror(errno));
		exit(1);
	}
	fill_x0(walk.x[0], walk.words);
	printf("FP mix of each kernel, vector FP instructions per cycle, one thread "
	       "(plain / with the kernel's loads and stores over %d KiB):\n",
	       SURVEY_BYTES >> 10);
	for (int r = 0; r < nruns; r++) {
		const char *isa = runs[r].isa;

		printf("  %-7s", isa);
		for (int op = 0; op < NOPS; op++) {
			/* plain, with loads and stores, the flow walk (if any) */
			struct contender mixes[3] = {
				{ .kind = KIND_MIX, .isa = isa, .op = op },
				{ .kind = KIND_PORTS, .isa = isa, .op = op },
				{ .kind = KIND_PORTS, .isa = isa, .op = op,
				  .form = PEAK_WALK_FLOW },
			};
			int n = peak_ports_has(isa, ops_list[op], PEAK_WALK_FLOW) ? 3 : 2;
			double ipc[3];

			for (int m = 0; m < n; m++) {
				double lanes = (double)mix_vector_bytes(&mixes[m]) / (double)esz();

				calibrate(&mixes[m], &walk, 1, TB_CPU);
				while (mixes[m].samples < opt.repeats)
					take_sample(&mixes[m], &walk, 1, TB_CPU, &sec);
				ipc[m] = mixes[m].best / lanes / ops_list[op] *
					 peak_mix_per_vector(isa, ops_list[op]) / mhz;
			}
			printf("  %2d ops %4.2f / %4.2f", ops_list[op], ipc[0], ipc[1]);
			if (n == 3)
				printf(" (flow %4.2f)", ipc[2]);
			printf("%s", peak_ports_vector_bytes(isa, ops_list[op]) !=
				     peak_vector_bytes(isa) ?
				     " (the second: xmm instructions, as the kernel runs here)" : "");
		}
		printf("\n");
	}
	free(walk.x[0]);
}

int main(int argc, char **argv)
{
	size_t words[NSIZES], cache[NSIZES];

	if (parse_args(argc, argv)) {
		usage();
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	int nthreads = team_start(opt.threads);

	if (nthreads <= 0) {
		fprintf(stderr, "fpu_bench: cannot start threads: %s\n", strerror(errno));
		return 1;
	}

	printf("fpu_bench: %s, %d threads\n", opt.fp64 ? "fpu64 (double precision)"
						       : "fpu32 (single precision)", nthreads);
	if (pick_runs())
		return 1;
	pick_sizes(words, cache);
	printf("words per thread: L1 %zu (half of L1d %zu KiB), L2 %zu (half of L2 %zu KiB), "
	       "RAM %zu (twice the last level cache %zu KiB, >= 64 MiB)\n",
	       words[SIZE_L1], cache[SIZE_L1] >> 10, words[SIZE_L2], cache[SIZE_L2] >> 10,
	       words[SIZE_RAM], cache[SIZE_RAM] >> 10);
	double read_seconds = clock_read_seconds();

	if (opt.min_seconds < CLOCK_READS_PER_SAMPLE * read_seconds)
		opt.min_seconds = CLOCK_READS_PER_SAMPLE * read_seconds;
	printf("clock: a read of the thread CPU clock takes %.0f ns\n", read_seconds * 1e9);
	printf("samples: best of %u (of 2 once a contender has run %.0f ms in a cell), "
	       "each >= %.3g ms (--min-ms or %d clock reads, the longer) and, below %.0f ms, "
	       "after an untimed run of the same work, contenders taking turns; timed in %s; %u round%s of every cell, up to %u of a cell "
	       "with a ratio spread above %g %% (--rounds, --max-rounds, --spread-limit)\n",
	       opt.repeats, opt.max_seconds * 1e3, opt.min_seconds * 1e3, CLOCK_READS_PER_SAMPLE,
	       WARM_UP_BELOW_SECONDS * 1e3,
	       opt.wall ? "wall time" : "thread CPU time", opt.rounds,
	       opt.rounds == 1 ? "" : "s", opt.max_rounds, opt.spread_limit);
	survey_peaks();

	for (unsigned round = 0; round < opt.max_rounds; round++) {
		unsigned again = 0;

		for (int s = 0; s < NSIZES; s++) {
			uint64_t t0 = bk_now_ns();
			unsigned n;

			if (!size_on(s))
				continue;
			n = measure_size(round, s, nthreads, words[s]);
			if (round < opt.rounds)
				printf("round %u of %u: measured %s in %.0f s\n", round + 1,
				       opt.rounds, size_names[s], (double)(bk_now_ns() - t0) / 1e9);
			else if (n)
				printf("pass %u (of at most %u): measured again %u %s cell%s whose "
				       "ratios spread above %g %% in %.0f s\n", round + 1,
				       opt.max_rounds, n, size_names[s], n == 1 ? "" : "s",
				       opt.spread_limit,
				       (double)(bk_now_ns() - t0) / 1e9);
			again += n;
		}
		if (round >= opt.rounds && !again)
			break;
	}
	team_stop();

	for (int r = 0; r < nruns; r++)
		print_table(&runs[r], nthreads, words);
	for (int r = 0; r < nruns; r++)
		print_goals(&runs[r], nthreads, r == nruns - 1 && !*opt.isa);
	if (wrong_results) {
		fprintf(stderr, "fpu_bench: %d samples left words that differ\n", wrong_results);
		return 1;
	}
	return 0;
}
