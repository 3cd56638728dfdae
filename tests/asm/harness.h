/* SPDX-License-Identifier: MIT */
/* Shared pieces of the kernel-against-reference tests (TAP output). */
#ifndef BK_ASM_HARNESS_H
#define BK_ASM_HARNESS_H

#include <stddef.h>
#include <stdint.h>
#include "dispatch.h"

/* Deterministic xorshift generator; the seed is printed on failure. */
uint64_t rng_next(uint64_t *s);
double rng_unit(uint64_t *s);	/* [0, 1) */

/* Report one failed case; the test keeps going to show the full picture. */
void case_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern unsigned case_failures;

/*
 * Element offsets tried for a buffer: every 4-byte (or 8-byte) step within
 * 64 bytes for short lengths, a few for long ones.
 */
#define GUARD_WORDS 16

typedef void check_fn(const struct bk_variant *v);
void check_fpu32(const struct bk_variant *v);
void check_fpu64(const struct bk_variant *v);
/* Largest relative difference from the reference after one pass, over the
 * cases of check_fpu32/64 since it was last set to 0. */
extern double fpu_max_rel_diff;
void check_int(const struct bk_variant *v);
/*
 * An FPU variant under `tuning` gives the words it gives under `def`, bit
 * for bit, over lengths, offsets and both sides of the size gates: a
 * tuning changes how a kernel runs, never what it computes. Leaves
 * `tuning` applied.
 */
void check_fpu_same_under(const struct bk_variant *v, const struct bk_fpu_tuning *def,
			  const struct bk_fpu_tuning *tuning);
/* Every FPU slot: a long uniform run against the reference or fused model. */
void check_fpu_long(const struct bk_variant *v);

#endif
