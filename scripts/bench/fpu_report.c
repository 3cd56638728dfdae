// SPDX-License-Identifier: MIT
/*
 * fpu_report: the tables and the goals of fpu_bench, one ISA at a time,
 * each against the bounds of its own instructions.
 *
 * Goals, per ISA:
 *   - 8 and 32 ops at L1 and L2, one thread and all: >= 90 % of the bound
 *     (the lower of the FP mix and the memory bound). Where the FP mix with
 *     the kernel's own loads and stores (the second bound) is itself below
 *     90 % of the plain mix, the load and store ports, not the FP pipes,
 *     set the limit: the goal line says so and gives the kernel's share of
 *     that bound, the best reachable;
 *   - 2 ops at L2 and RAM: >= 90 % of the stream bandwidth measured beside;
 *   - every cell: >= 0.97 x gcc -O3 -march=native for the same ISA;
 *   - the best ISA only: >= 4 x gcc -O2 for the baseline ISA;
 *   - L1, all threads: >= 0.9 x threads x one thread.
 */
#include <stdarg.h>
#include <stdio.h>

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

static void goal(const char *isa, int met, const char *fmt, ...) BK_PRINTF(3, 4);

static void goal(const char *isa, int met, const char *fmt, ...)
{
	va_list ap;

	printf("  %-6s %-6s ", met ? "met" : "missed", isa);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static int cell_on(int s, int ti, int nthreads)
{
	return size_on(s) && !(ti && nthreads == 1);
}

/* The bound goal of one cell, and the second bound when the ports set it. */
static void bound_goal(const char *isa, const struct cell *c, int s, int op, int thr)
{
	double bk = c->rate[C_BURNKIT], bound = bound_of(c);

	goal(isa, bk >= 0.9 * bound, "%-3s %2d ops %d thr: %5.1f %% of the bound (>= 90 %%)",
	     size_names[s], ops_list[op], thr, 100 * ratio(bk, bound));
	if (c->ports > 0 && c->compute > 0 && c->ports < 0.9 * c->compute &&
	    c->ports < c->memory)
		printf("         %-6s %-3s %2d ops %d thr: the FP mix with the kernel's loads "
		       "and stores reaches %.1f %% of the FP bound (the load/store ports): "
		       "burnkit %.1f %% of that, the best reachable\n", isa,
		       size_names[s], ops_list[op], thr, 100 * ratio(c->ports, c->compute),
		       100 * ratio(bk, c->ports));
}

void print_goals(const struct isa_run *run, int nthreads, int top)
{
	const char *isa = run->isa ? run->isa : "-";

	printf("\ngoals for %s (reported, not asserted):\n", isa);
	for (int s = 0; s < NSIZES; s++)
		for (int op = 0; op < NOPS; op++)
			for (int ti = 0; ti < 2; ti++) {
				const struct cell *c = &run->cells[s][op][ti];
				double bk = c->rate[C_BURNKIT];
				int thr = ti ? nthreads : 1;

				if (!cell_on(s, ti, nthreads))
					continue;
				if (s != SIZE_RAM && op > 0)
					bound_goal(isa, c, s, op, thr);
				if (s != SIZE_L1 && op == 0)
					goal(isa, bk >= 0.9 * c->memory,
					     "%-3s %2d ops %d thr: %5.1f %% of the stream bandwidth "
					     "measured beside it (>= 90 %%)", size_names[s],
					     ops_list[op], thr, 100 * ratio(bk, c->memory));
				goal(isa, bk >= 0.97 * c->rate[C_NATIVE],
				     "%-3s %2d ops %d thr: %5.2f x %s (>= 0.97)", size_names[s],
				     ops_list[op], thr, ratio(bk, c->rate[C_NATIVE]),
				     run->native->name);
				if (top && s != SIZE_RAM && op > 0)
					goal(isa, bk >= 4 * c->rate[C_BASE],
					     "%-3s %2d ops %d thr: %5.2f x gcc -O2 baseline (>= 4)",
					     size_names[s], ops_list[op], thr,
					     ratio(bk, c->rate[C_BASE]));
			}
	if (nthreads > 1 && size_on(SIZE_L1))
		for (int op = 0; op < NOPS; op++) {
			double one = run->cells[SIZE_L1][op][0].rate[C_BURNKIT];
			double all = run->cells[SIZE_L1][op][1].rate[C_BURNKIT];

			goal(isa, all >= 0.9 * nthreads * one,
			     "L1  %2d ops: %d threads = %.3f x %d x one thread (>= 0.9)",
			     ops_list[op], nthreads, ratio(all, nthreads * one), nthreads);
		}
}

void print_table(const struct isa_run *run, int nthreads, const size_t words[NSIZES])
{
	printf("\n%s: MFLOPS (stream: MB/s read + written); bounds in MFLOPS; "
	       "bound = the lower of compute and memory; ports: the FP mix with the "
	       "kernel's loads and stores\n", run->isa ? run->isa : "this CPU");
	printf("%-6s %-4s %4s %3s | %8s %8s %8s | %6s %6s | %8s %8s %8s %8s | %6s %6s\n",
	       "isa", "size", "ops", "thr", "burnkit", "gcc-O3n", "gcc-O2", "bk/O3n", "bk/O2",
	       "compute", "ports", "stream", "memory", "%bound", "%ports");
	for (int s = 0; s < NSIZES; s++)
		for (int op = 0; op < NOPS; op++)
			for (int ti = 0; ti < 2; ti++) {
				const struct cell *c = &run->cells[s][op][ti];

				if (!cell_on(s, ti, nthreads))
					continue;
				printf("%-6s %-4s %4d %3d | %8.0f %8.0f %8.0f | %6.2f %6.2f | "
				       "%8.0f %8.0f %8.0f %8.0f | %6.1f %6.1f\n",
				       run->isa ? run->isa : "-", size_names[s], ops_list[op],
				       ti ? nthreads : 1,
				       c->rate[C_BURNKIT], c->rate[C_NATIVE], c->rate[C_BASE],
				       ratio(c->rate[C_BURNKIT], c->rate[C_NATIVE]),
				       ratio(c->rate[C_BURNKIT], c->rate[C_BASE]),
				       c->compute, c->ports, c->stream, c->memory,
				       100 * ratio(c->rate[C_BURNKIT], bound_of(c)),
				       100 * ratio(c->rate[C_BURNKIT], c->ports));
			}
	printf("words per thread: L1 %zu, L2 %zu, RAM %zu; rates per %s second\n",
	       words[SIZE_L1], words[SIZE_L2], words[SIZE_RAM],
	       opt.wall ? "wall" : "thread CPU");
}
