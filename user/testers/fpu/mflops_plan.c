// SPDX-License-Identifier: MIT
/* mflops_plan: thread counts, operations and data sizes of burnkit mflops. */
#include "mflops_plan.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const bk_mf_level_names[BK_MF_LEVELS] = { "L1", "L2", "RAM" };

/* MP-MFLOPS's word updates per case: words x passes. */
#define MF_UPDATES 32000000.0

static uint64_t scaled(double passes, double scale)
{
	double p = floor(passes * scale + 0.5);

	return p < 1 ? 1 : (uint64_t)p;
}

void bk_mf_sizes_mpmflops(double scale, struct bk_mf_sizes *s)
{
	static const size_t words[BK_MF_LEVELS] = { 3200, 32000, 3200000 };
	static const double passes[BK_MF_LEVELS] = { 10000, 1000, 10 };

	for (int i = 0; i < BK_MF_LEVELS; i++) {
		s->words[i] = words[i];
		s->passes[i] = scaled(passes[i], scale);
	}
}

int bk_mf_sizes_cache(const struct bk_cpu_caches *c, size_t word_size,
		      uint64_t mem_avail, double scale, struct bk_mf_sizes *s)
{
	double ram = 4.0 * (double)bk_cpu_caches_last(c);

	if (!c->l1d || !c->l2 || !word_size)
		return -1;
	if (ram < 12.8e6)
		ram = 12.8e6;
	if (mem_avail && ram > (double)mem_avail / 4)
		ram = (double)mem_avail / 4;
	s->words[0] = c->l1d / 2 / word_size;
	s->words[1] = c->l2 / 2 / word_size;
	s->words[2] = (size_t)(ram / (double)word_size);
	for (int i = 0; i < BK_MF_LEVELS; i++) {
		if (!s->words[i])
			return -1;
		s->passes[i] = scaled(MF_UPDATES / (double)s->words[i], scale);
	}
	return 0;
}

size_t bk_mf_default_threads(int ncpus, int *out, size_t max)
{
	size_t n = 0;
	int t;

	for (t = 1; t < ncpus && n < max; t *= 2)
		out[n++] = t;
	if (n < max)
		out[n++] = ncpus < 1 ? 1 : ncpus;
	return n;
}

int bk_mf_parse_counts(const char *what, const char *const *items,
		       size_t nitems, int lo, int hi, const int *only,
		       size_t nonly, int *out, size_t max, size_t *n,
		       char *err, size_t errlen)
{
	*n = 0;
	for (size_t i = 0; i < nitems; i++) {
		const char *p = items[i];

		while (*p) {
			char *end;
			long v;
			int ok = !only;

			errno = 0;
			v = strtol(p, &end, 10);
			if (end == p || errno || (*end && *end != ',')) {
				snprintf(err, errlen, "bad value \"%s\" for --%s: not a "
					 "comma-separated list of whole numbers", items[i],
					 what);
				return -1;
			}
			for (size_t k = 0; only && k < nonly; k++)
				ok |= v == only[k];
			if (v < lo || v > hi || !ok) {
				char allowed[64] = "";

				for (size_t k = 0; only && k < nonly; k++)
					snprintf(allowed + strlen(allowed),
						 sizeof(allowed) - strlen(allowed),
						 "%s%d", k ? ", " : "", only[k]);
				if (!only)
					snprintf(allowed, sizeof(allowed),
						 "from %d to %d", lo, hi);
				snprintf(err, errlen, "bad value %ld for --%s; allowed: %s",
					 v, what, allowed);
				return -1;
			}
			if (*n >= max) {
				snprintf(err, errlen, "--%s: more than %zu values", what, max);
				return -1;
			}
			out[(*n)++] = (int)v;
			p = *end ? end + 1 : end;
		}
	}
	if (!*n) {
		snprintf(err, errlen, "--%s: no values", what);
		return -1;
	}
	return 0;
}

size_t bk_mf_slice_words(size_t words, int threads, int t)
{
	size_t base = words / (size_t)threads, extra = words % (size_t)threads;

	return base + ((size_t)t < extra);
}

size_t bk_mf_slice_first(size_t words, int threads, int t)
{
	size_t base = words / (size_t)threads, extra = words % (size_t)threads;

	return base * (size_t)t + ((size_t)t < extra ? (size_t)t : extra);
}
