// SPDX-License-Identifier: MIT
/*
 * asm_test: every tuned kernel of this architecture against its C reference,
 * over lengths, alignments and random inputs, with guard words around every
 * buffer; the FPU kernels once with the default tuning and once under each
 * core's own (lib/dispatch: another prefetch gate, another schedule), so
 * that every path a core takes is checked on any machine. TAP output; exit
 * 1 when a case failed. Runs natively or under qemu-user (EMULATOR) for
 * the other architectures.
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

/*
 * Check one variant (test point k) against its reference under the tuning
 * now applied, named `under` ("" for the default); under a core's tuning
 * (tuning not NULL) also against itself under def, bit for bit. 1 when it
 * failed.
 */
static int check_one(const struct bk_variant *v, size_t k, uint32_t feat, const char *under,
		     const struct bk_fpu_tuning *def, const struct bk_fpu_tuning *tuning)
{
	const struct bk_isa *isa = bk_isa_find(v->isa);
	check_fn *check = check_for(v->slot);

	if (!isa || !check) {
		printf("not ok %zu - %s: unknown ISA or slot\n", k, v->symbol);
		return 1;
	}
	if (!bk_isa_supported(isa, feat)) {
		printf("ok %zu - %s%s # SKIP this CPU lacks ISA %s\n", k, v->symbol, under,
		       v->isa);
		return 0;
	}
	case_failures = 0;
	fpu_max_rel_diff = 0;
	check(v);
	check_fpu_long(v);
	if (tuning)
		check_fpu_same_under(v, def, tuning);
	printf("%s %zu - %s (%s, %s)%s%s\n", case_failures ? "not ok" : "ok", k, v->symbol,
	       v->slot, v->order == BK_ORDER_FUSED ? "fused" : "exact", under,
	       tuning ? ", the default's words bit for bit" : "");
	if (v->order == BK_ORDER_FUSED)
		printf("#   %s: largest relative difference of one pass %.2g "
		       "(bound %.2g)\n", v->symbol, fpu_max_rel_diff,
		       strncmp(v->slot, "fpu64_", 6) ? BK_FPU32_FUSED_REL_TOL
						  : BK_FPU64_FUSED_REL_TOL);
	fflush(stdout);
	return case_failures != 0;
}

static int is_fpu(const struct bk_variant *v)
{
	return !strncmp(v->slot, "fpu", 3);
}

int main(void)
{
	size_t n, ntunings = 0, nfpu = 0, k = 0;
	const struct bk_variant *v = bk_variants(&n);
	struct bk_fpu_tuning def = bk_fpu_tuning_for("", 0, 0, 0);
	uint32_t feat = bk_cpu_features();
	unsigned failed = 0;

	for (size_t i = 0; i < n; i++)
		nfpu += (size_t)is_fpu(&v[i]);
	while (bk_fpu_core_tuning(ntunings))
		ntunings++;
	printf("TAP version 13\n1..%zu\n", n ? n + nfpu * ntunings : 1);
	if (!n) {
		printf("ok 1 # SKIP no tuned kernels for this architecture yet\n");
		return 0;
	}
	bk_fpu_tuning_apply(&def);
	for (size_t i = 0; i < n; i++)
		failed += (unsigned)check_one(&v[i], ++k, feat, "", NULL, NULL);
	for (size_t t = 0; t < ntunings; t++) {
		const struct bk_fpu_tuning *tuning = bk_fpu_core_tuning(t);
		char under[96];

		snprintf(under, sizeof(under), " under the tuning of %s", tuning->core);
		bk_fpu_tuning_apply(tuning);
		for (size_t i = 0; i < n; i++)
			if (is_fpu(&v[i]))
				failed += (unsigned)check_one(&v[i], ++k, feat, under,
							      &def, tuning);
	}
	bk_fpu_tuning_apply(&def);
	printf("# %u of %zu checks failed\n", failed, k);
	return failed ? 1 : 0;
}
