// SPDX-License-Identifier: MIT
/*
 * arm_model: the instruction mixes of the Arm FPU kernels, as `burnkit
 * inspect` counted them in the disassembly (under qemu-user), turned into
 * the expected MFLOPS per GHz of one Cortex-A53, A72 and A76 core
 * (arm_model.h says how; arm_model_calc.c gives the figures and their
 * sources). Reads one kernel a line on standard input:
 *   ARCH KERNEL SLOT ISA WORDS load store add sub mul fma and orr cmp branch other total
 * and prints a table. Lines of other slots (integer kernels) are skipped.
 * FP instructions are add + mul + fma: no FPU kernel subtracts in FP (its
 * minus terms are fmls/vmls, class fma), the sub class counts a pointer step.
 */
#include <stdio.h>
#include <string.h>

#include "arm_model.h"

int main(void)
{
	char line[512], arch[32], kernel[96], slot[32], isa[32];
	unsigned words, load, store, add, sub, mul, fma, and_, orr, cmp, br, other, total;
	int rows = 0;

	printf(" Expected MFLOPS per GHz, one core, from each loop body's instruction mix\n"
	       " (a model of the cores' FP and load/store pipes and latencies, not a measurement;\n"
	       " cyc/vec: cycles per vector of 4 fpu32 or 2 fpu64 words, per word for VFP;\n"
	       " limit: what bounds it, fp, mem, issue, fp+mem (in order) or latency)\n\n");
	printf(" %-26s %5s %4s %5s %4s %4s %4s %5s |", "kernel", "words", "load",
	       "store", "add", "mul", "fma", "total");
	for (int c = 0; c < 3; c++)
		printf(" %s MFLOPS/GHz cyc/vec limit  |", bk_arm_cores[c].name);
	printf("\n");
	while (fgets(line, sizeof(line), stdin)) {
		struct bk_arm_mix m;

		if (sscanf(line, "%31s %95s %31s %31s %u %u %u %u %u %u %u %u %u %u %u %u %u",
			   arch, kernel, slot, isa, &words, &load, &store, &add, &sub,
			   &mul, &fma, &and_, &orr, &cmp, &br, &other, &total) != 17) {
			fprintf(stderr, "arm_model: malformed line: %s", line);
			return 1;
		}
		if (bk_arm_mix_from_slot(&m, arch, slot, isa))
			continue;
		m.words = words;
		m.loads = load;
		m.stores = store;
		m.fp = add + mul + fma;
		m.total = total;
		printf(" %-26s %5u %4u %5u %4u %4u %4u %5u |", kernel, words, load,
		       store, add, mul, fma, total);
		for (int c = 0; c < 3; c++) {
			struct bk_arm_bound b;
			double vectors = (double)words / m.lanes;

			bk_arm_model(&bk_arm_cores[c], &m, &b);
			printf(" %14.0f %7.2f %-7s|", b.mflops_per_ghz,
			       b.cycles / vectors, b.limit);
		}
		printf("\n");
		rows++;
	}
	if (!rows) {
		fprintf(stderr, "arm_model: no FPU kernel in the input\n");
		return 1;
	}
	return 0;
}
