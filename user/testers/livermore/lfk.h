/* SPDX-License-Identifier: MIT */
/*
 * lfk: the 24 Livermore Fortran Kernels (McMahon, UCRL-53745, 1986) in C,
 * in double precision, as Longbottom's liverloops runs them: three parts
 * whose vector lengths ("spans") are the standard long, medium and short
 * sets. The kernels and their data are in kernels.c; spans, repetitions,
 * flop counts, checksums and the reference table in sums.c.
 *
 * One pass of loop L in part P: the data are reset to the part's pristine
 * copy, the kernel runs reps(L, P) times, and the checksum (a weighted
 * sum of what the kernel wrote) is taken. The repetitions are fixed, so a
 * pass gives the same checksum every time on every machine (within the
 * tolerance in sums.c across compilers and ISAs; bit for bit on one build).
 */
#ifndef BK_LFK_H
#define BK_LFK_H

#include <stddef.h>
#include <stdint.h>

#define LFK_LOOPS 24
#define LFK_PARTS 3
#define LFK_LONG 1001		/* the longest span */
#define LFK_ROWS 7		/* 2-D hydro grids: 7 rows of 101 (+1) */
#define LFK_COLS 102

struct lfk_data {
	/* 1-D vectors; x has room for kernel 4's band beyond the span. */
	double u[LFK_LONG + 8], v[LFK_LONG + 8], w[LFK_LONG + 8];
	double x[LFK_LONG + 256], y[LFK_LONG + 8], z[LFK_LONG + 16], g[LFK_LONG];
	double du1[101], du2[101], du3[101];
	double grd[LFK_LONG], dex[LFK_LONG], xi[LFK_LONG], ex[LFK_LONG];
	double ex1[LFK_LONG], dex1[LFK_LONG], vx[LFK_LONG], xx[LFK_LONG + 8];
	double rx[LFK_LONG], rh[2048 + 8];
	long ix[LFK_LONG], ir[LFK_LONG];
	double vsp[101], vstp[101], vxne[101], vxnd[101], ve3[101];
	double vlr[101], vlin[101], b5[101 + 8], sa[101], sb[101];
	double plan[300], d[300];
	long zone[301];
	double p[512][4];
	double px[101][25], cx[101][25], vy[25][101];
	double vh[LFK_ROWS][LFK_COLS], vf[LFK_ROWS][LFK_COLS], vg[LFK_ROWS][LFK_COLS];
	double vs[LFK_ROWS][LFK_COLS], za[LFK_ROWS][LFK_COLS], zp[LFK_ROWS][LFK_COLS];
	double zq[LFK_ROWS][LFK_COLS], zr[LFK_ROWS][LFK_COLS], zm[LFK_ROWS][LFK_COLS];
	double zb[LFK_ROWS][LFK_COLS], zu[LFK_ROWS][LFK_COLS], zv[LFK_ROWS][LFK_COLS];
	double zz[LFK_ROWS][LFK_COLS];
	double b[64][64], c[64][64], h[64][64];
	double u1[2][101][5], u2[2][101][5], u3[2][101][5];
	long e[96], f[96];
	/* Coefficients and scalars the kernels share. */
	double q, r, s, t, sig, c0, dk, flx, expmax, stb5, xnm;
	double a11, a12, a13, a21, a22, a23, a31, a32, a33;
	double dm22, dm23, dm24, dm25, dm26, dm27, dm28;
	/* Kernel 16's counters, kernel 24's answer. */
	long k2, k3, m16, j5, m24;
};

/* The name of loop 1..24 ("hydro fragment", ...). */
const char *lfk_name(int loop);
/* The span of loop 1..24 in part 1..3 (the standard Livermore sizes). */
int lfk_span(int loop, int part);
/* Floating-point operations per inner iteration (the standard counts). */
int lfk_flops_per_iteration(int loop);
/*
 * Flops of one repetition of loop at span n, by the standard accounting;
 * loop 16 (a search) counts 2 per probe and 10 per distance test, which
 * only its counters know: lfk_pass_flops() takes them from the data.
 */
double lfk_nominal_flops(int loop, int n);
/* Repetitions in one pass: about LFK_PASS_FLOPS flops, at least 1. */
long lfk_reps(int loop, int part);
/* The flops a finished pass did (loop 16: from its counters). */
double lfk_pass_flops(int loop, int part, const struct lfk_data *d);

/* Fill d with the part's pristine data (deterministic, no libc rand). */
void lfk_init(struct lfk_data *d, int part);
/* Loop-specific settings made after the reset (kernels 16, 22, 24). */
void lfk_prepare(struct lfk_data *d, int loop, int n);
/* Run loop 1..24 `reps` times at span n. */
void lfk_run(struct lfk_data *d, int loop, int n, long reps);
/* The checksum of what loop wrote at span n. */
double lfk_checksum(const struct lfk_data *d, int loop, int n);

/* The stored reference checksum of loop in part (double, see sums.c). */
double lfk_reference(int loop, int part);
/* Relative difference allowed between a checksum and its reference. */
#define LFK_REL_TOL 1e-12
/* |found - expected| / max(|expected|, tiny); 0 when equal, inf on NaN. */
double lfk_rel_diff(double found, double expected);

#endif
