// SPDX-License-Identifier: MIT
/*
 * asm_test: every tuned kernel of this architecture against its C reference,
 * over lengths, alignments and random inputs, with guard words around every
 * buffer. TAP output; exit 1 when a case failed. Runs natively or under
 * qemu-user (EMULATOR) for the other architectures.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"

unsigned case_failures;

uint64_t rng_next(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *s = x;
}

double rng_unit(uint64_t *s)
{
	return (double)(rng_next(s) >> 11) / 9007199254740992.0;
}

void case_fail(const char *fmt, ...)
{
	va_list ap;

	if (++case_failures > 20)
		return;
	printf("#   ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static check_fn *check_for(const char *slot)
{
	if (!strncmp(slot, "fpu32_", 6))
		return check_fpu32;
	if (!strncmp(slot, "fpu64_", 6))
		return check_fpu64;
	if (!strncmp(slot, "int_", 4))
		return check_int;
	return NULL;
}

int main(void)
{
	size_t n;
	const struct bk_variant *v = bk_variants(&n);
	uint32_t feat = bk_cpu_features();
	unsigned failed = 0;

	printf("TAP version 13\n1..%zu\n", n ? n : 1);
	if (!n) {
		printf("ok 1 # SKIP no tuned kernels for this architecture yet\n");
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		const struct bk_isa *isa = bk_isa_find(v[i].isa);
		check_fn *check = check_for(v[i].slot);

		if (!isa || !check) {
			printf("not ok %zu - %s: unknown ISA or slot\n", i + 1,
			       v[i].symbol);
			failed++;
			continue;
		}
		if (!bk_isa_supported(isa, feat)) {
			printf("ok %zu - %s # SKIP this CPU lacks ISA %s\n",
			       i + 1, v[i].symbol, v[i].isa);
			continue;
		}
		case_failures = 0;
		fpu_max_rel_diff = 0;
		check(&v[i]);
		check_fpu_long(&v[i]);
		printf("%s %zu - %s (%s, %s)\n", case_failures ? "not ok" : "ok",
		       i + 1, v[i].symbol, v[i].slot,
		       v[i].order == BK_ORDER_FUSED ? "fused" : "exact");
		if (v[i].order == BK_ORDER_FUSED)
			printf("#   %s: largest relative difference of one pass %.2g "
			       "(bound %.2g)\n", v[i].symbol, fpu_max_rel_diff,
			       strncmp(v[i].slot, "fpu64_", 6) ? BK_FPU32_FUSED_REL_TOL
							  : BK_FPU64_FUSED_REL_TOL);
		if (case_failures)
			failed++;
		fflush(stdout);
	}
	printf("# %u of %zu kernels failed\n", failed, n);
	return failed ? 1 : 0;
}
