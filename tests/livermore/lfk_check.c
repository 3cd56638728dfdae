// SPDX-License-Identifier: MIT
/*
 * lfk_check: the Livermore kernels of one build against the stored
 * reference checksums. The Makefile builds kernels.c at -O0, -O2, -O3
 * -march=native and with fused multiply-adds allowed, links each with
 * this file, and runs them (the cross builds under qemu-user): each prints
 * how many of the 72 checksums are bit-exact and the largest relative
 * difference, and fails when one is beyond LFK_REL_TOL or not finite, or
 * when a second pass does not repeat the first bit for bit.
 *
 *   lfk_check [LABEL]          compare (LABEL names the build in the output)
 *   lfk_check --exact [LABEL]  also require every checksum bit-exact
 *   lfk_check --table          print the reference table (for sums.c)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lfk.h"

static double pass_sum(struct lfk_data *d, const struct lfk_data *d0, int loop, int part)
{
	int n = lfk_span(loop, part);

	memcpy(d, d0, sizeof(*d));
	lfk_prepare(d, loop, n);
	lfk_run(d, loop, n, lfk_reps(loop, part));
	return lfk_checksum(d, loop, n);
}

int main(int argc, char **argv)
{
	int table = argc > 1 && !strcmp(argv[1], "--table");
	int want_exact = argc > 1 && !strcmp(argv[1], "--exact");
	const char *label = argc > 1 + want_exact && !table ? argv[1 + want_exact] : "this build";
	struct lfk_data *d = malloc(sizeof(*d)), *d0 = malloc(sizeof(*d0));
	int exact = 0, bad = 0;
	double worst = 0;
	int worst_loop = 0, worst_part = 0;

	if (!d || !d0)
		return 2;
	for (int part = 1; part <= LFK_PARTS; part++) {
		lfk_init(d0, part);
		if (table)
			printf("\t{ /* part %d */\n", part);
		for (int loop = 1; loop <= LFK_LOOPS; loop++) {
			double sum = pass_sum(d, d0, loop, part);
			double again = pass_sum(d, d0, loop, part);
			double ref = lfk_reference(loop, part), rel = lfk_rel_diff(sum, ref);

			if (table) {
				printf("%s%.17g,%s", loop % 3 == 1 ? "\t\t" : " ", sum,
				       loop % 3 ? "" : "\n");
				continue;
			}
			if (!isfinite(sum) || memcmp(&sum, &again, sizeof(sum))) {
				printf("%s: loop %d part %d: %.17g, then %.17g: not repeatable\n",
				       label, loop, part, sum, again);
				bad++;
			}
			exact += sum == ref;
			if (want_exact && sum != ref) {
				printf("%s: loop %d part %d: checksum %.17g, reference %.17g: "
				       "not bit-exact\n", label, loop, part, sum, ref);
				bad++;
			}
			if (rel > worst) {
				worst = rel;
				worst_loop = loop;
				worst_part = part;
			}
			if (rel > LFK_REL_TOL) {
				printf("%s: loop %d part %d: checksum %.17g, reference %.17g, "
				       "relative difference %.3g (allowed %.3g)\n", label, loop,
				       part, sum, ref, rel, LFK_REL_TOL);
				bad++;
			}
		}
		if (table)
			printf("\t},\n");
	}
	if (!table) {
		printf("%s: %d of %d checksums bit-exact, largest relative difference %.3g",
		       label, exact, LFK_PARTS * LFK_LOOPS, worst);
		if (worst > 0)
			printf(" (loop %d part %d)", worst_loop, worst_part);
		printf(", tolerance %.3g: %s\n", LFK_REL_TOL, bad ? "FAILED" : "ok");
	}
	free(d);
	free(d0);
	return bad ? 1 : 0;
}
