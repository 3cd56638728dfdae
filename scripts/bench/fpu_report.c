// SPDX-License-Identifier: MIT
/*
 * fpu_report: the tables and the goals of fpu_bench, one ISA at a time,
 * each against the bounds of its own instructions.
 *
 * Goals, per ISA:
 *   - 8 and 32 ops at L1 and L2, one thread and all: >= 90 % of the bound
 *     (the lower of the FP mix and the memory bound). Where the FP mix with
 *     the kernel's own loads and stores (the second bound) is itself below
 *     90 % of the plain mix in every round, the load and store ports, not
 *     the FP pipes, set the limit: a second line says so and gives the
 *     kernel's share of that bound, the best reachable, met at 90 % and
 *     unstable like any goal when its rounds disagree (the goal line
 *     keeps its own verdict against the FP bound);
 *   - 2 ops at L2 and RAM: >= 90 % of the stream bandwidth measured beside;
 *   - every cell: >= 0.97 x gcc -O3 -march=native for the same ISA;
 *   - the best ISA only: >= 4 x gcc -O2 for the baseline ISA;
 *   - L1, all threads: >= 0.9 x threads x one thread.
 * With several rounds every figure is the median of the rounds, a goal is
 * met when the median of its ratio is, and a ratio whose rounds spread by
 * more than 10 % of its median (--spread-limit) is unstable: its cell is
 * measured in more rounds, up to --max-rounds, and if it stays so its goal
 * reads "unstable", not met or missed, with its median and range: a ratio
 * whose rounds disagree is not a result. From 5 rounds on the range leaves
 * out the highest and the lowest round, as the drive and LAN benches' do
 * (rounds.sh): a burst of another tenant's load spoils one round, not the
 * ratio.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "fpu_bench.h"
#include "util.h"

static double ratio(double a, double b)
{
	return b > 0 ? a / b : 0;
}

static double bound_of(const struct cell *c)
{
	if (c->compute > 0 && c->memory > 0)
		return c->compute < c->memory ? c->compute : c->memory;
	return c->compute > 0 ? c->compute : c->memory;
}

/* ------------------------------------------------------------ rounds */

/* A figure over n rounds: median, lowest, highest (see above). */
struct spread {
	double med, lo, hi;
	unsigned n;
};

typedef double cell_fn(const struct cell *c);

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static struct spread spread_of(const double *v, unsigned n)
{
	double sorted[MAX_ROUNDS];
	struct spread sp;

	for (unsigned i = 0; i < n; i++)
		sorted[i] = v[i];
	qsort(sorted, n, sizeof(sorted[0]), cmp_double);
	sp.lo = sorted[n >= 5 ? 1 : 0];
	sp.hi = sorted[n >= 5 ? n - 2 : n - 1];
	sp.med = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	sp.n = n;
	return sp;
}

/* fn of one cell over the cell's rounds. */
static struct spread over_rounds(const struct isa_run *run, int s, int op, int ti,
				 cell_fn *fn)
{
	unsigned n = run->nrounds[s][op][ti];
	double v[MAX_ROUNDS];

	for (unsigned r = 0; r < n; r++)
		v[r] = fn(&run->rounds[r][s][op][ti]);
	return spread_of(v, n);
}

static int unstable(struct spread sp)
{
	return sp.hi - sp.lo > opt.spread_limit / 100 * sp.med;
}

static double f_bk(const struct cell *c) { return c->rate[C_BURNKIT]; }
static double f_native(const struct cell *c) { return c->rate[C_NATIVE]; }
static double f_base(const struct cell *c) { return c->rate[C_BASE]; }
static double f_compute(const struct cell *c) { return c->compute; }
static double f_ports(const struct cell *c) { return c->ports; }
static double f_stream(const struct cell *c) { return c->stream; }
static double f_memory(const struct cell *c) { return c->memory; }
static double f_of_bound(const struct cell *c) { return ratio(c->rate[C_BURNKIT], bound_of(c)); }
static double f_of_memory(const struct cell *c) { return ratio(c->rate[C_BURNKIT], c->memory); }
static double f_of_ports(const struct cell *c) { return ratio(c->rate[C_BURNKIT], c->ports); }
static double f_x_native(const struct cell *c) { return ratio(c->rate[C_BURNKIT], c->rate[C_NATIVE]); }
static double f_x_base(const struct cell *c) { return ratio(c->rate[C_BURNKIT], c->rate[C_BASE]); }
static double f_ports_share(const struct cell *c) { return ratio(c->ports, c->compute); }

/* ------------------------------------------------------------ goals */

/* A ratio's verdict against need: unstable when its rounds disagree. */
static const char *verdict(struct spread sp, double need)
{
	return unstable(sp) ? "unstable" : sp.med >= need ? "met" : "missed";
}

/* " [3 rounds LO-HI]", ", unstable" inside when they disagree; nothing for one. */
static void print_range(struct spread sp, double scale, int decimals)
{
	if (sp.n > 1)
		printf(" [%u rounds %.*f-%.*f%s]", sp.n, decimals, scale * sp.lo, decimals,
		       scale * sp.hi, unstable(sp) ? ", unstable" : "");
}

/*
 * One goal: met when the median ratio reaches `need`; `scale` turns the
 * ratio into the figure printed (100 for per cent), `what` follows it.
 */
static void goal(const char *isa, const char *cell, struct spread sp, double need,
		 double scale, int decimals, const char *what)
{
	printf("  %-8s %-6s %s %5.*f %s", verdict(sp, need), isa, cell, decimals,
	       scale * sp.med, what);
	print_range(sp, scale, decimals);
	printf("\n");
}

static int cell_on(int s, int ti, int nthreads)
{
	return size_on(s) && !(ti && nthreads == 1);
}

/*
 * The second bound: the FP mix with the kernel's own loads and stores
 * over its words. Where it is below 90 % of the plain mix in every round
 * and below the memory bound, the loads and stores, not the FP pipes, are
 * the best reachable, and a line of its own judges the kernel against it.
 * Where burnkit runs faster than that loop (the median above
 * NO_LIMIT_ABOVE of it), the loop is no limit of the kernel on this core
 * and the line says so, with no goal: on a Zen 5 core the AVX-512 ops8
 * mix with loads and stores ran at 78 % of the plain mix and the kernel
 * at 112 % of it.
 */
#define NO_LIMIT_ABOVE 1.02

/* What the second bound is to a cell: none, a loop the kernel outruns, or a goal. */
enum ports_role { PORTS_NONE, PORTS_OUTRUN, PORTS_GOAL };

/* The second bound's role in a cell; `of` gets burnkit against it. */
static enum ports_role ports_role(const struct isa_run *run, int s, int op, int ti,
				  struct spread *of)
{
	struct spread share = over_rounds(run, s, op, ti, f_ports_share);

	*of = over_rounds(run, s, op, ti, f_of_ports);
	if (!(share.hi > 0 && share.hi < 0.9 &&
	      over_rounds(run, s, op, ti, f_ports).med < over_rounds(run, s, op, ti, f_memory).med))
		return PORTS_NONE;
	return of->med <= NO_LIMIT_ABOVE ? PORTS_GOAL : PORTS_OUTRUN;
}

static void ports_line(const struct isa_run *run, const char *isa, const char *name,
		       int s, int op, int ti)
{
	struct spread of;
	enum ports_role role = ports_role(run, s, op, ti, &of);

	if (role == PORTS_NONE)
		return;
	printf("           %-6s %s the FP mix with the kernel's loads and stores over its words"
	       " reaches %.1f %% of the FP bound (the loads and stores: their ports, the caches,"
	       " and on some cores the FP pipe a store's data takes)", isa, name,
	       100 * over_rounds(run, s, op, ti, f_ports_share).med);
	/* A loop the kernel outruns does not hold the kernel: no goal against it. */
	if (role == PORTS_OUTRUN) {
		printf(", but burnkit runs at %.1f %% of it: no limit on this core\n",
		       100 * of.med);
		return;
	}
	printf(": the best reachable; burnkit %.1f %% of it (>= 90 %%: %s)", 100 * of.med,
	       verdict(of, 0.9));
	print_range(of, 100, 1);
	printf("\n");
}

/* The bound goal of one cell, and the second bound's where it sets it. */
static void bound_goal(const struct isa_run *run, const char *isa, const char *name,
		       int s, int op, int ti)
{
	goal(isa, name, over_rounds(run, s, op, ti, f_of_bound), 0.9, 100, 1,
	     "% of the bound (>= 90 %)");
	ports_line(run, isa, name, s, op, ti);
}

/* "medians of 3 rounds", and how far a cell's rounds may go on. */
static void print_medians_of(void)
{
	printf("medians of %u round%s", opt.rounds, opt.rounds == 1 ? "" : "s");
	if (opt.max_rounds > opt.rounds)
		printf(", up to %u for a cell with a ratio spread above %g %%", opt.max_rounds,
		       opt.spread_limit);
}

/*
 * All threads against nthreads x one thread at L1, round by round as long
 * as both cells have one (an extra round of either comes later than the
 * planned ones of the other). Needs both cells measured.
 */
static struct spread scaling_over_rounds(const struct isa_run *run, int op, int nthreads)
{
	const unsigned *n = run->nrounds[SIZE_L1][op];
	unsigned paired = n[0] < n[1] ? n[0] : n[1];
	double v[MAX_ROUNDS];

	for (unsigned r = 0; r < paired; r++)
		v[r] = ratio(run->rounds[r][SIZE_L1][op][1].rate[C_BURNKIT],
			     nthreads * run->rounds[r][SIZE_L1][op][0].rate[C_BURNKIT]);
	return spread_of(v, paired);
}

int cell_unstable(const struct isa_run *run, int s, int op, int ti)
{
	const unsigned *l1 = run->nrounds[SIZE_L1][op];
	struct spread of;

	/* The scaling goal judges both L1 cells of op; its spread does not
	 * depend on the thread count it is scaled by. */
	if (s == SIZE_L1 && l1[0] && l1[1] && unstable(scaling_over_rounds(run, op, 1)))
		return 1;
	if (s != SIZE_RAM && op > 0 && unstable(over_rounds(run, s, op, ti, f_of_bound)))
		return 1;
	if (s != SIZE_RAM && op > 0 && ports_role(run, s, op, ti, &of) == PORTS_GOAL && unstable(of))
		return 1;
	if (s != SIZE_L1 && op == 0 && unstable(over_rounds(run, s, op, ti, f_of_memory)))
		return 1;
	return unstable(over_rounds(run, s, op, ti, f_x_native));
}

void print_goals(const struct isa_run *run, int nthreads, int top)
{
	const char *isa = run->isa ? run->isa : "-";
	char what[160];

	printf("\ngoals for %s (reported, not asserted; ", isa);
	print_medians_of();
	printf("):\n");
	snprintf(what, sizeof(what), "x %s (>= 0.97)", run->native->name);
	for (int s = 0; s < NSIZES; s++)
		for (int op = 0; op < NOPS; op++)
			for (int ti = 0; ti < 2; ti++) {
				char name[32];

				if (!cell_on(s, ti, nthreads))
					continue;
				snprintf(name, sizeof(name), "%-3s %2d ops %d thr:", size_names[s],
					 ops_list[op], ti ? nthreads : 1);
				if (s != SIZE_RAM && op > 0)
					bound_goal(run, isa, name, s, op, ti);
				if (s != SIZE_L1 && op == 0)
					goal(isa, name, over_rounds(run, s, op, ti, f_of_memory),
					     0.9, 100, 1, "% of the stream bandwidth "
					     "measured beside it (>= 90 %)");
				goal(isa, name, over_rounds(run, s, op, ti, f_x_native), 0.97, 1,
				     2, what);
				if (top && s != SIZE_RAM && op > 0)
					goal(isa, name, over_rounds(run, s, op, ti, f_x_base), 4, 1,
					     2, "x gcc -O2 baseline (>= 4)");
			}
	if (nthreads > 1 && size_on(SIZE_L1))
		for (int op = 0; op < NOPS; op++) {
			char name[32];

			snprintf(name, sizeof(name), "L1  %2d ops:", ops_list[op]);
			snprintf(what, sizeof(what), "x %d x one thread, on %d threads (>= 0.9)",
				 nthreads, nthreads);
			goal(isa, name, scaling_over_rounds(run, op, nthreads), 0.9, 1, 3, what);
		}
}

void print_table(const struct isa_run *run, int nthreads, const size_t words[NSIZES])
{
	printf("\n%s: MFLOPS (stream: MB/s read + written); bounds in MFLOPS; "
	       "bound = the lower of compute and memory; ports: the FP mix with the "
	       "kernel's loads and stores; ", run->isa ? run->isa : "this CPU");
	print_medians_of();
	printf("; rnd: the rounds of the cell; spr: the spread of the ratio over the rounds in %% "
	       "of its median (* above %g: unstable)\n", opt.spread_limit);
	printf("%-6s %-4s %4s %3s %3s | %8s %8s %8s | %6s %5s %6s | %8s %8s %8s %8s | %6s %5s %6s\n",
	       "isa", "size", "ops", "thr", "rnd", "burnkit", "gcc-O3n", "gcc-O2", "bk/O3n", "spr",
	       "bk/O2", "compute", "ports", "stream", "memory", "%bound", "spr", "%ports");
	for (int s = 0; s < NSIZES; s++)
		for (int op = 0; op < NOPS; op++)
			for (int ti = 0; ti < 2; ti++) {
				struct spread xn, ob;

				if (!cell_on(s, ti, nthreads))
					continue;
				xn = over_rounds(run, s, op, ti, f_x_native);
				ob = over_rounds(run, s, op, ti, f_of_bound);
				printf("%-6s %-4s %4d %3d %3u | %8.0f %8.0f %8.0f | %6.2f %4.0f%c %6.2f | "
				       "%8.0f %8.0f %8.0f %8.0f | %6.1f %4.0f%c %6.1f\n",
				       run->isa ? run->isa : "-", size_names[s], ops_list[op],
				       ti ? nthreads : 1, run->nrounds[s][op][ti],
				       over_rounds(run, s, op, ti, f_bk).med,
				       over_rounds(run, s, op, ti, f_native).med,
				       over_rounds(run, s, op, ti, f_base).med,
				       xn.med, 100 * ratio(xn.hi - xn.lo, xn.med),
				       unstable(xn) ? '*' : ' ',
				       over_rounds(run, s, op, ti, f_x_base).med,
				       over_rounds(run, s, op, ti, f_compute).med,
				       over_rounds(run, s, op, ti, f_ports).med,
				       over_rounds(run, s, op, ti, f_stream).med,
				       over_rounds(run, s, op, ti, f_memory).med,
				       100 * ob.med, 100 * ratio(ob.hi - ob.lo, ob.med),
				       unstable(ob) ? '*' : ' ',
				       100 * over_rounds(run, s, op, ti, f_of_ports).med);
			}
	printf("words per thread: L1 %zu, L2 %zu, RAM %zu; rates per %s second\n",
	       words[SIZE_L1], words[SIZE_L2], words[SIZE_RAM],
	       opt.wall ? "wall" : "thread CPU");
}
